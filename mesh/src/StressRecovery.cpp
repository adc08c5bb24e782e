#include "mbs/mesh/StressRecovery.hpp"

#include <numeric>

#include "mbs/mesh/TetElement.hpp"

namespace mbs::mesh {

using solver::Status;
using solver::StatusCode;

solver::Status nodalStresses(const FeMesh& mesh, const Material& material, const solver::Mat& displacements,
                             const std::vector<int>& nodes, solver::Mat& stresses,
                             const std::string& bodyName)
{
  const int nodeCount = mesh.nodeCount();
  if (displacements.rows() != 3 * nodeCount)
    return Status::failure(StatusCode::BadInput,
                           "stress recovery of body '" + bodyName + "': the displacement fields have " +
                               std::to_string(displacements.rows()) + " rows for " +
                               std::to_string(nodeCount) + " nodes",
                           bodyName);
  if (Status s = material.validate(); !s.ok())
    return Status::failure(s.code, "body '" + bodyName + "': " + s.message, bodyName);
  // Row of each requested node in the output (-1: not requested).
  std::vector<int> row(nodeCount, -1);
  for (std::size_t k = 0; k < nodes.size(); ++k) {
    if (nodes[k] < 0 || nodes[k] >= nodeCount)
      return Status::failure(
          StatusCode::BadInput,
          "stress recovery of body '" + bodyName + "': node " + std::to_string(nodes[k]) + " does not exist",
          bodyName);
    row[nodes[k]] = static_cast<int>(k);
  }
  const Eigen::Index fields = displacements.cols();
  stresses.setZero(6 * static_cast<Eigen::Index>(nodes.size()), fields);
  std::vector<int> count(nodes.size(), 0);
  const Eigen::Matrix<double, 6, 6> D = material.elasticity();
  Eigen::MatrixXd B, DB;
  for (const auto& block : mesh.blocks) {
    if (dimension(block.type) != 3)
      continue;
    const int nen = nodesPerElement(block.type);
    Eigen::Matrix3Xd x(3, nen);
    Eigen::MatrixXd ue(3 * nen, fields);
    for (int e = 0; e < block.count(); ++e) {
      const int* conn = block.element(e);
      bool wanted = false;
      for (int a = 0; a < nen; ++a)
        wanted = wanted || row[conn[a]] >= 0;
      if (!wanted)
        continue;
      for (int a = 0; a < nen; ++a) {
        x.col(a) = mesh.nodes.col(conn[a]);
        ue.middleRows(3 * a, 3) = displacements.middleRows(3 * conn[a], 3);
      }
      for (int a = 0; a < nen; ++a) {
        const int r = row[conn[a]];
        if (r < 0)
          continue;
        // Strain at the node itself; a curved Tet10 may be degenerate exactly at a corner, then the
        // element's centroid value stands in for it.
        double detJ = tetStrainMatrix(block.type, x, tetNodeCoordinates(block.type, a), B);
        if (!(detJ > 0.0))
          detJ = tetStrainMatrix(block.type, x, Eigen::Vector3d::Constant(0.25), B);
        if (!(detJ > 0.0))
          return Status::failure(StatusCode::BadInput,
                                 "stress recovery of body '" + bodyName + "': element " + std::to_string(e) +
                                     " (" + toString(block.type) + ") is inverted",
                                 bodyName);
        DB.noalias() = D * B;
        stresses.middleRows(6 * r, 6).noalias() += DB * ue;
        ++count[r];
      }
    }
  }
  for (std::size_t k = 0; k < nodes.size(); ++k)
    if (count[k] > 1)
      stresses.middleRows(6 * static_cast<Eigen::Index>(k), 6) /= count[k];
  return Status::success();
}

std::vector<int> stressNodeList(const FeMesh& mesh, StressNodes which)
{
  switch (which) {
    case StressNodes::None:
      return {};
    case StressNodes::Surface:
      return mesh.surfaceNodes();
    case StressNodes::All: {
      std::vector<int> all(mesh.nodeCount());
      std::iota(all.begin(), all.end(), 0);
      return all;
    }
  }
  return {};
}

}  // namespace mbs::mesh
