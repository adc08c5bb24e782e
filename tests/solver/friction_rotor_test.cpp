// A rotor on a revolute joint spinning down under a radial load: the joint reaction is the load
// (gravity, the CM is on the axis), so the friction torque is μ·F·R and the deceleration is the
// constant μ F R / J until the rotor reaches the stiction velocity.
#include <gtest/gtest.h>

#include "friction_TestModels.hpp"

namespace mbs::solver {
namespace {

using namespace test;

constexpr double kMass = Rotor::kMass, kJ = Rotor::kJ, kG = Rotor::kG, kMu = Rotor::kMu, kR = Rotor::kR,
                 kOmega0 = Rotor::kOmega0;

Model rotor(JointType type = JointType::Revolute)
{
  return rotorModel(type);
}

TEST(FrictionRotor, SpinsDownAtMuFRPerJInEveryIntegrator)
{
  const System system(rotor());
  const double decel = kMu * kMass * kG * kR / kJ;  // 0.7848 rad/s², at rest after 5.1 s
  for (IntegratorType type : kAllIntegrators) {
    const auto results = runFor(system, type, 4.0, 0.5, 1e-7);
    ASSERT_EQ(results.size(), 9u);
    // HHT's numerical dissipation costs a few 1e-3 rad/s on a spinning Euler-parameter body with
    // or without friction; the others hold the tolerance.
    const double omegaTol = type == IntegratorType::Hht ? 2e-2 : 1e-4;
    for (size_t k = 0; k < results.size(); ++k) {
      const ResultFrame f = results[k];
      const double t = f.state.t;
      SCOPED_TRACE(std::string(toString(type)) + " t=" + std::to_string(t));
      EXPECT_NEAR(f.bodies[0].angularVelocity.z(), kOmega0 - decel * t, omegaTol);
      EXPECT_NEAR(f.bodies[0].angularAcceleration.z(), -decel, 1e-4 * decel);
      ASSERT_EQ(f.friction.size(), 1u);
      const FrictionOutput& fr = f.friction[0];
      // Normal force = radial reaction = the rotor's weight; torque μ N R against ω.
      EXPECT_NEAR(fr.normalForce, kMass * kG, 1e-6 * kMass * kG);
      EXPECT_NEAR(f.joints[0].force.norm(), kMass * kG, 1e-6 * kMass * kG);
      EXPECT_NEAR(fr.torque.z(), -kMu * kMass * kG * kR, 1e-6);
      EXPECT_NEAR(fr.force.norm(), 0.0, 1e-9);
      EXPECT_FALSE(fr.stick);
      EXPECT_NEAR(fr.slidingSpeed, kR * f.bodies[0].angularVelocity.z(), 1e-9);
      EXPECT_NEAR(fr.power, kMu * kMass * kG * kR * f.bodies[0].angularVelocity.z(), 1e-6);
    }
  }
}

TEST(FrictionRotor, StopsAndSticksWithoutChatterInEveryIntegrator)
{
  // The rotor reaches rest at ω₀/(μ F R / J) ≈ 5.1 s; the integrators run through the slip →
  // stick transition and it then stays at rest (sliding slower than the stiction velocity).
  const System system(rotor());
  const double tStop = kOmega0 / (kMu * kMass * kG * kR / kJ);
  for (IntegratorType type : kAllIntegrators) {
    const auto results = runFor(system, type, 7.0, 0.5);
    ASSERT_EQ(results.size(), 15u) << toString(type);
    for (const ResultFrame& f : results) {
      SCOPED_TRACE(std::string(toString(type)) + " t=" + std::to_string(f.state.t));
      EXPECT_GE(f.bodies[0].angularVelocity.z(), -1e-6);  // friction never drives it backwards
      if (f.state.t > tStop + 0.3) {
        EXPECT_TRUE(f.friction[0].stick);
        EXPECT_LT(std::abs(f.bodies[0].angularVelocity.z()) * kR, 1e-4);
      } else if (f.state.t < tStop - 0.3) {
        EXPECT_FALSE(f.friction[0].stick);
      }
    }
  }
}

TEST(FrictionRotor, AxialLoadOnOneEndFaceAddsMuFzR)
{
  // Gravity along the axis: the reaction is axial, carried by one end face at radius R
  // (complementarity), so the torque is μ |F_z| R.
  Model model = rotor();
  model.gravity = Vec3(0.0, 0.0, -kG);
  const System system(std::move(model));
  const auto results = runFor(system, IntegratorType::Gstiff, 2.0, 0.5, 1e-7);
  const ResultFrame f = results.back();
  // Gravity pulls the rotor along −z: the reaction on it is +z, carried by face 1.
  EXPECT_NEAR(f.friction[0].contactNormals[2], kMass * kG, 1e-6 * kMass * kG);
  EXPECT_NEAR(f.friction[0].contactNormals[3], 0.0, 1e-9);
  EXPECT_NEAR(f.friction[0].contactNormals[0] + f.friction[0].contactNormals[1], 0.0, 1e-6);
  EXPECT_NEAR(f.bodies[0].angularVelocity.z(), kOmega0 - kMu * kMass * kG * kR / kJ * 2.0, 1e-4);
}

TEST(FrictionRotor, SphericalJointBrakesTheSpinAtMuFRPerJ)
{
  const System system(rotor(JointType::Spherical));
  const auto results = runFor(system, IntegratorType::Gstiff, 2.0, 0.5, 1e-7);
  const ResultFrame f = results.back();
  const double decel = kMu * kMass * kG * kR / kJ;
  EXPECT_NEAR(f.bodies[0].angularVelocity.z(), kOmega0 - decel * 2.0, 1e-4);
  EXPECT_NEAR(f.bodies[0].angularVelocity.head<2>().norm(), 0.0, 1e-6);
  EXPECT_NEAR(f.friction[0].torque.z(), -kMu * kMass * kG * kR, 1e-6);
}

TEST(FrictionRotor, UniversalJointBrakesOnlyThePinThatTurns)
{
  // Cross at the CM: pin b = J's z (ground z, the rotor spins about it) carries the weight
  // axially, pin a = I's z (the rotor's x) radially but does not turn. Only pin b rubs: the torque
  // is μ m g R about z and the deceleration μ m g R / J.
  Model model;
  model.name = "universal_rotor";
  model.gravity = Vec3(0.0, 0.0, -kG);
  Body b = makeBody("rotor", kMass, Vec3(0.3, 0.3, kJ), Vec3::Zero());
  b.angularVelocity = Vec3(0.0, 0.0, kOmega0);
  exactInitialState(b);
  model.bodies.push_back(b);
  const Mat3 zAlongX = Eigen::AngleAxisd(0.5 * std::numbers::pi, Vec3::UnitY()).matrix();
  const int i = addMarker(model, "rotor.cross", 0, Vec3::Zero(), zAlongX);
  const int j = addMarker(model, "ground.cross", kGround, Vec3::Zero());
  addJoint(model, "cross", JointType::Universal, i, j);
  FrictionParameters p = coulomb(kMu, kMu, 1e-4);
  p.pinRadius = kR;
  model.joints[0].friction = p;
  const System system(std::move(model));
  const auto results = runFor(system, IntegratorType::Gstiff, 2.0, 0.5, 1e-7);
  const double decel = kMu * kMass * kG * kR / kJ;
  for (const ResultFrame& f : results) {
    SCOPED_TRACE("t=" + std::to_string(f.state.t));
    EXPECT_NEAR(f.bodies[0].angularVelocity.z(), kOmega0 - decel * f.state.t, 1e-4);
    EXPECT_NEAR(f.friction[0].torque.z(), -kMu * kMass * kG * kR, 1e-6);
    EXPECT_NEAR(f.friction[0].torque.head<2>().norm(), 0.0, 1e-9);
    EXPECT_NEAR(f.friction[0].contactNormals[0], kMass * kG, 1e-6 * kMass * kG);  // pin a: radial
    EXPECT_NEAR(f.friction[0].contactNormals[1], kMass * kG, 1e-6 * kMass * kG);  // pin b: axial
  }
}

}  // namespace
}  // namespace mbs::solver
