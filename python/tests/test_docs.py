"""docs/python.md: its API reference is the docstrings' and its worked example runs."""

import importlib.util
import os
import pathlib
import subprocess
import sys

import pytest

from conftest import REPO

DOC = REPO / "docs" / "python.md"
TOOLS = REPO / "python" / "tools"
BEGIN, END = "<!-- api-reference:begin -->", "<!-- api-reference:end -->"


def generated_reference():
    spec = importlib.util.spec_from_file_location("api_reference", TOOLS / "api_reference.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.reference()


def test_api_reference_is_current():
    text = DOC.read_text(encoding="utf-8")
    documented = text.split(BEGIN, 1)[1].split(END, 1)[0].strip("\n") + "\n"
    assert documented == generated_reference(), (
        "docs/python.md's API reference is out of date: regenerate it with "
        "PYTHONPATH=build/python /usr/bin/python3 python/tools/api_reference.py --update")


def test_worked_example_runs(tmp_path):
    pytest.importorskip("matplotlib")
    script = REPO / "python" / "examples" / "slider_crank_sweep.py"
    out = subprocess.run([sys.executable, str(script), str(tmp_path / "sweep.png")], capture_output=True, text=True,
                         env={**os.environ, "MPLBACKEND": "Agg"}, timeout=600)
    assert out.returncode == 0, out.stderr
    assert "largest relative difference" in out.stdout
    assert (tmp_path / "sweep.png").stat().st_size > 10000
