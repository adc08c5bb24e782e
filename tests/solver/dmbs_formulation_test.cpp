// The DMBS joint-coordinate formulation (solver/src/dmbs, AnalysisSettings::formulation = DMBS):
// closed forms, agreement with the absolute formulation, its Jacobians against finite differences,
// the stabilized cut-joint equations through a singular position, and what it refuses.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "dmbs/CutConstraints.hpp"
#include "dmbs/JointSpaceEquations.hpp"
#include "dmbs/Topology.hpp"
#include "dmbs_test_models.hpp"
#include "mbs/solver/Analysis.hpp"
#include "system_test_models.hpp"

namespace mbs::solver {
namespace {

constexpr double kPi = std::numbers::pi;

AnalysisSettings dynamicSettings(Formulation f, double end, double step, double tol)
{
  AnalysisSettings s;
  s.kind = AnalysisKind::Dynamic;
  s.formulation = f;
  s.integrator = f == Formulation::DMBS ? IntegratorType::Rkf45 : IntegratorType::Gstiff;
  s.endTime = end;
  s.outputStep = step;
  s.tolerance = tol;
  return s;
}

double rodAngle(const ResultFrame& f)
{
  const Vec3 r = f.bodies[0].position;
  return std::atan2(r.x(), -r.y());
}

TEST(DmbsFormulation, SmallSwingPendulumFollowsClosedForm)
{
  const double theta0 = 0.02, l = 1.0, m = 2.0;
  // Small-swing frequency with its first amplitude correction (period × (1 + θ0²/16)).
  const double omega = std::sqrt(m * 9.81 * l / 2 / (m * l * l / 3)) * (1.0 - theta0 * theta0 / 16);
  ResultStore results;
  const AnalysisOutcome out = runAnalysis(
      test::rodPendulum(theta0), dynamicSettings(Formulation::DMBS, 2.0, 0.05, 1e-9), nullptr, results);
  ASSERT_TRUE(out.status.ok()) << out.status.message;
  ASSERT_EQ(results.size(), 41u);
  for (size_t k = 0; k < results.size(); ++k) {
    const ResultFrame f = results.frame(k);
    // Nonlinear correction to the small-swing period is θ0²/16: 2.5e-5 relative.
    EXPECT_NEAR(rodAngle(f), theta0 * std::cos(omega * f.state.t), 2e-7) << "t = " << f.state.t;
    // Pivot reaction on the rod ≈ m g upward (centripetal and tangential terms are O(θ0²)).
    EXPECT_NEAR(f.joints[0].force.y(), m * 9.81, 0.02) << "t = " << f.state.t;
  }
}

TEST(DmbsFormulation, LargeSwingPendulumMatchesAbsoluteFormulationIncludingReactions)
{
  const Model model = test::rodPendulum(1.2);
  ResultStore dmbs, absolute;
  ASSERT_TRUE(
      runAnalysis(model, dynamicSettings(Formulation::DMBS, 1.5, 0.1, 1e-9), nullptr, dmbs).status.ok());
  ASSERT_TRUE(
      runAnalysis(model, dynamicSettings(Formulation::SI2, 1.5, 0.1, 1e-9), nullptr, absolute).status.ok());
  ASSERT_EQ(dmbs.size(), absolute.size());
  for (size_t k = 0; k < dmbs.size(); ++k) {
    const ResultFrame a = dmbs.frame(k), b = absolute.frame(k);
    EXPECT_LT((a.bodies[0].position - b.bodies[0].position).norm(), 2e-6);
    EXPECT_LT((a.bodies[0].velocity - b.bodies[0].velocity).norm(), 2e-5);
    EXPECT_LT((a.bodies[0].acceleration - b.bodies[0].acceleration).norm(), 1e-4);
    EXPECT_LT((a.joints[0].force - b.joints[0].force).norm(), 1e-4 * 19.62) << "t = " << a.state.t;
    EXPECT_LT((a.joints[0].torque - b.joints[0].torque).norm(), 1e-4);
  }
}

// N rods on spherical joints, horizontal at rest (the benchmark chain of tests/bench).
Model sphericalChain(int n)
{
  Model m;
  m.gravity = Vec3(0, 0, -9.81);
  for (int k = 0; k < n; ++k) {
    m.bodies.push_back(
        test::makeBody("link" + std::to_string(k), 1.0, {0.001, 0.084, 0.084}, Vec3(k + 0.5, 0, 0)));
    const int i = test::addMarker(m, "i" + std::to_string(k), k, Vec3(-0.5, 0, 0));
    const int j = k == 0 ? test::addMarker(m, "origin", kGround, Vec3::Zero())
                         : test::addMarker(m, "j" + std::to_string(k), k - 1, Vec3(0.5, 0, 0));
    test::addJoint(m, "ball" + std::to_string(k), JointType::Spherical, i, j);
  }
  return m;
}

TEST(DmbsFormulation, SphericalChainMatchesAbsoluteFormulation)
{
  const Model model = sphericalChain(5);
  ResultStore dmbs, absolute;
  ASSERT_TRUE(
      runAnalysis(model, dynamicSettings(Formulation::DMBS, 1.0, 0.25, 1e-9), nullptr, dmbs).status.ok());
  ASSERT_TRUE(
      runAnalysis(model, dynamicSettings(Formulation::SI2, 1.0, 0.25, 1e-9), nullptr, absolute).status.ok());
  ASSERT_EQ(dmbs.size(), absolute.size());
  for (size_t k = 0; k < dmbs.size(); ++k) {
    const ResultFrame a = dmbs.frame(k), b = absolute.frame(k);
    for (int body = 0; body < 5; ++body) {
      EXPECT_LT((a.bodies[body].position - b.bodies[body].position).norm(), 1e-5)
          << body << " t " << a.state.t;
      EXPECT_LT((a.joints[body].force - b.joints[body].force).norm(),
                1e-3 * (1 + b.joints[body].force.norm()));
    }
  }
}

// Two cranks on ground revolutes joined by a coupler on ball joints (one four-bar loop of the
// N-four-bar benchmark): the coupler's second ball joint is cut, its first is a tree joint, so the
// cut equations' responses pass through a ball joint of the tree.
TEST(DmbsFormulation, BallJointedLoopMatchesAbsoluteFormulation)
{
  Model m;
  m.gravity = Vec3(0, -9.81, 0);
  const double omega = 1.0;
  for (int k = 0; k < 2; ++k) {
    Body b = test::makeBody("crank" + std::to_string(k), 1.0, {0.084, 0.001, 0.084}, Vec3(k, 0.5, 0));
    b.velocity = Vec3(-0.5 * omega, 0, 0);
    b.angularVelocity = Vec3(0, 0, omega);
    m.bodies.push_back(b);
    test::addJoint(m, "pivot" + std::to_string(k), JointType::Revolute,
                   test::addMarker(m, "crank_base" + std::to_string(k), k, Vec3(0, -0.5, 0)),
                   test::addMarker(m, "ground" + std::to_string(k), kGround, Vec3(k, 0, 0)));
  }
  Body c = test::makeBody("coupler", 1.0, {0.001, 0.084, 0.084}, Vec3(0.5, 1, 0));
  c.velocity = Vec3(-omega, 0, 0);
  m.bodies.push_back(c);
  test::addJoint(m, "ball0", JointType::Spherical, test::addMarker(m, "c0", 2, Vec3(-0.5, 0, 0)),
                 test::addMarker(m, "t0", 0, Vec3(0, 0.5, 0)));
  test::addJoint(m, "ball1", JointType::Spherical, test::addMarker(m, "c1", 2, Vec3(0.5, 0, 0)),
                 test::addMarker(m, "t1", 1, Vec3(0, 0.5, 0)));
  dmbs::Topology topology;
  ASSERT_TRUE(dmbs::buildTopology(m, topology).ok());
  ASSERT_EQ(topology.cutJoints, std::vector<int>{3});
  ResultStore dmbs, absolute;
  const AnalysisOutcome out =
      runAnalysis(m, dynamicSettings(Formulation::DMBS, 1.0, 0.25, 1e-9), nullptr, dmbs);
  ASSERT_TRUE(out.status.ok()) << out.status.message;
  ASSERT_TRUE(
      runAnalysis(m, dynamicSettings(Formulation::SI2, 1.0, 0.25, 1e-9), nullptr, absolute).status.ok());
  ASSERT_EQ(dmbs.size(), absolute.size());
  for (size_t k = 0; k < dmbs.size(); ++k) {
    const ResultFrame a = dmbs.frame(k), b = absolute.frame(k);
    for (int body = 0; body < 3; ++body)
      EXPECT_LT((a.bodies[body].position - b.bodies[body].position).norm(), 1e-6)
          << body << " t " << a.state.t;
  }
}

TEST(DmbsFormulation, TreeCutsTheLoopAtTheJointFoundLastAndNamesRedundantEquations)
{
  const Model model = test::parallelogram(2 * kPi);
  dmbs::Topology topology;
  ASSERT_TRUE(dmbs::buildTopology(model, topology).ok());
  ASSERT_EQ(topology.cutJoints, std::vector<int>{3});  // follower_pin
  EXPECT_EQ(topology.nv, 3);
  ResultStore results;
  const AnalysisOutcome out =
      runAnalysis(model, dynamicSettings(Formulation::DMBS, 0.1, 0.1, 1e-8), nullptr, results);
  ASSERT_TRUE(out.status.ok()) << out.status.message;
  bool named = false;
  for (const std::string& w : out.status.warnings)
    named |=
        w.find(
            "joint 'follower_pin' (revolute, cut joint of the DMBS tree): equations 3, 4, 5 are redundant") !=
        std::string::npos;
  EXPECT_TRUE(named);
}

TEST(DmbsFormulation, ParallelogramDrivenThroughItsFlatSingularPositionsStaysAParallelogram)
{
  const double omega = 2 * kPi;
  ResultStore results;
  const AnalysisOutcome out = runAnalysis(
      test::parallelogram(omega), dynamicSettings(Formulation::DMBS, 1.0, 0.0125, 1e-8), nullptr, results);
  ASSERT_TRUE(out.status.ok()) << out.status.message;
  ASSERT_EQ(results.size(), 81u);  // frames at ωt = π/2 and 3π/2 (t = 0.25, 0.75) are exactly flat
  for (size_t k = 0; k < results.size(); ++k) {
    const ResultFrame f = results.frame(k);
    const double t = f.state.t, angle = kPi / 2 + omega * t;
    const Vec3 tip(std::cos(angle), std::sin(angle), 0);
    // The follower turns with the crank and the coupler stays parallel to the ground.
    EXPECT_LT((f.bodies[2].position - (Vec3(1, 0, 0) + 0.5 * tip)).norm(), 1e-5) << "t = " << t;
    EXPECT_LT((f.bodies[1].position - (tip + Vec3(0.5, 0, 0))).norm(), 1e-5) << "t = " << t;
    // (At the flat instants themselves the rates are least determined.)
    const bool flat = std::abs(std::cos(angle)) > 0.999;
    EXPECT_LT(std::abs(f.bodies[1].angularVelocity.z()), flat ? 5e-3 : 1e-4) << "t = " << t;
    // The pin's reaction turns the follower as Newton–Euler says, about its pivot (1, 0):
    // I_O α = (tip − O) × (−F_pin) − T_pin + (cm − O) × m g (the pivot's torque about z is 0).
    const Vec3 pivot(1, 0, 0), cm = f.bodies[2].position, tipF = 2.0 * cm - pivot;
    const Vec3 moment = (tipF - pivot).cross(-f.joints[3].force) - f.joints[3].torque +
                        (cm - pivot).cross(Vec3(0, -9.81, 0)) + f.joints[1].torque;
    EXPECT_NEAR((0.084 + 0.25) * f.bodies[2].angularAcceleration.z(), moment.z(), 1e-3) << "t = " << t;
    EXPECT_LT(std::abs(f.joints[3].torque.z()), 1e-6);
  }
}

TEST(DmbsFormulation, CutJointJacobianAndAccelerationTermsMatchFiniteDifferences)
{
  // A non-parallelogram four-bar (ground link 1.2) at a general position, all revolute coordinates
  // so that q̇ = v: G = ∂Φ/∂q and Φ̈ = G v̇ + bias.
  Model model = test::sliderCrank(0.3, 1.0, 0.7, 2.0, false);
  dmbs::Topology topology;
  ASSERT_TRUE(dmbs::buildTopology(model, topology).ok());
  std::vector<dmbs::ConstraintRow> rows;
  ASSERT_TRUE(dmbs::buildConstraintRows(model, topology, 0.0, rows).ok());
  ASSERT_EQ(topology.nq, topology.nv);
  const System system(model);
  dmbs::JointSpaceEquations eq(system, topology, rows);
  const int nb = static_cast<int>(model.bodies.size());
  std::vector<Mat3> rot(nb);
  std::vector<Vec3> r(nb);
  std::vector<dmbs::Vec6> twist(nb, dmbs::Vec6::Zero());
  for (int b = 0; b < nb; ++b) {
    rot[b] = model.bodies[b].orientation.toRotationMatrix();
    r[b] = model.bodies[b].position;
  }
  Vec q0, v0;
  eq.tree().initialize(rot, r, twist, q0, v0);
  const Vec q = Vec::LinSpaced(topology.nq, 0.1, -0.05), v = Vec::LinSpaced(topology.nv, 0.7, -0.4);
  const Vec vd = Vec::LinSpaced(topology.nv, -1.0, 2.0);
  auto phi = [&](const Vec& x) {
    eq.tree().kinematics(x, v);
    Vec out(rows.size());
    for (size_t k = 0; k < rows.size(); ++k)
      out[k] = dmbs::evaluateRow(rows[k], eq.tree(), x, v, 0.3).phi;
    return out;
  };
  const Mat numeric = test::numericJacobian(phi, q);
  eq.tree().kinematics(q, v);
  const Mat g = eq.jacobian();
  EXPECT_LT((g - numeric).norm(), 1e-7 * (1 + g.norm()));
  auto phiDot = [&](const Vec& x, const Vec& y) {
    eq.tree().kinematics(x, y);
    Vec out(rows.size());
    for (size_t k = 0; k < rows.size(); ++k)
      out[k] = dmbs::evaluateRow(rows[k], eq.tree(), x, y, 0.3).phiDot;
    return out;
  };
  // Φ̇ = G v (+ the drive's −ḟ on the motion row).
  Vec drive = Vec::Zero(rows.size());
  drive[rows.size() - 1] = -2.0;
  EXPECT_LT((phiDot(q, v) - (g * v + drive)).norm(), 1e-9);
  const double h = 1e-5;
  const Vec ddt =
      (phiDot(q + h * v + 0.5 * h * h * vd, v + h * vd) - phiDot(q - h * v + 0.5 * h * h * vd, v - h * vd)) /
      (2 * h);
  // Φ̈ = wᵀ(A_I − A_J) + bias, with the bodies' accelerations from the tree at v̇ (the tree's
  // velocity-product terms included).
  eq.tree().kinematics(q, v);
  eq.tree().accelerations(vd);
  Vec exact(rows.size());
  for (size_t k = 0; k < rows.size(); ++k) {
    const dmbs::RowValues rv = dmbs::evaluateRow(rows[k], eq.tree(), q, v, 0.3);
    exact[k] = rv.bias + (rows[k].form == dmbs::RowForm::Coordinate
                              ? rows[k].sign * vd[rows[k].rate]
                              : rv.w.dot(eq.tree().bodyAcceleration(rows[k].bodyI) -
                                         eq.tree().bodyAcceleration(rows[k].bodyJ)));
  }
  EXPECT_LT((ddt - exact).norm(), 1e-6);
}

TEST(DmbsFormulation, SliderCrankFollowsItsClosedFormThroughTheCutWristPin)
{
  const double r = 0.3, l = 1.0, omega = 2 * kPi;
  ResultStore results;
  // Starts at the dead centre (crank and rod in line: a singular position of the cut wrist pin).
  const AnalysisOutcome out =
      runAnalysis(test::sliderCrank(r, l, 0.0, omega), dynamicSettings(Formulation::DMBS, 1.0, 0.05, 1e-9),
                  nullptr, results);
  ASSERT_TRUE(out.status.ok()) << out.status.message;
  for (size_t k = 0; k < results.size(); ++k) {
    const ResultFrame f = results.frame(k);
    const double th = omega * f.state.t;
    const double x = r * std::cos(th) + std::sqrt(l * l - std::pow(r * std::sin(th), 2));
    EXPECT_NEAR(f.bodies[2].position.x(), x, 1e-6) << "t = " << f.state.t;
  }
}

TEST(DmbsFormulation, RefusesWhatItDoesNotCoverNamingTheEntityAndSuggestingSi2)
{
  // (Joint friction runs in DMBS since issue 37: dmbs_friction_test.cpp.)
  Model model = test::rodPendulum(0.5);
  model.joints[0].type = JointType::Screw;
  model.joints[0].pitch = 0.1;
  ResultStore results;
  AnalysisOutcome out =
      runAnalysis(model, dynamicSettings(Formulation::DMBS, 0.1, 0.1, 1e-6), nullptr, results);
  EXPECT_EQ(out.status.code, StatusCode::BadInput);
  EXPECT_EQ(out.status.entity, "pivot");
  EXPECT_NE(out.status.message.find("SI2"), std::string::npos) << out.status.message;
}

}  // namespace
}  // namespace mbs::solver
