"""Runs from Python: progress, cancellation, the GIL released, runs in parallel."""

import _thread
import threading
import time

import numpy as np
import pytest

import mbstudio as mb
from conftest import MODELS

LONG_MODEL = MODELS / "slider_crank_clearance.mbs.json"  # about 1 s of solver time here


def test_progress_callback_sees_the_run():
    model = mb.load(MODELS / "double_pendulum_spring.mbs.json")
    seen = []
    res = model.run(end=1.0, progress=lambda info: seen.append((info.time, info.steps, info.fraction)), progress_interval=0.0)
    assert len(seen) > 10
    times = [t for t, _, _ in seen]
    assert times == sorted(times) and times[-1] <= 1.0 + 1e-12
    assert res.statistics["steps"] >= seen[-1][1]


def test_cancel_from_the_callback():
    model = mb.load(LONG_MODEL)
    with pytest.raises(mb.Cancelled) as error:
        model.run(progress=lambda info: info.time < 0.05, progress_interval=0.0)
    partial = error.value.result
    assert partial.status == "cancelled" and 0 < len(partial) < 401
    assert partial.time[-1] < 0.1
    # check=False returns the frames instead of raising.
    res = model.run(progress=lambda info: False, progress_interval=0.0, check=False)
    assert not res.ok and res.status == "cancelled"


def test_cancel_token_from_another_thread():
    model = mb.load(LONG_MODEL)
    token = mb.Cancel()
    threading.Timer(0.2, token.cancel).start()
    start = time.monotonic()
    with pytest.raises(mb.Cancelled):
        model.run(cancel=token)
    assert time.monotonic() - start < 1.0 + 0.2 * 5  # stopped long before the run's end under any load
    assert token.cancelled


def test_ctrl_c_stops_the_run():
    model = mb.load(LONG_MODEL)
    timer = threading.Timer(0.2, _thread.interrupt_main)
    timer.start()
    with pytest.raises(KeyboardInterrupt):
        model.run()
    timer.join()


def test_gil_is_released_while_the_solver_runs():
    model = mb.load(LONG_MODEL)
    done = threading.Event()
    outcome = {}

    def worker():
        start = time.monotonic()
        outcome["result"] = model.run()
        outcome["seconds"] = time.monotonic() - start
        done.set()

    thread = threading.Thread(target=worker)
    thread.start()
    # This (main) thread keeps running Python while the run goes on: the largest pause between two
    # of its iterations is far shorter than the run (holding the GIL, it would be the whole run).
    ticks, last, largest_gap = 0, time.monotonic(), 0.0
    while not done.is_set():
        now = time.monotonic()
        largest_gap = max(largest_gap, now - last)
        last = now
        ticks += 1
    thread.join()
    assert outcome["result"].ok and outcome["seconds"] > 0.3
    assert ticks > 1000
    assert largest_gap < 0.5 * outcome["seconds"], (largest_gap, outcome["seconds"])


def test_parallel_runs_equal_serial_runs():
    model = mb.load(MODELS / "slider_crank_friction.mbs.json")
    sets = [{"mu": mu, "omega": w} for mu in (0.05, 0.3) for w in (10.0, 25.0)]
    parallel = model.sweep(sets, jobs=4, end=0.3, output_step=0.003)
    serial = [model.run(end=0.3, output_step=0.003, params=p) for p in sets]
    for a, b in zip(parallel, serial):
        assert a.columns == b.columns
        np.testing.assert_array_equal(a.data, b.data)
    # Different parameters, different answers.
    assert not np.array_equal(parallel[0]["pin_force.fmag"], parallel[3]["pin_force.fmag"])


def test_analysis_failure_raises_with_the_frames():
    model = mb.load(MODELS / "slider_crank.mbs.json")
    # A rod of 0.05 m cannot reach from the crank pin (0.087 m above the guide) to the slider.
    model.markers["rod_small_end"].position = [0.04, 0.0, 0.0]
    model.markers["rod_big_end"].position = [-0.01, 0.0, 0.0]
    with pytest.raises(mb.AnalysisError) as error:
        model.run("kinematic", end=0.1)
    assert error.value.result is not None and not error.value.result.ok
    assert error.value.result.message


def test_static_and_linear_analyses():
    model = mb.load(MODELS / "double_pendulum_spring.mbs.json")
    static = model.run("static")
    assert len(static) == 1
    linear = model.run("linear")
    assert linear.linear_dof > 0 and len(linear.modes) > 0
    assert all(m["frequency_hz"] >= 0 for m in linear.modes)


def peak_pin_force(model, omega):
    return float(model.run(end=0.1, output_step=0.01, params={"omega": omega})["pin_force.fmag"].max())


def test_runs_in_a_process_pool():
    import concurrent.futures
    import multiprocessing

    model = mb.load(MODELS / "slider_crank_friction.mbs.json")  # pickled as its model file
    context = multiprocessing.get_context("spawn")
    with concurrent.futures.ProcessPoolExecutor(2, mp_context=context) as pool:
        got = list(pool.map(peak_pin_force, [model, model], [10.0, 20.0]))
    assert got == [peak_pin_force(model, 10.0), peak_pin_force(model, 20.0)]
    assert got[1] > got[0]
