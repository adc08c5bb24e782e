// Quasi-static analysis (AnalysisKind::QuasiStatic, Adams SIMULATE/STATICS with END=): a static
// equilibrium at every output time under time-varying loads and motions, against closed forms.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "mbs/solver/Analysis.hpp"
#include "system_test_models.hpp"

namespace mbs::solver {
namespace {

constexpr double kG = 9.81;

AnalysisSettings quasiStatic(double endTime, double outputStep)
{
  AnalysisSettings s;
  s.kind = AnalysisKind::QuasiStatic;
  s.endTime = endTime;
  s.outputStep = outputStep;
  return s;
}

// A bob (m = 2 kg, point-like) on a rod of length 1.5 m about ground's z axis, gravity −y, pushed
// along +x by an action-only force F(t) = rate · t at its centre.
Model pushedPendulum(double rate)
{
  Model m;
  m.name = "pushed_pendulum";
  m.gravity = Vec3(0.0, -kG, 0.0);
  m.bodies.push_back(test::makeBody("bob", 2.0, {1e-6, 1e-6, 1e-6}, Vec3(0.0, -1.5, 0.0)));
  const int pivot = test::addMarker(m, "bob_pivot", 0, Vec3(0.0, 1.5, 0.0));
  const int ground = test::addMarker(m, "ground_pivot", kGround, Vec3::Zero());
  test::addJoint(m, "pivot", JointType::Revolute, pivot, ground);
  Force push;
  push.name = "push";
  push.type = ForceType::General;
  push.iMarker = test::addMarker(m, "bob_cm", 0, Vec3::Zero());
  push.jMarker = kGround;
  push.referenceMarker = kGround;
  push.actionOnly = true;
  push.functions[0] =
      std::make_shared<test::LambdaFunction>([rate](const StateView& v) { return rate * v.time(); });
  m.forces.push_back(push);
  return m;
}

TEST(QuasiStaticAnalysis, PendulumFollowsARampedPushAtEveryStep)
{
  const double mass = 2.0, length = 1.5, rate = 30.0;
  ResultStore results;
  const AnalysisOutcome outcome = runAnalysis(pushedPendulum(rate), quasiStatic(1.0, 0.1), nullptr, results);
  ASSERT_TRUE(outcome.status.ok()) << outcome.status.message;
  ASSERT_EQ(results.size(), 11u);  // N + 1 frames: t = 0, 0.1 .. 1
  for (std::size_t k = 0; k < results.size(); ++k) {
    const ResultFrame frame = results.frame(k);
    const double t = 0.1 * double(k), force = rate * t;
    EXPECT_NEAR(frame.state.t, t, 1e-12);
    // tan θ = F / (m g), θ from the downward vertical towards +x.
    const double theta = std::atan2(force, mass * kG);
    const Vec3 bob = frame.bodies[0].position;
    EXPECT_NEAR(bob.x(), length * std::sin(theta), 1e-8) << "t = " << t;
    EXPECT_NEAR(bob.y(), -length * std::cos(theta), 1e-8) << "t = " << t;
    EXPECT_NEAR(std::atan2(bob.x(), -bob.y()), theta, 1e-8) << "t = " << t;
    // At rest: no velocity, and the pin holds the weight and the push: R = (−F, m g, 0).
    EXPECT_LT(frame.bodies[0].velocity.norm(), 1e-12);
    EXPECT_LT((frame.joints[0].force - Vec3(-force, mass * kG, 0.0)).norm(), 1e-7) << "t = " << t;
    EXPECT_NEAR(frame.forces[0].force.x(), force, 1e-9);
  }
}

// A block on a slide along x between two springs: k1 to ground, k2 to a driver moved by a motion
// x_d(t) = 2 + d(t) with d(t) = 0.05 + 0.2 t. Equilibrium: k1 (x_b − 1) = k2 (d − (x_b − 1)), so
// the driven spring carries F = k1 k2 / (k1 + k2) · d(t) and so does the motion.
TEST(QuasiStaticAnalysis, SpringBehindAMotionCarriesStiffnessTimesDisplacement)
{
  const double k1 = 1000.0, k2 = 3000.0;
  Model m;
  m.name = "driven_springs";
  const Mat3 alongX = Eigen::AngleAxisd(std::numbers::pi / 2, Vec3::UnitY()).matrix();
  m.bodies.push_back(test::makeBody("block", 1.0, {0.1, 0.1, 0.1}, Vec3(1.0, 0.0, 0.0)));
  m.bodies.push_back(test::makeBody("driver", 1.0, {0.1, 0.1, 0.1}, Vec3(2.0, 0.0, 0.0)));
  const int groundAxis = test::addMarker(m, "ground_axis", kGround, Vec3::Zero(), alongX);
  const int blockAxis = test::addMarker(m, "block_axis", 0, Vec3::Zero(), alongX);
  const int driverAxis = test::addMarker(m, "driver_axis", 1, Vec3::Zero(), alongX);
  test::addJoint(m, "block_slide", JointType::Translational, blockAxis, groundAxis);
  test::addJoint(m, "driver_slide", JointType::Translational, driverAxis, groundAxis);
  Motion drive;
  drive.name = "drive";
  drive.iMarker = driverAxis;
  drive.jMarker = groundAxis;
  drive.axis = MotionAxis::Z;
  drive.displacement = std::make_shared<test::Polynomial>(2.05, 0.2);
  m.motions.push_back(drive);
  auto spring = [&](const char* name, int i, int j, double k) {
    Force f;
    f.name = name;
    f.type = ForceType::TranslationalSpringDamper;
    f.iMarker = i;
    f.jMarker = j;
    f.stiffness = k;
    f.damping = 50.0;  // no effect at rest
    f.freeLength = 1.0;
    m.forces.push_back(f);
  };
  spring("ground_spring", blockAxis, groundAxis, k1);
  spring("driven_spring", driverAxis, blockAxis, k2);
  ResultStore results;
  const AnalysisOutcome outcome = runAnalysis(m, quasiStatic(2.0, 0.25), nullptr, results);
  ASSERT_TRUE(outcome.status.ok()) << outcome.status.message;
  ASSERT_EQ(results.size(), 9u);
  const double series = k1 * k2 / (k1 + k2);
  for (std::size_t k = 0; k < results.size(); ++k) {
    const ResultFrame frame = results.frame(k);
    const double t = 0.25 * double(k), d = 0.05 + 0.2 * t;
    EXPECT_NEAR(frame.bodies[1].position.x(), 2.0 + d, 1e-10) << "t = " << t;
    EXPECT_NEAR(frame.bodies[0].position.x(), 1.0 + series * d / k1, 1e-10) << "t = " << t;
    // The driven spring is stretched by F / k2 and pulls the driver back with F.
    EXPECT_NEAR(frame.forces[1].length - 1.0, series * d / k2, 1e-10) << "t = " << t;
    EXPECT_NEAR(frame.forces[1].force.x(), -series * d, 1e-7) << "t = " << t;
    // The motion holds the driver against it.
    EXPECT_NEAR(frame.motions[0].force.x(), series * d, 1e-7) << "t = " << t;
  }
}

// The slider-crank with a motion on the crank (θ = 0.3 + t) and a spring pulling the slider towards
// an anchor at x = 1 m: the driving torque by virtual work, T δθ + F_x δx = 0, T = −F_x dx/dθ.
TEST(QuasiStaticAnalysis, SliderCrankDrivingTorqueByVirtualWork)
{
  const double r = 0.1, l = 0.3, theta0 = 0.3, k = 2000.0, anchor = 1.0, freeLength = 0.5;
  Model m = test::sliderCrank(r, l, theta0, 1.0);
  const int sliderB = 5;  // slider_B (system_test_models.hpp)
  ASSERT_EQ(m.markers[sliderB].name, "slider_B");
  Force spring;
  spring.name = "return_spring";
  spring.type = ForceType::TranslationalSpringDamper;
  spring.iMarker = sliderB;
  spring.jMarker = test::addMarker(m, "anchor", kGround, Vec3(anchor, 0.0, 0.0));
  spring.stiffness = k;
  spring.freeLength = freeLength;
  m.forces.push_back(spring);
  m.gravity.setZero();  // the closed form has the spring alone
  ResultStore results;
  const AnalysisOutcome outcome = runAnalysis(m, quasiStatic(2.0, 0.25), nullptr, results);
  ASSERT_TRUE(outcome.status.ok()) << outcome.status.message;
  ASSERT_EQ(results.size(), 9u);
  for (std::size_t n = 0; n < results.size(); ++n) {
    const ResultFrame frame = results.frame(n);
    const double theta = theta0 + frame.state.t, s = r * std::sin(theta);
    const double root = std::sqrt(l * l - s * s);
    const double x = r * std::cos(theta) + root;
    const double dxdtheta = -s - s * r * std::cos(theta) / root;
    const double fx = k * (anchor - x - freeLength);  // the spring pulls the slider towards +x
    EXPECT_NEAR(frame.bodies[2].position.x(), x, 1e-9) << "θ = " << theta;
    EXPECT_NEAR(frame.motions[0].torque.z(), -fx * dxdtheta, 1e-6 * k * r) << "θ = " << theta;
  }
}

// A pendulum with a growing torque T = m g L t / 0.75 on its pin has an equilibrium (sin θ = T / m g L)
// until t = 0.75 s and none after: the series stops at t = 0.8 s with the frames before it.
TEST(QuasiStaticAnalysis, NoEquilibriumStopsNamingTheTimeAndKeepsTheFrames)
{
  Model m = pushedPendulum(0.0);
  m.forces.clear();
  const double mass = 2.0, length = 1.5, limit = mass * kG * length;
  Force torque;
  torque.name = "wind_up";
  torque.type = ForceType::SingleComponent;
  torque.rotational = true;
  torque.iMarker = 0;  // bob_pivot
  torque.jMarker = 1;  // ground_pivot
  torque.functions[0] =
      std::make_shared<test::LambdaFunction>([limit](const StateView& v) { return limit * v.time() / 0.75; });
  m.forces.push_back(torque);
  ResultStore results;
  const AnalysisOutcome outcome = runAnalysis(m, quasiStatic(1.0, 0.1), nullptr, results);
  ASSERT_FALSE(outcome.status.ok());
  EXPECT_NEAR(outcome.status.time, 0.8, 1e-12);
  EXPECT_NE(outcome.status.message.find("no static equilibrium at t = 0.8 s"), std::string::npos)
      << outcome.status.message;
  EXPECT_NE(outcome.status.message.find("up to t = 0.7 s"), std::string::npos) << outcome.status.message;
  ASSERT_EQ(results.size(), 8u);  // t = 0 .. 0.7
  ASSERT_TRUE(results.finished());
  for (std::size_t k = 0; k < results.size(); ++k) {
    const ResultFrame frame = results.frame(k);
    const Vec3 bob = frame.bodies[0].position;
    EXPECT_NEAR(std::abs(bob.x()) / length, std::min(1.0, frame.state.t / 0.75), 1e-7);
  }
}

TEST(QuasiStaticAnalysis, ProgressCancelAndGridChecks)
{
  struct Monitor : ProgressMonitor {
    void onStep(const StepInfo& info) override
    {
      if (info.phase != Phase::Steps)  // the Newton iterations of the assembly and each equilibrium
        return;
      ++steps;
      last = info.time;
      end = info.endTime;
    }
    bool cancelRequested() const override { return steps >= 3; }
    int steps = 0;
    double last = -1.0, end = 0.0;
  } monitor;
  ResultStore results;
  const AnalysisOutcome cancelled =
      runAnalysis(pushedPendulum(10.0), quasiStatic(1.0, 0.1), &monitor, results);
  EXPECT_EQ(cancelled.status.code, StatusCode::Cancelled);
  EXPECT_EQ(results.size(), 3u);
  EXPECT_NEAR(monitor.last, 0.2, 1e-12);
  EXPECT_NEAR(monitor.end, 1.0, 1e-12);
  // The last output time is the end time, also when the step does not divide the span.
  const AnalysisOutcome uneven = runAnalysis(pushedPendulum(10.0), quasiStatic(1.0, 0.3), nullptr, results);
  ASSERT_TRUE(uneven.status.ok()) << uneven.status.message;
  ASSERT_EQ(results.size(), 5u);
  EXPECT_DOUBLE_EQ(results.frame(4).state.t, 1.0);
  AnalysisSettings bad = quasiStatic(1.0, -0.1);
  const AnalysisOutcome refused = runAnalysis(pushedPendulum(10.0), bad, nullptr, results);
  EXPECT_EQ(refused.status.code, StatusCode::BadInput);
  EXPECT_NE(refused.status.message.find("quasi-static analysis: the output step"), std::string::npos)
      << refused.status.message;
  EXPECT_STREQ(toString(AnalysisKind::QuasiStatic), "quasi-static");
}

}  // namespace
}  // namespace mbs::solver
