// Stress recovery of flexible bodies: nodal stresses sigma = D B u (averaged at nodes) pass the
// patch test and vanish for rigid motions; the modal stress shapes of a Craig-Bampton reduced Tet10
// cantilever, superposed with the modal coordinates of an FFR static analysis under a tip load, give
// the beam-theory bending stress sigma_xx = F (L - x) c / I at mid-span.
#include <gtest/gtest.h>

#include <cmath>

#include "System.hpp"
#include "analysis/StaticAnalysis.hpp"
#include "mbs/mesh/CraigBampton.hpp"
#include "mbs/mesh/FlexibleBodyConversion.hpp"
#include "mbs/mesh/MeshGenerator.hpp"
#include "mbs/mesh/StressRecovery.hpp"

using namespace mbs;

namespace {

const mesh::Material kSteel{"steel", 210e9, 0.3, 7850.0};

mesh::FeMesh boxMesh(int order)
{
  mesh::MeshOptions options;
  options.elementSize = 0.02;
  options.order = order;
  mesh::FeMesh fe;
  EXPECT_TRUE(mesh::MeshGenerator(options).mesh3d(mesh::Solid::box("box", 0.05, 0.04, 0.03), fe).ok());
  return fe;
}

// Displacement field u(x) = a + G x at every node (3N).
solver::Vec linearField(const mesh::FeMesh& fe, const Eigen::Vector3d& a, const Eigen::Matrix3d& G)
{
  solver::Vec u(3 * fe.nodeCount());
  for (int n = 0; n < fe.nodeCount(); ++n)
    u.segment<3>(3 * n) = a + G * fe.nodes.col(n);
  return u;
}

std::vector<int> allNodes(const mesh::FeMesh& fe)
{
  return mesh::stressNodeList(fe, mesh::StressNodes::All);
}

}  // namespace

TEST(StressRecovery, ConstantStrainPatchTestTet4AndTet10)
{
  // A linear displacement field has constant strain; both elements reproduce it exactly, so every
  // node (whatever elements meet there) carries sigma = D eps.
  Eigen::Matrix3d G;
  G << 1.0, 0.4, -0.3, 0.2, -0.5, 0.7, 0.6, 0.1, 0.8;
  G *= 1e-4;
  const Eigen::Vector3d a(1e-3, -2e-3, 5e-4);
  Eigen::Matrix<double, 6, 1> strain;
  strain << G(0, 0), G(1, 1), G(2, 2), G(1, 2) + G(2, 1), G(0, 2) + G(2, 0), G(0, 1) + G(1, 0);
  const Eigen::Matrix<double, 6, 1> exact = kSteel.elasticity() * strain;
  for (int order : {1, 2}) {
    const mesh::FeMesh fe = boxMesh(order);
    ASSERT_GT(fe.nodeCount(), 20);
    solver::Mat stresses;
    const auto s = mesh::nodalStresses(fe, kSteel, linearField(fe, a, G), allNodes(fe), stresses, "box");
    ASSERT_TRUE(s.ok()) << s.message;
    ASSERT_EQ(stresses.rows(), 6 * fe.nodeCount());
    double worst = 0.0;
    for (int n = 0; n < fe.nodeCount(); ++n)
      worst = std::max(worst, (stresses.col(0).segment<6>(6 * n) - exact).norm());
    EXPECT_LT(worst, 1e-8 * exact.norm()) << "order " << order;
  }
}

TEST(StressRecovery, RigidMotionHasNoStress)
{
  // u = a + theta x x (infinitesimal rigid motion): B u = 0 in every element.
  const Eigen::Vector3d a(2e-3, -1e-3, 4e-3), theta(3e-3, -2e-3, 1e-3);
  Eigen::Matrix3d skew;
  skew << 0, -theta.z(), theta.y(), theta.z(), 0, -theta.x(), -theta.y(), theta.x(), 0;
  const mesh::FeMesh fe = boxMesh(2);
  solver::Mat stresses;
  ASSERT_TRUE(mesh::nodalStresses(fe, kSteel, linearField(fe, a, skew), allNodes(fe), stresses).ok());
  // Against the stress of a strain as large as the rotation: E |theta| ~ 8e8 Pa.
  EXPECT_LT(stresses.cwiseAbs().maxCoeff(), 1e-9 * kSteel.youngsModulus * theta.norm());

  // The six rigid-body modes of a Craig-Bampton reduction carry no stress either (their nodal
  // shapes are rigid up to the round-off of the constraint modes), while the elastic ones do.
  mesh::CraigBamptonOptions cb;
  cb.fixedInterfaceModes = 2;
  mesh::ReducedBody body;
  const auto s =
      mesh::CraigBampton(cb).reduce("box", fe, kSteel, {{"end", {-0.025, 0, 0}, 0.0, "xmin"}}, body);
  ASSERT_TRUE(s.ok()) << s.message;
  ASSERT_EQ(body.stressShapes.cols(), body.modeCount());
  ASSERT_EQ(body.stressShapes.rows(), 6 * static_cast<int>(fe.surfaceNodes().size()));
  const double elastic = body.stressShapes.rightCols(body.modeCount() - 6).cwiseAbs().maxCoeff();
  EXPECT_GT(elastic, 0.0);
  EXPECT_LT(body.stressShapes.leftCols(6).cwiseAbs().maxCoeff(), 1e-8 * elastic);
}

TEST(StressRecovery, CantileverTipLoadBendingStressAtMidSpan)
{
  // Steel bar L = 0.4 m, 20 x 20 mm, Tet10 with h = 10 mm (two elements through the depth). Craig-
  // Bampton with rigid spiders on both end faces, 4 fixed-interface modes; all 10 elastic modes go
  // into the FFR body, whose root interface is clamped to ground and whose tip interface carries a
  // constant downward force F (bushing preload). Interface loads are reproduced exactly by the
  // constraint modes, so the static modal coordinates give the FE stress field through
  // sigma = sum_k eta_k S_k.
  constexpr double L = 0.4, b = 0.02, F = 200.0;
  mesh::MeshOptions options;
  options.elementSize = 0.01;
  mesh::FeMesh fe;
  ASSERT_TRUE(mesh::MeshGenerator(options).mesh3d(mesh::Solid::bar("bar", L, b, b), fe).ok());
  mesh::CraigBamptonOptions cb;
  cb.fixedInterfaceModes = 4;
  mesh::ReducedBody body;
  const auto reduced = mesh::CraigBampton(cb).reduce(
      "bar", fe, kSteel, {{"root", {0, 0, 0}, 0.0, "end_x0"}, {"tip", {L, 0, 0}, 0.0, "end_x1"}}, body);
  ASSERT_TRUE(reduced.ok()) << reduced.message;
  auto data = std::make_shared<solver::FlexibleBodyData>(mesh::toFlexibleBodyData(body, {}, &fe.nodes));
  ASSERT_TRUE(data->hasStress());
  ASSERT_EQ(data->problem(), "");

  solver::Model m;
  solver::Body bar;
  bar.name = "bar";
  bar.mass = data->mass;
  bar.position = body.invariants.centreOfMass();
  bar.flexible = data;
  m.bodies.push_back(bar);
  auto addMarker = [&m](const std::string& name, int bodyIndex, const Eigen::Vector3d& p, int node) {
    solver::Marker marker;
    marker.name = name;
    marker.body = bodyIndex;
    marker.position = p;
    marker.interfaceNode = node;
    m.markers.push_back(marker);
    return static_cast<int>(m.markers.size()) - 1;
  };
  const int root = addMarker("bar_root", 0, data->interfaces[0].position, 0);
  const int groundRoot = addMarker("ground_root", solver::kGround, {0, 0, 0}, -1);
  const int tip = addMarker("bar_tip", 0, data->interfaces[1].position, 1);
  const int groundTip = addMarker("ground_tip", solver::kGround, {L, 0, 0}, -1);
  solver::Joint clamp;
  clamp.name = "clamp";
  clamp.type = solver::JointType::Fixed;
  clamp.iMarker = root;
  clamp.jMarker = groundRoot;
  m.joints.push_back(clamp);
  solver::Force load;
  load.name = "tip_load";
  load.type = solver::ForceType::Bushing;
  load.iMarker = tip;
  load.jMarker = groundTip;
  load.preloadForce = Eigen::Vector3d(0, -F, 0);  // constant: no stiffness
  m.forces.push_back(load);
  const solver::System sys(m);
  solver::State state;
  const auto s = solver::solveStatics(sys, state);
  ASSERT_TRUE(s.ok()) << s.message;
  const solver::Vec eta = state.q.segment(sys.modalOffset(0), data->modeCount());

  // Top-fibre nodes (y = +c) within one element of mid-span, away from the side edges (z = 0 +- b/4):
  // sigma_xx = F (L - x) c / I, tension on top for a downward load.
  const double c = 0.5 * b, I = b * b * b * b / 12.0;
  double sumRatio = 0.0, worst = 0.0, sigmaMid = 0.0;
  int count = 0;
  for (std::size_t k = 0; k < data->stressNodes.size(); ++k) {
    const Eigen::Vector3d x = fe.nodes.col(data->stressNodes[k]);
    if (std::abs(x.y() - c) > 1e-9 || std::abs(x.x() - 0.5 * L) > 0.01 || std::abs(x.z()) > 0.25 * b)
      continue;
    const solver::Vec6 sigma = data->nodalStress(static_cast<int>(k), eta);
    const double exact = F * (L - x.x()) * c / I;
    sumRatio += sigma[0] / exact;
    worst = std::max(worst, std::abs(sigma[0] / exact - 1.0));
    sigmaMid += sigma[0];
    ++count;
  }
  ASSERT_GE(count, 3);
  const double mean = sumRatio / count;
  std::printf(
      "[ cantilever ] %d top-fibre nodes near mid-span: sigma_xx / (F (L - x) c / I) mean %.5f, worst "
      "deviation %.4f; sigma_xx ~ %.4g MPa (beam theory %.4g MPa at x = L/2)\n",
      count, mean, worst, 1e-6 * sigmaMid / count, 1e-6 * F * 0.5 * L * c / I);
  // Mesh convergence (Gmsh 4.8): h = 20 / 10 / 6.7 / 5 mm give a mean ratio of 0.9991 / 1.0011 /
  // 1.00001 / 1.00004 and a worst node of 0.64 / 0.57 / 0.19 / 0.11 %: quadratic tetrahedra (linear
  // strain) reproduce the linear bending stress almost exactly, the rest is the cubic part of the
  // Saint-Venant displacement and the nodal averaging on the unstructured mesh. The tolerances
  // (1 % on the mean, 2 % per node) leave room for another mesh of the same size, not for an error
  // in B, D, the averaging or the modal superposition (which would be O(1)).
  EXPECT_NEAR(mean, 1.0, 0.01);
  EXPECT_LT(worst, 0.02);
  // The von Mises stress there is about |sigma_xx| (the other components are small on the top fibre).
  EXPECT_GT(data->maxVonMisesStress(eta), F * 0.5 * L * c / I);
}
