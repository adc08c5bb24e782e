// mesh → solver: a Craig-Bampton reduced Tet10 bar converted to FlexibleBodyData and clamped at its
// root interface in the FFR dynamics reproduces the CB fixed-interface frequencies and the
// Euler-Bernoulli static deflection under gravity.
#include <gtest/gtest.h>

#include <cmath>

#include "analysis/LinearAnalysis.hpp"
#include "analysis/StaticAnalysis.hpp"
#include "mbs/mesh/CraigBampton.hpp"
#include "mbs/mesh/FlexibleBodyConversion.hpp"
#include "mbs/mesh/MeshGenerator.hpp"

using namespace mbs;

namespace {

const mesh::Material kSteel{"steel", 210e9, 0.3, 7850.0};
constexpr double kL = 1.0, kB = 0.02;

struct Reduced {
  mesh::FeMesh fe;
  mesh::ReducedBody body;
};

const Reduced& rootReducedBar()
{
  static const Reduced r = [] {
    Reduced out;
    mesh::MeshOptions options;
    options.elementSize = 0.04;
    EXPECT_TRUE(mesh::MeshGenerator(options).mesh3d(mesh::Solid::bar("bar", kL, kB, kB), out.fe).ok());
    mesh::CraigBamptonOptions cb;
    cb.fixedInterfaceModes = 8;
    const auto status =
        mesh::CraigBampton(cb).reduce("bar", out.fe, kSteel, {{"root", {0, 0, 0}, 0.0, "end_x0"}}, out.body);
    EXPECT_TRUE(status.ok()) << status.message;
    return out;
  }();
  return r;
}

// The bar clamped at its root interface node to ground.
solver::Model clampedBar(const Eigen::Vector3d& gravity)
{
  const Reduced& r = rootReducedBar();
  auto data = std::make_shared<solver::FlexibleBodyData>(mesh::toFlexibleBodyData(r.body, {}, &r.fe.nodes));
  solver::Model m;
  m.gravity = gravity;
  solver::Body b;
  b.name = "bar";
  b.mass = data->mass;
  b.position = r.body.invariants.centreOfMass();
  b.flexible = data;
  m.bodies.push_back(b);
  solver::Marker root;
  root.name = "bar_root";
  root.body = 0;
  root.position = data->interfaces[0].position;
  root.interfaceNode = 0;
  m.markers.push_back(root);
  solver::Marker ground;
  ground.name = "ground_root";
  ground.body = solver::kGround;
  ground.position = r.body.interfaces[0].position;
  m.markers.push_back(ground);
  solver::Joint clamp;
  clamp.name = "clamp";
  clamp.type = solver::JointType::Fixed;
  clamp.iMarker = 0;
  clamp.jMarker = 1;
  m.joints.push_back(clamp);
  return m;
}

}  // namespace

TEST(FlexibleBodyConversion, ClampedFfrBarHasTheFixedInterfaceFrequencies)
{
  const solver::System sys(clampedBar(Eigen::Vector3d::Zero()));
  solver::State state;
  ASSERT_TRUE(solver::solveStatics(sys, state).ok());
  solver::LinearSystem lin;
  const auto s = solver::linearize(sys, state, lin);
  ASSERT_TRUE(s.ok()) << s.message;
  const auto& fixed = rootReducedBar().body.fixedInterfaceFrequenciesHz;
  ASSERT_EQ(static_cast<int>(lin.modes.size()), 8);
  // The elastic modes span the fixed-interface modes, so clamping the root gives them back: the two
  // first bending modes to 1e-7, the second pair to 3e-6 (round-off of the orthonormalized basis).
  for (int i = 0; i < 4; ++i)
    EXPECT_NEAR(lin.modes[i].naturalFrequency / fixed[i], 1.0, 1e-5) << "mode " << i;
}

TEST(FlexibleBodyConversion, ClampedFfrBarSagsAsEulerBernoulli)
{
  const double g = 9.81;
  const solver::System sys(clampedBar(Eigen::Vector3d(0, -g, 0)));
  solver::State state;
  const auto s = solver::solveStatics(sys, state);
  ASSERT_TRUE(s.ok()) << s.message;
  // Recovered displacement of the tip face centre (mean of its nodes) in ground.
  const Reduced& r = rootReducedBar();
  const solver::Vec u = sys.nodalDisplacements(0, state.q);
  const auto& tipNodes = r.fe.nodeGroups.at("end_x1");
  const auto& flex = *sys.model().bodies[0].flexible;
  const Eigen::Quaterniond rot(state.q[3], state.q[4], state.q[5], state.q[6]);
  double tipY = 0.0;
  for (int n : tipNodes)
    tipY += (state.q.head<3>() + rot * (flex.nodes.col(n) + u.segment<3>(3 * n))).y();
  tipY /= static_cast<double>(tipNodes.size());
  const double ei = kSteel.youngsModulus * std::pow(kB, 4) / 12.0;
  const double exact = kSteel.density * kB * kB * g * std::pow(kL, 4) / (8.0 * ei);
  // 8 fixed-interface modes of a Tet10 bar (1 element across, slightly stiff: f1 +0.25 %).
  EXPECT_NEAR(-tipY / exact, 1.0, 0.01);
}
