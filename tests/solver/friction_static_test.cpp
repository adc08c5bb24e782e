// Stiction in static equilibrium (Adams MAX_STICTION_DEFORMATION): a block on an incline with
// μ_s = 0.5. Below tan φ = μ_s statics finds it held by stiction — friction = m g sin φ up the slope,
// after a creep shorter than δ_max; above, no equilibrium exists and statics says so, naming the
// block. Without δ_max there is no static friction (Adams' default behaviour of the smooth law).
#include <gtest/gtest.h>

#include "analysis/StaticAnalysis.hpp"
#include "friction_TestModels.hpp"
#include "mbs/solver/Results.hpp"
#include "results/ComputeFrame.hpp"

namespace mbs::solver {

using namespace test;

constexpr double kMass = 2.0, kG = 9.81, kDelta = 1e-4;

namespace {

Model incline(double phi, double maxStictionDeformation)
{
  FrictionParameters f = coulomb(0.5, 0.4, 1e-3);
  f.maxStictionDeformation = maxStictionDeformation;
  return blockOnIncline(phi, kMass, kG, f);
}

}  // namespace

TEST(FrictionStatic, StictionHoldsTheBlockBelowTheFrictionAngle)
{
  const double phi = std::atan(0.3);
  const System system(incline(phi, kDelta));
  State state;
  const Status s = solveStatics(system, state);
  ASSERT_TRUE(s.ok()) << s.message;
  const Vec3 down = slopeFrame(phi).col(2);
  const double creep = state.q.head<3>().dot(down);
  EXPECT_GT(creep, 0.0);     // it creeps down a little ...
  EXPECT_LT(creep, kDelta);  // ... less than the stiction deformation
  const FrictionOutput f = computeFrame(system, state).friction.at(0);
  EXPECT_NEAR(f.force.dot(down), -kMass * kG * std::sin(phi), 1e-6 * kMass * kG);
  EXPECT_NEAR(f.normalForce, kMass * kG * std::cos(phi), 1e-6 * kMass * kG);
  EXPECT_TRUE(f.stick);
  EXPECT_EQ(f.power, 0.0);
}

TEST(FrictionStatic, AboveTheFrictionAngleThereIsNoEquilibrium)
{
  const System system(incline(std::atan(0.7), kDelta));
  State state;
  const Status s = solveStatics(system, state);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.entity, "block");
}

TEST(FrictionStatic, WithoutStictionDeformationStaticsIgnoresFriction)
{
  const System system(incline(std::atan(0.3), 0.0));
  State state;
  EXPECT_FALSE(solveStatics(system, state).ok());  // a frictionless block on a slope slides away
}

}  // namespace mbs::solver

namespace mbs::solver {

// A uniform bar (1 kg, 1 m) pinned at one end, held horizontal by a large bearing (R = 1.5 m,
// μ_s = 0.5: μ_s N R = 7.4 N·m > m g L/2 = 4.9 N·m). The pin's friction torque carries the weight's
// moment after turning less than δ_max / R.
TEST(FrictionStatic, StictionHoldsAPinnedBarHorizontal)
{
  Model model;
  model.gravity = Vec3(0.0, -kG, 0.0);
  model.bodies.push_back(makeBody("bar", 1.0, Vec3(0.001, 1.0 / 12, 1.0 / 12), Vec3(0.5, 0.0, 0.0)));
  const int i = addMarker(model, "bar.pin", 0, Vec3(-0.5, 0.0, 0.0));
  const int j = addMarker(model, "ground.pin", kGround, Vec3::Zero());
  addJoint(model, "pin", JointType::Revolute, i, j);
  FrictionParameters f = coulomb(0.5, 0.4, 1e-3);
  f.pinRadius = 1.5;
  f.maxStictionDeformation = kDelta;
  model.joints[0].friction = f;
  const System system(model);
  State state;
  const Status s = solveStatics(system, state);
  ASSERT_TRUE(s.ok()) << s.message;
  const double sag = -state.q[1];  // CM drop = (L/2) · angle
  EXPECT_GT(sag, 0.0);
  EXPECT_LT(sag / 0.5, kDelta / 1.5);
  const FrictionOutput out = computeFrame(system, state).friction.at(0);
  EXPECT_NEAR(out.torque.z(), 1.0 * kG * 0.5, 1e-6);
  EXPECT_TRUE(out.stick);
}

}  // namespace mbs::solver
