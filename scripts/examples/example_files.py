"""What the example generators share: ASCII STL surfaces and native-file markers."""
import math

ZERO3 = [0.0, 0.0, 0.0]


def stl_text(name, facets):
    """An ASCII STL file of triangles (a, b, c), each counter-clockwise seen from outside."""
    lines = [f"solid {name}"]
    for a, b, c in facets:
        u = [b[k] - a[k] for k in range(3)]
        v = [c[k] - a[k] for k in range(3)]
        n = [u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]]
        length = math.sqrt(sum(x * x for x in n)) or 1.0
        lines.append("  facet normal {:.6g} {:.6g} {:.6g}".format(*(x / length for x in n)))
        lines.append("    outer loop")
        for p in (a, b, c):
            lines.append("      vertex {:.9g} {:.9g} {:.9g}".format(*p))
        lines.append("    endloop")
        lines.append("  endfacet")
    lines.append(f"endsolid {name}")
    return "\n".join(lines) + "\n"


def marker(mid, name, part, position, orientation=ZERO3):
    return {"id": mid, "name": name, "part": part, "position": position, "orientation": {"euler313": orientation}}
