// The seed paper's pendulum on a cylindrical joint (seed 001, section 5; see seedPendulum()):
// axial friction force, friction torque and angular velocity against relations derived here
// independently of the solver's friction code.
#include <gtest/gtest.h>

#include "analysis/InitialConditions.hpp"
#include "friction_TestModels.hpp"

namespace mbs::solver {
namespace {

using namespace test;
using P = SeedPendulum;

// Contact normal forces of the seed's cylindrical joint from a reaction (f, m at the joint
// centre, joint axis = ground z): end contacts at ±c with F₁ + F₂ = f⊥ and c z × (F₂ − F₁) = m⊥.
double seedNormalForce(const Reaction& r)
{
  const Vec3 z = Vec3::UnitZ();
  const Vec3 f(r.force.x(), r.force.y(), 0.0), m(r.torque.x(), r.torque.y(), 0.0);
  const Vec3 d = m.cross(z) / (2.0 * P::c);
  return (0.5 * f - d).norm() + (0.5 * f + d).norm();
}

TEST(FrictionPendulum, StartDecelerationMatchesTheClosedForm)
{
  // At t = 0 (ω = 0, s = 1 m/s) the contacts slide axially: F_z = −μ N. Moments about the pin:
  // M_y = −(L/2)·m a_z = (L/2) μ N and the vertical reaction F_y = m g (1 − m (L/2)²/J_O), so
  // N² = F_y² + (M_y/c)² gives N = F_y/√(1 − μ²) (c = L/2), and a_z = −μ N/m.
  const double m = P::mass();
  const double fy = m * P::g * (1.0 - m * 0.25 * P::L * P::L / P::pivotInertia());
  const double n = fy / std::sqrt(1.0 - P::mu * P::mu);
  const System system(seedPendulum());
  for (IntegratorType type : kAllIntegrators) {
    const auto frames = runFor(system, type, 0.01, 0.01);
    const ResultFrame& f = frames.front();
    SCOPED_TRACE(toString(type));
    EXPECT_NEAR(f.friction[0].normalForce, n, 1e-6 * n);
    EXPECT_NEAR(f.friction[0].force.z(), -P::mu * n, 1e-6 * n);
    EXPECT_NEAR(f.bodies[0].acceleration.z(), -P::mu * n / m, 1e-6);
    EXPECT_NEAR(f.friction[0].torque.z(), 0.0, 1e-9);
    EXPECT_NEAR(f.joints[0].force.y(), fy, 1e-6 * fy);
  }
  // The initial-condition analysis alone gives the same consistent q̈ and λ.
  State state;
  ASSERT_TRUE(solveInitialConditions(system, state).ok());
  EXPECT_NEAR(system.bodyOutput(0, state.q, state.qd, state.qdd).acceleration.z(), -P::mu * n / m, 1e-6);
  EXPECT_NEAR(system.frictionOutput(0, state.q, state.qd, state.lambda).normalForce, n, 1e-6 * n);
}

TEST(FrictionPendulum, AxialForceTorqueAndSwingFollowTheSeedModel)
{
  const double m = P::mass();
  const System system(seedPendulum());
  for (IntegratorType type : kAllIntegrators) {
    const auto frames = runFor(system, type, 2.0, 0.05, 1e-7);
    ASSERT_EQ(frames.size(), 41u);
    double previousS = P::s0 + 1.0;
    bool swung = false;
    for (const ResultFrame& f : frames) {
      SCOPED_TRACE(std::string(toString(type)) + " t=" + std::to_string(f.state.t));
      const BodyOutput& b = f.bodies[0];
      const FrictionOutput& fr = f.friction[0];
      const double s = b.velocity.z(), w = b.angularVelocity.z();
      const double v = std::hypot(s, w * P::R);
      const double n = seedNormalForce(f.joints[0]);
      // Equivalent friction coefficients of the seed (eq. 20): k_s = −μ s/v, k_r = −μ ωR/v.
      EXPECT_NEAR(fr.normalForce, n, 1e-6 * n);
      EXPECT_NEAR(fr.force.z(), -P::mu * n * s / v, 1e-6 * n);
      EXPECT_NEAR(fr.torque.z(), -P::mu * n * P::R * (w * P::R) / v, 1e-6 * n * P::R);
      // Friction is the only axial force: m ṡ = F_z, so the axial speed decays at μ N s/(m v).
      EXPECT_NEAR(b.acceleration.z(), fr.force.z() / m, 1e-6 * P::g);
      EXPECT_LT(s, previousS);
      EXPECT_GT(s, 0.0);
      previousS = s;
      // Swing about the pin: J_O ω̇ = −m g (L/2) cos θ + T_f, θ = angle of the bar from +x.
      const Vec3 bar = b.orientation.toRotationMatrix().col(0);
      const double cosTheta = bar.x();
      EXPECT_NEAR(b.angularAcceleration.z() * P::pivotInertia(),
                  -m * P::g * 0.5 * P::L * cosTheta + fr.torque.z(), 5e-5 * m * P::g);
      // The CM stays on the circle of radius L/2 about the axis (RKF45's dense output: 1e-5).
      EXPECT_NEAR(std::hypot(b.position.x(), b.position.y()), 0.5 * P::L, 1e-5);
      swung |= w < -1.0;
      EXPECT_GT(fr.power, -1e-9);
    }
    EXPECT_TRUE(swung);
    // Friction slows the slide more than a frictionless joint (s stays 1 m/s there).
    EXPECT_LT(frames.back().bodies[0].velocity.z(), 0.9 * P::s0);
  }
}

}  // namespace
}  // namespace mbs::solver
