#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

#include <Eigen/Geometry>
#include <Eigen/LU>

#include "mbs/mesh/MeshGenerator.hpp"
#include "mbs/mesh/TetElement.hpp"

namespace mbs::mesh {

namespace {

// Gmsh's gamma of a tetrahedron: 3 r_in / r_circ (1 for the regular tetrahedron).
double tetGamma(const Eigen::Vector3d& p0, const Eigen::Vector3d& p1, const Eigen::Vector3d& p2,
                const Eigen::Vector3d& p3)
{
  const Eigen::Vector3d a = p1 - p0, b = p2 - p0, c = p3 - p0;
  const double volume = std::abs(a.cross(b).dot(c)) / 6.0;
  const double area =
      0.5 * (a.cross(b).norm() + a.cross(c).norm() + b.cross(c).norm() + (p2 - p1).cross(p3 - p1).norm());
  Eigen::Matrix3d A;
  A << a.transpose(), b.transpose(), c.transpose();
  const Eigen::Vector3d rhs(0.5 * a.squaredNorm(), 0.5 * b.squaredNorm(), 0.5 * c.squaredNorm());
  const double det = A.determinant();
  if (volume <= 0.0 || area <= 0.0 || std::abs(det) < std::numeric_limits<double>::min())
    return 0.0;
  const double rCirc = A.lu().solve(rhs).norm();
  const double rIn = 3.0 * volume / area;
  return 3.0 * rIn / rCirc;
}

// Triangle gamma: 2 r_in / r_circ (1 for the equilateral triangle).
double triGamma(const Eigen::Vector3d& p0, const Eigen::Vector3d& p1, const Eigen::Vector3d& p2)
{
  const double a = (p1 - p2).norm(), b = (p0 - p2).norm(), c = (p0 - p1).norm();
  const double area2 = (p1 - p0).cross(p2 - p0).norm();
  if (area2 <= 0.0)
    return 0.0;
  const double rIn = area2 / (a + b + c);
  const double rCirc = a * b * c / (2.0 * area2);
  return 2.0 * rIn / rCirc;
}

// Quadrilateral: smallest sine of a corner angle (1 for rectangles); the corner orientation
// sign is kept so that a folded quad gives a negative value.
double quadGamma(const std::array<Eigen::Vector3d, 4>& p)
{
  double q = 1.0;
  for (int i = 0; i < 4; ++i) {
    const Eigen::Vector3d e1 = p[(i + 1) % 4] - p[i], e2 = p[(i + 3) % 4] - p[i];
    const double s = e1.cross(e2).z() / (e1.norm() * e2.norm());
    q = std::min(q, s);
  }
  return q;
}

// Scaled Jacobian of a Tet10 at its nodes and centroid: det J / det J of the corner tetrahedron.
double tet10ScaledJacobian(const Eigen::Matrix3Xd& x)
{
  static const std::array<Eigen::Vector3d, 11> points{
      Eigen::Vector3d(0, 0, 0),     Eigen::Vector3d(1, 0, 0),         Eigen::Vector3d(0, 1, 0),
      Eigen::Vector3d(0, 0, 1),     Eigen::Vector3d(0.5, 0, 0),       Eigen::Vector3d(0.5, 0.5, 0),
      Eigen::Vector3d(0, 0.5, 0),   Eigen::Vector3d(0, 0, 0.5),       Eigen::Vector3d(0, 0.5, 0.5),
      Eigen::Vector3d(0.5, 0, 0.5), Eigen::Vector3d(0.25, 0.25, 0.25)};
  Eigen::Matrix3d Jc;
  Jc << x.col(1) - x.col(0), x.col(2) - x.col(0), x.col(3) - x.col(0);
  const double detC = Jc.determinant();
  if (detC == 0.0)
    return 0.0;
  Eigen::VectorXd N;
  Eigen::MatrixX3d dN;
  double q = std::numeric_limits<double>::max();
  for (const auto& p : points) {
    tetShapeFunctions(ElementType::Tet10, p, N, dN);
    q = std::min(q, (x * dN).determinant() / detC);
  }
  return q;
}

}  // namespace

MeshQuality computeQuality(const FeMesh& mesh)
{
  MeshQuality q;
  q.nodeCount = mesh.nodeCount();
  double sum = 0.0;
  int count = 0;
  q.minGamma = std::numeric_limits<double>::max();
  q.minScaledJacobian = std::numeric_limits<double>::max();
  for (const auto& block : mesh.blocks) {
    q.elementCounts[block.type] += block.count();
    const int nen = nodesPerElement(block.type);
    Eigen::Matrix3Xd x(3, nen);
    for (int e = 0; e < block.count(); ++e) {
      const int* n = block.element(e);
      for (int a = 0; a < nen; ++a)
        x.col(a) = mesh.nodes.col(n[a]);
      double gamma = 0.0, scaled = 1.0;
      switch (block.type) {
        case ElementType::Tet4:
        case ElementType::Tet10: {
          gamma = tetGamma(x.col(0), x.col(1), x.col(2), x.col(3));
          const double det6 = (x.col(1) - x.col(0)).cross(x.col(2) - x.col(0)).dot(x.col(3) - x.col(0));
          scaled = block.type == ElementType::Tet10 ? tet10ScaledJacobian(x) : (det6 > 0.0 ? 1.0 : -1.0);
          break;
        }
        case ElementType::Tri3:
        case ElementType::Tri6: {
          gamma = triGamma(x.col(0), x.col(1), x.col(2));
          scaled = (x.col(1) - x.col(0)).cross(x.col(2) - x.col(0)).z() > 0.0 ? 1.0 : -1.0;
          break;
        }
        case ElementType::Quad4:
        case ElementType::Quad8:
        case ElementType::Quad9:
          gamma = quadGamma({x.col(0), x.col(1), x.col(2), x.col(3)});
          scaled = gamma > 0.0 ? 1.0 : -1.0;
          break;
      }
      q.minGamma = std::min(q.minGamma, gamma);
      q.minScaledJacobian = std::min(q.minScaledJacobian, scaled);
      if (gamma < 0.1)
        ++q.poorElementCount;
      sum += gamma;
      ++count;
    }
  }
  if (count == 0) {
    q.minGamma = q.minScaledJacobian = 0.0;
    return q;
  }
  q.meanGamma = sum / count;
  return q;
}

}  // namespace mbs::mesh
