"""Worked example of docs/python.md: build a slider-crank in Python, sweep the crank speed, plot the
peak crank-pin force. Run: PYTHONPATH=build/python /usr/bin/python3 python/examples/slider_crank_sweep.py [OUT.png]"""

import math
import sys

import numpy as np

import mbstudio as mb

# --- 1. Build the model -------------------------------------------------------------------------
crank, rod = 0.1, 0.3  # [m]
m_crank, m_rod, m_slider = 0.5, 1.0, 2.0  # [kg]
phi0 = 0.0  # crank angle at t = 0: top dead centre... of a horizontal slider-crank, the pin at +x

model = mb.Model("slider_crank_py", gravity=(0, -9.81, 0))
model.set_parameter("omega", 10.0, "crank speed [rad/s]")

# Parts: slender bars along their x axis (I = m L^2 / 12 about y and z), placed at t = 0.
model.add_part("crank", mass=m_crank, inertia=(1e-5, m_crank * crank**2 / 12, m_crank * crank**2 / 12),
               position=(crank / 2, 0, 0))
model.add_part("rod", mass=m_rod, inertia=(1e-5, m_rod * rod**2 / 12, m_rod * rod**2 / 12),
               position=(crank + rod / 2, 0, 0))
model.add_part("slider", mass=m_slider, inertia=(1e-3, 1e-3, 1e-3), position=(crank + rod, 0, 0))

# Markers (in the part frames), the CM markers and the joints.
model.add_marker("origin", "ground")
model.add_marker("guide", "ground", z_axis=(1, 0, 0))          # the slider moves along ground x
for part, half in (("crank", crank / 2), ("rod", rod / 2)):
    model.add_marker(f"{part}_cm", part)
    model.add_marker(f"{part}_a", part, (-half, 0, 0))
    model.add_marker(f"{part}_b", part, (half, 0, 0))
model.add_marker("slider_cm", "slider")
model.add_marker("slider_way", "slider", z_axis=(1, 0, 0))
for part in ("crank", "rod", "slider"):
    model.parts[part].cm_marker = f"{part}_cm"

model.add_joint("crank_bearing", "revolute", i="crank_a", j="origin")
model.add_joint("crank_pin", "revolute", i="rod_a", j="crank_b")
model.add_joint("wrist_pin", "revolute", i="slider_cm", j="rod_b")
model.add_joint("slider_guide", "translational", i="slider_way", j="guide")
model.add_motion("crank_drive", joint="crank_bearing", function="omega*TIME")  # reads the parameter

topology = model.topology()
print(f"DOF {topology.dof} (rank: {topology.rank_dof}), redundant equations: {topology.redundant_equations}")
for row in topology.redundant:
    print("  redundant:", row["description"])

# --- 2. One run ---------------------------------------------------------------------------------
res = model.run("dynamic", end=2 * math.pi / 10, output_step=1e-3)
force = np.hypot(res["crank_pin.fx"], res["crank_pin.fy"])
print(f"omega = 10 rad/s: {len(res)} frames, peak crank-pin force {force.max():.2f} N")
print("\n".join(res.energy_balance))

# --- 3. Sweep the crank speed (parallel runs on a thread pool) ---------------------------------
speeds = np.linspace(5, 60, 12)
runs = model.sweep([{"omega": w} for w in speeds], jobs=2, analysis="dynamic", end=0.5, output_step=5e-4)
peak = np.array([np.hypot(r["crank_pin.fx"], r["crank_pin.fy"]).max() for r in runs])
for w, f in zip(speeds, peak):
    print(f"omega = {w:5.1f} rad/s   peak crank-pin force = {f:8.2f} N")

# Check against the closed form at top dead centre (t = 0: crank and rod along +x, the crank turning
# at omega, no angular acceleration of the rod): the pin pulls rod and slider back with
# Fx = r omega^2 [m_slider (1 + r/l) + m_rod (1 + r/(2l))] and carries half the rod's weight.
def pin_force_at_tdc(w):
    fx = crank * w**2 * (m_slider * (1 + crank / rod) + m_rod * (1 + crank / (2 * rod)))
    return math.hypot(fx, m_rod * 9.81 / 2)


at_tdc = np.array([np.hypot(r["crank_pin.fx"][0], r["crank_pin.fy"][0]) for r in runs])
worst = max(abs(f - pin_force_at_tdc(w)) / pin_force_at_tdc(w) for w, f in zip(speeds, at_tdc))
print(f"pin force at top dead centre against the closed form: largest relative difference {worst:.1e}")
assert worst < 1e-8, "the pin force at top dead centre differs from the closed form"

# --- 4. Plot --------------------------------------------------------------------------------------
import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt

fig, ax = plt.subplots(figsize=(6.4, 4.0))
ax.plot(speeds, peak, "o", label="mbstudio dynamic runs")
fine = np.linspace(speeds[0], speeds[-1], 200)
ax.plot(fine, [pin_force_at_tdc(w) for w in fine], "-", lw=1, label="closed form at top dead centre")
ax.set_xlabel("crank speed ω [rad/s]")
ax.set_ylabel("peak crank-pin force [N]")
ax.set_title("Slider-crank: peak crank-pin force against crank speed")
ax.grid(True, alpha=0.3)
ax.legend()
fig.tight_layout()
out = sys.argv[1] if len(sys.argv) > 1 else "slider_crank_sweep.png"
fig.savefig(out, dpi=110)
print("plot:", out)
