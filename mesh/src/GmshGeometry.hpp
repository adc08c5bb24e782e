#pragma once
// Builds a solid (or its planar profile) in the current Gmsh model and names the boundary
// entities that become node groups. Throws Gmsh's exceptions; MeshGenerator turns them into statuses.
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "mbs/mesh/Solid.hpp"

namespace mbs::mesh::detail {

using DimTags = std::vector<std::pair<int, int>>;
using EntityGroups = std::map<std::string, DimTags>;

// 3-D geometry; returns named boundary entities (faces of box/bar/cylinder ends, link holes).
// Imported STEP/STL geometry is left in file units (the caller scales the mesh).
EntityGroups buildSolid(const Solid& solid);
// Planar profile in the x-y plane; returns named boundary curves.
EntityGroups buildProfile(const Solid& solid);
// Diagonal of the bounding box of the whole model.
double modelDiagonal();

}  // namespace mbs::mesh::detail
