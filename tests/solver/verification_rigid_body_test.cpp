// Rigid-body rotation through System + runDynamics: torque-free axisymmetric body (CASES.md 7)
// and the energy of a heavy symmetric top on a spherical joint.
#include <gtest/gtest.h>

#include <cmath>

#include "System.hpp"
#include "dynamics/DynamicAnalysis.hpp"
#include "mbs/solver/Results.hpp"

namespace mbs::solver {
namespace {

Body spinningBody(const Vec3& inertia, const Vec3& omega)
{
  Body b;
  b.name = "rotor";
  b.mass = 2.0;
  b.inertia = inertia.asDiagonal();
  b.angularVelocity = omega;
  b.positionExact = {true, true, true};
  b.orientationExact = true;
  b.velocityExact = {true, true, true};
  b.angularVelocityExact = {true, true, true};
  return b;
}

TEST(RigidBodyVerification, TorqueFreeAxisymmetricBodyPrecessesAtTheClosedFormRate)
{
  // I1 = I2 = 1, I3 = 2, ω0 = (1, 0, 3) in the body frame = ground frame at t = 0:
  // ω3 constant, (ω1, ω2) rotate in the body frame at Ω = (I3 − I1) ω3 / I1 = 3 rad/s.
  Model model;
  model.bodies.push_back(spinningBody(Vec3(1, 1, 2), Vec3(1, 0, 3)));
  System system(model);
  for (IntegratorType type : {IntegratorType::Gstiff, IntegratorType::Rkf45}) {
    DynamicOptions options;
    options.endTime = 2.0;
    options.outputStep = 0.05;
    options.integrator = type;
    options.integratorOptions.tolerance = 1e-7;
    options.integratorOptions.formulation = Formulation::SI2;
    ResultStore results;
    const Status st = runDynamics(system, options, nullptr, results);
    ASSERT_TRUE(st.ok()) << st.message;
    const Mat3 I = Vec3(1, 1, 2).asDiagonal();
    double maxOmegaError = 0.0, maxEnergyError = 0.0, maxMomentumError = 0.0;
    const double T0 = 0.5 * (1.0 + 2.0 * 9.0);
    const Vec3 H0 = I * Vec3(1, 0, 3);  // ground frame, constant
    for (size_t k = 0; k < results.size(); ++k) {
      const ResultFrame f = results.frame(k);
      const Mat3 R = f.bodies[0].orientation.toRotationMatrix();
      const Vec3 wBody = R.transpose() * f.bodies[0].angularVelocity;
      const double t = f.state.t;
      const Vec3 expected(std::cos(3.0 * t), std::sin(3.0 * t), 3.0);
      maxOmegaError = std::max(maxOmegaError, (wBody - expected).cwiseAbs().maxCoeff());
      maxEnergyError = std::max(maxEnergyError, std::abs(0.5 * wBody.dot(I * wBody) - T0));
      maxMomentumError = std::max(maxMomentumError, (R * I * wBody - H0).norm());
    }
    EXPECT_LT(maxOmegaError, 1e-4) << toString(type);
    EXPECT_LT(maxEnergyError, 1e-5 * T0) << toString(type);
    EXPECT_LT(maxMomentumError, 1e-5 * H0.norm()) << toString(type);
  }
}

TEST(RigidBodyVerification, HeavyTopConservesEnergy)
{
  // Symmetric top (I = 0.1, 0.1, 0.05 about the CM), CM 0.5 m up its axis tilted 30° from the
  // vertical, spinning at 30 rad/s about its axis; spherical joint at the origin, g = 9.81 in −z.
  const double tilt = M_PI / 6;
  const Quat q(Eigen::AngleAxisd(tilt, Vec3::UnitX()));
  const Vec3 axis = q * Vec3::UnitZ();
  Model model;
  model.gravity = Vec3(0, 0, -9.81);
  Body top = spinningBody(Vec3(0.1, 0.1, 0.05), 30.0 * axis);
  top.position = 0.5 * axis;
  top.orientation = q;
  top.velocity = (30.0 * axis).cross(top.position);  // = 0: spin about the axis through the pivot
  model.bodies.push_back(top);
  Marker i;
  i.body = 0;
  i.position = Vec3(0, 0, -0.5);
  Marker j;
  j.body = kGround;
  model.markers = {i, j};
  Joint ball;
  ball.name = "ball";
  ball.type = JointType::Spherical;
  ball.iMarker = 0;
  ball.jMarker = 1;
  model.joints.push_back(ball);
  System system(model);
  DynamicOptions options;
  options.endTime = 2.0;
  options.outputStep = 0.02;
  options.integratorOptions.tolerance = 1e-7;
  options.integratorOptions.formulation = Formulation::SI2;
  ResultStore results;
  const Status st = runDynamics(system, options, nullptr, results);
  ASSERT_TRUE(st.ok()) << st.message;
  const Mat3 I = Vec3(0.1, 0.1, 0.05).asDiagonal();
  double e0 = 0.0, maxError = 0.0, maxPivotDrift = 0.0;
  for (size_t k = 0; k < results.size(); ++k) {
    const BodyOutput b = results.frame(k).bodies[0];
    const Mat3 R = b.orientation.toRotationMatrix();
    const Vec3 w = R.transpose() * b.angularVelocity;
    const double e = 0.5 * 2.0 * b.velocity.squaredNorm() + 0.5 * w.dot(I * w) + 2.0 * 9.81 * b.position.z();
    if (k == 0)
      e0 = e;
    maxError = std::max(maxError, std::abs(e - e0));
    maxPivotDrift = std::max(maxPivotDrift, (b.position + R * Vec3(0, 0, -0.5)).norm());
  }
  EXPECT_LT(maxError, 1e-4 * std::abs(0.5 * 0.05 * 900));
  EXPECT_LT(maxPivotDrift, 1e-7);
}

}  // namespace
}  // namespace mbs::solver
