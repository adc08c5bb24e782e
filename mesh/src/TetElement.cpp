#include "mbs/mesh/TetElement.hpp"

#include <array>
#include <stdexcept>

#include <Eigen/LU>

namespace mbs::mesh {

namespace {

constexpr double kSixth = 1.0 / 6.0;

constexpr std::array<TetQuadraturePoint, 1> kRule1{{{0.25, 0.25, 0.25, kSixth}}};

constexpr double kA2 = 0.1381966011250105;  // (5 - sqrt 5) / 20
constexpr double kB2 = 0.5854101966249685;  // (5 + 3 sqrt 5) / 20
constexpr std::array<TetQuadraturePoint, 4> kRule2{{
    {kA2, kA2, kA2, 0.25 * kSixth},
    {kB2, kA2, kA2, 0.25 * kSixth},
    {kA2, kB2, kA2, 0.25 * kSixth},
    {kA2, kA2, kB2, 0.25 * kSixth},
}};

// 14-point degree-5 rule (Walkington; Jaskowiec & Sukumar list it too).
constexpr double kA5 = 0.0927352503108912264, kB5 = 1.0 - 3.0 * kA5, kW5a = 0.0734930431163619495 * kSixth;
constexpr double kC5 = 0.310885919263300609, kD5 = 1.0 - 3.0 * kC5, kW5b = 0.112687925718015850 * kSixth;
constexpr double kE5 = 0.454496295874350351, kF5 = 0.5 - kE5, kW5c = 0.0425460207770814664 * kSixth;
constexpr std::array<TetQuadraturePoint, 14> kRule5{{
    {kA5, kA5, kA5, kW5a},
    {kB5, kA5, kA5, kW5a},
    {kA5, kB5, kA5, kW5a},
    {kA5, kA5, kB5, kW5a},
    {kC5, kC5, kC5, kW5b},
    {kD5, kC5, kC5, kW5b},
    {kC5, kD5, kC5, kW5b},
    {kC5, kC5, kD5, kW5b},
    {kE5, kE5, kF5, kW5c},
    {kE5, kF5, kE5, kW5c},
    {kF5, kE5, kE5, kW5c},
    {kE5, kF5, kF5, kW5c},
    {kF5, kE5, kF5, kW5c},
    {kF5, kF5, kE5, kW5c},
}};

// Gmsh Tet10 edge nodes 4..9 join these corners.
constexpr std::array<std::array<int, 2>, 6> kTet10Edges{{{0, 1}, {1, 2}, {2, 0}, {3, 0}, {3, 2}, {3, 1}}};

}  // namespace

std::span<const TetQuadraturePoint> tetQuadrature(int degree)
{
  if (degree <= 1)
    return kRule1;
  if (degree == 2)
    return kRule2;
  return kRule5;
}

void tetShapeFunctions(ElementType type, const Eigen::Vector3d& xi, Eigen::VectorXd& N, Eigen::MatrixX3d& dN)
{
  const std::array<double, 4> L{1.0 - xi.x() - xi.y() - xi.z(), xi.x(), xi.y(), xi.z()};
  static const std::array<Eigen::RowVector3d, 4> dL{Eigen::RowVector3d(-1, -1, -1),
                                                    Eigen::RowVector3d(1, 0, 0), Eigen::RowVector3d(0, 1, 0),
                                                    Eigen::RowVector3d(0, 0, 1)};
  if (type == ElementType::Tet4) {
    N.resize(4);
    dN.resize(4, 3);
    for (int i = 0; i < 4; ++i) {
      N[i] = L[i];
      dN.row(i) = dL[i];
    }
    return;
  }
  if (type != ElementType::Tet10)
    throw std::invalid_argument("tetShapeFunctions: not a tetrahedron");
  N.resize(10);
  dN.resize(10, 3);
  for (int i = 0; i < 4; ++i) {
    N[i] = L[i] * (2.0 * L[i] - 1.0);
    dN.row(i) = (4.0 * L[i] - 1.0) * dL[i];
  }
  for (int e = 0; e < 6; ++e) {
    const int i = kTet10Edges[e][0], j = kTet10Edges[e][1];
    N[4 + e] = 4.0 * L[i] * L[j];
    dN.row(4 + e) = 4.0 * (L[j] * dL[i] + L[i] * dL[j]);
  }
}

double tetStrainMatrix(ElementType type, const Eigen::Matrix3Xd& x, const Eigen::Vector3d& xi,
                       Eigen::MatrixXd& B)
{
  Eigen::VectorXd N;
  Eigen::MatrixX3d dN;
  tetShapeFunctions(type, xi, N, dN);
  const int n = static_cast<int>(N.size());
  if (x.cols() != n)
    throw std::invalid_argument("tetStrainMatrix: node count does not match the element type");
  const Eigen::Matrix3d J = x * dN;  // J(i, k) = d x_i / d xi_k
  const double detJ = J.determinant();
  if (!(detJ > 0.0))
    return detJ;
  const Eigen::MatrixX3d dNdx = dN * J.inverse();  // d N / d x
  B.setZero(6, 3 * n);
  for (int a = 0; a < n; ++a) {
    const double bx = dNdx(a, 0), by = dNdx(a, 1), bz = dNdx(a, 2);
    B(0, 3 * a) = bx;
    B(1, 3 * a + 1) = by;
    B(2, 3 * a + 2) = bz;
    B(3, 3 * a + 1) = bz;  // gamma_yz
    B(3, 3 * a + 2) = by;
    B(4, 3 * a) = bz;  // gamma_xz
    B(4, 3 * a + 2) = bx;
    B(5, 3 * a) = by;  // gamma_xy
    B(5, 3 * a + 1) = bx;
  }
  return detJ;
}

Eigen::Vector3d tetNodeCoordinates(ElementType type, int a)
{
  static const std::array<Eigen::Vector3d, 4> corners{Eigen::Vector3d(0, 0, 0), Eigen::Vector3d(1, 0, 0),
                                                      Eigen::Vector3d(0, 1, 0), Eigen::Vector3d(0, 0, 1)};
  if (a < 0 || a >= nodesPerElement(type) || dimension(type) != 3)
    throw std::invalid_argument("tetNodeCoordinates: no such node");
  if (a < 4)
    return corners[a];
  const auto& edge = kTet10Edges[a - 4];
  return 0.5 * (corners[edge[0]] + corners[edge[1]]);
}

bool tetElementMatrices(ElementType type, const Eigen::Matrix3Xd& x, const Material& material,
                        SolidElementMatrices& out)
{
  const int n = nodesPerElement(type);
  if (x.cols() != n || dimension(type) != 3)
    throw std::invalid_argument("tetElementMatrices: node count does not match the element type");
  const int ndof = 3 * n;
  out.stiffness.setZero(ndof, ndof);
  out.mass.setZero(ndof, ndof);
  out.volume = 0.0;
  const Eigen::Matrix<double, 6, 6> D = material.elasticity();
  Eigen::VectorXd N;
  Eigen::MatrixX3d dN;

  const auto stiffnessRule = tetQuadrature(type == ElementType::Tet4 ? 1 : 2);
  Eigen::MatrixXd B(6, ndof);
  for (const auto& q : stiffnessRule) {
    const double detJ = tetStrainMatrix(type, x, {q.xi, q.eta, q.zeta}, B);
    if (!(detJ > 0.0))
      return false;
    out.stiffness.noalias() += (q.weight * detJ) * B.transpose() * D * B;
  }

  const auto massRule = tetQuadrature(type == ElementType::Tet4 ? 2 : 5);
  Eigen::MatrixXd scalarMass = Eigen::MatrixXd::Zero(n, n);
  for (const auto& q : massRule) {
    tetShapeFunctions(type, {q.xi, q.eta, q.zeta}, N, dN);
    const double detJ = (x * dN).determinant();
    if (!(detJ > 0.0))
      return false;
    scalarMass.noalias() += (q.weight * detJ * material.density) * N * N.transpose();
    out.volume += q.weight * detJ;
  }
  for (int a = 0; a < n; ++a)
    for (int b = 0; b < n; ++b)
      for (int d = 0; d < 3; ++d)
        out.mass(3 * a + d, 3 * b + d) = scalarMass(a, b);
  out.stiffness = 0.5 * (out.stiffness + out.stiffness.transpose()).eval();
  return true;
}

}  // namespace mbs::mesh
