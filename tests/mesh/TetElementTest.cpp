// Tet4/Tet10 element checks: quadrature exactness, shape functions, mass, rigid-body modes.
#include <gtest/gtest.h>

#include <cmath>

#include <Eigen/Eigenvalues>
#include <Eigen/Geometry>

#include "mbs/mesh/TetElement.hpp"

using namespace mbs::mesh;

namespace {

double factorial(int n)
{
  return n <= 1 ? 1.0 : n * factorial(n - 1);
}

// A distorted straight-sided tetrahedron and its Tet10 with edge nodes at the midpoints.
Eigen::Matrix3Xd distortedTet10()
{
  Eigen::Matrix3Xd x(3, 10);
  x.col(0) << 0.1, -0.05, 0.02;
  x.col(1) << 1.3, 0.1, -0.1;
  x.col(2) << 0.2, 0.9, 0.15;
  x.col(3) << 0.3, 0.25, 1.1;
  const int edges[6][2] = {{0, 1}, {1, 2}, {2, 0}, {3, 0}, {3, 2}, {3, 1}};
  for (int e = 0; e < 6; ++e)
    x.col(4 + e) = 0.5 * (x.col(edges[e][0]) + x.col(edges[e][1]));
  return x;
}

// 3n x 6 matrix of the rigid-body displacements (3 translations, 3 small rotations).
Eigen::MatrixXd rigidModes(const Eigen::Matrix3Xd& x)
{
  const int n = static_cast<int>(x.cols());
  Eigen::MatrixXd R = Eigen::MatrixXd::Zero(3 * n, 6);
  for (int a = 0; a < n; ++a) {
    R.block<3, 3>(3 * a, 0).setIdentity();
    const Eigen::Vector3d p = x.col(a);
    for (int k = 0; k < 3; ++k)
      R.block<3, 1>(3 * a, 3 + k) = Eigen::Vector3d::Unit(k).cross(p);
  }
  return R;
}

}  // namespace

TEST(TetQuadrature, IntegratesMonomialsExactly)
{
  for (int degree : {1, 2, 5}) {
    const auto rule = tetQuadrature(degree);
    for (int a = 0; a <= degree; ++a)
      for (int b = 0; a + b <= degree; ++b)
        for (int c = 0; a + b + c <= degree; ++c) {
          double sum = 0.0;
          for (const auto& q : rule)
            sum += q.weight * std::pow(q.xi, a) * std::pow(q.eta, b) * std::pow(q.zeta, c);
          const double exact = factorial(a) * factorial(b) * factorial(c) / factorial(a + b + c + 3);
          EXPECT_NEAR(sum, exact, 1e-15) << "degree " << degree << " monomial " << a << b << c;
        }
  }
}

TEST(TetShapeFunctions, PartitionOfUnityAndNodalInterpolation)
{
  Eigen::Matrix3Xd ref(3, 10);
  ref << 0, 1, 0, 0, 0.5, 0.5, 0, 0, 0, 0.5,  //
      0, 0, 1, 0, 0, 0.5, 0.5, 0, 0.5, 0,     //
      0, 0, 0, 1, 0, 0, 0, 0.5, 0.5, 0.5;
  Eigen::VectorXd N;
  Eigen::MatrixX3d dN;
  for (int i = 0; i < 10; ++i) {
    tetShapeFunctions(ElementType::Tet10, ref.col(i), N, dN);
    for (int j = 0; j < 10; ++j)
      EXPECT_NEAR(N[j], i == j ? 1.0 : 0.0, 1e-14);
    EXPECT_NEAR(dN.colwise().sum().norm(), 0.0, 1e-13);
  }
  // Derivatives against central differences at an interior point.
  const Eigen::Vector3d p(0.21, 0.33, 0.17);
  tetShapeFunctions(ElementType::Tet10, p, N, dN);
  const double h = 1e-6;
  for (int k = 0; k < 3; ++k) {
    Eigen::VectorXd Np, Nm;
    Eigen::MatrixX3d d;
    tetShapeFunctions(ElementType::Tet10, p + h * Eigen::Vector3d::Unit(k), Np, d);
    tetShapeFunctions(ElementType::Tet10, p - h * Eigen::Vector3d::Unit(k), Nm, d);
    EXPECT_LT(((Np - Nm) / (2 * h) - dN.col(k)).norm(), 1e-8);
  }
}

TEST(TetElement, MassEqualsDensityTimesVolume)
{
  const Material steel = Material::steel();
  const Eigen::Matrix3Xd x10 = distortedTet10();
  const Eigen::Matrix3Xd x4 = x10.leftCols(4);
  const double volume = (x4.col(1) - x4.col(0)).cross(x4.col(2) - x4.col(0)).dot(x4.col(3) - x4.col(0)) / 6.0;
  for (auto [type, x] : {std::pair{ElementType::Tet4, x4}, std::pair{ElementType::Tet10, x10}}) {
    SolidElementMatrices em;
    ASSERT_TRUE(tetElementMatrices(type, x, steel, em));
    EXPECT_NEAR(em.volume, volume, 1e-14);
    const Eigen::MatrixXd R = rigidModes(x);
    for (int k = 0; k < 3; ++k)
      EXPECT_NEAR(R.col(k).dot(em.mass * R.col(k)), steel.density * volume, 1e-9 * steel.density);
    // Mass is symmetric positive definite.
    Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> eig(em.mass);
    EXPECT_GT(eig.eigenvalues().minCoeff(), 0.0) << toString(type);
  }
}

TEST(TetElement, RigidBodyModesHaveZeroStrainEnergy)
{
  const Material steel = Material::steel();
  const Eigen::Matrix3Xd x10 = distortedTet10();
  for (auto [type, x] : {std::pair{ElementType::Tet4, Eigen::Matrix3Xd(x10.leftCols(4))},
                         std::pair{ElementType::Tet10, x10}}) {
    SolidElementMatrices em;
    ASSERT_TRUE(tetElementMatrices(type, x, steel, em));
    const Eigen::MatrixXd R = rigidModes(x);
    const double scale = em.stiffness.norm();
    EXPECT_LT((em.stiffness * R).norm() / scale, 1e-13) << toString(type);
    // Exactly six zero eigenvalues: the element has no spurious zero-energy modes.
    Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> eig(em.stiffness);
    const Eigen::VectorXd ev = eig.eigenvalues() / eig.eigenvalues().maxCoeff();
    EXPECT_LT(std::abs(ev[5]), 1e-12) << toString(type);
    EXPECT_GT(ev[6], 1e-6) << toString(type);
  }
}

TEST(TetElement, UniformStrainEnergyMatchesContinuum)
{
  // Linear displacement u = A x gives the constant strain eps = sym(A); energy = V/2 eps:D:eps.
  const Material mat{"test", 1.0e3, 0.27, 1.0};
  Eigen::Matrix3d A;
  A << 1e-3, 2e-3, -1e-3, 0.5e-3, -2e-3, 1.5e-3, 0.7e-3, 0.1e-3, 3e-3;
  const Eigen::Matrix3d eps = 0.5 * (A + A.transpose());
  Eigen::Matrix<double, 6, 1> voigt;
  voigt << eps(0, 0), eps(1, 1), eps(2, 2), 2 * eps(1, 2), 2 * eps(0, 2), 2 * eps(0, 1);
  const Eigen::Matrix3Xd x10 = distortedTet10();
  for (auto [type, x] : {std::pair{ElementType::Tet4, Eigen::Matrix3Xd(x10.leftCols(4))},
                         std::pair{ElementType::Tet10, x10}}) {
    SolidElementMatrices em;
    ASSERT_TRUE(tetElementMatrices(type, x, mat, em));
    Eigen::VectorXd u(3 * x.cols());
    for (int a = 0; a < x.cols(); ++a)
      u.segment<3>(3 * a) = A * x.col(a);
    const double energy = 0.5 * u.dot(em.stiffness * u);
    const double exact = 0.5 * em.volume * voigt.dot(mat.elasticity() * voigt);
    EXPECT_NEAR(energy, exact, 1e-12 * exact) << toString(type);
  }
}

TEST(TetElement, InvertedElementIsRejected)
{
  Eigen::Matrix3Xd x = distortedTet10().leftCols(4);
  x.col(1).swap(x.col(2));
  SolidElementMatrices em;
  EXPECT_FALSE(tetElementMatrices(ElementType::Tet4, x, Material::steel(), em));
}
