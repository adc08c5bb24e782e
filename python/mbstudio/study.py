"""Design studies: a study file or parameter sets in, the summary as arrays out."""

import os

import numpy as np

from . import _core

STATISTICS = ("max", "min", "max_abs", "rms", "mean", "final", "at_time")


def load_study(path):
    """Reads a study file (``docs/design-studies.md``) and prepares it against its model; raises
    ``StudyError`` naming the field (``/variables/1/name``) and the reason."""
    return Study(_core._Study.load(os.fspath(path)))


def study_form(variables, responses, *, design="full_factorial", samples=None, seed=None, analysis=None, derived=True):
    """The study file's form of a study given in Python (see ``Model.study``)."""
    form = {"design": design, "variables": [], "responses": []}
    for name, values in dict(variables).items():
        if isinstance(values, dict):
            form["variables"].append({"name": name, "range": dict(values)})
        elif design == "latin_hypercube":
            low, high = values
            form["variables"].append({"name": name, "min": float(low), "max": float(high)})
        else:
            form["variables"].append({"name": name, "values": [float(v) for v in values]})
    for name, spec in dict(responses).items():
        if isinstance(spec, dict):
            form["responses"].append({"name": name, **spec})
            continue
        spec = tuple(spec)
        response = {"name": name, "column": spec[0], "statistic": spec[1] if len(spec) > 1 else "max"}
        if len(spec) > 2:
            response["time"] = float(spec[2])
        form["responses"].append(response)
    if samples is not None:
        form["samples"] = int(samples)
    if seed is not None:
        form["seed"] = int(seed)
    block = dict(analysis or {})
    block.setdefault("derived", bool(derived))
    form["analysis"] = block
    return form


class Study:
    """A design study ready to run: ``variables`` and ``responses`` (names), ``runs`` (the
    variables' values of every run, runs x variables), ``columns`` (what responses may use)."""

    def __init__(self, native):
        self._native = native

    @property
    def variables(self):
        return list(self._native.variables)

    @property
    def responses(self):
        return list(self._native.responses)

    @property
    def runs(self):
        return self._native.runs()

    @property
    def columns(self):
        return list(self._native.columns)

    @property
    def file(self):
        return self._native.file

    def run(self, jobs=None, *, workdir=None, progress=None, cancel=None):
        """Runs the study ``jobs`` runs at a time on threads of this process (default: one per
        core) with the GIL released, and returns the ``StudySummary``.

        ``workdir``: mbsolve's resumable work directory (``run_NNNN.csv``, ``run_NNNN.json``,
        ``summary.csv``; runs finished earlier are not repeated). ``progress(done, total, failed)``
        is called as runs finish (returning False stops the study); ``cancel``: a ``CancelToken``;
        Ctrl+C stops the runs and raises KeyboardInterrupt."""
        outcomes = self._native.run(int(jobs or 0), None if workdir is None else os.fspath(workdir), progress, cancel)
        return StudySummary(self.variables, self.responses, self.runs, outcomes,
                            None if workdir is None else os.path.join(os.fspath(workdir), "summary.csv"))

    def __repr__(self):
        return f"<Study {len(self.runs)} runs of {', '.join(self.variables)} -> {', '.join(self.responses)}>"


class StudySummary:
    """A study's summary as arrays, one entry per run (as mbsolve's ``summary.csv``):
    ``run`` (1-based numbers), ``variables`` and ``responses`` (name -> array; NaN where a run
    gave no value), ``ok`` (bool array), ``status`` ("ok", "failed", "pending") and ``messages``.
    ``summary["name"]`` is a variable's or a response's array."""

    def __init__(self, variable_names, response_names, runs, outcomes, summary_csv=None):
        n = len(outcomes)
        self.run = np.arange(1, n + 1)
        self.variables = {name: np.array(runs[:, k], dtype=float) for k, name in enumerate(variable_names)}
        values = np.full((n, len(response_names)), np.nan)
        self.ok = np.zeros(n, dtype=bool)
        self.status = []
        self.messages = []
        for k, outcome in enumerate(outcomes):
            if outcome is None:
                self.status.append("pending")
                self.messages.append("")
                continue
            values[k, :] = outcome["responses"]
            self.ok[k] = outcome["ok"]
            self.status.append("ok" if outcome["ok"] else "failed")
            self.messages.append(outcome["message"])
        self.responses = {name: values[:, k] for k, name in enumerate(response_names)}
        self.summary_csv = summary_csv

    def __getitem__(self, name):
        if name in self.variables:
            return self.variables[name]
        if name in self.responses:
            return self.responses[name]
        raise KeyError(f"no variable or response '{name}' (variables: {', '.join(self.variables)}; responses: {', '.join(self.responses)})")

    def __len__(self):
        return len(self.run)

    def to_pandas(self):
        """The summary as a pandas DataFrame (needs pandas)."""
        try:
            import pandas as pd
        except ImportError as e:
            raise ImportError("StudySummary.to_pandas() needs pandas (Debian: python3-pandas)") from e
        columns = {"run": self.run, **self.variables, **self.responses, "status": self.status, "message": self.messages}
        return pd.DataFrame(columns).set_index("run")

    def __repr__(self):
        failed = int(np.sum(~self.ok))
        return f"<StudySummary {len(self)} runs, {failed} not ok>"
