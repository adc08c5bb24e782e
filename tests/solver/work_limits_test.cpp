// Issue 29: impossible output grids are refused, runs stop at their work bound with a located
// message (RKF45 on a stiff model says so and names GSTIFF), and a ResultStore with a sink and a
// retention bound streams every frame while holding only the last ones.
#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <limits>
#include <numbers>

#include "mbs/solver/Analysis.hpp"
#include "system_test_models.hpp"

namespace mbs::solver {
namespace {

// A point-like bob on a massless rod of length 1 about ground's z axis, starting horizontal.
Model pendulum()
{
  Model m;
  m.name = "pendulum";
  m.gravity = Vec3(0.0, -9.81, 0.0);
  m.bodies.push_back(test::makeBody("bob", 1.0, {1e-6, 1e-6, 1e-6}, Vec3(1.0, 0.0, 0.0)));
  const int pivot = test::addMarker(m, "bob_pivot", 0, Vec3(-1.0, 0.0, 0.0));
  const int ground = test::addMarker(m, "ground_pivot", kGround, Vec3::Zero());
  test::addJoint(m, "pivot", JointType::Revolute, pivot, ground);
  return m;
}

// A 1 kg block on a slide along x held by a spring-damper of `stiffness` and `damping` to ground,
// stretched by 1 mm. Undamped: x(t) = 1 mm cos(ω t), ω = √k. With c = k + 1 the eigenvalues are
// −1 and −k: the fast one dies at once and x(t) follows e^(−t) — stiff, the classic case for BDF.
Model stiffSpringBlock(double stiffness, double damping = 0.0)
{
  Model m;
  m.name = "stiff_spring";
  m.gravity = Vec3::Zero();
  m.bodies.push_back(test::makeBody("block", 1.0, {1, 1, 1}, Vec3(1.001, 0.0, 0.0)));
  const Mat3 zAlongX = Eigen::AngleAxisd(std::numbers::pi / 2, Vec3::UnitY()).toRotationMatrix();
  const int onBlock = test::addMarker(m, "block_slide", 0, Vec3::Zero(), zAlongX);
  const int onGround = test::addMarker(m, "ground_slide", kGround, Vec3::Zero(), zAlongX);
  test::addJoint(m, "slide", JointType::Translational, onBlock, onGround);
  Force spring;
  spring.name = "spring";
  spring.type = ForceType::TranslationalSpringDamper;
  spring.iMarker = onBlock;
  spring.jMarker = onGround;
  spring.stiffness = stiffness;
  spring.damping = damping;
  spring.freeLength = 1.0;
  m.forces.push_back(spring);
  return m;
}

AnalysisSettings dynamic(double end, double step)
{
  AnalysisSettings s;
  s.kind = AnalysisKind::Dynamic;
  s.endTime = end;
  s.outputStep = step;
  s.tolerance = 1e-6;
  return s;
}

TEST(WorkLimits, ImpossibleOutputGridsAreRefusedBeforeAnythingRuns)
{
  const double inf = std::numeric_limits<double>::infinity(), nan = std::nan("");
  const struct {
    double end, step;
    const char* says;
  } cases[] = {{inf, 0.01, "end time inf s is not a finite number"},
               {nan, 0.01, "not a finite number"},
               {1.0, 0.0, "output step 0 s is not a positive finite number"},
               {1.0, -0.1, "output step -0.1 s is not a positive"},
               {1.0, inf, "output step inf s is not a positive finite number"},
               {1.0, 1e-20, "makes 1e+20 output frames, more than the limit of 10000000"},
               {1e300, 0.01, "more than the limit of 10000000"},
               {1.0, 1e-300, "more than the limit"}};
  for (const auto& c : cases) {
    AnalysisSettings s = dynamic(c.end, c.step);
    EXPECT_FALSE(checkOutputGrid(s).ok());
    EXPECT_NE(checkOutputGrid(s).message.find(c.says), std::string::npos) << checkOutputGrid(s).message;
    for (const AnalysisKind kind : {AnalysisKind::Dynamic, AnalysisKind::Kinematic}) {
      s.kind = kind;
      ResultStore results;
      const AnalysisOutcome outcome = runAnalysis(pendulum(), s, nullptr, results);
      EXPECT_EQ(outcome.status.code, StatusCode::BadInput) << c.says;
      EXPECT_EQ(results.size(), 0u);
    }
  }
  // The limit is a setting: 2 million frames pass under a limit of 3 million, not under 1 million.
  AnalysisSettings many = dynamic(2.0, 1e-6);
  many.maxOutputFrames = 1'000'000;
  EXPECT_FALSE(checkOutputGrid(many).ok());
  many.maxOutputFrames = 3'000'000;
  EXPECT_TRUE(checkOutputGrid(many).ok()) << checkOutputGrid(many).message;
  EXPECT_EQ(outputFrameCount(dynamic(1.0, 0.1)), 12u);  // an upper bound: 11 frames and a rounding spare
}

TEST(WorkLimits, SinkSeesEveryFrameWhileTheStoreHoldsOnlyTheLast)
{
  ResultStore all;
  ASSERT_TRUE(runAnalysis(pendulum(), dynamic(1.0, 0.01), nullptr, all).status.ok());
  ResultStore bounded;
  std::vector<double> streamed;
  bounded.setSink([&](const ResultFrame& f) { streamed.push_back(f.state.t); });
  bounded.setRetention(2);
  ASSERT_TRUE(runAnalysis(pendulum(), dynamic(1.0, 0.01), nullptr, bounded).status.ok());
  EXPECT_EQ(streamed, all.times());
  ASSERT_EQ(bounded.size(), all.size());
  EXPECT_EQ(bounded.firstIndex(), all.size() - 2);
  EXPECT_EQ(bounded.times().size(), 2u);
  EXPECT_EQ(bounded.frame(all.size() - 1).bodies[0].position, all.frame(all.size() - 1).bodies[0].position);
  EXPECT_THROW(bounded.frame(all.size() - 3), std::out_of_range);
  EXPECT_TRUE(bounded.finished());
}

TEST(WorkLimits, StepCountLimitStopsWithTheTimeReached)
{
  AnalysisSettings s = dynamic(1.0, 0.1);
  s.maxSteps = 50;
  s.maxStep = 1e-3;  // about 1000 steps needed
  ResultStore results;
  const Status st = runAnalysis(pendulum(), s, nullptr, results).status;
  EXPECT_EQ(st.code, StatusCode::ResourceLimit);
  EXPECT_NE(st.message.find("the step limit of 50 steps (accepted and rejected) was reached at t = "),
            std::string::npos)
      << st.message;
  EXPECT_GT(st.time, 0.01);  // the time reached (50 steps of at most 1 ms), not 0
  EXPECT_LE(st.time, 0.05 + 1e-12);
  char when[64];
  std::snprintf(when, sizeof when, "failed at t = %g s:", st.time);
  EXPECT_NE(st.message.find(when), std::string::npos) << st.message;
  EXPECT_NE(st.message.find("--max-steps"), std::string::npos);
  EXPECT_EQ(results.size(), 1u);  // the frame at t = 0
}

TEST(WorkLimits, ACollapsedStepSizeIsFoundByProjectionNotAfterAllTheSteps)
{
  AnalysisSettings s = dynamic(1.0, 0.1);
  s.maxStep = 1e-7;  // 1e7 steps to the end: as if the step had collapsed
  s.maxSteps = 1'000'000;
  ResultStore results;
  const auto start = std::chrono::steady_clock::now();
  const Status st = runAnalysis(pendulum(), s, nullptr, results).status;
  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_EQ(st.code, StatusCode::ResourceLimit);
  EXPECT_NE(st.message.find("the step size has averaged 1e-07 s over the last 20000 steps"),
            std::string::npos)
      << st.message;
  EXPECT_NE(st.message.find("more than the step limit of 1000000"), std::string::npos) << st.message;
  EXPECT_NEAR(st.time, 20000 * 1e-7, 1.5e-7);  // (within one step of it)
  EXPECT_LT(wall, 30.0);                       // 20,000 steps, not a million
}

TEST(WorkLimits, Rkf45OnAStiffModelDetectsStiffnessAndNamesGstiff)
{
  const double k = 1e8;
  const Model model = stiffSpringBlock(k, k + 1.0);
  AnalysisSettings s = dynamic(1.0, 0.1);
  s.integrator = IntegratorType::Rkf45;
  s.maxSteps = 100000;  // 1 s at RKF45's stability limit (~3e-8 s) is ~3e7 steps: found by projection
  ResultStore results;
  const Status st = runAnalysis(model, s, nullptr, results).status;
  EXPECT_EQ(st.code, StatusCode::ResourceLimit);
  EXPECT_NE(st.message.find("stiffness detected at t = "), std::string::npos) << st.message;
  EXPECT_NE(st.message.find("use GSTIFF"), std::string::npos) << st.message;
  EXPECT_GT(st.time, 0.0);

  // A short run finishes, with the same finding as a warning, and follows x = 1 + 1e-3 e^(-t).
  AnalysisSettings shortRun = dynamic(2e-4, 1e-4);
  shortRun.integrator = IntegratorType::Rkf45;
  ResultStore rk;
  const Status rkStatus = runAnalysis(model, shortRun, nullptr, rk).status;
  ASSERT_TRUE(rkStatus.ok()) << rkStatus.message;
  bool warned = false;
  for (const auto& w : rkStatus.warnings)
    warned |= w.find("stiffness detected") != std::string::npos;
  EXPECT_TRUE(warned);
  EXPECT_NEAR(rk.frame(rk.size() - 1).bodies[0].position.x(), 1.0 + 1e-3 * std::exp(-2e-4), 1e-8);

  // GSTIFF runs the whole second in few steps, to the closed form.
  AnalysisSettings bdf = dynamic(1.0, 0.1);
  ResultStore gstiff;
  ASSERT_TRUE(runAnalysis(model, bdf, nullptr, gstiff).status.ok());
  EXPECT_NEAR(gstiff.frame(gstiff.size() - 1).bodies[0].position.x(), 1.0 + 1e-3 * std::exp(-1.0), 1e-7);

  // A soft spring gives no stiffness warning.
  ResultStore soft;
  AnalysisSettings softRun = dynamic(1.0, 0.1);
  softRun.integrator = IntegratorType::Rkf45;
  const Status softStatus = runAnalysis(stiffSpringBlock(100.0), softRun, nullptr, soft).status;
  ASSERT_TRUE(softStatus.ok()) << softStatus.message;
  for (const auto& w : softStatus.warnings)
    EXPECT_EQ(w.find("stiffness"), std::string::npos) << w;
}

// An undamped 1e12 N/m spring is a real 160 kHz vibration: RKF45 follows it with tiny steps until the
// work limit, whose message says what to change.
TEST(WorkLimits, Rkf45OnAVeryStiffSpringStopsAtTheWorkLimitNamingGstiff)
{
  AnalysisSettings s = dynamic(1.0, 0.1);
  s.integrator = IntegratorType::Rkf45;
  s.maxSteps = 20000;
  ResultStore results;
  const Status st = runAnalysis(stiffSpringBlock(1e12), s, nullptr, results).status;
  EXPECT_EQ(st.code, StatusCode::ResourceLimit);
  EXPECT_NE(st.message.find("GSTIFF"), std::string::npos) << st.message;
  EXPECT_GT(st.time, 0.0);
}

}  // namespace
}  // namespace mbs::solver
