// The solver's entry point (mbs/solver/Analysis.hpp): every analysis kind on a small model, progress
// and cancel, failures as statuses naming the entity, the same numbers as the analyses it wraps, and
// a run continued from where another ended.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "dynamics/DynamicAnalysis.hpp"
#include "mbs/solver/Analysis.hpp"
#include "system_test_models.hpp"

namespace mbs::solver {
namespace {

constexpr double kG = 9.81, kLength = 1.0;

// A point-like bob on a massless rod of length 1 about ground's z axis, starting horizontal.
Model pendulum()
{
  Model m;
  m.name = "pendulum";
  m.gravity = Vec3(0.0, -kG, 0.0);
  m.bodies.push_back(test::makeBody("bob", 1.0, {1e-6, 1e-6, 1e-6}, Vec3(kLength, 0.0, 0.0)));
  const int pivot = test::addMarker(m, "bob_pivot", 0, Vec3(-kLength, 0.0, 0.0));
  const int ground = test::addMarker(m, "ground_pivot", kGround, Vec3::Zero());
  test::addJoint(m, "pivot", JointType::Revolute, pivot, ground);
  return m;
}

// Counts progress reports; asks to cancel once `cancelAfter` of them arrived (never if negative).
class CountingMonitor : public ProgressMonitor {
public:
  explicit CountingMonitor(int cancelAfter = -1) : m_cancelAfter(cancelAfter) {}
  void onStep(const StepInfo& info) override
  {
    ++steps;
    lastTime = info.time;
  }
  bool cancelRequested() const override { return m_cancelAfter >= 0 && steps >= m_cancelAfter; }
  int steps = 0;
  double lastTime = 0.0;

private:
  int m_cancelAfter;
};

AnalysisSettings settingsFor(AnalysisKind kind, double endTime = 0.5)
{
  AnalysisSettings s;
  s.kind = kind;
  s.endTime = endTime;
  s.outputStep = 0.05;
  s.tolerance = 1e-6;
  return s;
}

TEST(AnalysisEntryPoint, InitialConditionsRecordOneAssembledFrame)
{
  ResultStore results;
  const AnalysisOutcome outcome =
      runAnalysis(pendulum(), settingsFor(AnalysisKind::InitialConditions), nullptr, results);
  ASSERT_TRUE(outcome.status.ok()) << outcome.status.message;
  ASSERT_TRUE(results.finished());
  ASSERT_EQ(results.size(), 1u);
  EXPECT_NEAR(results.frame(0).bodies[0].position.norm(), kLength, 1e-9);
  EXPECT_EQ(results.layout().joints, std::vector<std::string>{"pivot"});
}

TEST(AnalysisEntryPoint, StaticHangsTheBobBelowThePivot)
{
  ResultStore results;
  const AnalysisOutcome outcome =
      runAnalysis(pendulum(), settingsFor(AnalysisKind::Static), nullptr, results);
  ASSERT_TRUE(outcome.status.ok()) << outcome.status.message;
  ASSERT_EQ(results.size(), 1u);
  const ResultFrame frame = results.frame(0);
  EXPECT_NEAR(frame.bodies[0].position.x(), 0.0, 1e-7);
  EXPECT_NEAR(frame.bodies[0].position.y(), -kLength, 1e-7);
  // The pivot carries the weight: the reaction on the bob is +m g upwards.
  EXPECT_NEAR(frame.joints[0].force.y(), kG, 1e-6);
}

TEST(AnalysisEntryPoint, KinematicReportsProgressAtEveryOutputTime)
{
  CountingMonitor monitor;
  ResultStore results;
  const Model crank = test::sliderCrank(0.1, 0.3, 0.2, 10.0);
  const AnalysisOutcome outcome =
      runAnalysis(crank, settingsFor(AnalysisKind::Kinematic, 0.2), &monitor, results);
  ASSERT_TRUE(outcome.status.ok()) << outcome.status.message;
  EXPECT_EQ(results.size(), 5u);  // t = 0, 0.05, ..., 0.2
  EXPECT_GE(monitor.steps, 4);
  EXPECT_DOUBLE_EQ(results.frame(results.size() - 1).state.t, 0.2);
  EXPECT_FALSE(outcome.status.warnings.empty());  // its redundant equations, named and removed
}

TEST(AnalysisEntryPoint, DynamicIsTheDynamicAnalysisItWraps)
{
  for (const Formulation formulation : {Formulation::I3, Formulation::SI2}) {
    AnalysisSettings settings = settingsFor(AnalysisKind::Dynamic);
    settings.formulation = formulation;
    CountingMonitor monitor;
    ResultStore viaEntryPoint;
    const AnalysisOutcome outcome = runAnalysis(pendulum(), settings, &monitor, viaEntryPoint);
    ASSERT_TRUE(outcome.status.ok()) << outcome.status.message;
    EXPECT_GT(monitor.steps, 10);
    EXPECT_DOUBLE_EQ(monitor.lastTime, 0.5);

    // The same run set up by hand gives the same numbers, bit for bit.
    DynamicOptions options;
    options.endTime = 0.5;
    options.outputStep = 0.05;
    options.integratorOptions.tolerance = 1e-6;
    options.integratorOptions.formulation = formulation;
    options.integratorOptions.hmax = 0.05;
    ResultStore direct;
    ASSERT_TRUE(runDynamics(System(pendulum()), options, nullptr, direct).ok());
    ASSERT_EQ(viaEntryPoint.size(), direct.size());
    for (size_t k = 0; k < direct.size(); ++k) {
      EXPECT_EQ(viaEntryPoint.frame(k).state.q, direct.frame(k).state.q);
      EXPECT_EQ(viaEntryPoint.frame(k).state.lambda, direct.frame(k).state.lambda);
    }
  }
}

TEST(AnalysisEntryPoint, LinearGivesThePendulumFrequency)
{
  ResultStore results;
  const AnalysisOutcome outcome =
      runAnalysis(pendulum(), settingsFor(AnalysisKind::Linear), nullptr, results);
  ASSERT_TRUE(outcome.status.ok()) << outcome.status.message;
  EXPECT_EQ(results.size(), 1u);  // the operating point
  ASSERT_EQ(outcome.modes.size(), 1u);
  EXPECT_EQ(outcome.linearDegreesOfFreedom, 1);
  EXPECT_NEAR(outcome.modes[0].naturalFrequency, std::sqrt(kG / kLength) / (2 * std::numbers::pi), 1e-5);
  EXPECT_NEAR(outcome.operatingPoint.q[1], -kLength, 1e-7);
}

TEST(AnalysisEntryPoint, CancelEndsTheRunWithTheFramesSoFar)
{
  CountingMonitor monitor(3);
  ResultStore results;
  const AnalysisOutcome outcome =
      runAnalysis(pendulum(), settingsFor(AnalysisKind::Dynamic, 10.0), &monitor, results);
  EXPECT_EQ(outcome.status.code, StatusCode::Cancelled);
  EXPECT_TRUE(results.finished());
  EXPECT_EQ(results.finalStatus().code, StatusCode::Cancelled);
  EXPECT_LT(results.size(), 10u);

  CountingMonitor kinematicMonitor(2);
  ResultStore kinematic;
  const AnalysisOutcome stopped =
      runAnalysis(test::sliderCrank(0.1, 0.3, 0.2, 10.0), settingsFor(AnalysisKind::Kinematic, 1.0),
                  &kinematicMonitor, kinematic);
  EXPECT_EQ(stopped.status.code, StatusCode::Cancelled);
  EXPECT_LT(kinematic.size(), 21u);
}

TEST(AnalysisEntryPoint, FailuresAreStatusesNamingTheEntity)
{
  // Two pivots 2 m apart on the ground hold a 1 m bob: it cannot assemble.
  Model stretched = pendulum();
  const int end = test::addMarker(stretched, "bob_end", 0, Vec3(0.0, 0.0, 0.0));
  const int far = test::addMarker(stretched, "ground_far", kGround, Vec3(2.0 * kLength + 1.0, 0.0, 0.0));
  test::addJoint(stretched, "far_pivot", JointType::Spherical, end, far);
  for (const AnalysisKind kind : {AnalysisKind::InitialConditions, AnalysisKind::Kinematic,
                                  AnalysisKind::Static, AnalysisKind::Dynamic, AnalysisKind::Linear}) {
    ResultStore results;
    AnalysisOutcome outcome;
    EXPECT_NO_THROW(outcome = runAnalysis(stretched, settingsFor(kind), nullptr, results)) << toString(kind);
    EXPECT_FALSE(outcome.status.ok()) << toString(kind);
    EXPECT_TRUE(results.finished()) << toString(kind);
    EXPECT_NE(outcome.status.message.find("pivot"), std::string::npos) << outcome.status.message;
  }

  // An inconsistent model (a joint on a marker that does not exist) is bad input, not an exception.
  Model broken = pendulum();
  broken.joints[0].jMarker = 7;
  ResultStore results;
  AnalysisOutcome outcome;
  EXPECT_NO_THROW(outcome = runAnalysis(broken, settingsFor(AnalysisKind::Dynamic), nullptr, results));
  EXPECT_EQ(outcome.status.code, StatusCode::BadInput);
  EXPECT_NE(outcome.status.message.find("pivot"), std::string::npos) << outcome.status.message;
  EXPECT_EQ(validateModel(broken).code, StatusCode::BadInput);
  EXPECT_EQ(results.size(), 0u);
}

TEST(AnalysisEntryPoint, ContinuedRunStartsWhereTheFirstEnded)
{
  // One dynamic run to 0.5 s against two runs to 0.25 s and on to 0.5 s (as mbsolve runs a command
  // file's SIMULATEs): the second starts from the first's last frame without assembling again.
  ResultStore whole;
  ASSERT_TRUE(runAnalysis(pendulum(), settingsFor(AnalysisKind::Dynamic), nullptr, whole).status.ok());

  ResultStore first;
  ASSERT_TRUE(runAnalysis(pendulum(), settingsFor(AnalysisKind::Dynamic, 0.25), nullptr, first).status.ok());
  Model continued = pendulum();
  const ResultFrame last = first.frame(first.size() - 1);
  continueFrom(continued, last);
  AnalysisSettings rest = settingsFor(AnalysisKind::Dynamic);
  rest.startTime = last.state.t;
  rest.solveInitialConditions = false;
  ResultStore second;
  const AnalysisOutcome outcome = runAnalysis(continued, rest, nullptr, second);
  ASSERT_TRUE(outcome.status.ok()) << outcome.status.message;
  EXPECT_DOUBLE_EQ(second.frame(0).state.t, 0.25);
  const ResultFrame end = second.frame(second.size() - 1), reference = whole.frame(whole.size() - 1);
  EXPECT_DOUBLE_EQ(end.state.t, 0.5);
  // A restart of the integrator costs accuracy at its tolerance, nothing more.
  EXPECT_NEAR((end.bodies[0].position - reference.bodies[0].position).norm(), 0.0, 1e-3);
}

}  // namespace
}  // namespace mbs::solver
