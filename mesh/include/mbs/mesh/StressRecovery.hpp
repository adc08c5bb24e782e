#pragma once
// Nodal stress recovery of solid (Tet4/Tet10) and plane-stress (Tri/Quad) meshes: sigma = D B u evaluated at
// each element's nodes and averaged over the elements that meet at a node (unweighted nodal averaging, as
// most FE post-processors do by default). Applied to mode shapes it gives the modal stress shapes of a
// flexible body, sigma(t) = sum_k eta_k(t) S_k.
#include <string>
#include <vector>

#include "mbs/mesh/FeMesh.hpp"
#include "mbs/mesh/Material.hpp"
#include "mbs/solver/Status.hpp"
#include "mbs/solver/Types.hpp"

namespace mbs::mesh {

// Which nodes carry stress shapes in the flexible-body record.
enum class StressNodes {
  None,     // no stress recovery
  Surface,  // the nodes of the boundary triangles (where the largest stresses are; the default)
  All,      // every FE node
};

// Stresses of the displacement fields `displacements` (3N x k, node-major, as mode shapes) at the
// nodes `nodes` (indices, any order): `stresses` is 6 |nodes| x k, Voigt order xx, yy, zz, yz, xz, xy
// [Pa per unit of the field]. Tetrahedra give the full tensor; plane-stress elements (x-y plane)
// give sigma_xx, sigma_yy, sigma_xy (the other three are zero). A node no element uses gets zero
// stress. Fails, naming the body, for an inverted element or a size mismatch.
solver::Status nodalStresses(const FeMesh& mesh, const Material& material, const solver::Mat& displacements,
                             const std::vector<int>& nodes, solver::Mat& stresses,
                             const std::string& bodyName = {});

// The node list for a choice of StressNodes (sorted; empty for None).
std::vector<int> stressNodeList(const FeMesh& mesh, StressNodes which);

}  // namespace mbs::mesh
