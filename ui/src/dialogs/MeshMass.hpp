#pragma once
// Mass properties of a closed triangle mesh read from an STL or OBJ file (through VTK), for parts
// made from imported CAD solids: volume, centre and inertia by the divergence theorem over the
// tetrahedra the triangles form with the origin (exact for a closed, consistently oriented mesh).
#include <optional>
#include <string>

#include "mbs/core/Geometry.hpp"

namespace mbs::ui {

// Mass properties at `density` in the mesh's own frame; nullopt (with `error`) if the file cannot
// be read or does not enclose a volume.
std::optional<core::MassProperties> meshMassProperties(const std::string& path, double density,
                                                       std::string* error = nullptr);

}  // namespace mbs::ui
