"""Result tables: the same CSV as mbsolve, read back, pandas where installed."""

import subprocess

import numpy as np
import pytest

import mbstudio as mb
from conftest import MODELS


def test_to_csv_is_mbsolves_csv(tmp_path, mbsolve):
    path = MODELS / "slider_crank_friction.mbs.json"
    subprocess.run([mbsolve, str(path), "--end", "0.2", "--output-step", "0.002", "--derived", "--quiet",
                    "--out", str(tmp_path / "mbsolve.csv")], check=True)
    res = mb.load(path).run(end=0.2, output_step=0.002)
    res.to_csv(tmp_path / "python.csv")
    assert (tmp_path / "python.csv").read_bytes() == (tmp_path / "mbsolve.csv").read_bytes()
    back = mb.read_csv(tmp_path / "mbsolve.csv")
    assert back.columns == res.columns
    np.testing.assert_array_equal(back.data, res.data)
    back.to_csv(tmp_path / "again.csv")
    assert (tmp_path / "again.csv").read_bytes() == (tmp_path / "mbsolve.csv").read_bytes()


def test_columns_and_requests():
    res = mb.load(MODELS / "slider_crank_friction.mbs.json").run(end=0.1, output_step=0.01)
    assert res.columns[0] == "time" and len(res.time) == 11
    assert "pin_force.fmag" in res.columns  # an output request
    assert "crank_drive.effort" in res.columns  # a derived quantity
    fx, fy, fz = res["crank_pin_joint.fx"], res["crank_pin_joint.fy"], res["crank_pin_joint.fz"]
    assert fx.shape == res.time.shape
    assert not fx.flags.writeable
    assert set(res.columns_of("slider_guide")) >= {"slider_guide.fx", "slider_guide.power"}
    plain = mb.load(MODELS / "slider_crank_friction.mbs.json").run(end=0.1, output_step=0.01, derived=False)
    assert "crank_drive.effort" not in plain.columns and "pin_force.fmag" in plain.columns


def test_read_csv_errors_name_file_and_line(tmp_path):
    bad = tmp_path / "bad.csv"
    bad.write_text("time,a.x\n0,1\n0.1,zz\n")
    with pytest.raises(mb.LoadError, match=r"bad.csv:3: 'zz' is not a number"):
        mb.read_csv(bad)


def test_to_pandas():
    pd = pytest.importorskip("pandas")
    res = mb.load(MODELS / "pendulum.mbs.json").run(end=0.5, output_step=0.05)
    frame = res.to_pandas()
    assert isinstance(frame, pd.DataFrame) and list(frame.columns) == res.columns
    np.testing.assert_array_equal(frame["bob.x"].to_numpy(), res["bob.x"])


def test_results_pickle_for_process_pools():
    import pickle

    model = mb.load(MODELS / "pendulum.mbs.json")
    again = pickle.loads(pickle.dumps(model))
    assert again.to_string() == model.to_string()
    res = model.run(end=0.2)
    back = pickle.loads(pickle.dumps(res))
    np.testing.assert_array_equal(back.data, res.data)
    assert back.notes == res.notes
