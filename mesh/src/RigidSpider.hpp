#pragma once
// Rigid spiders (RBE2): u_s = u_k + theta_k x (x_s - x_k) for every slave node s of interface k.
// Solid meshes: 3 DOFs per node, 6 per interface node. Plane meshes (x-y plane): 2 DOFs per node
// (u_x, u_y) and 3 per interface node (u_x, u_y, theta_z).
#include <string>
#include <vector>

#include "mbs/mesh/CraigBampton.hpp"

namespace mbs::mesh::detail {

struct SpiderTransform {
  // u (dN) = T z, z = [d DOFs of each retained node ; 2d DOFs of each interface node], d = 3 or 2.
  solver::SparseMat T;
  int interiorDofs = 0;
  std::vector<std::vector<int>> slaves;  // per interface, sorted FE nodes
};

// Solid meshes: radius spiders take surface nodes. Plane meshes (`planar`): every node within the
// radius (the disc of material around a pin moves with it), and a line of nodes is enough, since
// an in-plane moment needs only two distinct points.
solver::Status buildSpiders(const std::string& bodyName, const FeMesh& mesh,
                            const std::vector<InterfacePoint>& interfaces, SpiderTransform& out,
                            bool planar = false);

}  // namespace mbs::mesh::detail
