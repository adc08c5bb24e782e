"""Physics against closed forms: the pendulum's period and its energy."""

import math

import numpy as np
import pytest

import mbstudio as mb
from conftest import MODELS


def crossing_times(t, x):
    """Times where x changes sign (linear interpolation between output times)."""
    k = np.nonzero(np.sign(x[:-1]) * np.sign(x[1:]) < 0)[0]
    return t[k] - x[k] * (t[k + 1] - t[k]) / (x[k + 1] - x[k])


def period(res, column):
    times = crossing_times(res.time, res[column])
    assert len(times) >= 3, "fewer than one and a half periods"
    return 2.0 * float(np.mean(np.diff(times)))


def agm(a, b):
    while abs(a - b) > 1e-15 * a:
        a, b = (a + b) / 2.0, math.sqrt(a * b)
    return a


def test_bundled_pendulum_large_amplitude_period():
    # Released at rest from horizontal: T = 4 sqrt(L/g) K(sin(theta0/2)), K(k) = pi / (2 AGM(1, sqrt(1-k^2))).
    model = mb.load(MODELS / "pendulum.mbs.json")
    res = model.run(end=5.0, output_step=0.001, tol=1e-8)
    g, length, theta0 = 9.81, 1.0, math.pi / 2
    k = math.sin(theta0 / 2)
    exact = 4.0 * math.sqrt(length / g) * math.pi / (2.0 * agm(1.0, math.sqrt(1 - k * k)))
    assert abs(period(res, "bob.x") - exact) < 1e-4 * exact


def small_angle_pendulum(theta0, length=0.5):
    m = mb.Model("small_pendulum", gravity=(0, -9.81, 0))
    x, y = length * math.sin(theta0), -length * math.cos(theta0)
    m.add_marker("pivot", "ground")
    bob = m.add_part("bob", mass=2.0, inertia=(1e-9, 1e-9, 1e-9), position=(x, y, 0))
    m.add_marker("bob_cm", bob)
    bob.cm_marker = "bob_cm"
    # The pin marker on the bob sits where the pivot is, in the bob's frame.
    m.add_marker("bob_pin", bob, position=(-x, -y, 0))
    m.add_joint("pin", "revolute", i="bob_pin", j="pivot")
    return m


def test_small_angle_period_built_in_python():
    theta0, length, g = math.radians(2.0), 0.5, 9.81
    model = small_angle_pendulum(theta0, length)
    assert model.topology().dof == 1
    res = model.run("dynamic", end=4.0, output_step=0.0005, tol=1e-9)
    # Small-angle period with its first amplitude correction (theta0^2/16 = 7.6e-5 here).
    exact = 2 * math.pi * math.sqrt(length / g) * (1 + theta0**2 / 16 + 11 * theta0**4 / 3072)
    measured = period(res, "bob.vx")
    assert abs(measured - exact) < 2e-5 * exact, (measured, exact)
    # ... and the amplitude stays: the bob comes back to its height.
    assert abs(res["bob.y"].max() - (-length * math.cos(theta0))) < 1e-7


def test_energy_is_conserved():
    model = mb.load(MODELS / "pendulum.mbs.json")
    res = model.run(end=2.0, output_step=0.01, tol=1e-8)
    total = res["model.total_energy"]
    kinetic = res["model.kinetic_energy"]
    # Released at rest at the pivot's height: the total energy is 0; the largest term m g L.
    assert np.max(np.abs(total)) < 1e-5 * 9.81
    assert abs(kinetic.max() - 9.81) < 1e-3  # at the bottom all of m g L is kinetic
    assert res.energy_balance, "a dynamic run reports its energy balance"


def test_spring_mass_with_every_integrator_and_formulation():
    # x(t) = L0 + A cos(w t), w = sqrt(k/m); the linear analysis finds f = w / 2 pi.
    m = mb.Model("spring_mass", gravity=(0, 0, 0))
    m.set_analysis(type="dynamic", end_time=1.0, output_steps=100)
    block = m.add_part("block", mass=2.0, inertia=(1, 1, 1), position=np.array([0.5, 0.0, 0.0]))
    block.cm_marker = m.add_marker("block_cm", block)  # an Entity where the file form has a name
    m.add_marker("anchor", "ground", z_axis=(1, 0, 0))
    m.add_marker("block_way", block, z_axis=(1, 0, 0))
    m.add_joint("slide", "translational", i="block_way", j="anchor")
    m.add_force("spring", "translational_spring_damper", i=block.cm_marker, j="anchor", stiffness=800.0,
                free_length=0.4)
    w = math.sqrt(800.0 / 2.0)
    for integrator in ("gstiff", "wstiff", "hht", "rkf45"):
        for formulation in ("i3", "si2", "dmbs"):
            res = m.run(integrator=integrator, formulation=formulation, tol=1e-7)
            exact = 0.4 + 0.1 * np.cos(w * res.time)
            assert np.max(np.abs(res["block.x"] - exact)) < 2e-5, (integrator, formulation)
    assert m.run("static")["block.x"][0] == pytest.approx(0.4, abs=1e-9)
    linear = m.run("linear")
    assert linear.linear_dof == 1 and linear.modes[0]["frequency_hz"] == pytest.approx(w / (2 * math.pi), rel=1e-6)
