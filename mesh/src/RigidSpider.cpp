#include "RigidSpider.hpp"

#include <algorithm>
#include <numeric>

#include <Eigen/SVD>

namespace mbs::mesh::detail {

using solver::Status;
using solver::StatusCode;

namespace {

Status failure(const std::string& body, const std::string& iface, const std::string& why)
{
  return Status::failure(StatusCode::BadInput, "body '" + body + "', interface '" + iface + "': " + why,
                         iface);
}

}  // namespace

Status buildSpiders(const std::string& bodyName, const FeMesh& mesh,
                    const std::vector<InterfacePoint>& interfaces, SpiderTransform& out, bool planar)
{
  const int n = mesh.nodeCount();
  std::vector<int> candidates = mesh.surfaceNodes();
  if (planar) {
    candidates.resize(n);
    std::iota(candidates.begin(), candidates.end(), 0);
  }
  std::vector<int> owner(static_cast<std::size_t>(n), -1);
  out.slaves.assign(interfaces.size(), {});
  for (std::size_t k = 0; k < interfaces.size(); ++k) {
    const auto& ip = interfaces[k];
    std::vector<int>& slaves = out.slaves[k];
    if (!ip.nodeGroup.empty()) {
      auto it = mesh.nodeGroups.find(ip.nodeGroup);
      if (it == mesh.nodeGroups.end())
        return failure(bodyName, ip.name, "the mesh has no node group '" + ip.nodeGroup + "'");
      slaves = it->second;
    } else {
      if (!(ip.radius > 0.0))
        return failure(bodyName, ip.name, "needs a positive spider radius or a node group");
      for (int s : candidates)
        if ((mesh.nodes.col(s) - ip.position).norm() <= ip.radius)
          slaves.push_back(s);
    }
    const std::size_t needed = planar ? 2 : 3;
    if (slaves.size() < needed)
      return failure(bodyName, ip.name,
                     "the spider ties " + std::to_string(slaves.size()) +
                         (planar ? " nodes" : " surface nodes") + " (at least " + std::to_string(needed) +
                         " needed); increase its radius");
    // The nodes must not lie on one line (solids) or at one point (plane meshes), or the spider
    // cannot carry a moment.
    Eigen::Matrix3Xd d(3, slaves.size());
    for (std::size_t j = 0; j < slaves.size(); ++j)
      d.col(j) = mesh.nodes.col(slaves[j]);
    d = d.colwise() - d.rowwise().mean();
    const Eigen::Vector3d sv = Eigen::JacobiSVD<Eigen::Matrix3Xd>(d).singularValues();
    if (planar ? !(sv[0] > 0.0) : sv[1] <= 1e-9 * sv[0])
      return failure(bodyName, ip.name,
                     planar ? "the spider nodes coincide" : "the spider nodes are collinear");
    for (int s : slaves) {
      if (owner[s] >= 0)
        return failure(bodyName, ip.name,
                       "shares nodes with interface '" + interfaces[owner[s]].name + "'; reduce the radii");
      owner[s] = static_cast<int>(k);
    }
  }

  const int d = planar ? 2 : 3;   // DOFs per FE node
  const int di = planar ? 3 : 6;  // DOFs per interface node
  std::vector<int> column(static_cast<std::size_t>(n), -1);
  int next = 0;
  for (int i = 0; i < n; ++i)
    if (owner[i] < 0)
      column[i] = d * next++;
  out.interiorDofs = d * next;
  const int total = out.interiorDofs + di * static_cast<int>(interfaces.size());
  solver::Triplets t;
  t.reserve(static_cast<std::size_t>(d) * n * 3);
  for (int i = 0; i < n; ++i) {
    if (owner[i] < 0) {
      for (int a = 0; a < d; ++a)
        t.emplace_back(d * i + a, column[i] + a, 1.0);
      continue;
    }
    const int c = out.interiorDofs + di * owner[i];
    const Eigen::Vector3d r = mesh.nodes.col(i) - interfaces[owner[i]].position;
    if (planar) {
      // theta_z e_z x r = (-theta_z r_y, theta_z r_x)
      t.emplace_back(d * i, c, 1.0);
      t.emplace_back(d * i + 1, c + 1, 1.0);
      t.emplace_back(d * i, c + 2, -r.y());
      t.emplace_back(d * i + 1, c + 2, r.x());
      continue;
    }
    // theta x r = -r~ theta
    const double skew[3][3] = {{0.0, r.z(), -r.y()}, {-r.z(), 0.0, r.x()}, {r.y(), -r.x(), 0.0}};
    for (int a = 0; a < 3; ++a) {
      t.emplace_back(3 * i + a, c + a, 1.0);
      for (int b = 0; b < 3; ++b)
        if (skew[a][b] != 0.0)
          t.emplace_back(3 * i + a, c + 3 + b, skew[a][b]);
    }
  }
  out.T.resize(d * n, total);
  out.T.setFromTriplets(t.begin(), t.end());
  return Status::success();
}

}  // namespace mbs::mesh::detail
