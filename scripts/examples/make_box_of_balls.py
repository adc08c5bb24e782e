#!/usr/bin/env python3
"""Writes resources/models/box_of_balls.mbs.json: 14 steel balls dropped into an open box.

One CONTACT per pair of balls (91) and one per ball against the box's five walls (14): 105
contact pairs, the model docs/performance.md times ("Contact: 100 pairs"). Adams/View's default
contact values in SI: IMPACT K = 1e5 N/mm^2.2, e = 2.2, c = 10 N s/mm, d = 0.1 mm; Coulomb
friction mu_s = 0.3, mu_d = 0.1, transition velocities 0.1 and 1 m/s.

    python3 scripts/examples/make_box_of_balls.py [OUT]
"""
import json
import math
import random
import sys
from pathlib import Path

RADIUS = 0.025  # m
DENSITY = 7800.0  # kg/m^3
MASS = DENSITY * 4.0 / 3.0 * math.pi * RADIUS**3
INERTIA = 0.4 * MASS * RADIUS**2
INSIDE = 0.24  # inner width of the box [m]
WALL = 0.02  # wall thickness [m]
HEIGHT = 0.2  # wall height above the floor [m]

CONTACT_LAW = {
    "law": "impact",
    "stiffness": 1e5 * 1000.0**2.2,  # 1e5 N/mm^2.2 in N/m^2.2
    "exponent": 2.2,
    "damping": 1e4,  # 10 N s/mm
    "dmax": 1e-4,  # 0.1 mm
    "friction": "on",
    "mu_static": 0.3,
    "mu_dynamic": 0.1,
    "stiction_transition_velocity": 0.1,
    "friction_transition_velocity": 1.0,
    "inactive_during_static": False,
}

ZERO3 = [0.0, 0.0, 0.0]


def box(name, size, position):
    return {"name": name, "kind": "box", "size": size, "position": position, "orientation": ZERO3}


def walls():
    """The floor and four walls of the box, as (name, size, centre) on the ground."""
    half = INSIDE / 2 + WALL / 2
    outer = INSIDE + 2 * WALL
    return [
        ("floor", [outer, outer, WALL], [0.0, 0.0, -WALL / 2]),
        ("wall_x_minus", [WALL, outer, HEIGHT], [-half, 0.0, HEIGHT / 2]),
        ("wall_x_plus", [WALL, outer, HEIGHT], [half, 0.0, HEIGHT / 2]),
        ("wall_y_minus", [INSIDE, WALL, HEIGHT], [0.0, -half, HEIGHT / 2]),
        ("wall_y_plus", [INSIDE, WALL, HEIGHT], [0.0, half, HEIGHT / 2]),
    ]


def ball_positions(rng):
    """A 3 x 3 layer and a 2 x 2 + 1 layer above it, jittered so the balls do not land in a lattice."""
    spots = []
    for i in range(3):
        for j in range(3):
            spots.append(((i - 1) * 0.07, (j - 1) * 0.07, 0.08))
    for i in range(2):
        for j in range(2):
            spots.append(((i - 0.5) * 0.07, (j - 0.5) * 0.07, 0.15))
    spots.append((0.0, 0.0, 0.22))
    return [(x + rng.uniform(-0.008, 0.008), y + rng.uniform(-0.008, 0.008), z) for x, y, z in spots]


def model():
    rng = random.Random(7)
    ground_geometry = [
        {"kind": "box", "size": size, "position": centre, "orientation": ZERO3, "density": 0.0, "color": "#8a9aa8"}
        for _, size, centre in walls()
    ]
    parts = [{"id": 1, "name": "ground", "ground": True, "geometry": ground_geometry}]
    markers = [
        {"id": 2, "name": "box_ref", "part": "ground", "position": ZERO3, "orientation": {"euler313": ZERO3}}
    ]
    next_id = 3
    balls = []
    for k, (x, y, z) in enumerate(ball_positions(rng)):
        name = f"ball{k + 1}"
        marker = f"{name}_cm"
        spin = [rng.uniform(-0.3, 0.3), rng.uniform(-0.3, 0.3), 0.0]
        parts.append(
            {
                "id": next_id,
                "name": name,
                "mass": MASS,
                "cm_marker": marker,
                "inertia": {"ixx": INERTIA, "iyy": INERTIA, "izz": INERTIA, "ixy": 0.0, "ixz": 0.0, "iyz": 0.0},
                "position": [x, y, z],
                "orientation": ZERO3,
                "velocity": spin,
                "angular_velocity": ZERO3,
                "geometry": [
                    {
                        "kind": "sphere",
                        "radius": RADIUS,
                        "position": ZERO3,
                        "orientation": ZERO3,
                        "density": 0.0,
                        "color": "#b8bcc4",
                    }
                ],
            }
        )
        markers.append(
            {"id": next_id + 1, "name": marker, "part": name, "position": ZERO3, "orientation": {"euler313": ZERO3}}
        )
        balls.append((name, marker))
        next_id += 2

    def sphere(name):
        return {"name": f"{name}.sphere", "kind": "sphere", "position": ZERO3, "orientation": ZERO3, "radius": RADIUS}

    forces = []
    for name, marker in balls:
        forces.append(
            {
                "id": next_id,
                "name": f"{name}_box",
                "type": "contact",
                "i_marker": marker,
                "j_marker": "box_ref",
                "contact": {
                    "i_solids": [sphere(name)],
                    "j_solids": [box(f"ground.{w}", size, centre) for w, size, centre in walls()],
                    **CONTACT_LAW,
                },
            }
        )
        next_id += 1
    for a in range(len(balls)):
        for b in range(a + 1, len(balls)):
            (na, ma), (nb, mb) = balls[a], balls[b]
            forces.append(
                {
                    "id": next_id,
                    "name": f"{na}_{nb}",
                    "type": "contact",
                    "i_marker": ma,
                    "j_marker": mb,
                    "contact": {"i_solids": [sphere(na)], "j_solids": [sphere(nb)], **CONTACT_LAW},
                }
            )
            next_id += 1

    return {
        "format": "mbstudio-model",
        "version": 1,
        "units": {"length": "m", "mass": "kg", "time": "s", "force": "N", "angle": "rad"},
        "name": "box_of_balls",
        "description": (
            f"{len(balls)} steel balls (radius 25 mm, {MASS:.3f} kg) dropped into an open box: "
            f"{len(forces)} contacts between solids, one per pair of balls and one per ball against the "
            "box's floor and walls, with Adams/View's default IMPACT values (K = 1e5 N/mm^2.2, e = 2.2, "
            "c = 10 N s/mm, d = 0.1 mm) and Coulomb friction (mu_s 0.3, mu_d 0.1). The balls fall, "
            "collide, roll and settle on the floor within about a second. Written by "
            "scripts/examples/make_box_of_balls.py."
        ),
        "display_units": "mmks",
        "gravity": [0.0, 0.0, -9.81],
        "analysis": {
            "type": "dynamic",
            "end_time": 1.0,
            "output_steps": 200,
            "integrator": "gstiff",
            "formulation": "auto",
            "error_tolerance": 1e-4,
            "max_step_size": 0.0,
            "initial_step_size": 0.0,
            "max_iterations": 10,
        },
        "parts": parts,
        "markers": markers,
        "joints": [],
        "motions": [],
        "forces": forces,
        "variables": [],
    }


def main():
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parents[2] / "resources/models/box_of_balls.mbs.json"
    out.write_text(json.dumps(model(), indent=2) + "\n", encoding="utf-8")
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
