#include "mbs/mesh/StressRecovery.hpp"

#include <numeric>

#include "mbs/mesh/PlaneElement.hpp"
#include "mbs/mesh/TetElement.hpp"

namespace mbs::mesh {

using solver::Status;
using solver::StatusCode;

namespace {

// Reference coordinates of node a of a plane element (Gmsh order).
Eigen::Vector2d planeNodeCoordinates(ElementType type, int a)
{
  static constexpr double tri[6][2] = {{0, 0}, {1, 0}, {0, 1}, {0.5, 0}, {0.5, 0.5}, {0, 0.5}};
  static constexpr double quad[9][2] = {{-1, -1}, {1, -1}, {1, 1},  {-1, 1}, {0, -1},
                                        {1, 0},   {0, 1},  {-1, 0}, {0, 0}};
  if (type == ElementType::Tri3 || type == ElementType::Tri6)
    return {tri[a][0], tri[a][1]};
  return {quad[a][0], quad[a][1]};
}

// Plane-stress strain matrix (3 x 2n: eps_xx, eps_yy, gamma_xy) at (xi, eta); returns det J.
double planeStrainMatrix(ElementType type, const Eigen::Matrix2Xd& x, const Eigen::Vector2d& at,
                         Eigen::MatrixXd& B)
{
  Eigen::VectorXd N;
  Eigen::MatrixX2d dN;
  planeShapeFunctions(type, at.x(), at.y(), N, dN);
  const Eigen::Matrix2d J = x * dN;
  const double detJ = J.determinant();
  if (!(detJ > 0.0))
    return detJ;
  const Eigen::MatrixX2d dNdx = dN * J.inverse();
  const int n = static_cast<int>(N.size());
  B.setZero(3, 2 * n);
  for (int a = 0; a < n; ++a) {
    B(0, 2 * a) = dNdx(a, 0);
    B(1, 2 * a + 1) = dNdx(a, 1);
    B(2, 2 * a) = dNdx(a, 1);
    B(2, 2 * a + 1) = dNdx(a, 0);
  }
  return detJ;
}

// Plane-stress elements (x-y plane) add their nodal sigma_xx, sigma_yy, sigma_xy (Voigt rows 0, 1, 5).
Status addPlaneStresses(const FeMesh& mesh, const Material& material, const solver::Mat& displacements,
                        const std::vector<int>& row, solver::Mat& stresses, std::vector<int>& count,
                        const std::string& bodyName)
{
  const Eigen::Matrix3d D = material.planeStress();
  const Eigen::Index fields = displacements.cols();
  Eigen::MatrixXd B, sigma;
  for (const auto& block : mesh.blocks) {
    if (dimension(block.type) != 2)
      continue;
    const int nen = nodesPerElement(block.type);
    Eigen::Matrix2Xd x(2, nen);
    Eigen::MatrixXd ue(2 * nen, fields);
    for (int e = 0; e < block.count(); ++e) {
      const int* conn = block.element(e);
      bool wanted = false;
      for (int a = 0; a < nen; ++a)
        wanted = wanted || row[conn[a]] >= 0;
      if (!wanted)
        continue;
      for (int a = 0; a < nen; ++a) {
        x.col(a) = mesh.nodes.col(conn[a]).head<2>();
        ue.middleRows(2 * a, 2) = displacements.middleRows(3 * conn[a], 2);
      }
      for (int a = 0; a < nen; ++a) {
        const int r = row[conn[a]];
        if (r < 0)
          continue;
        double detJ = planeStrainMatrix(block.type, x, planeNodeCoordinates(block.type, a), B);
        if (!(detJ > 0.0)) {  // degenerate exactly at a corner of a curved element: use the centre
          const bool triangle = block.type == ElementType::Tri3 || block.type == ElementType::Tri6;
          const Eigen::Vector2d centre =
              triangle ? Eigen::Vector2d(1.0 / 3.0, 1.0 / 3.0) : Eigen::Vector2d::Zero();
          detJ = planeStrainMatrix(block.type, x, centre, B);
        }
        if (!(detJ > 0.0))
          return Status::failure(StatusCode::BadInput,
                                 "stress recovery of body '" + bodyName + "': element " + std::to_string(e) +
                                     " (" + toString(block.type) + ") is inverted",
                                 bodyName);
        sigma.noalias() = D * B * ue;
        stresses.row(6 * r) += sigma.row(0);
        stresses.row(6 * r + 1) += sigma.row(1);
        stresses.row(6 * r + 5) += sigma.row(2);
        ++count[r];
      }
    }
  }
  return Status::success();
}

}  // namespace

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
  if (Status s = addPlaneStresses(mesh, material, displacements, row, stresses, count, bodyName); !s.ok())
    return s;
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
