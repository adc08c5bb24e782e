#pragma once
// Contact solids (Contact.hpp) as the solver's shapes: analytic where FCL has the solid, triangle
// surfaces otherwise (frustum: a convex 48-gon prism; torus, extrusion, revolution: closed
// triangle surfaces; STL and OBJ files read here).
#include <string>

#include "mbs/core/Contact.hpp"
#include "mbs/solver/SolidContact.hpp"

namespace mbs::core {

// The solid in a body frame: `rotation`, `translation` map part-frame coordinates into the body
// frame the solver uses (the CM frame, or ground). Empty string on success, else the reason.
std::string toSolverShape(const ContactSolid& solid, const Mat3& rotation, const Vec3& translation,
                          solver::ContactShape& out);

// Reads a closed triangle surface from an ASCII or binary STL or an OBJ file; empty string on
// success, else the reason (naming the file and the line).
std::string readTriangleFile(const std::string& path, double scale, std::vector<Vec3>& vertices,
                             std::vector<std::array<int, 3>>& triangles);

}  // namespace mbs::core
