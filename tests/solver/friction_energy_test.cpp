// Energy balance of a dynamic run with joint friction: the loss of kinetic plus potential energy
// equals the friction work ∫ P_f dt (P_f = −(F_f·v_rel + T_f·ω_rel), the FrictionOutput power).
#include <gtest/gtest.h>

#include "friction_TestModels.hpp"

namespace mbs::solver {
namespace {

using namespace test;

void expectEnergyBalance(const Model& model, IntegratorType type, double end, double minimumWork,
                         Formulation formulation = Formulation::I3)
{
  const System system(model);
  const auto frames = runFor(system, type, end, 1e-3, 1e-8, formulation);
  ASSERT_FALSE(frames.empty());
  std::vector<double> t, power;
  for (const ResultFrame& f : frames) {
    t.push_back(f.state.t);
    double p = 0.0;
    for (const FrictionOutput& fr : f.friction)
      p += fr.power;
    power.push_back(p);
  }
  const double loss = mechanicalEnergy(model, frames.front()) - mechanicalEnergy(model, frames.back());
  const double work = trapezoid(t, power);
  SCOPED_TRACE(toString(type));
  EXPECT_GT(work, minimumWork);  // friction did real work
  EXPECT_NEAR(loss, work, 2e-4 * work);
}

TEST(FrictionEnergy, SeedPendulumLosesExactlyTheFrictionWork)
{
  for (IntegratorType type : {IntegratorType::Gstiff, IntegratorType::Wstiff, IntegratorType::Rkf45})
    expectEnergyBalance(seedPendulum(), type, 1.5, 10.0);
  expectEnergyBalance(seedPendulum(), IntegratorType::Gstiff, 1.5, 10.0, Formulation::SI2);
}

TEST(FrictionEnergy, DoublePendulumOnRevoluteAndSphericalJoints)
{
  // Two links: a revolute pin to ground (axis z, with a bending moment from the offset link)
  // and a spherical joint between them; both with friction.
  Model model;
  model.name = "double_pendulum";
  model.gravity = Vec3(0.0, -9.81, 0.0);
  Body a = makeBody("upper", 3.0, Vec3(0.01, 0.25, 0.25), Vec3(0.5, 0.0, 0.1));
  Body b = makeBody("lower", 2.0, Vec3(0.01, 0.17, 0.17), Vec3(1.0, -0.5, 0.1),
                    Quat(Eigen::AngleAxisd(-0.5 * std::numbers::pi, Vec3::UnitZ())));
  b.angularVelocity = Vec3(1.0, 0.5, 0.0);
  exactInitialState(a);
  exactInitialState(b);
  model.bodies = {a, b};
  const int i0 = addMarker(model, "upper.pin", 0, Vec3(-0.5, 0.0, -0.1));
  const int j0 = addMarker(model, "ground.pin", kGround, Vec3::Zero());
  const int i1 = addMarker(model, "lower.ball", 1, Vec3(-0.5, 0.0, 0.0));
  const int j1 = addMarker(model, "upper.ball", 0, Vec3(0.5, 0.0, 0.0));
  addJoint(model, "pin", JointType::Revolute, i0, j0);
  addJoint(model, "ball", JointType::Spherical, i1, j1);
  FrictionParameters pin = coulomb(0.3, 0.2, 1e-2);
  pin.pinRadius = 0.03;
  pin.halfLength = 0.05;
  FrictionParameters ball = coulomb(0.15, 0.1, 1e-2);
  ball.pinRadius = 0.04;
  ball.stribeck = true;
  ball.stribeckVelocity = 0.02;
  model.joints[0].friction = pin;
  model.joints[1].friction = ball;
  // (HHT is left out: its numerical dissipation, by design, removes energy of its own.)
  for (IntegratorType type : {IntegratorType::Gstiff, IntegratorType::Rkf45})
    expectEnergyBalance(model, type, 1.0, 1.0);
}

TEST(FrictionEnergy, FreeSliderCrankWithRedundantRows)
{
  // The all-revolute slider-crank has 3 redundant rows, so the integrators run on the active rows
  // (ActiveRowsDae); released under gravity with friction in the pins and the slide.
  Model model = sliderCrank(0.1, 0.3, 1.0, 0.0, false);
  model.motions.clear();
  model.gravity = Vec3(0.0, -9.81, 0.0);
  for (Body& b : model.bodies)
    exactInitialState(b);
  FrictionParameters pin = coulomb(0.05, 0.05, 1e-3);
  pin.pinRadius = 0.01;
  FrictionParameters slide = coulomb(0.1, 0.08, 1e-3);  // loses ~0.9 J of ~0.9 J released in 1 s
  for (int j : {0, 1, 2})
    model.joints[j].friction = pin;
  model.joints[3].friction = slide;
  expectEnergyBalance(model, IntegratorType::Gstiff, 1.0, 0.5);
}

}  // namespace
}  // namespace mbs::solver
