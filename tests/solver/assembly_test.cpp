// Initial-condition analysis: assembly from a poor guess, exact values, and the initial
// accelerations and reactions of the Chrono/ADAMS revolute pendulum cases.
#include <gtest/gtest.h>

#include <numbers>

#include "analysis/InitialConditions.hpp"
#include "system_test_models.hpp"

namespace mbs::solver {
namespace {

constexpr double kG = 9.80665;

// Chrono revolute test: m = 1, J = diag(0.04, 0.1, 0.1), CM 2 m from the joint along the rod (x),
// joint at `pin` with axis z of `jointFrame`; body frame = joint frame at the start.
Model revolutePendulum(const Vec3& pin, const Mat3& jointFrame)
{
  Model m;
  m.gravity = Vec3(0, 0, -kG);
  m.bodies.push_back(
      test::makeBody("pendulum", 1.0, {0.04, 0.1, 0.1}, pin + Vec3(2, 0, 0), Quat(jointFrame)));
  const int i = test::addMarker(m, "pendulum_pin", 0, Vec3(-2, 0, 0));
  const int j = test::addMarker(m, "ground_pin", kGround, pin, jointFrame);
  test::addJoint(m, "revolute", JointType::Revolute, i, j);
  return m;
}

void expectRow(const std::string& file, const Vec3& value, double tol)
{
  const std::vector<double> row = test::adamsRow(file, 0);
  ASSERT_EQ(row.size(), 4u) << file;
  for (int k = 0; k < 3; ++k)
    EXPECT_NEAR(value[k], row[k + 1], tol) << file << " column " << k;
}

TEST(AssemblyAnalysis, RevoluteCasesMatchAdamsAtTimeZero)
{
  struct Case {
    std::string name;
    Vec3 pin;
    Mat3 frame;
  };
  const std::vector<Case> cases{
      {"Revolute_Case01", Vec3::Zero(), Eigen::AngleAxisd(-std::numbers::pi / 2, Vec3::UnitX()).matrix()},
      {"Revolute_Case02", Vec3(1, 2, 3), Eigen::AngleAxisd(-std::numbers::pi / 4, Vec3::UnitX()).matrix()}};
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    const System sys(revolutePendulum(c.pin, c.frame));
    State state;
    const Status s = solveInitialConditions(sys, state);
    ASSERT_TRUE(s.ok()) << s.message;
    EXPECT_TRUE(s.warnings.empty());
    const BodyOutput out = sys.bodyOutput(0, state.q, state.qd, state.qdd);
    const std::string dir = "revolute_joint/" + c.name + "_ADAMS_";
    expectRow(dir + "Pos.txt", out.position, 1e-6);
    expectRow(dir + "Acc.txt", out.acceleration, 1e-5);
    expectRow(dir + "Aacc.txt", out.angularAcceleration, 1e-5);
    // ADAMS reports the reaction on ground (the J body); ours is on the I body.
    const Reaction r = sys.jointReaction(0, state.q, state.lambda);
    expectRow(dir + "Rforce.txt", -r.force, 1e-5);
    expectRow(dir + "Rtorque.txt", -r.torque, 1e-5);
  }
}

// With I on ground and J on the pendulum the reaction is reported on ground directly.
TEST(AssemblyAnalysis, ReactionOnAGroundIMarkerIsTheReactionOnGround)
{
  Model m = revolutePendulum(Vec3(1, 2, 3), Eigen::AngleAxisd(-std::numbers::pi / 4, Vec3::UnitX()).matrix());
  std::swap(m.joints[0].iMarker, m.joints[0].jMarker);
  const System sys(m);
  State state;
  const Status s = solveInitialConditions(sys, state);
  ASSERT_TRUE(s.ok()) << s.message;
  const Reaction r = sys.jointReaction(0, state.q, state.lambda);
  expectRow("revolute_joint/Revolute_Case02_ADAMS_Rforce.txt", r.force, 1e-5);
  expectRow("revolute_joint/Revolute_Case02_ADAMS_Rtorque.txt", r.torque, 1e-5);
}

TEST(AssemblyAnalysis, HangingPendulumReactionIsItsWeight)
{
  Model m = revolutePendulum(Vec3::Zero(), Eigen::AngleAxisd(-std::numbers::pi / 2, Vec3::UnitX()).matrix());
  // Hanging straight down: rotate the body by +90° about the joint axis (global Y → CM at (0,0,−2)).
  m.bodies[0].position = Vec3(0.0, 0.02, -1.9);  // off the joint plane and too short
  m.bodies[0].orientation =
      Quat(Eigen::AngleAxisd(std::numbers::pi / 2, Vec3::UnitY())) * Quat(m.markers[1].orientation);
  const System sys(m);
  State state;
  const Status s = solveInitialConditions(sys, state);
  ASSERT_TRUE(s.ok()) << s.message;
  Vec phi;
  sys.constraints(0.0, state.q, phi);
  EXPECT_LT(phi.cwiseAbs().maxCoeff(), 1e-10);
  EXPECT_NEAR(state.q[2], -2.0, 1e-9);
  EXPECT_LT(state.qdd.norm(), 1e-9);
  const Reaction r = sys.jointReaction(0, state.q, state.lambda);
  EXPECT_LT((r.force - Vec3(0, 0, kG)).norm(), 1e-9);
  EXPECT_LT(r.torque.norm(), 1e-9);
}

TEST(AssemblyAnalysis, ExactValuesAreKeptAndVelocitiesMadeConsistent)
{
  Model m = revolutePendulum(Vec3::Zero(), Eigen::AngleAxisd(-std::numbers::pi / 2, Vec3::UnitX()).matrix());
  // Inconsistent guess: CM at distance 2.2 from the pin; the user fixes x = 1.2 exactly.
  m.bodies[0].position = Vec3(1.2, 0.0, -1.8);
  m.bodies[0].positionExact = {true, false, false};
  m.bodies[0].velocity = Vec3(0.0, 0.3, -1.5);
  m.bodies[0].velocityExact = {false, false, true};
  const System sys(m);
  State state;
  const Status s = solveInitialConditions(sys, state);
  ASSERT_TRUE(s.ok()) << s.message;
  EXPECT_NEAR(state.q[0], 1.2, 1e-5);
  EXPECT_NEAR(state.q.head<3>().norm(), 2.0, 1e-10);
  EXPECT_NEAR(state.q[1], 0.0, 1e-10);
  // v ⟂ radius in the xz plane; the exact vz is kept.
  EXPECT_NEAR(state.qd[2], -1.5, 1e-5);
  EXPECT_NEAR(state.qd[1], 0.0, 1e-10);
  EXPECT_NEAR(state.qd.head<3>().dot(state.q.head<3>()), 0.0, 1e-10);
  SparseMat phiQ;
  sys.constraintJacobian(0.0, state.q, phiQ);
  EXPECT_LT((phiQ * state.qd).cwiseAbs().maxCoeff(), 1e-10);
}

TEST(AssemblyAnalysis, ImpossibleAssemblyNamesTheConstraint)
{
  Model m = revolutePendulum(Vec3::Zero(), Mat3::Identity());
  // A motion demands that the pin separates along the joint axis, which the revolute forbids.
  Motion motion;
  motion.name = "drive";
  motion.iMarker = 0;
  motion.jMarker = 1;
  motion.axis = MotionAxis::Z;  // demands the pin to move along z by 0.5 m
  motion.displacement = std::make_shared<test::Polynomial>(0.5, 0.0);
  m.motions.push_back(motion);
  const System sys(m);
  State state;
  InitialConditionOptions options;
  options.maxIterations = 15;
  const Status s = solveInitialConditions(sys, state, options);
  EXPECT_FALSE(s.ok());
  EXPECT_NE(s.message.find("'"), std::string::npos) << s.message;
  EXPECT_TRUE(s.entity == "drive" || s.entity == "revolute") << s.entity;
}

}  // namespace
}  // namespace mbs::solver
