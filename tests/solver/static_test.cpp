// Static equilibrium: the spring-loaded link of CASES.md (3).
#include <gtest/gtest.h>

#include <numbers>

#include "analysis/StaticAnalysis.hpp"
#include "system_test_models.hpp"

namespace mbs::solver {
namespace {

// Uniform link (m = 1, L = 1) pinned at the origin about z, gravity −y, torsional spring
// k_t = 10 N·m/rad with zero torque when the link is horizontal (+x).
Model springLoadedLink()
{
  Model m;
  m.gravity = Vec3(0, -9.81, 0);
  m.bodies.push_back(test::makeBody("link", 1.0, {1e-4, 1.0 / 12, 1.0 / 12}, Vec3(0.5, 0, 0)));
  const int i = test::addMarker(m, "link_pin", 0, Vec3(-0.5, 0, 0));
  const int j = test::addMarker(m, "ground_pin", kGround, Vec3::Zero());
  test::addJoint(m, "pin", JointType::Revolute, i, j);
  Force spring;
  spring.name = "torsion_spring";
  spring.type = ForceType::RotationalSpringDamper;
  spring.iMarker = i;
  spring.jMarker = j;
  spring.stiffness = 10.0;
  spring.damping = 0.5;
  m.forces.push_back(spring);
  return m;
}

TEST(StaticAnalysis, SpringLoadedLinkMatchesClosedForm)
{
  const System sys(springLoadedLink());
  State state;
  const Status s = solveStatics(sys, state);
  ASSERT_TRUE(s.ok()) << s.message;
  const BodyOutput link = sys.bodyOutput(0, state.q, state.qd, state.qdd);
  const Eigen::AngleAxisd angle(link.orientation);
  EXPECT_NEAR(angle.angle() * angle.axis().z(), -0.443125528492706, 1e-10);
  EXPECT_NEAR(sys.forceOutput(0, 0.0, state.q, state.qd).length, -0.443125528492706, 1e-10);
  const Reaction pin = sys.jointReaction(0, state.q, state.lambda);
  EXPECT_LT((pin.force - Vec3(0, 9.81, 0)).norm(), 1e-9);
  EXPECT_LT(pin.torque.norm(), 1e-9);
}

TEST(StaticAnalysis, StartsFromAnUnassembledGuess)
{
  Model m = springLoadedLink();
  m.bodies[0].position = Vec3(0.3, -0.5, 0.1);
  m.bodies[0].orientation = Quat(Eigen::AngleAxisd(-1.2, Vec3::UnitZ()));
  const System sys(m);
  State state;
  const Status s = solveStatics(sys, state);
  ASSERT_TRUE(s.ok()) << s.message;
  EXPECT_NEAR(sys.forceOutput(0, 0.0, state.q, state.qd).length, -0.443125528492706, 1e-10);
}

TEST(StaticAnalysis, NeutralEquilibriumIsAccepted)
{
  Model m = springLoadedLink();
  m.forces.clear();
  m.gravity = Vec3(0, 0, -9.81);  // along the pin axis: every angle is an equilibrium
  const System sys(m);
  State state;
  const Status s = solveStatics(sys, state);
  ASSERT_TRUE(s.ok()) << s.message;
  EXPECT_LT((sys.jointReaction(0, state.q, state.lambda).force - Vec3(0, 0, 9.81)).norm(), 1e-9);
}

TEST(StaticAnalysis, NoEquilibriumFailsNamingTheBody)
{
  // A block sliding along x with gravity along the slide and nothing holding it.
  Model m;
  m.gravity = Vec3(-9.81, 0, 0);
  m.bodies.push_back(test::makeBody("block", 1.0, {0.1, 0.1, 0.1}, Vec3::Zero()));
  const Mat3 alongX = Eigen::AngleAxisd(std::numbers::pi / 2, Vec3::UnitY()).matrix();
  test::addJoint(m, "slide", JointType::Translational, test::addMarker(m, "b", 0, Vec3::Zero(), alongX),
                 test::addMarker(m, "g", kGround, Vec3::Zero(), alongX));
  const System sys(m);
  State state;
  StaticOptions options;
  options.maxIterations = 20;
  const Status s = solveStatics(sys, state, options);
  EXPECT_EQ(s.code, StatusCode::NoConvergence);
  EXPECT_EQ(s.entity, "block");
  EXPECT_NE(s.message.find("body 'block'"), std::string::npos) << s.message;
}

}  // namespace
}  // namespace mbs::solver
