#include "mbs/mesh/PlaneElement.hpp"

#include <array>
#include <cmath>
#include <stdexcept>

#include <Eigen/LU>

namespace mbs::mesh {

namespace {

constexpr std::array<PlaneQuadraturePoint, 1> kTri1{{{1.0 / 3.0, 1.0 / 3.0, 0.5}}};
constexpr std::array<PlaneQuadraturePoint, 3> kTri2{{
    {1.0 / 6.0, 1.0 / 6.0, 1.0 / 6.0},
    {2.0 / 3.0, 1.0 / 6.0, 1.0 / 6.0},
    {1.0 / 6.0, 2.0 / 3.0, 1.0 / 6.0},
}};
// Strang-Fix / Dunavant 6-point rule of degree 4.
constexpr double kTa = 0.445948490915965, kTwa = 0.5 * 0.223381589678011;
constexpr double kTb = 0.091576213509771, kTwb = 0.5 * 0.109951743655322;
constexpr std::array<PlaneQuadraturePoint, 6> kTri4{{
    {kTa, kTa, kTwa},
    {1.0 - 2.0 * kTa, kTa, kTwa},
    {kTa, 1.0 - 2.0 * kTa, kTwa},
    {kTb, kTb, kTwb},
    {1.0 - 2.0 * kTb, kTb, kTwb},
    {kTb, 1.0 - 2.0 * kTb, kTwb},
}};

constexpr double kG2 = 0.577350269189625764;  // 1/sqrt(3)
constexpr double kG3 = 0.774596669241483377;  // sqrt(3/5)
constexpr std::array<PlaneQuadraturePoint, 1> kQuad1{{{0.0, 0.0, 4.0}}};
constexpr std::array<PlaneQuadraturePoint, 4> kQuad2{
    {{-kG2, -kG2, 1.0}, {kG2, -kG2, 1.0}, {kG2, kG2, 1.0}, {-kG2, kG2, 1.0}}};
constexpr double kW0 = 8.0 / 9.0, kW1 = 5.0 / 9.0;
constexpr std::array<PlaneQuadraturePoint, 9> kQuad3{{
    {-kG3, -kG3, kW1* kW1},
    {0.0, -kG3, kW0* kW1},
    {kG3, -kG3, kW1* kW1},
    {-kG3, 0.0, kW1* kW0},
    {0.0, 0.0, kW0* kW0},
    {kG3, 0.0, kW1* kW0},
    {-kG3, kG3, kW1* kW1},
    {0.0, kG3, kW0* kW1},
    {kG3, kG3, kW1* kW1},
}};

// Reference coordinates of the Gmsh quadrangle nodes (corners, edge midpoints, centre).
constexpr std::array<std::array<double, 2>, 9> kQuadNodes{
    {{-1, -1}, {1, -1}, {1, 1}, {-1, 1}, {0, -1}, {1, 0}, {0, 1}, {-1, 0}, {0, 0}}};

// 1-D quadratic Lagrange polynomial through -1, 0, 1 at node position p, and its derivative.
double lagrange(double p, double s)
{
  return p < -0.5 ? 0.5 * s * (s - 1.0) : (p > 0.5 ? 0.5 * s * (s + 1.0) : 1.0 - s * s);
}
double lagrangeDerivative(double p, double s)
{
  return p < -0.5 ? s - 0.5 : (p > 0.5 ? s + 0.5 : -2.0 * s);
}

}  // namespace

std::span<const PlaneQuadraturePoint> triangleQuadrature(int degree)
{
  if (degree <= 1)
    return kTri1;
  if (degree == 2)
    return kTri2;
  return kTri4;
}

std::span<const PlaneQuadraturePoint> quadQuadrature(int pointsPerDirection)
{
  if (pointsPerDirection <= 1)
    return kQuad1;
  if (pointsPerDirection == 2)
    return kQuad2;
  return kQuad3;
}

void planeShapeFunctions(ElementType type, double xi, double eta, Eigen::VectorXd& N, Eigen::MatrixX2d& dN)
{
  const int n = nodesPerElement(type);
  N.resize(n);
  dN.resize(n, 2);
  switch (type) {
    case ElementType::Tri3:
    case ElementType::Tri6: {
      const std::array<double, 3> L{1.0 - xi - eta, xi, eta};
      const std::array<Eigen::RowVector2d, 3> dL{Eigen::RowVector2d(-1, -1), Eigen::RowVector2d(1, 0),
                                                 Eigen::RowVector2d(0, 1)};
      if (type == ElementType::Tri3) {
        for (int i = 0; i < 3; ++i) {
          N[i] = L[i];
          dN.row(i) = dL[i];
        }
        return;
      }
      for (int i = 0; i < 3; ++i) {
        N[i] = L[i] * (2.0 * L[i] - 1.0);
        dN.row(i) = (4.0 * L[i] - 1.0) * dL[i];
        const int j = (i + 1) % 3;  // Tri6 edge nodes 3, 4, 5 on edges 0-1, 1-2, 2-0
        N[3 + i] = 4.0 * L[i] * L[j];
        dN.row(3 + i) = 4.0 * (L[j] * dL[i] + L[i] * dL[j]);
      }
      return;
    }
    case ElementType::Quad4:
      for (int i = 0; i < 4; ++i) {
        const double a = kQuadNodes[i][0], b = kQuadNodes[i][1];
        N[i] = 0.25 * (1 + a * xi) * (1 + b * eta);
        dN(i, 0) = 0.25 * a * (1 + b * eta);
        dN(i, 1) = 0.25 * b * (1 + a * xi);
      }
      return;
    case ElementType::Quad8:
      for (int i = 0; i < 8; ++i) {
        const double a = kQuadNodes[i][0], b = kQuadNodes[i][1];
        if (i < 4) {
          N[i] = 0.25 * (1 + a * xi) * (1 + b * eta) * (a * xi + b * eta - 1);
          dN(i, 0) = 0.25 * a * (1 + b * eta) * (2 * a * xi + b * eta);
          dN(i, 1) = 0.25 * b * (1 + a * xi) * (a * xi + 2 * b * eta);
        } else if (a == 0.0) {
          N[i] = 0.5 * (1 - xi * xi) * (1 + b * eta);
          dN(i, 0) = -xi * (1 + b * eta);
          dN(i, 1) = 0.5 * b * (1 - xi * xi);
        } else {
          N[i] = 0.5 * (1 + a * xi) * (1 - eta * eta);
          dN(i, 0) = 0.5 * a * (1 - eta * eta);
          dN(i, 1) = -eta * (1 + a * xi);
        }
      }
      return;
    case ElementType::Quad9:
      for (int i = 0; i < 9; ++i) {
        const double a = kQuadNodes[i][0], b = kQuadNodes[i][1];
        N[i] = lagrange(a, xi) * lagrange(b, eta);
        dN(i, 0) = lagrangeDerivative(a, xi) * lagrange(b, eta);
        dN(i, 1) = lagrange(a, xi) * lagrangeDerivative(b, eta);
      }
      return;
    case ElementType::Tet4:
    case ElementType::Tet10:
      break;
  }
  throw std::invalid_argument("planeShapeFunctions: not a planar element");
}

bool planeElementMatrices(ElementType type, const Eigen::Matrix2Xd& x, const Material& material,
                          double thickness, PlaneElementMatrices& out)
{
  const int n = nodesPerElement(type);
  if (x.cols() != n || dimension(type) != 2)
    throw std::invalid_argument("planeElementMatrices: node count does not match the element type");
  const bool triangle = type == ElementType::Tri3 || type == ElementType::Tri6;
  const bool linear = type == ElementType::Tri3 || type == ElementType::Quad4;
  const auto stiffnessRule = triangle ? triangleQuadrature(linear ? 1 : 2) : quadQuadrature(linear ? 2 : 3);
  const auto massRule = triangle ? triangleQuadrature(linear ? 2 : 4) : quadQuadrature(linear ? 2 : 3);
  const Eigen::Matrix3d D = material.planeStress();
  out.stiffness.setZero(2 * n, 2 * n);
  out.mass.setZero(2 * n, 2 * n);
  out.area = 0.0;
  Eigen::VectorXd N;
  Eigen::MatrixX2d dN;
  Eigen::MatrixXd B(3, 2 * n);
  for (const auto& q : stiffnessRule) {
    planeShapeFunctions(type, q.xi, q.eta, N, dN);
    const Eigen::Matrix2d J = x * dN;
    const double detJ = J.determinant();
    if (!(detJ > 0.0))
      return false;
    const Eigen::MatrixX2d dNdx = dN * J.inverse();
    B.setZero();
    for (int a = 0; a < n; ++a) {
      B(0, 2 * a) = dNdx(a, 0);
      B(1, 2 * a + 1) = dNdx(a, 1);
      B(2, 2 * a) = dNdx(a, 1);
      B(2, 2 * a + 1) = dNdx(a, 0);
    }
    out.stiffness.noalias() += (q.weight * detJ * thickness) * B.transpose() * D * B;
  }
  Eigen::MatrixXd scalarMass = Eigen::MatrixXd::Zero(n, n);
  for (const auto& q : massRule) {
    planeShapeFunctions(type, q.xi, q.eta, N, dN);
    const double detJ = (x * dN).determinant();
    if (!(detJ > 0.0))
      return false;
    scalarMass.noalias() += (q.weight * detJ * thickness * material.density) * N * N.transpose();
    out.area += q.weight * detJ;
  }
  for (int a = 0; a < n; ++a)
    for (int b = 0; b < n; ++b)
      for (int d = 0; d < 2; ++d)
        out.mass(2 * a + d, 2 * b + d) = scalarMass(a, b);
  out.stiffness = 0.5 * (out.stiffness + out.stiffness.transpose()).eval();
  return true;
}

}  // namespace mbs::mesh
