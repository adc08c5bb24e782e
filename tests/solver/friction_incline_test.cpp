// A block on an incline (translational joint along the slope, μ_s = 0.5, μ_d = 0.4): below
// tan φ = μ_s it sticks (the friction force balances m g sin φ and the block only creeps slower
// than the stiction velocity); above it slides with a = g (sin φ − μ_d cos φ).
#include <gtest/gtest.h>

#include "friction_TestModels.hpp"

namespace mbs::solver {
namespace {

using namespace test;

constexpr double kMass = 2.0, kG = 9.81, kMuS = 0.5, kMuD = 0.4, kVs = 1e-3;

Model incline(double phi)
{
  return blockOnIncline(phi, kMass, kG, coulomb(kMuS, kMuD, kVs));
}

TEST(FrictionIncline, SticksBelowTheStaticFrictionAngle)
{
  const double phi = std::atan(0.3);  // tan φ = 0.3 < μ_s
  const Vec3 down = slopeFrame(phi).col(2);
  const System system(incline(phi));
  for (IntegratorType type : kAllIntegrators) {
    const auto frames = runFor(system, type, 2.0, 0.1);
    ASSERT_EQ(frames.size(), 21u);
    // The stiction branch is a stiff viscous law (μ_s N / v_s ≈ 10⁴ N·s/m on 2 kg): the BDF
    // methods damp it exactly, HHT and RKF45 leave a creep ripple of ~1e-5 g.
    const bool bdf = type == IntegratorType::Gstiff || type == IntegratorType::Wstiff;
    const double tol = bdf ? 1e-5 : 1e-4;
    for (const ResultFrame& f : frames) {
      SCOPED_TRACE(std::string(toString(type)) + " t=" + std::to_string(f.state.t));
      const double v = f.bodies[0].velocity.dot(down);
      EXPECT_LT(std::abs(v), kVs);
      EXPECT_TRUE(f.friction[0].stick);
      EXPECT_NEAR(f.friction[0].normalForce, kMass * kG * std::cos(phi), 1e-6 * kMass * kG);
      if (f.state.t >= 0.5) {  // after the initial creep transient: static balance
        EXPECT_NEAR(f.friction[0].force.dot(down), -kMass * kG * std::sin(phi), tol * kMass * kG);
        EXPECT_NEAR(f.bodies[0].acceleration.norm(), 0.0, tol * kG);
      }
    }
  }
}

TEST(FrictionIncline, SlidesAboveWithGTimesSinMinusMuDynamicCos)
{
  const double phi = std::atan(0.7);  // tan φ = 0.7 > μ_s
  const Vec3 down = slopeFrame(phi).col(2);
  const double a = kG * (std::sin(phi) - kMuD * std::cos(phi));
  const System system(incline(phi));
  for (IntegratorType type : kAllIntegrators) {
    const auto frames = runFor(system, type, 1.0, 0.1);
    ASSERT_EQ(frames.size(), 11u);
    for (const ResultFrame& f : frames) {
      if (f.state.t < 0.1)
        continue;  // breaking away through the stiction band takes ~v_s/a ≈ 1 ms
      SCOPED_TRACE(std::string(toString(type)) + " t=" + std::to_string(f.state.t));
      EXPECT_NEAR(f.bodies[0].acceleration.dot(down), a, 1e-6 * a);
      EXPECT_NEAR(f.bodies[0].velocity.dot(down), a * f.state.t, 2e-3);
      EXPECT_NEAR(f.friction[0].force.dot(down), -kMuD * kMass * kG * std::cos(phi), 1e-6 * kMass * kG);
      EXPECT_FALSE(f.friction[0].stick);
      // Dissipation = |F_f| · v.
      EXPECT_NEAR(f.friction[0].power, kMuD * kMass * kG * std::cos(phi) * f.bodies[0].velocity.norm(), 1e-6);
    }
  }
}

TEST(FrictionIncline, StribeckBlockOnTheLevelDeceleratesAtMuOfVAndStops)
{
  // A block thrown at 1 m/s along a level slide: a = −g μ(v) with the Stribeck curve
  // μ(v) = μ_d + (μ_s − μ_d) exp(−((v − v_s)/v_str)²) (friction grows as it slows), then it
  // comes to rest and sticks.
  constexpr double vStr = 0.3;
  Model model = incline(0.0);
  model.bodies[0].velocity = Vec3(1.0, 0.0, 0.0);  // along the slide's z = ground x
  FrictionParameters& p = *model.joints[0].friction;
  p.stribeck = true;
  p.stribeckVelocity = vStr;
  const System system(std::move(model));
  auto mu = [&](double v) {
    const double x = (v - kVs) / vStr;
    return kMuD + (kMuS - kMuD) * std::exp(-x * x);
  };
  for (IntegratorType type : {IntegratorType::Gstiff, IntegratorType::Hht}) {
    const auto frames = runFor(system, type, 0.5, 0.01, 1e-7);
    bool stopped = false;
    for (const ResultFrame& f : frames) {
      SCOPED_TRACE(std::string(toString(type)) + " t=" + std::to_string(f.state.t));
      const double v = f.bodies[0].velocity.x();
      if (v > 10.0 * kVs)
        EXPECT_NEAR(f.bodies[0].acceleration.x(), -kG * mu(v), 1e-5 * kG);
      EXPECT_GT(v, -kVs);  // never driven backwards
      stopped |= f.friction[0].stick;
    }
    EXPECT_TRUE(stopped);
    EXPECT_LT(std::abs(frames.back().bodies[0].velocity.x()), kVs);
    EXPECT_TRUE(frames.back().friction[0].stick);
  }
}

}  // namespace
}  // namespace mbs::solver
