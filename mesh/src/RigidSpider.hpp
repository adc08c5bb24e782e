#pragma once
// Rigid spiders (RBE2): u_s = u_k + theta_k x (x_s - x_k) for every slave node s of interface k.
#include <string>
#include <vector>

#include "mbs/mesh/CraigBampton.hpp"

namespace mbs::mesh::detail {

struct SpiderTransform {
  // u (3N) = T z, z = [3 DOFs of each retained node ; 6 DOFs of each interface node].
  solver::SparseMat T;
  int interiorDofs = 0;
  std::vector<std::vector<int>> slaves;  // per interface, sorted FE nodes
};

solver::Status buildSpiders(const std::string& bodyName, const FeMesh& mesh,
                            const std::vector<InterfacePoint>& interfaces, SpiderTransform& out);

}  // namespace mbs::mesh::detail
