"""Shared paths for the mbstudio API tests (run by ctest as python.api, or by hand with
PYTHONPATH=build/python /usr/bin/python3 -m pytest python/tests)."""

import os
import pathlib
import shutil

import pytest

REPO = pathlib.Path(__file__).resolve().parents[2]
RESOURCES = pathlib.Path(os.environ.get("MBS_RESOURCES_DIR", REPO / "resources"))
MODELS = RESOURCES / "models"
STUDIES = RESOURCES / "studies"


@pytest.fixture
def mbsolve():
    path = os.environ.get("MBSOLVE") or shutil.which("mbsolve") or str(REPO / "build" / "app" / "mbsolve")
    if not os.path.exists(path):
        pytest.skip("mbsolve not built (set MBSOLVE)")
    return path
