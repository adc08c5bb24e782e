"""Bad input gives exceptions that name the entity, field, file and line."""

import pytest

import mbstudio as mb
from conftest import MODELS


def test_invalid_mass_names_the_part():
    model = mb.Model("m")
    with pytest.raises(mb.ModelError) as error:
        model.add_part("wheel", mass=-2.0, inertia=(1, 1, 1))
    assert "wheel" in str(error.value) and "wheel" in error.value.entities
    assert "wheel" not in model.parts  # refused: the model is as it was


def test_edit_refused_names_entity_and_field():
    model = mb.load(MODELS / "pendulum.mbs.json")
    with pytest.raises(mb.ModelError) as error:
        model.parts["bob"].mass = 0.0
    assert "bob" in str(error.value) and any(d["field"].endswith("mass") for d in error.value.diagnostics)
    assert model.parts["bob"].mass == 1.0


def test_joint_on_unknown_marker():
    model = mb.load(MODELS / "pendulum.mbs.json")
    with pytest.raises(mb.ModelError) as error:
        model.add_joint("hinge", "revolute", i="bob_pivot", j="no_such_marker")
    assert "hinge" in str(error.value) and "no_such_marker" in str(error.value)


def test_unknown_joint_type_and_duplicate_name():
    model = mb.load(MODELS / "pendulum.mbs.json")
    with pytest.raises(mb.ModelError, match="hinge"):
        model.add_joint("hinge", "hinge_joint", i="bob_pivot", j="pivot")
    with pytest.raises(mb.ModelError, match="pivot_joint"):
        model.add_joint("pivot_joint", "revolute", i="bob_pivot", j="pivot")


def test_unknown_parameter_in_run():
    model = mb.load(MODELS / "slider_crank_friction.mbs.json")
    with pytest.raises(mb.ModelError, match="no parameter 'speed'.*mu"):
        model.run(end=0.1, params={"speed": 3.0})


def test_bad_motion_expression_names_the_motion():
    model = mb.load(MODELS / "slider_crank.mbs.json")
    with pytest.raises(mb.ModelError) as error:
        model.motions["crank_drive"].function = "PI/3 + 10*TIM"
    assert "crank_drive" in str(error.value)


def test_load_errors_name_file_and_line(tmp_path):
    bad = tmp_path / "bad.mbs.json"
    bad.write_text('{\n  "format": "mbstudio-model",\n  "version": 1,\n  "parts": [,]\n}\n')
    with pytest.raises(mb.LoadError) as error:
        mb.load(bad)
    assert "bad.mbs.json" in str(error.value) and error.value.diagnostics[0]["line"] == 4
    with pytest.raises(mb.LoadError, match="no such file"):
        mb.load(tmp_path / "missing.mbs.json")


def test_adams_import_refuses_what_it_cannot_import(tmp_path):
    adm = tmp_path / "x.adm"
    adm.write_text("ADAMS/View model name: x\n!\nUNITS/FORCE=NEWTON, MASS=KILOGRAM, LENGTH=METER, TIME=SECOND\n"
                   "PART/1, GROUND\nMARKER/1, PART=1\nPART/2, MASS=1, CM=2, IP=1,1,1\nMARKER/2, PART=2\n"
                   "JOINT/1, REVOLUTE, I=2, J=1\nMOTION/1, JOINT=99, FUNCTION=TIME\nEND\n")
    with pytest.raises(mb.LoadError) as error:
        mb.load(adm)
    assert "x.adm" in str(error.value) and any(d["line"] > 0 for d in error.value.diagnostics)


def test_export_error_lists_what_adams_lacks(tmp_path):
    model = mb.load(MODELS / "flexible_slider_crank.mbs.json")
    with pytest.raises(mb.ExportError):
        model.export_adm(tmp_path / "flex.adm")


def test_unknown_options_and_columns():
    model = mb.load(MODELS / "pendulum.mbs.json")
    with pytest.raises(ValueError, match="integrator"):
        model.run(end=0.1, integrator="euler")
    res = model.run(end=0.1)
    with pytest.raises(KeyError, match="bob.x"):
        res["bob.xx"]
