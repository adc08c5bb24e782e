"""Exceptions of the mbstudio package.

Every error about model input carries ``diagnostics``: a list of dicts with ``entity`` (the name of
the part, marker, joint... involved), ``field`` (JSON pointer or statement), ``file``, ``line``,
``reason`` and ``message`` (all of it as one line), the same diagnostics the GUI and mbsolve print.
"""


class MbstudioError(Exception):
    """Base class of the package's errors."""

    def __init__(self, message, diagnostics=None):
        super().__init__(message)
        self.diagnostics = list(diagnostics or [])

    @property
    def entities(self):
        """Names of the entities the diagnostics name (in order, without repeats)."""
        seen = []
        for d in self.diagnostics:
            if d.get("entity") and d["entity"] not in seen:
                seen.append(d["entity"])
        return seen


class ModelError(MbstudioError, ValueError):
    """An edit or a run was refused because the model (or the input) is not valid."""


class LoadError(ModelError):
    """A model file, Adams dataset or command file could not be read (file, line and reason)."""


class ExportError(ModelError):
    """The model has something an Adams dataset cannot express."""


class StudyError(ModelError):
    """A design study is invalid or does not fit its model."""


class AnalysisError(MbstudioError, RuntimeError):
    """An analysis failed (no convergence, singular equations...); ``result`` holds the frames
    computed up to the failure and ``result.message`` names the entity."""

    def __init__(self, message, result=None):
        super().__init__(message, [])
        self.result = result


class Cancelled(AnalysisError):
    """The run was cancelled (progress callback returned False or the CancelToken was cancelled);
    ``result`` holds the frames computed until then."""
