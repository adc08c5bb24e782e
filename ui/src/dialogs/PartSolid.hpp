#pragma once
// The solid body of a part for Make Flexible: its first geometry (box, cylinder, sphere, link, or an
// STL or STEP file) as a Gmsh solid, and its characteristic cross-section size.
#include <QString>

#include "mbs/core/Part.hpp"
#include "mbs/mesh/Solid.hpp"

namespace mbs::ui {

// The part's first geometry as a Gmsh solid, with the solid frame's pose in the part frame; false
// with `error` naming the part when it has no solid geometry.
bool partSolidOf(const core::Part& part, mesh::Solid& solid, core::Mat3& rotation, core::Vec3& position,
                 QString& error);

// The characteristic cross-section size of the part's solid: the default element size and spider
// radius (0.02 m without a box, cylinder, link or sphere).
double partCrossSection(const core::Part& part);

}  // namespace mbs::ui
