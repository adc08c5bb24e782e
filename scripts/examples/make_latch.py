#!/usr/bin/env python3
"""Writes resources/models/latch_snap.mbs.json: a spring latch that a striker lifts and that snaps shut.

A latch arm pivots on the ground (revolute about y) and is held down by a torsion spring; a tooth
under its tip has a ramp on the side the striker comes from and a square catch face on the other.
The striker slides on a translational joint and is pushed towards the latch, then pulled back: its
leading edge rides up the ramp and lifts the latch, the latch snaps down behind it, and when the
pull reverses the striker is caught by the catch face. Contacts between solids (IMPACT with
Coulomb friction): striker against the tooth and against the arm. The tooth is a triangular prism
in an STL file beside the model (latch_tooth.stl, metres, in the latch's frame), drawn and touched
as the same surface.

    python3 scripts/examples/make_latch.py [OUT_FOLDER]
"""
import json
import math
import sys
from pathlib import Path

from example_files import ZERO3, marker, stl_text

ABOUT_MINUS_Y = [0.0, math.pi / 2, 0.0]  # euler313: the frame's z axis along -y
ALONG_X = [math.pi / 2, math.pi / 2, 0.0]  # euler313: the frame's z axis along +x

PIVOT = (0.0, 0.0, 0.06)
ARM = (0.12, 0.02, 0.01)  # x, y, z of the arm [m]
ARM_MASS = 0.15
STRIKER = (0.06, 0.02, 0.045)
STRIKER_MASS = 1.0
SPRING = 2.0  # torsion spring of the hinge [N m/rad]
PUSH = 1.5  # [N]
STRIKER_START = 0.19  # x of its centre [m]
# The tooth under the arm's tip, in the arm's frame (x, z): the catch face at x = 0.03, the ramp
# from the arm's underside at the tip down to the catch face's foot.
TOOTH = [(0.03, -0.005), (0.03, -0.025), (0.06, -0.005)]
TOOTH_FILE = "latch_tooth.stl"


def tooth_stl():
    """The tooth as a closed triangle surface: the profile extruded across the arm's width (y)."""
    half = ARM[1] / 2
    (ax, az), (bx, bz), (cx, cz) = TOOTH
    front = [(ax, -half, az), (bx, -half, bz), (cx, -half, cz)]
    back = [(x, half, z) for x, _, z in front]
    facets = [front, back[::-1]]
    for i in range(3):
        j = (i + 1) % 3
        facets += [[front[i], back[i], back[j]], [front[i], back[j], front[j]]]
    return stl_text("latch_tooth", facets)

CONTACT = {
    "law": "impact",
    "stiffness": 1e5 * 1000.0**1.5,  # 1e5 N/mm^1.5
    "exponent": 1.5,
    "damping": 2000.0,  # 2 N s/mm
    "dmax": 1e-5,  # full damping at 0.01 mm: the latch lands on the striker and rides it
    "friction": "on",
    "mu_static": 0.2,
    "mu_dynamic": 0.15,
    "stiction_transition_velocity": 0.001,
    "friction_transition_velocity": 0.01,
    "inactive_during_static": False,
}


def inertia(mass, size):
    x, y, z = size
    return {
        "ixx": mass * (y * y + z * z) / 12,
        "iyy": mass * (x * x + z * z) / 12,
        "izz": mass * (x * x + y * y) / 12,
        "ixy": 0.0,
        "ixz": 0.0,
        "iyz": 0.0,
    }


def part(pid, name, mass, size, position, geometry):
    return {
        "id": pid,
        "name": name,
        "mass": mass,
        "cm_marker": f"{name}_cm",
        "inertia": inertia(mass, size),
        "position": list(position),
        "orientation": ZERO3,
        "velocity": ZERO3,
        "angular_velocity": ZERO3,
        "geometry": geometry,
    }


def model():
    arm_centre = (PIVOT[0] + ARM[0] / 2, 0.0, PIVOT[2])
    striker_centre = (STRIKER_START, 0.0, STRIKER[2] / 2)
    tooth = {
        "name": "latch.tooth",
        "kind": "mesh_file",
        "position": ZERO3,
        "orientation": ZERO3,
        "path": TOOTH_FILE,
        "scale": 1.0,
    }
    arm_solid = {"name": "latch.arm", "kind": "box", "position": ZERO3, "orientation": ZERO3, "size": list(ARM)}
    striker_solid = {
        "name": "striker.block",
        "kind": "box",
        "position": ZERO3,
        "orientation": ZERO3,
        "size": list(STRIKER),
    }
    parts = [
        {
            "id": 1,
            "name": "ground",
            "ground": True,
            "geometry": [
                {
                    "kind": "box",
                    "size": [0.34, 0.06, 0.01],
                    "position": [0.1, 0.0, -0.005],
                    "orientation": ZERO3,
                    "density": 0.0,
                    "color": "#8a9aa8",
                },
                {
                    "kind": "cylinder",
                    "radius": 0.006,
                    "length": 0.04,
                    "position": list(PIVOT),
                    "orientation": ABOUT_MINUS_Y,
                    "density": 0.0,
                    "color": "#8a9aa8",
                },
            ],
        },
        part(
            2,
            "latch",
            ARM_MASS,
            ARM,
            arm_centre,
            [
                {"kind": "box", "size": list(ARM), "position": ZERO3, "orientation": ZERO3, "density": 0.0, "color": "#d08a30"},
                {
                    "kind": "mesh_file",
                    "path": TOOTH_FILE,
                    "position": ZERO3,
                    "orientation": ZERO3,
                    "density": 0.0,
                    "color": "#d08a30",
                },
            ],
        ),
        part(
            3,
            "striker",
            STRIKER_MASS,
            STRIKER,
            striker_centre,
            [{"kind": "box", "size": list(STRIKER), "position": ZERO3, "orientation": ZERO3, "density": 0.0, "color": "#4a7ab0"}],
        ),
    ]
    pivot_in_latch = [PIVOT[0] - arm_centre[0], 0.0, 0.0]
    markers = [
        marker(4, "pivot", "ground", list(PIVOT), ABOUT_MINUS_Y),
        marker(5, "guide", "ground", [STRIKER_START, 0.0, STRIKER[2] / 2], ALONG_X),
        marker(6, "latch_cm", "latch", ZERO3),
        marker(7, "latch_pivot", "latch", pivot_in_latch, ABOUT_MINUS_Y),
        marker(8, "striker_cm", "striker", ZERO3),
        marker(9, "striker_way", "striker", ZERO3, ALONG_X),
    ]
    joints = [
        {"id": 10, "name": "latch_hinge", "type": "revolute", "i_marker": "latch_pivot", "j_marker": "pivot"},
        {"id": 11, "name": "striker_slide", "type": "translational", "i_marker": "striker_way", "j_marker": "guide"},
    ]
    forces = [
        {
            "id": 12,
            "name": "latch_spring",
            "type": "rotational_spring_damper",
            "i_marker": "latch_pivot",
            "j_marker": "pivot",
            "stiffness": SPRING,
            "damping": 0.01,
            # Its free angle holds the arm level against its weight (a positive angle lifts the tip).
            "free_length": ARM_MASS * 9.81 * (ARM[0] / 2) / SPRING,
            "preload": 0.0,
        },
        {
            "id": 13,
            "name": "push_then_pull",
            "type": "single_force",
            "i_marker": "striker_way",
            "j_marker": "guide",
            "action_only": True,
            # Along the guide's z (+x): towards the latch, reversed between 0.45 s and 0.47 s.
            "function": f"{PUSH}*STEP(TIME, 0.45, -1, 0.47, 1)",
        },
        {
            "id": 14,
            "name": "striker_on_tooth",
            "type": "contact",
            "i_marker": "striker_cm",
            "j_marker": "latch_cm",
            "contact": {"i_solids": [striker_solid], "j_solids": [tooth, arm_solid], **CONTACT},
        },
    ]
    return {
        "format": "mbstudio-model",
        "version": 1,
        "units": {"length": "m", "mass": "kg", "time": "s", "force": "N", "angle": "rad"},
        "name": "latch_snap",
        "description": (
            "A spring latch that snaps: a striker on a slide is pushed towards a latch arm (1.5 N), rides "
            "up the ramp of the tooth under the arm's tip and lifts the latch against its torsion spring "
            "(2 N m/rad); the latch snaps down behind it, and when the push turns into a pull at 0.45 s "
            "the striker is caught by the tooth's square catch face and held there. Contacts between "
            "solids with IMPACT and Coulomb friction; the tooth is a triangular prism read from latch_tooth.stl "
            "beside the model, drawn and touched as the same surface. Plot the "
            "hinge's rotation and the contact's force. Written by scripts/examples/make_latch.py."
        ),
        "display_units": "mmks",
        "gravity": [0.0, 0.0, -9.81],
        "analysis": {
            "type": "dynamic",
            "end_time": 1.5,
            "output_steps": 600,
            "integrator": "gstiff",
            "formulation": "auto",
            "error_tolerance": 1e-5,
            "max_step_size": 0.0,
            "initial_step_size": 0.0,
            "max_iterations": 10,
        },
        "parts": parts,
        "markers": markers,
        "joints": joints,
        "motions": [],
        "forces": forces,
        "variables": [],
    }


def main():
    folder = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parents[2] / "resources/models"
    (folder / TOOTH_FILE).write_text(tooth_stl(), encoding="utf-8")
    out = folder / "latch_snap.mbs.json"
    out.write_text(json.dumps(model(), indent=2) + "\n", encoding="utf-8")
    print(f"wrote {out} and {folder / TOOTH_FILE}")


if __name__ == "__main__":
    main()
