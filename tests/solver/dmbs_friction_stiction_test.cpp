// Stiction (MAX_STICTION_DEFORMATION δ_max > 0) in joint coordinates: the bristle anchors are the
// run's history (loads::ElementHistory), moved after each accepted step of Dormand–Prince and the
// BDF, and a step that takes a held joint past its static peak is retried on the bristle's time
// scale (JointSpaceEquations::endStepLimit, the absolute integrators' stictionStepLimit). The
// closed forms of friction_stiction_dynamic_test run here with Formulation::DMBS: a block held on a
// 30° incline (μ_s = 0.7 > tan 30°), at loose tolerances too; a block pulled by F = k t breaking
// away at μ_s m g / k; a block sliding down 40° with g (sin θ − μ_d cos θ); a bar held by its pin;
// Adams' default bristles (δ_max = 0.01 mm, v_s = 0.1 mm/s), against SI2.
#include <gtest/gtest.h>

#include <cmath>

#include "dmbs_friction_TestRun.hpp"
#include "friction_TestModels.hpp"

namespace mbs::solver {
namespace {

using namespace test;

constexpr double kG = 9.81, kMass = 1.0, kMuS = 0.7, kMuD = 0.5, kVs = 1e-3, kDelta = 1e-6;
constexpr double kFrictionTol = 1e-3 * kMass * kG;  // (friction_stiction_dynamic_test.cpp)

FrictionParameters stiction()
{
  FrictionParameters p = coulomb(kMuS, kMuD, kVs);
  p.maxStictionDeformation = kDelta;
  return p;
}

// GSTIFF: Dormand–Prince until the stick branch proves stiff, then the BDF; RKF45 throughout.
constexpr IntegratorType kRuns[] = {IntegratorType::Gstiff, IntegratorType::Rkf45};

TEST(DmbsFrictionStiction, HoldsABlockOnAThirtyDegreeIncline)
{
  const double phi = std::numbers::pi / 6.0;
  const Vec3 down = slopeFrame(phi).col(2);
  const Model model = blockOnIncline(phi, kMass, kG, stiction());
  for (IntegratorType type : kRuns) {
    const auto frames = dmbsFrames(model, type, 1.0, 0.01);
    ASSERT_EQ(frames.size(), 101u) << toString(type);
    double drift = 0.0;
    for (const ResultFrame& f : frames) {
      SCOPED_TRACE(std::string(toString(type)) + " t=" + std::to_string(f.state.t));
      const double x = f.bodies[0].position.dot(down);
      drift = std::max(drift, std::abs(x));
      EXPECT_LE(std::abs(x), kDelta * (1.0 + 1e-6));  // the bristles never saturate
      EXPECT_TRUE(f.friction[0].stick);
      if (f.state.t >= 0.5) {
        EXPECT_NEAR(f.friction[0].force.dot(down), -kMass * kG * std::sin(phi), kFrictionTol);
        EXPECT_NEAR(f.friction[0].normalForce, kMass * kG * std::cos(phi), 1e-6 * kMass * kG);
        // (Dormand–Prince's frames come from its continuous extension: its velocity error at tol 1e-6)
        EXPECT_NEAR(f.bodies[0].velocity.norm(), 0.0, type == IntegratorType::Rkf45 ? 1e-6 : 1e-7);
      }
    }
    EXPECT_GT(frames.back().bodies[0].position.dot(down), 0.0) << toString(type);
    std::printf("[ hold DMBS %s ] drift over 1 s %.3e m\n", toString(type), drift);
  }
}

TEST(DmbsFrictionStiction, HoldsAtLooseTolerancesWithoutFalseBreakaway)
{
  const double phi = std::numbers::pi / 6.0;
  const Vec3 down = slopeFrame(phi).col(2);
  const Model model = blockOnIncline(phi, kMass, kG, stiction());
  for (const double tol : {1e-3, 1e-4, 1e-5}) {
    for (IntegratorType type : kRuns) {
      const auto frames = dmbsFrames(model, type, 1.0, 0.01, tol);
      ASSERT_EQ(frames.size(), 101u) << toString(type) << " tol " << tol;
      double drift = 0.0;
      for (const ResultFrame& f : frames)
        drift = std::max(drift, std::abs(f.bodies[0].position.dot(down)));
      EXPECT_LE(drift, kDelta * (1.0 + 1e-6)) << toString(type) << " tol " << tol;
      EXPECT_TRUE(frames.back().friction[0].stick) << toString(type) << " tol " << tol;
    }
  }
}

// A block on a horizontal slide along ground x, pulled along x by an action-only force k t.
Model rampPull(double k)
{
  Model model;
  model.name = "ramp_pull";
  model.gravity = Vec3(0.0, -kG, 0.0);
  Body b = makeBody("block", kMass, Vec3(0.01, 0.01, 0.01), Vec3::Zero());
  exactInitialState(b);
  model.bodies.push_back(b);
  Mat3 along;  // z = ground x
  along.col(0) = Vec3::UnitY();
  along.col(1) = Vec3::UnitZ();
  along.col(2) = Vec3::UnitX();
  const int i = addMarker(model, "block.slide", 0, Vec3::Zero(), along);
  const int j = addMarker(model, "rail", kGround, Vec3::Zero(), along);
  addJoint(model, "slide", JointType::Translational, i, j);
  model.joints[0].friction = stiction();
  Force pull;
  pull.name = "pull";
  pull.type = ForceType::SingleComponent;
  pull.iMarker = i;
  pull.jMarker = j;
  pull.actionOnly = true;
  pull.functions[0] = std::make_shared<LambdaFunction>([k](const StateView& s) { return k * s.time(); });
  model.forces.push_back(pull);
  return model;
}

TEST(DmbsFrictionStiction, BreaksAwayWhenARampForceReachesMuStaticN)
{
  const double k = 10.0, tBreak = kMuS * kMass * kG / k;  // 0.6867 s
  const Model model = rampPull(k);
  for (IntegratorType type : kRuns) {
    const auto frames = dmbsFrames(model, type, tBreak + 0.05, 1e-4);
    double tMeasured = -1.0, peak = 0.0, tSlip = -1.0;
    for (const ResultFrame& f : frames) {
      const double x = f.bodies[0].position.x(), friction = -f.friction[0].force.x();
      if (friction > peak) {
        peak = friction;
        tMeasured = f.state.t;
      }
      if (tSlip < 0.0 && x > kDelta * (1.0 + 1e-9))
        tSlip = f.state.t;
      if (f.state.t < tBreak - 1e-3)
        EXPECT_LE(x, kDelta * (1.0 + 1e-9)) << toString(type) << " t=" << f.state.t;
    }
    EXPECT_NEAR(peak, kMuS * kMass * kG, kFrictionTol) << toString(type);
    EXPECT_NEAR(tMeasured, tBreak, 1.5e-3) << toString(type);
    EXPECT_GT(tSlip, tBreak) << toString(type);
    EXPECT_LT(tSlip, tBreak + 5e-3) << toString(type);
    EXPECT_GT(frames.back().bodies[0].position.x(), 100 * kDelta) << toString(type);
    EXPECT_FALSE(frames.back().friction[0].stick) << toString(type);
    std::printf("[ breakaway DMBS %s ] peak friction at t = %.5f s (%.6f N), closed form %.5f s (%.6f N)\n",
                toString(type), tMeasured, peak, tBreak, kMuS * kMass * kG);
  }
}

TEST(DmbsFrictionStiction, BreaksAwayAtTheOutputStepsOfAUser)
{
  // Steps bounded by 10 ms output steps, as mbsolve bounds them: the breakaway step control finds
  // the breakaway, and the block then slides with μ_d: v(T) = [k (T² − t_b²)/2 − μ_d m g (T − t_b)]/m.
  const double k = 10.0, tBreak = kMuS * kMass * kG / k, end = tBreak + 0.3;
  const double vEnd = (0.5 * k * (end * end - tBreak * tBreak) - kMuD * kMass * kG * (end - tBreak)) / kMass;
  const Model model = rampPull(k);
  for (const double tol : {1e-5, 1e-6}) {
    for (IntegratorType type : kRuns) {
      const auto frames = dmbsFrames(model, type, end, 0.01, tol, 0.01);
      ASSERT_FALSE(frames.empty());
      for (const ResultFrame& f : frames)
        if (f.state.t < tBreak - 0.01)
          EXPECT_LE(f.bodies[0].position.x(), kDelta * (1.0 + 1e-6)) << toString(type) << " t=" << f.state.t;
      EXPECT_NEAR(frames.back().bodies[0].velocity.x(), vEnd, 0.02 * vEnd)
          << toString(type) << " tol " << tol;
      EXPECT_FALSE(frames.back().friction[0].stick) << toString(type) << " tol " << tol;
    }
  }
}

TEST(DmbsFrictionStiction, SlidesDownAFortyDegreeInclineWithMuDynamic)
{
  const double phi = 40.0 * std::numbers::pi / 180.0;
  const Vec3 down = slopeFrame(phi).col(2);
  const double a = kG * (std::sin(phi) - kMuD * std::cos(phi));
  const Model model = blockOnIncline(phi, kMass, kG, stiction());
  for (IntegratorType type : kRuns) {
    const auto frames = dmbsFrames(model, type, 1.0, 0.1);
    ASSERT_EQ(frames.size(), 11u);
    for (const ResultFrame& f : frames) {
      if (f.state.t < 0.1)
        continue;
      SCOPED_TRACE(std::string(toString(type)) + " t=" + std::to_string(f.state.t));
      EXPECT_NEAR(f.bodies[0].acceleration.dot(down), a, 1e-6 * a);
      EXPECT_NEAR(f.friction[0].force.dot(down), -kMuD * kMass * kG * std::cos(phi), 1e-6 * kMass * kG);
      EXPECT_FALSE(f.friction[0].stick);
      EXPECT_NEAR(f.bodies[0].velocity.dot(down), a * f.state.t, 2e-3);
    }
  }
}

TEST(DmbsFrictionStiction, HoldsAPinnedBarByItsPinFriction)
{
  // μ_s N R = 10.3 N·m > m g L/2 = 4.9 N·m (friction_stiction_dynamic_test's pinnedBar).
  Model model;
  model.name = "pinned_bar";
  model.gravity = Vec3(0.0, -kG, 0.0);
  Body bar = makeBody("bar", 1.0, Vec3(0.001, 1.0 / 12, 1.0 / 12), Vec3(0.5, 0.0, 0.0));
  exactInitialState(bar);
  model.bodies.push_back(bar);
  const int i = addMarker(model, "bar.pin", 0, Vec3(-0.5, 0.0, 0.0));
  const int j = addMarker(model, "ground.pin", kGround, Vec3::Zero());
  addJoint(model, "pin", JointType::Revolute, i, j);
  FrictionParameters f = stiction();
  f.pinRadius = 1.5;
  model.joints[0].friction = f;
  const auto frames = dmbsFrames(model, IntegratorType::Gstiff, 1.0, 0.01);
  ASSERT_EQ(frames.size(), 101u);
  for (const ResultFrame& fr : frames) {
    SCOPED_TRACE("t=" + std::to_string(fr.state.t));
    EXPECT_LT(std::abs(2.0 * fr.bodies[0].position.y()), kDelta / 1.5 * (1.0 + 1e-6));
    EXPECT_TRUE(fr.friction[0].stick);
    if (fr.state.t >= 0.5)
      EXPECT_NEAR(fr.friction[0].torque.z(), kMass * kG * 0.5, kFrictionTol * 1.5);
  }
}

TEST(DmbsFrictionStiction, HoldsAndSlidesWithAdamsDefaultBristlesAsSi2)
{
  // Adams' defaults δ_max = 0.01 mm, v_s = 0.1 mm/s (the MMKS deck of AdmViewDeckTest in SI):
  // the stick branch is a damper 1.5 μ_s N / v_s, λ ≈ 7·10⁴ /s, and its bristles creep over
  // δ_max / v_s = 0.1 s. A block on 20° (tan 20° < μ_s = 0.5) is held, the creep settling at the
  // bristle deflection z where μ(z v_s/δ_max) N = m g sin θ; one on 30° slides at
  // g (sin θ − μ_d cos θ). GSTIFF (the BDF from the start) against SI2 at tolerance 1e-8.
  FrictionParameters p = coulomb(0.5, 0.3, 1e-4);
  p.maxStictionDeformation = 1e-5;
  for (const double degrees : {20.0, 30.0}) {
    const double phi = degrees * std::numbers::pi / 180.0;
    const Vec3 down = slopeFrame(phi).col(2);
    const Model model = blockOnIncline(phi, kMass, kG, p);
    const auto dmbs = dmbsFrames(model, IntegratorType::Gstiff, 1.0, 0.01, 1e-8);
    const FrictionRun si2 = runFormulation(model, Formulation::SI2, IntegratorType::Gstiff, 1.0, 0.01, 1e-8);
    ASSERT_TRUE(si2.status.ok()) << si2.status.message;
    ASSERT_EQ(dmbs.size(), si2.frames.size());
    if (degrees == 20.0) {
      // z/δ_max = u with μ_s (2 s(u') − 1) = tan θ, s the cubic STEP, u' = (1 + u)/2.
      double lo = 0.0, hi = 1.0;
      for (int k = 0; k < 60; ++k) {
        const double u = 0.5 * (lo + hi), w = 0.5 * (1.0 + u);
        (0.5 * (2.0 * w * w * (3.0 - 2.0 * w) - 1.0) < std::tan(phi) ? lo : hi) = u;
      }
      const double rest = lo * p.maxStictionDeformation;
      EXPECT_NEAR(dmbs.back().bodies[0].position.dot(down), rest, 1e-3 * rest);
      EXPECT_NEAR(dmbs.back().bodies[0].velocity.dot(down), 0.0, 1e-3 * p.stictionTransitionVelocity);
    } else {
      const double a = kG * (std::sin(phi) - 0.3 * std::cos(phi));
      EXPECT_NEAR(dmbs.back().bodies[0].acceleration.dot(down), a, 1e-6 * a);
      EXPECT_FALSE(dmbs.back().friction[0].stick);
    }
    for (std::size_t k = 0; k < dmbs.size(); ++k) {
      const double x = dmbs[k].bodies[0].position.dot(down), y = si2.frames[k].bodies[0].position.dot(down);
      EXPECT_NEAR(x, y, degrees == 20.0 ? 1e-3 * p.maxStictionDeformation : 1e-6)
          << degrees << "° frame " << k;
      EXPECT_EQ(dmbs[k].friction[0].stick, si2.frames[k].friction[0].stick) << degrees << "° frame " << k;
    }
    std::printf("[ Adams bristles %.0f° ] DMBS %.9e m, SI2 %.9e m at 1 s\n", degrees,
                dmbs.back().bodies[0].position.dot(down), si2.frames.back().bodies[0].position.dot(down));
  }
}

}  // namespace
}  // namespace mbs::solver
