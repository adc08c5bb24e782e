#pragma once
// Sparse assembly of solid finite-element matrices and DOF-subset helpers.
#include <string>
#include <vector>

#include "mbs/mesh/FeMesh.hpp"
#include "mbs/mesh/Material.hpp"
#include "mbs/solver/Status.hpp"
#include "mbs/solver/Types.hpp"

namespace mbs::mesh {

// Consistent mass M and stiffness K of the mesh's tetrahedra, 3 DOFs per node (3 i + {x, y, z}).
// Fails (naming `bodyName` and the element) on an inverted element or a mesh without tetrahedra.
solver::Status assembleSolid(const FeMesh& mesh, const Material& material, solver::SparseMat& K,
                             solver::SparseMat& M, const std::string& bodyName = {});

// Plane-stress mass and stiffness of the mesh's triangles and quadrangles (x-y plane) with the
// given thickness, 2 DOFs per node (2 i + {x, y}).
solver::Status assemblePlanar(const FeMesh& mesh, const Material& material, double thickness,
                              solver::SparseMat& K, solver::SparseMat& M, const std::string& bodyName = {});

// DOFs of the given nodes (3 per node).
std::vector<int> nodeDofs(const std::vector<int>& nodes);
// Sorted DOFs in [0, n) that are not in `removed`.
std::vector<int> complementDofs(int n, const std::vector<int>& removed);
// A(dofs, dofs) for sorted `dofs`.
solver::SparseMat restrictToDofs(const solver::SparseMat& A, const std::vector<int>& dofs);

}  // namespace mbs::mesh
