// Linearization about a static equilibrium: the uniform rod pendulum of CASES.md (2).
#include <gtest/gtest.h>

#include "analysis/LinearAnalysis.hpp"
#include "analysis/StaticAnalysis.hpp"
#include "system_test_models.hpp"

namespace mbs::solver {
namespace {

TEST(LinearAnalysis, UniformRodPendulumSmallOscillationPeriod)
{
  Model m;
  m.gravity = Vec3(0, -9.81, 0);
  // Rod along its local y, L = 1, pivoted at its upper end about z.
  m.bodies.push_back(test::makeBody("rod", 1.0, {1.0 / 12, 1e-5, 1.0 / 12}, Vec3(0.05, -0.45, 0)));
  const int i = test::addMarker(m, "rod_end", 0, Vec3(0, 0.5, 0));
  const int j = test::addMarker(m, "pivot", kGround, Vec3::Zero());
  test::addJoint(m, "pivot", JointType::Revolute, i, j);
  const System sys(m);
  State state;
  const Status st = solveStatics(sys, state);
  ASSERT_TRUE(st.ok()) << st.message;
  LinearSystem lin;
  const Status s = linearize(sys, state, lin);
  ASSERT_TRUE(s.ok()) << s.message;
  ASSERT_EQ(lin.basis.cols(), 1);
  ASSERT_EQ(lin.modes.size(), 1u);
  EXPECT_NEAR(1.0 / lin.modes[0].naturalFrequency, 1.63794658591328, 1e-9);
  EXPECT_NEAR(lin.modes[0].dampingRatio, 0.0, 1e-9);
  // The mode swings the CM sideways (x), not along the rod.
  EXPECT_GT(std::abs(lin.modes[0].shape[0]), 10 * std::abs(lin.modes[0].shape[1]));
}

TEST(LinearAnalysis, DamperGivesTheDampingRatioOfASpringMassSystem)
{
  // A block on a translational joint along x with a spring-damper to ground (no gravity):
  // ω_n = √(k/m), ζ = c / (2√(k m)).
  Model m;
  m.bodies.push_back(test::makeBody("block", 2.0, {0.1, 0.1, 0.1}, Vec3(1.0, 0, 0)));
  const Mat3 alongX = Eigen::AngleAxisd(std::numbers::pi / 2, Vec3::UnitY()).matrix();
  const int i = test::addMarker(m, "block_slide", 0, Vec3::Zero(), alongX);
  const int j = test::addMarker(m, "ground_slide", kGround, Vec3::Zero(), alongX);
  test::addJoint(m, "slide", JointType::Translational, i, j);
  Force f;
  f.name = "spring";
  f.type = ForceType::TranslationalSpringDamper;
  f.iMarker = i;
  f.jMarker = j;
  f.stiffness = 800.0;
  f.damping = 8.0;
  f.freeLength = 1.0;
  m.forces.push_back(f);
  const System sys(m);
  State state;
  ASSERT_TRUE(solveStatics(sys, state).ok());
  LinearSystem lin;
  ASSERT_TRUE(linearize(sys, state, lin).ok());
  ASSERT_EQ(lin.modes.size(), 1u);
  EXPECT_NEAR(lin.modes[0].naturalFrequency * 2 * std::numbers::pi, 20.0, 1e-9);
  EXPECT_NEAR(lin.modes[0].dampingRatio, 8.0 / (2 * std::sqrt(800.0 * 2.0)), 1e-9);
}

}  // namespace
}  // namespace mbs::solver
