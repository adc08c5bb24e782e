// Joint initial conditions (Adams JOINT IC, DMBS joint initialization): the initial-condition
// analysis puts the joint at the given coordinate and velocity, closed-form checks.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "analysis/InitialConditions.hpp"
#include "system_test_models.hpp"

using namespace mbs::solver;
using namespace mbs::solver::test;

namespace {

// A 2 m arm on a joint about/along ground z at the origin; CM guess on +x, no gravity.
Model arm(JointType type)
{
  Model m;
  m.bodies.push_back(makeBody("arm", 1.0, Vec3(0.1, 1.0, 1.0), Vec3(2.0, 0.0, 0.0)));
  const int i = addMarker(m, "pin_on_arm", 0, Vec3(-2.0, 0.0, 0.0));
  const int j = addMarker(m, "pin_on_ground", kGround, Vec3::Zero());
  addJoint(m, "pin", type, i, j);
  return m;
}

}  // namespace

TEST(JointInitialConditions, RevoluteStartsAtTheGivenAngleAndRate)
{
  Model m = arm(JointType::Revolute);
  const double theta = std::numbers::pi / 6, omega = 3.0;
  m.jointInitialConditions.push_back({0, MotionAxis::RotationZ, theta, omega});
  const System sys(m);
  State state;
  const Status s = solveInitialConditions(sys, state);
  ASSERT_TRUE(s.ok()) << s.message;
  EXPECT_NEAR(state.q[0], 2.0 * std::cos(theta), 1e-9);
  EXPECT_NEAR(state.q[1], 2.0 * std::sin(theta), 1e-9);
  // v = ω ẑ × r, and the arm spins at ω.
  EXPECT_NEAR(state.qd[0], -omega * 2.0 * std::sin(theta), 1e-9);
  EXPECT_NEAR(state.qd[1], omega * 2.0 * std::cos(theta), 1e-9);
  const BodyOutput out = sys.bodyOutput(0, state.q, state.qd, state.qdd);
  EXPECT_NEAR(out.angularVelocity.z(), omega, 1e-9);
  // No forces: the only acceleration is centripetal, ω² r towards the pin.
  EXPECT_NEAR(out.acceleration.norm(), omega * omega * 2.0, 1e-8);
  // The holding motions are gone afterwards: the real system is satisfied with no extra rows.
  Vec phi;
  sys.constraints(0.0, state.q, phi);
  EXPECT_LT(phi.cwiseAbs().maxCoeff(), 1e-10);
}

TEST(JointInitialConditions, GivenSlideLeavesTheUngivenRotationFree)
{
  Model m = arm(JointType::Cylindrical);
  // The part's own (consistent) initial spin about the axis is kept.
  m.bodies[0].angularVelocity = Vec3(0.0, 0.0, 0.5);
  m.bodies[0].velocity = Vec3(0.0, 1.0, 0.0);
  m.jointInitialConditions.push_back({0, MotionAxis::Z, 0.25, -0.75});
  const System sys(m);
  State state;
  const Status s = solveInitialConditions(sys, state);
  ASSERT_TRUE(s.ok()) << s.message;
  EXPECT_NEAR(state.q[2], 0.25, 1e-9);
  EXPECT_NEAR(state.qd[2], -0.75, 1e-9);
  EXPECT_NEAR(state.q[0], 2.0, 1e-9);  // rotation not given: stays at the guess
  const BodyOutput out = sys.bodyOutput(0, state.q, state.qd, state.qdd);
  EXPECT_NEAR(out.angularVelocity.z(), 0.5, 1e-9);
  EXPECT_NEAR(state.qd[1], 1.0, 1e-9);
}

TEST(JointInitialConditions, ACoordinateTheJointDoesNotHaveIsBadInputNamingTheJoint)
{
  Model m = arm(JointType::Revolute);
  m.jointInitialConditions.push_back({0, MotionAxis::Z, 0.1, std::nullopt});
  const Status s = System::validate(m);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.entity, "pin");
  EXPECT_NE(s.message.find("translation"), std::string::npos) << s.message;
}
