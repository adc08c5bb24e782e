#pragma once
// Copies the mesh of the current Gmsh model into an FeMesh (compact 0-based numbering,
// positively oriented elements, boundary triangles, node groups).
#include "GmshGeometry.hpp"
#include "mbs/mesh/FeMesh.hpp"

namespace mbs::mesh::detail {

// Reads the elements of dimension `dim` (3 or 2). Throws std::runtime_error on element types
// the FE code does not know.
FeMesh readGmshMesh(int dim, const EntityGroups& groups, double scale);

}  // namespace mbs::mesh::detail
