"""mbstudio: build, run and post-process multibody models from Python.

The package drives mbstudio's own C++ libraries (core: the model, files, Adams import and export,
topology, studies; solver: the analyses), so a script gets exactly what the GUI and ``mbsolve``
compute. Start with ``mbstudio.load(path)`` or ``mbstudio.Model(name)``; see ``docs/python.md``.
"""

from ._core import CancelToken, StepInfo
from .commandfile import run_command_file
from .errors import AnalysisError, Cancelled, ExportError, LoadError, MbstudioError, ModelError, StudyError
from .model import Entity, EntityCollection, Model, Topology, load
from .results import Results, read_csv
from .study import Study, StudySummary, load_study

Cancel = CancelToken  # mbstudio.Cancel(): a token to cancel runs from another thread

__version__ = "0.1.0"

__all__ = [
    "AnalysisError", "Cancel", "CancelToken", "Cancelled", "Entity", "EntityCollection", "ExportError",
    "LoadError", "MbstudioError", "Model", "ModelError", "Results", "StepInfo", "Study", "StudyError",
    "StudySummary", "Topology", "load", "load_study", "read_csv", "run_command_file",
]
