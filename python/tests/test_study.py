"""Design studies: the bundled study run from Python equals `mbsolve study`."""

import csv
import subprocess

import numpy as np
import pytest

import mbstudio as mb
from conftest import MODELS, STUDIES

STUDY = STUDIES / "slider_crank_friction.study.json"


def read_summary(path):
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


def test_parallel_study_equals_mbsolve_study(tmp_path, mbsolve):
    subprocess.run([mbsolve, "study", str(STUDY), "--jobs", "2", "--workdir", str(tmp_path / "mbsolve"), "--quiet"],
                   check=True)
    expected = read_summary(tmp_path / "mbsolve" / "summary.csv")
    study = mb.load_study(STUDY)
    assert study.variables == ["mu", "omega"] and len(study.runs) == 15
    summary = study.run(jobs=3)
    assert len(summary) == len(expected) and summary.ok.all()
    for k, row in enumerate(expected):
        for name in study.variables:
            assert summary[name][k] == pytest.approx(float(row[name]), rel=1e-9)
        for name in study.responses:
            assert summary[name][k] == pytest.approx(float(row[name]), rel=1e-9), (k, name)
    # In a work directory the study writes mbsolve's files: the same summary, byte for byte.
    again = study.run(jobs=2, workdir=tmp_path / "python")
    assert (tmp_path / "python" / "summary.csv").read_bytes() == (tmp_path / "mbsolve" / "summary.csv").read_bytes()
    assert (tmp_path / "python" / "runs" / "run_0007.csv").read_bytes() == (tmp_path / "mbsolve" / "runs" / "run_0007.csv").read_bytes()
    np.testing.assert_array_equal(again["peak_pin_force"], summary["peak_pin_force"])


def test_study_of_a_model_in_memory():
    model = mb.load(MODELS / "slider_crank_friction.mbs.json")
    study = model.study({"omega": [10, 20, 30]}, {"peak": ("pin_force.fmag", "max"), "final_x": ("slider.x", "final")},
                        design="list", analysis={"end_time": 0.2, "output_steps": 50})
    summary = study.run(jobs=2)
    direct = [model.run(end=0.2, output_step=0.2 / 50, params={"omega": w}) for w in (10, 20, 30)]
    np.testing.assert_allclose(summary["peak"], [r["pin_force.fmag"].max() for r in direct], rtol=1e-12)
    assert summary["peak"][2] > summary["peak"][0]


def test_study_errors_name_the_field():
    model = mb.load(MODELS / "slider_crank_friction.mbs.json")
    with pytest.raises(mb.StudyError, match="/variables/0/name"):
        model.study({"speed": [1, 2]}, {"peak": ("pin_force.fmag", "max")})
    with pytest.raises(mb.StudyError, match="/responses/0/column"):
        model.study({"mu": [0.1]}, {"peak": ("pin_force.fmagx", "max")})


def test_study_releases_the_gil():
    import threading
    import time

    model = mb.load(MODELS / "slider_crank_friction.mbs.json")
    study = model.study({"omega": [10, 15, 20, 25]}, {"peak": ("pin_force.fmag", "max")}, design="list",
                        analysis={"end_time": 0.6, "output_steps": 300})
    done, outcome = threading.Event(), {}

    def worker():
        start = time.monotonic()
        outcome["summary"] = study.run(jobs=1)
        outcome["seconds"] = time.monotonic() - start
        done.set()

    thread = threading.Thread(target=worker)
    thread.start()
    last, largest_gap = time.monotonic(), 0.0
    while not done.is_set():
        now = time.monotonic()
        largest_gap, last = max(largest_gap, now - last), now
    thread.join()
    assert outcome["summary"].ok.all()
    assert largest_gap < 0.5 * outcome["seconds"], (largest_gap, outcome["seconds"])


def test_package_works_without_pandas(monkeypatch):
    import sys

    monkeypatch.setitem(sys.modules, "pandas", None)  # import pandas now fails
    res = mb.load(MODELS / "pendulum.mbs.json").run(end=0.1)
    with pytest.raises(ImportError, match="python3-pandas"):
        res.to_pandas()
    assert len(res["bob.x"]) == len(res)
