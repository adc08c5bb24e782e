#include "RigidSpider.hpp"

#include <algorithm>

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
                    const std::vector<InterfacePoint>& interfaces, SpiderTransform& out)
{
  const int n = mesh.nodeCount();
  const std::vector<int> surface = mesh.surfaceNodes();
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
      for (int s : surface)
        if ((mesh.nodes.col(s) - ip.position).norm() <= ip.radius)
          slaves.push_back(s);
    }
    if (slaves.size() < 3)
      return failure(bodyName, ip.name,
                     "the spider ties " + std::to_string(slaves.size()) +
                         " surface nodes (at least 3 needed); increase its radius");
    // The nodes must not lie on one line, or the spider cannot carry a moment about that line.
    Eigen::Matrix3Xd d(3, slaves.size());
    for (std::size_t j = 0; j < slaves.size(); ++j)
      d.col(j) = mesh.nodes.col(slaves[j]);
    d = d.colwise() - d.rowwise().mean();
    const Eigen::Vector3d sv = Eigen::JacobiSVD<Eigen::Matrix3Xd>(d).singularValues();
    if (sv[1] <= 1e-9 * sv[0])
      return failure(bodyName, ip.name, "the spider nodes are collinear");
    for (int s : slaves) {
      if (owner[s] >= 0)
        return failure(bodyName, ip.name,
                       "shares nodes with interface '" + interfaces[owner[s]].name + "'; reduce the radii");
      owner[s] = static_cast<int>(k);
    }
  }

  std::vector<int> column(static_cast<std::size_t>(n), -1);
  int next = 0;
  for (int i = 0; i < n; ++i)
    if (owner[i] < 0)
      column[i] = 3 * next++;
  out.interiorDofs = 3 * next;
  const int total = out.interiorDofs + 6 * static_cast<int>(interfaces.size());
  solver::Triplets t;
  t.reserve(3 * static_cast<std::size_t>(n) * 3);
  for (int i = 0; i < n; ++i) {
    if (owner[i] < 0) {
      for (int a = 0; a < 3; ++a)
        t.emplace_back(3 * i + a, column[i] + a, 1.0);
      continue;
    }
    const int c = out.interiorDofs + 6 * owner[i];
    const Eigen::Vector3d r = mesh.nodes.col(i) - interfaces[owner[i]].position;
    // theta x r = -r~ theta
    const double skew[3][3] = {{0.0, r.z(), -r.y()}, {-r.z(), 0.0, r.x()}, {r.y(), -r.x(), 0.0}};
    for (int a = 0; a < 3; ++a) {
      t.emplace_back(3 * i + a, c + a, 1.0);
      for (int b = 0; b < 3; ++b)
        if (skew[a][b] != 0.0)
          t.emplace_back(3 * i + a, c + 3 + b, skew[a][b]);
    }
  }
  out.T.resize(3 * n, total);
  out.T.setFromTriplets(t.begin(), t.end());
  return Status::success();
}

}  // namespace mbs::mesh::detail
