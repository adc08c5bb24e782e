#!/usr/bin/env python3
"""Writes resources/models/geneva_wheel.mbs.json and geneva_wheel.stl: a four-slot Geneva drive.

A driver crank turning at one revolution per second carries a pin that enters a slot of the Geneva
wheel, turns the wheel a quarter turn and leaves it: the wheel indexes 90 degrees per driver turn
and stands still for the other three quarters. Centre distance c = 100 mm; crank radius and wheel
radius a = b = c sin 45 deg (the pin enters and leaves the slots tangentially, so the wheel starts
and stops without a jolt). The wheel's outline with its four slots is an STL surface beside the
model, drawn and touched as the same surface; the pin is a cylinder. Contact between solids (IMPACT).

Closed form while the pin is in a slot (crank angle phi from the line of centres, |phi| < 45 deg):
the wheel turns by beta = atan(sin phi / (c/a - cos phi)) from its rest position.

    python3 scripts/examples/make_geneva.py [OUT_FOLDER]
"""
import json
import math
import sys
from pathlib import Path

from example_files import ZERO3, marker, stl_text

C = 0.1  # centre distance [m]
A = C * math.sin(math.pi / 4)  # crank radius = wheel radius [m]
PIN_RADIUS = 0.005
SLOT_HALF_WIDTH = 0.0055  # 0.5 mm clearance on the pin
SLOT_BOTTOM = C - A - PIN_RADIUS - 0.003  # radius of the slot's bottom: the pin never reaches it
THICKNESS = 0.01
WHEEL_FILE = "geneva_wheel.stl"
DENSITY = 7800.0


def outline():
    """The wheel's outline in its xy plane, counter-clockwise: four slots along +-x and +-y, arcs of
    radius A between them."""
    points = []
    half_angle = math.asin(SLOT_HALF_WIDTH / A)  # where a slot's wall meets the rim
    for k in range(4):
        axis = k * math.pi / 2
        ux, uy = math.cos(axis), math.sin(axis)
        vx, vy = -uy, ux  # across the slot, counter-clockwise side
        rim = math.sqrt(A * A - SLOT_HALF_WIDTH**2)
        # Into the slot along its clockwise wall, across its bottom, out along the other wall.
        points.append((rim * ux - SLOT_HALF_WIDTH * vx, rim * uy - SLOT_HALF_WIDTH * vy))
        points.append((SLOT_BOTTOM * ux - SLOT_HALF_WIDTH * vx, SLOT_BOTTOM * uy - SLOT_HALF_WIDTH * vy))
        points.append((SLOT_BOTTOM * ux + SLOT_HALF_WIDTH * vx, SLOT_BOTTOM * uy + SLOT_HALF_WIDTH * vy))
        points.append((rim * ux + SLOT_HALF_WIDTH * vx, rim * uy + SLOT_HALF_WIDTH * vy))
        # The rim to the next slot.
        start, end = axis + half_angle, axis + math.pi / 2 - half_angle
        for i in range(1, 16):
            t = start + (end - start) * i / 16
            points.append((A * math.cos(t), A * math.sin(t)))
    return points


def triangulate(polygon):
    """Ear clipping of a simple counter-clockwise polygon: triangles as index triples."""
    index = list(range(len(polygon)))
    triangles = []

    def cross(o, a, b):
        return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])

    def inside(p, a, b, c):
        return cross(a, b, p) >= 0 and cross(b, c, p) >= 0 and cross(c, a, p) >= 0

    while len(index) > 3:
        for n in range(len(index)):
            i, j, k = index[n - 1], index[n], index[(n + 1) % len(index)]
            a, b, c = polygon[i], polygon[j], polygon[k]
            if cross(a, b, c) <= 1e-15:
                continue  # reflex or flat corner
            if any(inside(polygon[m], a, b, c) for m in index if m not in (i, j, k)):
                continue
            triangles.append((i, j, k))
            index.pop(n)
            break
        else:
            raise RuntimeError("the outline is not a simple polygon")
    triangles.append(tuple(index))
    return triangles


def wheel_stl():
    """The outline extruded over z in [-T/2, T/2]: caps from the triangulation, walls from the edges."""
    poly = outline()
    n = len(poly)
    low = [(x, y, -THICKNESS / 2) for x, y in poly]
    high = [(x, y, THICKNESS / 2) for x, y in poly]
    facets = []
    for i, j, k in triangulate(poly):
        facets.append((high[i], high[j], high[k]))
        facets.append((low[k], low[j], low[i]))
    for i in range(n):
        j = (i + 1) % n
        facets.append((low[i], low[j], high[j]))
        facets.append((low[i], high[j], high[i]))
    return stl_text("geneva_wheel", facets), abs(polygon_area(poly))


def polygon_area(poly):
    return 0.5 * sum(poly[i - 1][0] * poly[i][1] - poly[i][0] * poly[i - 1][1] for i in range(len(poly)))


def model(wheel_area):
    # The wheel: its slots' mass left out of the inertia would be 10 %; the area counts them.
    wheel_mass = DENSITY * wheel_area * THICKNESS
    wheel_izz = 0.5 * wheel_mass * A * A * 0.9
    crank_mass, crank_length = 0.3, A
    # Driver at the origin, wheel at (C, 0), both turning about z. At t = 0 the pin is 90 deg before
    # it enters a slot (phi = -135 deg from the line of centres, +x): it enters at t = 0.25 s, turns
    # the wheel until 0.5 s, and again a second later. The wheel starts turned 45 deg, a slot
    # pointing at the pin's entry point.
    phi0 = -3 * math.pi / 4
    pin_at = [A * math.cos(phi0), A * math.sin(phi0), 0.0]
    pin = {"name": "crank.pin", "kind": "cylinder", "position": pin_at, "orientation": ZERO3,
           "radius": PIN_RADIUS, "length": 0.02}
    wheel_solid = {"name": "wheel.outline", "kind": "mesh_file", "position": ZERO3, "orientation": ZERO3,
                   "path": WHEEL_FILE, "scale": 1.0}
    law = {
        "law": "impact",
        "stiffness": 1e5 * 1000.0**1.5,  # 1e5 N/mm^1.5
        "exponent": 1.5,
        "damping": 1e4,  # 10 N s/mm
        "dmax": 1e-5,
        "friction": "off",
        "inactive_during_static": False,
    }
    crank_geometry = [
        {"kind": "box", "size": [A, 0.012, 0.006], "position": [pin_at[0] / 2, pin_at[1] / 2, 0.012],
         "orientation": [phi0, 0.0, 0.0], "density": 0.0, "color": "#4a7ab0"},
        {"kind": "cylinder", "radius": PIN_RADIUS, "length": 0.02, "position": pin_at,
         "orientation": ZERO3, "density": 0.0, "color": "#4a7ab0"},
    ]
    parts = [
        {"id": 1, "name": "ground", "ground": True, "geometry": [
            {"kind": "cylinder", "radius": 0.006, "length": 0.03, "position": [0.0, 0.0, 0.0],
             "orientation": ZERO3, "density": 0.0, "color": "#8a9aa8"},
            {"kind": "cylinder", "radius": 0.006, "length": 0.03, "position": [C, 0.0, 0.0],
             "orientation": ZERO3, "density": 0.0, "color": "#8a9aa8"}]},
        {"id": 2, "name": "crank", "mass": crank_mass, "cm_marker": "crank_cm",
         "inertia": {"ixx": 1e-5, "iyy": crank_mass * crank_length**2 / 3, "izz": crank_mass * crank_length**2 / 3,
                     "ixy": 0.0, "ixz": 0.0, "iyz": 0.0},
         "position": [0.0, 0.0, 0.0], "orientation": ZERO3, "velocity": ZERO3,
         "angular_velocity": ZERO3, "geometry": crank_geometry},
        {"id": 3, "name": "wheel", "mass": wheel_mass, "cm_marker": "wheel_cm",
         "inertia": {"ixx": wheel_izz / 2, "iyy": wheel_izz / 2, "izz": wheel_izz, "ixy": 0.0, "ixz": 0.0, "iyz": 0.0},
         "position": [C, 0.0, 0.0], "orientation": [-math.pi / 4, 0.0, 0.0], "velocity": ZERO3,
         "angular_velocity": ZERO3,
         "geometry": [{"kind": "mesh_file", "path": WHEEL_FILE, "position": ZERO3, "orientation": ZERO3,
                       "density": 0.0, "color": "#d08a30"}]},
    ]
    markers = [
        marker(4, "driver_axis", "ground", [0.0, 0.0, 0.0]),
        marker(5, "wheel_axis", "ground", [C, 0.0, 0.0]),
        marker(6, "crank_cm", "crank", ZERO3),
        marker(7, "wheel_cm", "wheel", ZERO3),
    ]
    joints = [
        {"id": 8, "name": "driver", "type": "revolute", "i_marker": "crank_cm", "j_marker": "driver_axis"},
        {"id": 9, "name": "wheel_bearing", "type": "revolute", "i_marker": "wheel_cm", "j_marker": "wheel_axis"},
    ]
    motions = [{"id": 10, "name": "crank_drive", "joint": "driver", "axis": "rotation_z",
                "quantity": "displacement", "function": "2*PI*TIME"}]
    forces = [
        {"id": 11, "name": "wheel_drag", "type": "rotational_spring_damper", "i_marker": "wheel_cm",
         "j_marker": "wheel_axis", "stiffness": 0.0, "damping": 0.002, "free_length": 0.0, "preload": 0.0},
        {"id": 12, "name": "pin_in_slot", "type": "contact", "i_marker": "crank_cm", "j_marker": "wheel_cm",
         "contact": {"i_solids": [pin], "j_solids": [wheel_solid], **law}},
    ]
    return {
        "format": "mbstudio-model",
        "version": 1,
        "units": {"length": "m", "mass": "kg", "time": "s", "force": "N", "angle": "rad"},
        "name": "geneva_wheel",
        "description": (
            "A four-slot Geneva drive: the crank turns once a second and its pin turns the wheel a quarter "
            "turn per revolution, entering and leaving the slots tangentially; the wheel stands still for "
            "the other three quarters. Centre distance 100 mm, crank and wheel radius 70.7 mm. The wheel "
            "is an STL surface beside the model (geneva_wheel.stl), drawn and touched as the same surface; "
            "contact between solids with IMPACT. Plot wheel_bearing's rotation against the closed form "
            "beta = atan(sin(phi) / (sqrt(2) - cos(phi))). Written by scripts/examples/make_geneva.py."
        ),
        "display_units": "mmks",
        "gravity": [0.0, 0.0, -9.81],
        "analysis": {"type": "dynamic", "end_time": 2.0, "output_steps": 400, "integrator": "gstiff",
                     "formulation": "auto", "error_tolerance": 1e-5, "max_step_size": 0.0,
                     "initial_step_size": 0.0, "max_iterations": 10},
        "parts": parts,
        "markers": markers,
        "joints": joints,
        "motions": motions,
        "forces": forces,
        "variables": [],
    }


def main():
    folder = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parents[2] / "resources/models"
    stl, area = wheel_stl()
    (folder / WHEEL_FILE).write_text(stl, encoding="utf-8")
    out = folder / "geneva_wheel.mbs.json"
    out.write_text(json.dumps(model(area), indent=2) + "\n", encoding="utf-8")
    print(f"wrote {out} and {folder / WHEEL_FILE}")


if __name__ == "__main__":
    main()
