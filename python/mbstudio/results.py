"""Results of a run (and of an mbsolve CSV read back) as NumPy arrays."""

import difflib
import os

import numpy as np

from .errors import LoadError


class Results:
    """The result table of one run: the columns of mbsolve's CSV (``docs/mbsolve.md``, "Results
    CSV") as NumPy arrays, SI units, one row per output time.

    ``res["crank_pin_joint.fx"]`` is one column, ``res.time`` the output times, ``res.columns`` the
    names in CSV order, ``res.data`` the whole table (rows x columns). The arrays hold exactly what
    ``res.to_csv()`` writes (12 significant digits). Run results also carry the run's ``status``,
    ``message``, ``warnings``, ``notes`` (what the run chose and its energy balance) and solver
    ``statistics``.
    """

    def __init__(self, columns, data, *, native=None, source=None):
        self._columns = list(columns)
        self._data = np.asarray(data, dtype=float).reshape(-1, len(self._columns))
        self._data.setflags(write=False)
        self._index = {name: k for k, name in enumerate(self._columns)}
        self._native = native
        self.source = source
        self.analysis = native.analysis if native is not None else None
        self.ok = native.ok if native is not None else True
        self.status = native.status if native is not None else "ok"
        self.message = native.message if native is not None else ""
        self.entity = native.entity if native is not None else ""
        self.failure_time = native.failure_time if native is not None else None
        self.warnings = list(native.warnings) if native is not None else []
        self.notes = list(native.notes) if native is not None else []
        self.wall_time = native.wall_time if native is not None else None
        self.statistics = _statistics(native.statistics) if native is not None else {}
        self.modes = native.modes() if native is not None else []
        self.linear_dof = native.linear_dof if native is not None else None

    # --- the table -------------------------------------------------------------------------
    @property
    def columns(self):
        """Column names in CSV order: ``time``, the bodies' and joints' columns, the requests'
        ``<request>.<component>``, then (``derived=True``) the derived quantities."""
        return list(self._columns)

    @property
    def data(self):
        """The table, rows x columns (read-only)."""
        return self._data

    @property
    def time(self):
        """The output times [s]."""
        return self["time"]

    def __len__(self):
        return self._data.shape[0]

    def __contains__(self, name):
        return name in self._index

    def keys(self):
        return list(self._columns)

    def __getitem__(self, name):
        """One column as a read-only array; a ``KeyError`` names the closest columns."""
        try:
            return self._data[:, self._index[name]]
        except KeyError:
            close = difflib.get_close_matches(name, self._columns, n=5, cutoff=0.6)
            entity = name.split(".")[0]
            same = [c for c in self._columns if c.split(".")[0] == entity][:12]
            hint = same or close
            raise KeyError(f"no result column '{name}'" + (f" (columns of that kind: {', '.join(hint)})" if hint else "")) from None

    def columns_of(self, entity):
        """The columns of one entity (``"crank_pin_joint"`` -> ``crank_pin_joint.fx`` ...)."""
        return [c for c in self._columns if c.split(".")[0] == entity]

    def at(self, t):
        """Every column at time ``t`` (linear interpolation between output times), as a dict."""
        time = self.time
        if len(time) == 0 or t < time[0] or t > time[-1]:
            raise ValueError(f"t = {t} is outside the results ({time[0] if len(time) else '-'} .. {time[-1] if len(time) else '-'} s)")
        return {c: float(np.interp(t, time, self._data[:, k])) for k, c in enumerate(self._columns)}

    @property
    def energy_balance(self):
        """The run's energy balance lines (dynamic runs: energies, work of drives and forces, the
        balance error), from its notes."""
        return [n for n in self.notes if "energy" in n.lower()]

    # --- export ----------------------------------------------------------------------------
    def to_csv(self, path):
        """Writes the table as mbsolve writes ``--out`` (the same writer for run results)."""
        path = os.fspath(path)
        if self._native is not None:
            self._native.write(path)
            return
        with open(path, "w", encoding="utf-8", newline="\n") as out:
            out.write(",".join(self._columns) + "\n")
            for row in self._data:
                out.write(",".join("%.12g" % v for v in row) + "\n")

    def to_pandas(self):
        """The table as a pandas DataFrame indexed by ``time`` (needs pandas)."""
        try:
            import pandas as pd
        except ImportError as e:  # optional dependency
            raise ImportError("Results.to_pandas() needs pandas (Debian: python3-pandas)") from e
        frame = pd.DataFrame(np.array(self._data), columns=self._columns)
        return frame.set_index("time", drop=False) if "time" in self._index else frame

    def to_dict(self):
        """Column name -> array."""
        return {c: self[c] for c in self._columns}

    def __getstate__(self):  # picklable (process pools): the table and the run's report
        state = dict(self.__dict__)
        state["_native"] = None
        return state

    def __setstate__(self, state):
        self.__dict__.update(state)

    def __repr__(self):
        what = f"{self.analysis} analysis, " if self.analysis else ""
        return f"<Results {what}{len(self)} rows x {len(self._columns)} columns, status {self.status}>"


def _statistics(info):
    return {
        "steps": info.steps,
        "rejected_steps": info.rejected_steps,
        "newton_iterations": info.newton_iterations,
        "jacobian_evaluations": info.jacobian_evaluations,
        "factorizations": info.factorizations,
        "last_step_size": info.step_size,
        "order": info.order,
    }


def read_csv(path):
    """Reads a results CSV written by ``mbsolve --out`` (or ``Results.to_csv``) back as Results.
    Errors name the file and the line."""
    path = os.fspath(path)
    with open(path, encoding="utf-8") as f:
        header = f.readline().rstrip("\r\n")
        if not header:
            raise LoadError(f"{path}: empty file", [{"file": path, "line": 1, "field": "", "entity": "", "reason": "empty file", "message": f"{path}:1: empty file"}])
        columns = header.split(",")
        if columns[0] != "time":
            reason = "not an mbsolve results CSV (the first column must be 'time')"
            raise LoadError(f"{path}:1: {reason}", [{"file": path, "line": 1, "field": "", "entity": "", "reason": reason, "message": f"{path}:1: {reason}"}])
        rows = []
        for number, line in enumerate(f, start=2):
            line = line.rstrip("\r\n")
            if not line:
                continue
            cells = line.split(",")
            if len(cells) != len(columns):
                reason = f"{len(cells)} values, the header has {len(columns)} columns"
                raise LoadError(f"{path}:{number}: {reason}", [{"file": path, "line": number, "field": "", "entity": "", "reason": reason, "message": f"{path}:{number}: {reason}"}])
            try:
                rows.append([float(c) for c in cells])
            except ValueError:
                bad = next(c for c in cells if not _is_number(c))
                reason = f"'{bad}' is not a number"
                raise LoadError(f"{path}:{number}: {reason}", [{"file": path, "line": number, "field": "", "entity": "", "reason": reason, "message": f"{path}:{number}: {reason}"}]) from None
    return Results(columns, np.array(rows, dtype=float).reshape(-1, len(columns)), source=path)


def _is_number(text):
    try:
        float(text)
        return True
    except ValueError:
        return False
