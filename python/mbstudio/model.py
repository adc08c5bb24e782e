"""Models: load, build and edit them through the core commands the GUI uses, check them, run them."""

import concurrent.futures
import json
import os

from . import _core
from .errors import AnalysisError, Cancelled
from .results import Results

KINDS = ("part", "marker", "joint", "motion", "force", "variable")


def load(path, *, allow_unsupported=False):
    """Loads a model: native ``.mbs.json``, Adams dataset ``.adm`` or Adams command file ``.acf``
    (the model its first SIMULATE runs, as the GUI opens it: the INTEGRATOR settings, ACTIVATE/
    DEACTIVATE and redefinitions before it applied, its analysis and span as the model's;
    ``model.commands`` lists the commands; a file with more SIMULATEs runs whole with
    ``run_command_file``). Raises ``LoadError`` naming the file, line and reason. ``allow_unsupported`` drops
    Adams statements that cannot be imported exactly (listed in ``model.warnings``) instead of
    refusing the file."""
    return Model(_doc=_core._Document.load(os.fspath(path), allow_unsupported))


def _plain(value):
    """A value as the file form holds it: entities by name, NumPy arrays and numbers as lists and
    floats, tuples as lists."""
    if isinstance(value, Entity):
        return value.name
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if hasattr(value, "tolist"):  # NumPy arrays and scalars
        return _plain(value.tolist())
    return value


def _vec3(value, what):
    v = [float(x) for x in value]
    if len(v) != 3:
        raise ValueError(f"{what} needs 3 values, got {len(v)}")
    return v


def _inertia(value):
    if isinstance(value, dict):
        return dict(value)
    v = [float(x) for x in value]
    if len(v) == 3:
        return {"ixx": v[0], "iyy": v[1], "izz": v[2]}
    if len(v) == 6:
        return dict(zip(("ixx", "iyy", "izz", "ixy", "ixz", "iyz"), v))
    raise ValueError("inertia is (ixx, iyy, izz), (ixx, iyy, izz, ixy, ixz, iyz) or a dict")


class Entity:
    """A part, marker, joint, motion, force or variable of a Model.

    Its fields are those of the model file (``docs/file-format.md``): ``part.mass``,
    ``joint.friction``, ``marker.position``... Reading gives the current value, assigning one goes
    through the same command as an edit in the GUI (validated, one undo step; a refused edit raises
    ``ModelError`` naming the entity and leaves the model as it was). Nested fields:
    ``entity.set("/inertia/izz", 0.1)``, ``entity.get("/friction/mu_dynamic")``.
    """

    __slots__ = ("_model", "_kind", "_name")

    def __init__(self, model, kind, name):
        object.__setattr__(self, "_model", model)
        object.__setattr__(self, "_kind", kind)
        object.__setattr__(self, "_name", name)

    @property
    def kind(self):
        return self._kind

    @property
    def name(self):
        return self._name

    @name.setter
    def name(self, new_name):
        self._model._doc.set(self._kind, self._name, "/name", new_name)
        object.__setattr__(self, "_name", new_name)

    def to_dict(self):
        """The entity's file form (SI)."""
        return self._model._doc.get(self._kind, self._name)

    def get(self, pointer):
        """A field by JSON pointer (``"/inertia/izz"``)."""
        value = self.to_dict()
        for key in [k for k in pointer.split("/") if k]:
            value = value[int(key)] if isinstance(value, list) else value[key]
        return value

    def set(self, pointer, value):
        """Sets a field by JSON pointer through the core SetProperty command."""
        self._model._doc.set(self._kind, self._name, pointer, _plain(value))

    def bind(self, field, expression):
        """Makes a numeric field follow an expression of parameters (``"2*L"``); "" unbinds."""
        self._model._doc.bind(self._kind, self._name, field, expression)

    def remove(self):
        """Removes the entity and what depends on it (one undo step)."""
        self._model._doc.remove(self._kind, self._name)

    def __getattr__(self, key):
        form = self.to_dict()
        if key in form:
            return form[key]
        raise AttributeError(f"{self._kind} '{self._name}' has no field '{key}' (fields: {', '.join(form)})")

    def __setattr__(self, key, value):
        if key == "name":
            Entity.name.fset(self, value)
        else:
            self.set("/" + key, value)

    def __dir__(self):
        return sorted(set(super().__dir__()) | set(self.to_dict()))

    def __eq__(self, other):
        return isinstance(other, Entity) and other._model is self._model and other._kind == self._kind and other._name.upper() == self._name.upper()

    def __hash__(self):
        return hash((id(self._model), self._kind, self._name.upper()))

    def __repr__(self):
        return f"<{self._kind} '{self._name}'>"


class EntityCollection:
    """The entities of one kind, by name (case-insensitive, as in the model), in id order."""

    def __init__(self, model, kind):
        self._model = model
        self._kind = kind

    def names(self):
        return list(self._model._doc.names(self._kind))

    def __iter__(self):
        return iter([Entity(self._model, self._kind, n) for n in self.names()])

    def __len__(self):
        return len(self.names())

    def __contains__(self, name):
        name = name.name if isinstance(name, Entity) else name
        return any(n.upper() == name.upper() for n in self.names())

    def __getitem__(self, name):
        for n in self.names():
            if n.upper() == name.upper():
                return Entity(self._model, self._kind, n)
        raise KeyError(f"the model has no {self._kind} named '{name}' (its {self._kind}s: {', '.join(self.names()) or 'none'})")

    def __repr__(self):
        return f"<{self._kind}s: {', '.join(self.names())}>"


def _name(value):
    return value.name if isinstance(value, Entity) else value


class Topology(dict):
    """The topology check: ``dof`` (Gruebler, without motions), ``rank_dof`` (from the rank of the
    constraint Jacobian), ``redundant_equations`` and ``redundant`` (each redundant equation with
    its joint or motion), ``loops``, ``tree_joints``, ``issues``... (keys as in the GUI's report)."""

    def __getattr__(self, key):
        try:
            return self[key]
        except KeyError:
            raise AttributeError(key) from None


class Model:
    """An mbstudio model: parts, markers, joints, motions, forces, variables, parameters, output
    requests and analysis settings, in SI units.

    ``Model("name")`` is an empty model with its ground part; ``mbstudio.load(path)`` reads one.
    Every edit goes through the core commands the GUI uses, with their validation: a refused edit
    raises ``ModelError`` whose message and ``diagnostics`` name the entity and field, and leaves
    the model unchanged. ``undo()``/``redo()`` step through the edits.
    """

    def __init__(self, name=None, *, gravity=None, description=None, _doc=None):
        self._doc = _doc if _doc is not None else _core._Document()
        if name is not None:
            self._doc.set("model", "", "/name", name)
        if gravity is not None:
            self._doc.set("model", "", "/gravity", _vec3(gravity, "gravity"))
        if description is not None:
            self._doc.set("model", "", "/description", description)

    # --- files -----------------------------------------------------------------------------
    @classmethod
    def from_string(cls, text, name=""):
        """A model from the text of a native model file."""
        return cls(_doc=_core._Document.from_string(text, name))

    @classmethod
    def from_dict(cls, form):
        """A model from the dict form of a native model file."""
        return cls.from_string(json.dumps(form))

    def to_string(self):
        """The native model file's text (SI, sorted by id)."""
        return self._doc.to_string()

    def to_dict(self):
        return json.loads(self.to_string())

    def save(self, path):
        """Writes the native model file (``.mbs.json``)."""
        self._doc.save(os.fspath(path))

    def export_adm(self, path=None):
        """Writes the model as an Adams dataset (``.adm``) and returns its text (``path=None``:
        only returns it). Raises ``ExportError`` listing what Adams cannot express; the warnings
        (graphics left out...) are in ``model.export_warnings`` afterwards."""
        text, warnings = self._doc.export_adm()
        self.export_warnings = warnings
        if path is not None:
            with open(os.fspath(path), "w", encoding="utf-8", newline="\n") as out:
                out.write(text)
        return text

    def copy(self):
        """An independent copy (without the undo history)."""
        return Model(_doc=self._doc.copy())

    def __getstate__(self):  # picklable for process pools: the model file's text
        return {"text": self.to_string(), "source": self.source}

    def __setstate__(self, state):
        self._doc = _core._Document.from_string(state["text"], state.get("source") or "")

    @property
    def source(self):
        """The file the model was loaded from ("" if built in code)."""
        return self._doc.source

    @property
    def warnings(self):
        """What loading left out or changed (Adams import), as diagnostics dicts."""
        return self._doc.warnings

    @property
    def commands(self):
        """An Adams command file's commands (``load("x.acf")``), as dicts; empty otherwise."""
        return self._doc.commands

    # --- model settings --------------------------------------------------------------------
    def _model_form(self):
        return self._doc.get("model", "")

    @property
    def name(self):
        return self._model_form()["name"]

    @name.setter
    def name(self, value):
        self._doc.set("model", "", "/name", value)

    @property
    def description(self):
        return self._model_form()["description"]

    @description.setter
    def description(self, value):
        self._doc.set("model", "", "/description", value)

    @property
    def gravity(self):
        """Gravity in the ground frame [m/s²]."""
        return self._model_form()["gravity"]

    @gravity.setter
    def gravity(self, value):
        self._doc.set("model", "", "/gravity", _vec3(value, "gravity"))

    @property
    def analysis(self):
        """The model's analysis settings (``type``, ``end_time``, ``output_steps``, ``integrator``,
        ``formulation``, ``error_tolerance``...), which ``run()`` uses unless told otherwise."""
        return self._model_form()["analysis"]

    def set_analysis(self, **settings):
        """Changes analysis settings by their file names: ``set_analysis(end_time=2, output_steps=200)``."""
        for key, value in settings.items():
            self._doc.set("model", "", "/analysis/" + key, _plain(value))

    # --- entities --------------------------------------------------------------------------
    @property
    def parts(self):
        return EntityCollection(self, "part")

    @property
    def markers(self):
        return EntityCollection(self, "marker")

    @property
    def joints(self):
        return EntityCollection(self, "joint")

    @property
    def motions(self):
        return EntityCollection(self, "motion")

    @property
    def forces(self):
        return EntityCollection(self, "force")

    @property
    def variables(self):
        return EntityCollection(self, "variable")

    def __getitem__(self, name):
        """Any entity by name."""
        for kind in KINDS:
            for n in self._doc.names(kind):
                if n.upper() == name.upper():
                    return Entity(self, kind, n)
        raise KeyError(f"the model has no entity named '{name}'")

    def __contains__(self, name):
        try:
            self[_name(name)]
            return True
        except KeyError:
            return False

    def add(self, kind, form):
        """Adds an entity from its file form (``docs/file-format.md``) through the core AddEntity
        command; returns it. Without ``"name"`` it gets a unique one (``PART_2``)."""
        if kind not in KINDS:
            raise ValueError(f"unknown entity kind '{kind}' ({', '.join(KINDS)})")
        return Entity(self, kind, self._doc.add(kind, _plain(form)))

    def add_part(self, name=None, *, mass, inertia, position=(0, 0, 0), orientation=(0, 0, 0), cm_marker=None,
                 velocity=None, angular_velocity=None, geometry=None, **fields):
        """Adds a rigid part. ``mass`` [kg]; ``inertia`` about the CM in the CM marker's axes
        [kg m²]: (ixx, iyy, izz), six values or a dict; ``position`` [m] and ``orientation``
        (3-1-3 Euler angles [rad]) of the part frame in ground; ``cm_marker``: a marker of this
        part at the CM (add it afterwards and set ``part.cm_marker``), or None for the part frame
        origin. Further file-form fields (``exact``, ...) as keywords."""
        form = {"name": name or "", "mass": mass, "inertia": _inertia(inertia),
                "position": _vec3(position, "position"), "orientation": _vec3(orientation, "orientation")}
        if cm_marker is not None:
            form["cm_marker"] = _name(cm_marker)
        if velocity is not None:
            form["velocity"] = _vec3(velocity, "velocity")
        if angular_velocity is not None:
            form["angular_velocity"] = _vec3(angular_velocity, "angular_velocity")
        if geometry is not None:
            form["geometry"] = list(geometry)
        form.update(fields)
        if not form["name"]:
            del form["name"]
        return self.add("part", form)

    def add_marker(self, name, part, position=(0, 0, 0), *, euler313=None, z_axis=None, x_axis=None, z_point=None,
                   x_point=None, **fields):
        """Adds a marker on ``part`` at ``position`` (part frame [m]). Orientation: ``euler313``
        (ψ, θ, φ [rad]), or ``z_axis`` (+ optional ``x_axis``) directions, or ``z_point`` and
        ``x_point`` (points of the part frame); default: the part frame's axes."""
        if z_axis is not None:
            orientation = {"z_axis": _vec3(z_axis, "z_axis"), "x_axis": _vec3(x_axis if x_axis is not None else _any_normal(z_axis), "x_axis")}
        elif z_point is not None or x_point is not None:
            if z_point is None or x_point is None:
                raise ValueError("z_point and x_point go together")
            orientation = {"z_point": _vec3(z_point, "z_point"), "x_point": _vec3(x_point, "x_point")}
        else:
            orientation = {"euler313": _vec3(euler313 if euler313 is not None else (0, 0, 0), "euler313")}
        form = {"name": name, "part": _name(part), "position": _vec3(position, "position"), "orientation": orientation}
        form.update(fields)
        return self.add("marker", form)

    def add_joint(self, name, kind, i=None, j=None, *, friction=None, clearance=None, initial_conditions=None, **fields):
        """Adds a joint, joint primitive or coupler. ``kind``: revolute, translational, cylindrical,
        spherical, universal, constant_velocity, planar, screw (``pitch=``), fixed, inline,
        inplane, orientation, parallel_axes, perpendicular, atpoint, point_curve (``curve={"points":
        [[x, y, z], ...], "closed": ...}``, docs/file-format.md), or the couplers gear /
        rack_pinion (``joints=[a, b], ratio=``) and coupler (``joints=``, ``scales=``). ``i`` and
        ``j``: the I and J markers (I moves relative to J along/about J's z). ``friction``: dict of
        the DMBS friction settings (``mu_static``, ``mu_dynamic``, ``pin_radius``...);
        ``clearance``: dict (``clearance``, ``journal_radius``, ``stiffness``...)."""
        form = {"name": name, "type": kind}
        if i is not None:
            form["i_marker"] = _name(i)
        if j is not None:
            form["j_marker"] = _name(j)
        if "joints" in fields:
            fields["joints"] = [_name(x) for x in fields["joints"]]
        if friction is not None:
            form["friction"] = dict(friction)
        if clearance is not None:
            form["clearance"] = dict(clearance)
        if initial_conditions is not None:
            form["initial_conditions"] = dict(initial_conditions)
        form.update(fields)
        return self.add("joint", form)

    def add_motion(self, name, *, function, joint=None, i=None, j=None, axis=None, quantity="displacement", **fields):
        """Adds a prescribed motion: on a ``joint`` (axis ``rotation_z`` for revolute, ``z`` for
        translational joints; the default follows the joint) or between markers ``i`` and ``j``
        along/about one of J's axes (``x``, ``y``, ``z``, ``rotation_x``...). ``function``: an
        expression of TIME (SI, rad), e.g. ``"PI/3 + omega*TIME"`` with a parameter omega;
        ``quantity``: displacement, velocity (``initial_displacement=``) or acceleration."""
        form = {"name": name, "quantity": quantity, "function": function}
        if joint is not None:
            form["joint"] = _name(joint)
            if axis is None:
                kind = self.joints[_name(joint)].type if _name(joint) in self.joints else "revolute"
                axis = "z" if kind == "translational" else "rotation_z"
        else:
            form["i_marker"] = _name(i)
            form["j_marker"] = _name(j)
        form["axis"] = axis or "rotation_z"
        form.update(fields)
        return self.add("motion", form)

    def add_force(self, name, kind, i, j=None, **fields):
        """Adds a force: ``kind`` single_force / single_torque (``function=``, ``action_only=``),
        general / vector_force / vector_torque (``functions={"fx": ...}``, ``reference_marker=``),
        translational_spring_damper / rotational_spring_damper (``stiffness``, ``damping``,
        ``free_length``, ``preload``) or bushing. ``i``: action marker, ``j``: reaction marker."""
        form = {"name": name, "type": kind, "i_marker": _name(i), "j_marker": _name(j) if j is not None else None}
        if "reference_marker" in fields and fields["reference_marker"] is not None:
            fields["reference_marker"] = _name(fields["reference_marker"])
        form.update(fields)
        return self.add("force", form)

    def add_variable(self, name, function):
        """Adds a named expression (Adams VARIABLE), read elsewhere as VARVAL(name)."""
        return self.add("variable", {"name": name, "function": function})

    def remove(self, name):
        """Removes an entity and everything that depends on it (markers of a part, joints on a
        marker...), as one undo step."""
        self[_name(name)].remove()

    def make_flexible(self, part, *, material="steel", element_size=None, order=2, interfaces=None,
                      spider_radius=None, modes=6, fixed_modes=10, damping=0.01):
        """Makes a part flexible as Build > Make Flexible does (3-D solids): its first solid
        geometry (box, cylinder, sphere, link or mesh file) is meshed with Gmsh (tetrahedra of
        ``order`` 1 or 2, edge ``element_size`` [m], default half the cross-section), reduced by
        Craig-Bampton (``fixed_modes`` fixed-interface modes plus the constraint modes of the
        ``interfaces``: marker names, default the part's markers that joints and forces use, tied
        to the surface within ``spider_radius`` [m], default 0.6 x the cross-section), and the
        ``modes`` lowest elastic modes are kept with modal damping ratio ``damping``. ``material``:
        "steel", "aluminium" or a dict ``{"E": Pa, "nu": -, "rho": kg/m^3}``. One undo step;
        returns a dict with the mesh's node count, the body's mass and the elastic frequencies
        [Hz] (all, and those kept)."""
        materials = {"steel": (210e9, 0.3, 7850.0), "aluminium": (70e9, 0.33, 2700.0)}
        if isinstance(material, str):
            if material not in materials:
                raise ValueError(f"unknown material '{material}' (steel, aluminium, or a dict E, nu, rho)")
            young, nu, rho = materials[material]
        else:
            young, nu, rho = float(material["E"]), float(material["nu"]), float(material["rho"])
        names = None if interfaces is None else [_name(m) for m in interfaces]
        return _core._make_flexible(self._doc, _name(part), float(element_size or 0.0), int(order), young, nu, rho,
                                    names, float(spider_radius or 0.0), int(fixed_modes), int(modes), float(damping))

    # --- parameters and requests -----------------------------------------------------------
    @property
    def parameters(self):
        """Parameter name -> value."""
        return {p["name"]: p["value"] for p in self._doc.parameters()}

    def set_parameter(self, name, value, description=None):
        """Adds a design parameter or changes its value (every field bound to it follows)."""
        self._doc.set_parameter(name, float(value), description)

    def remove_parameter(self, name):
        self._doc.remove_parameter(name)

    @property
    def bindings(self):
        """The fields computed from parameters, as dicts (kind, entity, field, expression)."""
        return self._doc.bindings()

    def bind(self, entity, field, expression):
        """Makes a numeric field of an entity follow an expression of parameters:
        ``bind("crank", "/mass", "2*m0")``; ``entity=None`` is the model (``"/gravity/1"``)."""
        if entity is None or entity == "":
            self._doc.bind("model", "", field, expression)
        else:
            self[_name(entity)].bind(field, expression)

    @property
    def requests(self):
        """The output requests (Adams REQUEST), as dicts."""
        return self._doc.requests()

    def add_request(self, name, kind, i=None, j=None, reference=None, functions=(), comment=""):
        """Adds an output request: ``kind`` displacement, velocity, acceleration or force of marker
        ``i`` relative to ``j`` in ``reference``'s axes, or ``functions`` (up to 8 expressions).
        Results get columns ``<name>.<component>``."""
        self._doc.add_request(name, kind, _name(i) or "", _name(j) or "", _name(reference) or "", list(functions), comment)

    def remove_request(self, name):
        self._doc.remove_request(name)

    # --- history and checks ----------------------------------------------------------------
    def undo(self):
        """Reverts the last edit; False if there is none."""
        return self._doc.undo()

    def redo(self):
        return self._doc.redo()

    def validate(self):
        """The model check: a list of diagnostics dicts (empty when the model is consistent)."""
        return self._doc.validate()

    def topology(self):
        """Topology and mobility (``Topology``): DOF by Gruebler and by rank, redundant equations
        with their joints, loops, spanning tree, structural issues."""
        return Topology(self._doc.topology())

    # --- runs ------------------------------------------------------------------------------
    def run(self, analysis=None, *, end=None, output_step=None, integrator=None, formulation=None, tol=None,
            max_step=None, params=None, derived=True, progress=None, progress_interval=0.1, cancel=None, check=True):
        """Runs an analysis and returns its ``Results``; the model itself is not changed.

        ``analysis``: initial, kinematic, static, quasi_static (a static equilibrium at each output
        time), dynamic or linear (default: the model's);
        ``end`` [s], ``output_step`` [s], ``integrator`` (gstiff, wstiff, hht, rkf45,
        constant_bdf, dstiff, abam),
        ``formulation`` (i3, si2, dmbs), ``tol``, ``max_step``: as ``mbsolve``'s options;
        ``params``: parameter values for this run (``{"mu": 0.2}``); ``derived``: add the derived
        columns (angles, energies, relative motion, drive effort), as ``mbsolve --derived``.

        The solver runs with the GIL released, so other Python threads go on and several runs can
        go in parallel from a thread pool. ``progress(info)`` is called with a ``StepInfo`` at most
        every ``progress_interval`` s (on this thread, holding the GIL); returning False cancels.
        ``cancel``: a ``CancelToken`` another thread may cancel. Ctrl+C stops the run and raises
        KeyboardInterrupt. A failed run raises ``AnalysisError`` (``Cancelled`` when cancelled)
        with the frames up to then in ``.result``; ``check=False`` returns them instead.
        """
        native = _core._run(self._doc, analysis, None if end is None else float(end),
                            None if output_step is None else float(output_step), integrator, formulation,
                            None if tol is None else float(tol), None if max_step is None else float(max_step),
                            dict(params or {}), bool(derived), progress, float(progress_interval), cancel)
        result = Results(native.columns, native.data(), native=native, source=self.source)
        if check and not result.ok:
            if result.status == "cancelled":
                reached = result.time[-1] if len(result) else 0.0
                raise Cancelled(f"{result.analysis} analysis cancelled at t = {reached:g} s", result)
            raise AnalysisError(f"{result.analysis} analysis failed at t = {result.failure_time:g} s: {result.message}", result)
        return result

    def sweep(self, params, *, jobs=None, **run_options):
        """Runs the model once per parameter set (a list of dicts), ``jobs`` at a time on a thread
        pool (default: one per core), and returns the Results in the same order. ``run_options``
        as for ``run()``."""
        params = list(params)
        with concurrent.futures.ThreadPoolExecutor(max_workers=jobs or os.cpu_count() or 1) as pool:
            futures = [pool.submit(self.run, params=p, **run_options) for p in params]
            return [f.result() for f in futures]

    def study(self, variables, responses, *, design="full_factorial", samples=None, seed=None, analysis=None,
              derived=True):
        """A design study of this model (``docs/design-studies.md``), run with ``.run(jobs=...)``.

        ``variables``: parameter name -> list of values (or a dict ``{"from", "to", "count"}``
        range, or for ``design="latin_hypercube"`` a ``(min, max)`` pair); ``responses``: name ->
        ``(column, statistic)`` or ``(column, "at_time", t)`` with statistic max, min, max_abs,
        rms, mean, final, at_time; ``design``: full_factorial, list or latin_hypercube
        (``samples``, ``seed``); ``analysis``: the study file's analysis block (``type``,
        ``end_time``, ``output_steps``, ``integrator``, ``formulation``, ``error_tolerance``)."""
        from .study import Study, study_form

        form = study_form(variables, responses, design=design, samples=samples, seed=seed, analysis=analysis,
                          derived=derived)
        return Study(_core._Study.build(self._doc, form))

    def __repr__(self):
        counts = ", ".join(f"{len(self._doc.names(k))} {k}s" for k in KINDS if self._doc.names(k))
        return f"<Model '{self.name}': {counts}>"


def _any_normal(z):
    # The coordinate axis least parallel to z (the model makes x orthogonal to z).
    z = [abs(c) for c in _vec3(z, "z_axis")]
    axis = [0.0, 0.0, 0.0]
    axis[z.index(min(z))] = 1.0
    return axis
