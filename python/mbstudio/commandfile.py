"""Adams command files run as mbsolve runs them (several SIMULATEs, ACTIVATE/DEACTIVATE,
redefinitions between them): the package hands the file to mbsolve itself instead of running the
commands a second way, and reads its CSV back."""

import os
import shutil
import subprocess
import tempfile

from .errors import AnalysisError, LoadError
from .results import read_csv


def find_mbsolve():
    """mbsolve: $MBSOLVE, the build tree's (build/app/mbsolve beside build/python), or on the PATH."""
    candidates = [os.environ.get("MBSOLVE")]
    package = os.path.dirname(os.path.abspath(__file__))
    candidates.append(os.path.join(package, "..", "..", "app", "mbsolve"))
    candidates.append(shutil.which("mbsolve"))
    for path in candidates:
        if path and os.path.isfile(path) and os.access(path, os.X_OK):
            return os.path.normpath(path)
    raise FileNotFoundError("mbsolve not found: install the mbstudio package or set MBSOLVE to its path")


def run_command_file(path, *, derived=True, allow_unsupported=False, tol=None, mbsolve=None):
    """Runs an Adams command file's commands in order, as ``mbsolve FILE.acf`` does (successive
    SIMULATEs continue from where the previous one ended; ACTIVATE/DEACTIVATE and redefinitions
    apply in between), and returns the ``Results`` of the whole sequence. Bad input raises
    ``LoadError`` with mbsolve's messages (file and line); a failed analysis raises
    ``AnalysisError`` with the frames up to the failure in ``.result``. No progress callback or
    cancel here: mbsolve runs in its own process (``mbsolve`` gives its path)."""
    path = os.fspath(path)
    program = mbsolve or find_mbsolve()
    with tempfile.TemporaryDirectory(prefix="mbstudio_acf_") as work:
        out = os.path.join(work, "results.csv")
        command = [program, path, "--out", out, "--quiet"]
        if derived:
            command.append("--derived")
        if allow_unsupported:
            command.append("--allow-unsupported")
        if tol is not None:
            command += ["--tol", repr(float(tol))]
        done = subprocess.run(command, capture_output=True, text=True)
        messages = [line for line in done.stderr.splitlines() if line.strip()]
        if done.returncode == 2:
            diagnostics = [{"file": path, "line": 0, "field": "", "entity": "", "reason": m, "message": m} for m in messages]
            raise LoadError(f"cannot run the command file '{path}'\n  " + "\n  ".join(messages), diagnostics)
        result = read_csv(out) if os.path.exists(out) else None
        if result is not None:
            result.source = path
            result.analysis = "command file"
            result.warnings = [m for m in messages if ": warning: " in m]
            result.notes = [m for m in messages if ": note: " in m]
        if done.returncode != 0:
            if result is not None:
                result.ok, result.status = False, "failed"
                result.message = next((m for m in reversed(messages) if "error" in m), "")
            raise AnalysisError(f"the command file '{path}' failed:\n  " + "\n  ".join(messages), result)
        return result
