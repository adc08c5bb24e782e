// Assembled solid models: mass, rigid-body modes, patch test, Tet10 beam frequencies vs Euler-Bernoulli.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include <Eigen/CholmodSupport>
#include <Eigen/Geometry>

#include "mbs/mesh/Assembly.hpp"
#include "mbs/mesh/MeshGenerator.hpp"
#include "mbs/mesh/ModalSolver.hpp"

using namespace mbs::mesh;
using mbs::solver::SparseMat;

namespace {

const Material kSteel{"steel", 210e9, 0.3, 7850.0};

FeMesh meshSolid(const Solid& solid, double size, int order)
{
  MeshOptions options;
  options.elementSize = size;
  options.order = order;
  FeMesh mesh;
  const auto status = MeshGenerator(options).mesh3d(solid, mesh);
  EXPECT_TRUE(status.ok()) << status.message;
  return mesh;
}

// First cantilever bending frequency of the 1 m x 20 mm x 20 mm steel bar (Euler-Bernoulli).
double cantileverHz(double betaL)
{
  const double b = 0.02, EI = kSteel.youngsModulus * std::pow(b, 4) / 12.0, rhoA = kSteel.density * b * b;
  return betaL * betaL / (2.0 * std::numbers::pi) * std::sqrt(EI / rhoA);
}

}  // namespace

TEST(Assembly, MassAndRigidModesOfAssembledModel)
{
  for (int order : {1, 2}) {
    const Solid solid = Solid::link("link", 0.2, 0.04, 0.01, 0.016);
    const FeMesh mesh = meshSolid(solid, 0.01, order);
    SparseMat K, M;
    ASSERT_TRUE(assembleSolid(mesh, kSteel, K, M, "link").ok());
    const int n = mesh.nodeCount();
    EXPECT_LT((SparseMat(K.transpose()) - K).norm(), 1e-12 * K.norm());
    Eigen::MatrixXd R = Eigen::MatrixXd::Zero(3 * n, 6);
    for (int i = 0; i < n; ++i) {
      R.block<3, 3>(3 * i, 0).setIdentity();
      for (int k = 0; k < 3; ++k)
        R.block<3, 1>(3 * i, 3 + k) = Eigen::Vector3d::Unit(k).cross(mesh.nodes.col(i));
    }
    // Total mass: every translation sees rho V of the meshed volume.
    double volume = 0.0;
    for (const auto& t : mesh.surfaceTriangles)  // divergence theorem on the closed surface
      volume += mesh.nodes.col(t[0]).dot(mesh.nodes.col(t[1]).cross(mesh.nodes.col(t[2]))) / 6.0;
    const Eigen::MatrixXd mr = R.transpose() * (M * R);
    for (int k = 0; k < 3; ++k)
      EXPECT_NEAR(mr(k, k), kSteel.density * (order == 1 ? volume : solid.nominalVolume()),
                  (order == 1 ? 1e-10 : 2e-3) * mr(k, k));
    // Rigid-body motions store no strain energy.
    const Eigen::MatrixXd KR = K * R;
    EXPECT_LT(KR.norm(), 1e-11 * K.norm() * R.norm()) << "order " << order;
  }
}

TEST(Assembly, PatchTestReproducesLinearField)
{
  // Boundary nodes follow u = A x + b; the interior solution must be the same linear field
  // (straight-sided distorted tetrahedra of an unstructured mesh).
  Eigen::Matrix3d A;
  A << 1e-3, -2e-4, 5e-4, 3e-4, -1e-3, 2e-4, -4e-4, 1e-4, 2e-3;
  const Eigen::Vector3d b(1e-4, -2e-4, 3e-4);
  for (int order : {1, 2}) {
    const FeMesh mesh = meshSolid(Solid::box("patch", 0.1, 0.06, 0.05), 0.015, order);
    SparseMat K, M;
    ASSERT_TRUE(assembleSolid(mesh, kSteel, K, M, "patch").ok());
    const int n = 3 * mesh.nodeCount();
    const std::vector<int> boundary = nodeDofs(mesh.surfaceNodes());
    const std::vector<int> interior = complementDofs(n, boundary);
    ASSERT_FALSE(interior.empty());
    Eigen::VectorXd exact(n);
    for (int i = 0; i < mesh.nodeCount(); ++i)
      exact.segment<3>(3 * i) = A * mesh.nodes.col(i) + b;
    Eigen::VectorXd ub = Eigen::VectorXd::Zero(n);
    for (int d : boundary)
      ub[d] = exact[d];
    const Eigen::VectorXd rhs = -(K * ub);
    Eigen::VectorXd ri(interior.size());
    for (std::size_t k = 0; k < interior.size(); ++k)
      ri[k] = rhs[interior[k]];
    Eigen::CholmodDecomposition<SparseMat, Eigen::Lower> llt(restrictToDofs(K, interior));
    ASSERT_EQ(llt.info(), Eigen::Success);
    const Eigen::VectorXd ui = llt.solve(ri);
    double maxError = 0.0;
    for (std::size_t k = 0; k < interior.size(); ++k)
      maxError = std::max(maxError, std::abs(ui[k] - exact[interior[k]]));
    EXPECT_LT(maxError, 1e-12) << "order " << order;
  }
}

TEST(Assembly, Tet10CantileverConvergesToEulerBernoulli)
{
  // Steel bar 1 m x 20 mm x 20 mm clamped at x = 0: first two bending frequencies (each double).
  const double f1 = cantileverHz(1.87510406871196), f2 = cantileverHz(4.69409113297418);
  double previousError = 1.0;
  for (double size : {0.04, 0.02, 0.01}) {
    const FeMesh mesh = meshSolid(Solid::bar("beam", 1.0, 0.02, 0.02), size, 2);
    SparseMat K, M;
    ASSERT_TRUE(assembleSolid(mesh, kSteel, K, M, "beam").ok());
    const auto keep = complementDofs(static_cast<int>(K.rows()), nodeDofs(mesh.nodeGroups.at("end_x0")));
    ModalOptions options;
    options.count = 4;
    ModalResult modes;
    ASSERT_TRUE(solveModes(restrictToDofs(K, keep), restrictToDofs(M, keep), options, modes, "beam").ok());
    const Eigen::VectorXd f = modes.frequenciesHz();
    const double error = std::abs(f[0] / f1 - 1.0);
    EXPECT_LT(error, 0.01) << "size " << size;
    EXPECT_LT(error, previousError) << "size " << size;  // converges under refinement
    EXPECT_NEAR(f[2] / f2, 1.0, 0.01) << "size " << size;
    previousError = error;
  }
  EXPECT_LT(previousError, 2e-3);
}
