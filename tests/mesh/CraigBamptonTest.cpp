// Craig-Bampton reduction of a Tet10 steel bar (1 m x 20 mm x 20 mm) against the full FE model
// and Euler-Bernoulli; rigid-mode separation; inertia invariants; spider kinematics; errors.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include <Eigen/Eigenvalues>
#include <Eigen/Geometry>

#include "mbs/mesh/Assembly.hpp"
#include "mbs/mesh/CraigBampton.hpp"
#include "mbs/mesh/MeshGenerator.hpp"
#include "mbs/mesh/ModalSolver.hpp"

using namespace mbs::mesh;
using mbs::solver::SparseMat;

namespace {

const Material kSteel{"steel", 210e9, 0.3, 7850.0};
constexpr double kL = 1.0, kB = 0.02;

double eulerBernoulliHz(double betaL)
{
  const double EI = kSteel.youngsModulus * std::pow(kB, 4) / 12.0, rhoA = kSteel.density * kB * kB;
  return betaL * betaL / (2.0 * std::numbers::pi) * std::sqrt(EI / (rhoA * std::pow(kL, 4)));
}

// One mesh shared by the tests of this file (meshing is the slow part).
const FeMesh& barMesh()
{
  static const FeMesh mesh = [] {
    MeshOptions options;
    options.elementSize = 0.04;  // 1 element across, ~500 Tet10: f1 within 0.3% of Euler-Bernoulli
    FeMesh m;
    const auto status = MeshGenerator(options).mesh3d(Solid::bar("bar", kL, kB, kB), m);
    EXPECT_TRUE(status.ok()) << status.message;
    return m;
  }();
  return mesh;
}

const std::vector<InterfacePoint> kBothEnds{{"root", {0, 0, 0}, 0.0, "end_x0"},
                                            {"tip", {kL, 0, 0}, 0.0, "end_x1"}};

// Lowest frequencies of the full FE model with the nodes of `clampedGroup` fixed (none: free-free).
Eigen::VectorXd fullModelHz(const std::string& clampedGroup, int count)
{
  SparseMat K, M;
  EXPECT_TRUE(assembleSolid(barMesh(), kSteel, K, M, "bar").ok());
  std::vector<int> fixed;
  if (!clampedGroup.empty())
    fixed = nodeDofs(barMesh().nodeGroups.at(clampedGroup));
  const auto keep = complementDofs(static_cast<int>(K.rows()), fixed);
  ModalOptions options;
  options.count = count;
  ModalResult modes;
  const auto status = solveModes(restrictToDofs(K, keep), restrictToDofs(M, keep), options, modes, "bar");
  EXPECT_TRUE(status.ok()) << status.message;
  return modes.frequenciesHz();
}

const ReducedBody& freeFreeBody()
{
  static const ReducedBody body = [] {
    CraigBamptonOptions options;
    options.fixedInterfaceModes = 12;
    ReducedBody b;
    const auto status = CraigBampton(options).reduce("bar", barMesh(), kSteel, kBothEnds, b);
    EXPECT_TRUE(status.ok()) << status.message;
    return b;
  }();
  return body;
}

}  // namespace

TEST(CraigBampton, FixedInterfaceModesAreTheCantileverModes)
{
  CraigBamptonOptions options;
  options.fixedInterfaceModes = 6;
  ReducedBody body;
  const auto status = CraigBampton(options).reduce("bar", barMesh(), kSteel, {kBothEnds[0]}, body);
  ASSERT_TRUE(status.ok()) << status.message;
  // A spider whose master is clamped clamps its nodes: the same eigenproblem as the full model.
  const Eigen::VectorXd full = fullModelHz("end_x0", 6);
  for (int i = 0; i < 6; ++i)
    EXPECT_NEAR(body.fixedInterfaceFrequenciesHz[i] / full[i], 1.0, 1e-8) << "mode " << i;
  EXPECT_NEAR(full[0] / eulerBernoulliHz(1.87510406871196), 1.0, 0.01);
  EXPECT_NEAR(full[2] / eulerBernoulliHz(4.69409113297418), 1.0, 0.01);
}

TEST(CraigBampton, ClampedRootOfReducedModelMatchesFullCantilever)
{
  // Clamp the root interface in CB coordinates: the reduced model (12 normal modes + tip
  // constraint modes) must reproduce the full cantilever's lower frequencies from above.
  const ReducedBody& body = freeFreeBody();
  const int nm = body.fixedInterfaceModeCount;
  std::vector<int> keep;
  for (int i = 0; i < body.cbMass.rows(); ++i)
    if (i < nm || i >= nm + 6)
      keep.push_back(i);
  const Eigen::MatrixXd K = body.cbStiffness(keep, keep), M = body.cbMass(keep, keep);
  Eigen::GeneralizedSelfAdjointEigenSolver<Eigen::MatrixXd> eig(K, M);
  ASSERT_EQ(eig.info(), Eigen::Success);
  const Eigen::VectorXd full = fullModelHz("end_x0", 6);
  for (int i = 0; i < 6; ++i) {
    const double f = std::sqrt(eig.eigenvalues()[i]) / (2 * std::numbers::pi);
    EXPECT_GE(f, full[i] * (1.0 - 1e-9)) << "mode " << i;  // Rayleigh-Ritz upper bound
    EXPECT_LT(f / full[i] - 1.0, 2e-3) << "mode " << i;
  }
}

TEST(CraigBampton, FreeFreeModelSeparatesSixRigidModes)
{
  const ReducedBody& body = freeFreeBody();
  ASSERT_EQ(body.modeCount(), 12 + 12);
  EXPECT_EQ(body.rigidModeCount, 6);
  for (int i = 0; i < 6; ++i)
    EXPECT_EQ(body.frequenciesHz[i], 0.0);
  // Elastic modes against the full free-free FE model and Euler-Bernoulli (first pair of
  // bending modes of the square section, then the second pair).
  const Eigen::VectorXd full = fullModelHz("", 10);
  for (int i = 6; i < 10; ++i) {
    EXPECT_GE(body.frequenciesHz[i], full[i] * (1.0 - 1e-9)) << "mode " << i;
    EXPECT_LT(body.frequenciesHz[i] / full[i] - 1.0, 2e-3) << "mode " << i;
  }
  EXPECT_NEAR(body.frequenciesHz[6] / eulerBernoulliHz(4.73004074486270), 1.0, 0.01);
  EXPECT_NEAR(body.frequenciesHz[8] / eulerBernoulliHz(7.85320462409584), 1.0, 0.01);

  // The plain eigenproblem of the CB matrices has six near-zero eigenvalues and the same
  // elastic spectrum: the orthonormalization only makes the rigid modes exact.
  Eigen::GeneralizedSelfAdjointEigenSolver<Eigen::MatrixXd> eig(body.cbStiffness, body.cbMass);
  const Eigen::VectorXd f = eig.eigenvalues().unaryExpr(
      [](double l) { return std::sqrt(std::max(l, 0.0)) / (2 * std::numbers::pi); });
  for (int i = 0; i < 6; ++i)
    EXPECT_LT(f[i], 1e-3 * body.frequenciesHz[6]) << "rigid mode " << i;
  for (int i = 6; i < body.modeCount(); ++i)
    EXPECT_NEAR(f[i] / body.frequenciesHz[i], 1.0, 1e-7) << "mode " << i;

  // Orthonormal modes: unit modal mass, diagonal modal stiffness.
  const int m = body.modeCount();
  EXPECT_LT((body.modalMass - Eigen::MatrixXd::Identity(m, m)).cwiseAbs().maxCoeff(), 1e-9);
  const Eigen::MatrixXd offDiagonal = body.modalStiffness - Eigen::MatrixXd(body.eigenvalues.asDiagonal());
  EXPECT_LT(offDiagonal.cwiseAbs().maxCoeff(), 1e-8 * body.eigenvalues.maxCoeff());
  // Same through the physical mode shapes and the full mass matrix.
  SparseMat K, M;
  ASSERT_TRUE(assembleSolid(barMesh(), kSteel, K, M, "bar").ok());
  const Eigen::MatrixXd physicalMass = body.modeShapes.transpose() * (M * body.modeShapes);
  EXPECT_LT((physicalMass - Eigen::MatrixXd::Identity(m, m)).cwiseAbs().maxCoeff(), 1e-9);
}

TEST(CraigBampton, InertiaInvariantsOfTheBar)
{
  const ReducedBody& body = freeFreeBody();
  const InertiaInvariants& inv = body.invariants;
  const double mass = kSteel.density * kL * kB * kB;
  EXPECT_NEAR(inv.mass / mass, 1.0, 1e-12);
  EXPECT_LT((inv.centreOfMass() - Eigen::Vector3d(0.5 * kL, 0, 0)).norm(), 1e-12);
  Eigen::Matrix3d exact = Eigen::Matrix3d::Zero();
  exact.diagonal() << mass * (2 * kB * kB) / 12, mass * (kL * kL + kB * kB) / 12,
      mass * (kL * kL + kB * kB) / 12;
  EXPECT_LT((inv.centralInertia() - exact).norm(), 1e-10 * exact.norm());
  // About the body origin (end of the bar): parallel-axis theorem.
  EXPECT_NEAR(inv.inertia()(1, 1), exact(1, 1) + mass * 0.25 * kL * kL, 1e-10 * exact(1, 1));
  // Elastic modes satisfy the mean-axis conditions: no linear or angular momentum.
  const std::vector<int> elastic = body.elasticModes();
  const InertiaInvariants e = inv.select(elastic);
  EXPECT_LT(e.modalFirstMoment.cwiseAbs().maxCoeff(), 1e-9 * std::sqrt(mass));
  EXPECT_LT(e.modalAngularMoment().cwiseAbs().maxCoeff(), 1e-9 * std::sqrt(mass) * kL);
  // sum_k S-bar_kk is the modal mass; S-bar_kl = S-bar_lk^T.
  EXPECT_LT((e.modalMass() - Eigen::MatrixXd::Identity(e.modeCount(), e.modeCount())).cwiseAbs().maxCoeff(),
            1e-9);
  EXPECT_LT((e.Sbar[1] - e.Sbar[3].transpose()).cwiseAbs().maxCoeff(), 1e-12);
  // Rigid translations: S-bar S-bar^T over the rigid modes is m I (the modes span the translations).
  const Eigen::MatrixXd S6 = inv.modalFirstMoment.leftCols(6);
  EXPECT_LT((S6 * S6.transpose() - mass * Eigen::Matrix3d::Identity()).norm(), 1e-9 * mass);
}

TEST(CraigBampton, SpiderNodesMoveRigidlyWithTheInterfaceNode)
{
  const ReducedBody& body = freeFreeBody();
  for (const InterfaceNode& node : body.interfaces) {
    ASSERT_EQ(node.shapes.rows(), 6);
    ASSERT_EQ(node.shapes.cols(), body.modeCount());
    for (int s : node.spiderNodes)
      for (int j = 0; j < body.modeCount(); ++j) {
        const Eigen::Vector3d u = node.shapes.col(j).head<3>();
        const Eigen::Vector3d theta = node.shapes.col(j).tail<3>();
        const Eigen::Vector3d expected = u + theta.cross(barMesh().nodes.col(s) - node.position);
        ASSERT_LT((body.modeShapes.block(3 * s, j, 3, 1) - expected).norm(), 1e-9 * (1.0 + expected.norm()));
      }
  }
}

TEST(CraigBampton, ModeSelectionAndDamping)
{
  const ReducedBody& body = freeFreeBody();
  EXPECT_EQ(body.dampingRatios[0], 0.0);
  EXPECT_EQ(body.dampingRatios[6], 0.01);
  const Eigen::MatrixXd C = body.modalDamping();
  EXPECT_NEAR(C(6, 6), 2 * 0.01 * 2 * std::numbers::pi * body.frequenciesHz[6], 1e-9 * C(6, 6));
  const ReducedBody elastic = body.selectModes({6, 7, 8, 9});
  EXPECT_EQ(elastic.rigidModeCount, 0);
  EXPECT_EQ(elastic.modeCount(), 4);
  EXPECT_EQ(elastic.frequenciesHz[0], body.frequenciesHz[6]);
  EXPECT_EQ(elastic.interfaces[1].shapes.col(3), body.interfaces[1].shapes.col(9));
  EXPECT_EQ(elastic.invariants.Sbar[4](2, 3), body.invariants.Sbar[4](8, 9));
  Eigen::VectorXd q = Eigen::VectorXd::Zero(4);
  q[0] = 1e-3;
  EXPECT_LT((elastic.recoverDisplacements(q) - 1e-3 * body.modeShapes.col(6)).norm(), 1e-15);
  EXPECT_THROW(body.selectModes({7, 6}), std::invalid_argument);
}

TEST(CraigBampton, LinkWithSpidersInItsHoles)
{
  MeshOptions meshOptions;
  meshOptions.elementSize = 0.015;
  FeMesh mesh;
  ASSERT_TRUE(MeshGenerator(meshOptions).mesh3d(Solid::link("conrod", 0.3, 0.04, 0.01, 0.016), mesh).ok());
  // Hinge points at the hole centres; the spider picks the hole surface nodes by radius: the hole
  // (radius 8 mm) runs from z = -5 mm to 5 mm, so its nodes lie within sqrt(8^2 + 5^2) = 9.43 mm.
  const std::vector<InterfacePoint> hinges{{"crank_pin", {0, 0, 0}, 0.0095, ""},
                                           {"piston_pin", {0.3, 0, 0}, 0.0095, ""}};
  CraigBamptonOptions options;
  options.fixedInterfaceModes = 8;
  ReducedBody body;
  const auto status = CraigBampton(options).reduce("conrod", mesh, Material::aluminium(), hinges, body);
  ASSERT_TRUE(status.ok()) << status.message;
  EXPECT_EQ(body.interfaces[0].spiderNodes, mesh.nodeGroups.at("hole_1"));
  EXPECT_EQ(body.interfaces[1].spiderNodes, mesh.nodeGroups.at("hole_2"));
  EXPECT_EQ(body.modeCount(), 8 + 12);
  // First elastic mode: in-plane thin-direction bending (thickness 10 mm) of a ~0.34 m link.
  EXPECT_GT(body.frequenciesHz[6], 100.0);
  EXPECT_LT(body.frequenciesHz[6], 2000.0);
}

TEST(CraigBampton, ErrorsNameTheBodyAndInterface)
{
  const CraigBampton cb;
  ReducedBody body;
  auto expectError = [&](const std::vector<InterfacePoint>& interfaces, const std::string& fragment,
                         const Material& material = kSteel) {
    const auto status = cb.reduce("bar", barMesh(), material, interfaces, body);
    EXPECT_FALSE(status.ok());
    EXPECT_NE(status.message.find("'bar'"), std::string::npos) << status.message;
    EXPECT_NE(status.message.find(fragment), std::string::npos) << status.message;
  };
  expectError({}, "at least one interface");
  expectError({{"pin", {0.5, 0.5, 0.5}, 0.01, ""}}, "'pin'");
  expectError({{"pin", {0.5, 0.5, 0.5}, 0.01, ""}}, "increase its radius");
  expectError({{"a", {0, 0, 0}, 0.05, ""}, {"b", {0.01, 0, 0}, 0.05, ""}}, "shares nodes");
  expectError({{"a", {0, 0, 0}, 0.0, "no_such_group"}}, "no_such_group");
  expectError({kBothEnds[0]}, "Poisson", Material{"rubbery", 1e6, 0.5, 1000.0});
  CraigBamptonOptions many;
  many.fixedInterfaceModes = 1000000;
  const auto status = CraigBampton(many).reduce("bar", barMesh(), kSteel, {kBothEnds[0]}, body);
  EXPECT_FALSE(status.ok());
  EXPECT_NE(status.message.find("fixed-interface modes"), std::string::npos) << status.message;
}
