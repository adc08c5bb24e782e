// Conflicting versus redundant constraints (issue 29): rows that agree at the start but part later
// (two motions with different functions on one joint, a motion on a joint a FIXED joint locks)
// stop every analysis and formulation with an error naming both; truly redundant rows (identical
// motions, a constant motion on a locked joint, a planar loop in 3-D) still run with a warning.
#include <gtest/gtest.h>

#include <cmath>

#include "analysis/InitialConditions.hpp"
#include "analysis/Redundancy.hpp"
#include "mbs/solver/Analysis.hpp"
#include "system_test_models.hpp"

namespace mbs::solver {
namespace {

using test::Polynomial;

Motion crankMotion(const Model& m, const std::string& name, std::shared_ptr<const TimeFunction> f)
{
  Motion motion = m.motions.at(0);
  motion.name = name;
  motion.displacement = std::move(f);
  return motion;
}

// The slider-crank of the other tests (crank θ = 0.7 + 10 t) with a second motion on the crank.
Model sliderCrankWithSecondMotion(std::shared_ptr<const TimeFunction> second)
{
  Model m = test::sliderCrank(0.1, 0.3, 0.7, 10.0, false);
  m.motions.push_back(crankMotion(m, "crank_drive_2", std::move(second)));
  return m;
}

// A pendulum on a revolute to ground that a FIXED joint on the same markers also locks, driven
// by a motion about the revolute's axis.
Model lockedPendulumWithMotion(std::shared_ptr<const TimeFunction> f)
{
  Model m;
  m.name = "locked_pendulum";
  m.gravity = Vec3(0, -9.81, 0);
  m.bodies.push_back(test::makeBody("arm", 1.0, {1e-3, 1e-2, 1e-2}, Vec3(0.5, 0, 0)));
  const int i = test::addMarker(m, "arm_pivot", 0, Vec3(-0.5, 0, 0));
  const int j = test::addMarker(m, "ground_pivot", kGround, Vec3::Zero());
  test::addJoint(m, "lock", JointType::Fixed, i, j);
  test::addJoint(m, "hinge", JointType::Revolute, i, j);
  Motion drive;
  drive.name = "swing";
  drive.iMarker = i;
  drive.jMarker = j;
  drive.axis = MotionAxis::RotationZ;
  drive.displacement = std::move(f);
  m.motions.push_back(drive);
  return m;
}

AnalysisOutcome run(const Model& model, AnalysisKind kind, Formulation formulation = Formulation::SI2)
{
  AnalysisSettings s;
  s.kind = kind;
  s.formulation = formulation;
  s.endTime = 0.2;
  s.outputStep = 0.01;
  s.tolerance = 1e-6;
  ResultStore results;
  return runAnalysis(model, s, nullptr, results);
}

void expectConflict(const Status& status, const std::string& first, const std::string& second)
{
  ASSERT_FALSE(status.ok());
  EXPECT_NE(status.message.find("conflicting constraints"), std::string::npos) << status.message;
  EXPECT_NE(status.message.find(first), std::string::npos) << status.message;
  EXPECT_NE(status.message.find(second), std::string::npos) << status.message;
}

TEST(RedundancyConflict, TwoMotionsWithDifferentSpeedsOnOneJointConflictInEveryAnalysis)
{
  // Both start at 0.7 rad (dependent rows at t = 0) but turn at 10 and 20 rad/s.
  const Model m = sliderCrankWithSecondMotion(std::make_shared<Polynomial>(0.7, 20.0));
  for (AnalysisKind kind : {AnalysisKind::InitialConditions, AnalysisKind::Kinematic, AnalysisKind::Static,
                            AnalysisKind::Dynamic, AnalysisKind::Linear}) {
    SCOPED_TRACE(toString(kind));
    expectConflict(run(m, kind).status, "motion 'crank_drive_2'", "motion 'crank_drive'");
  }
  for (Formulation f : {Formulation::I3, Formulation::SI2, Formulation::DMBS}) {
    SCOPED_TRACE(toString(f));
    const AnalysisOutcome outcome = run(m, AnalysisKind::Dynamic, f);
    expectConflict(outcome.status, "motion 'crank_drive_2'", "motion 'crank_drive'");
    EXPECT_NE(outcome.status.message.find("velocities differ"), std::string::npos) << outcome.status.message;
  }
  const AnalysisOutcome dmbsKinematic = run(m, AnalysisKind::Kinematic, Formulation::DMBS);
  expectConflict(dmbsKinematic.status, "motion 'crank_drive_2'", "motion 'crank_drive'");
}

TEST(RedundancyConflict, MotionsEqualInValueAndVelocityAtTheStartButNotLaterConflict)
{
  // θ = 0.7 + 10 t + 3 t²: same value and rate at t = 0, 3 mrad apart at t = 0.1 s... and later.
  const Model m = sliderCrankWithSecondMotion(std::make_shared<Polynomial>(0.7, 10.0, 3.0));
  const AnalysisOutcome outcome = run(m, AnalysisKind::Dynamic);
  expectConflict(outcome.status, "motion 'crank_drive_2'", "motion 'crank_drive'");
  EXPECT_NE(outcome.status.message.find("not at t = "), std::string::npos) << outcome.status.message;
}

// θ = 0.7 + 10 t, and from t = 2 s on + (t − 2)³: equal in value, rate and acceleration up to 2 s,
// so the checks at the start (up to t + 1 s) find the rows redundant.
class PartsAfterTwoSeconds final : public TimeFunction {
public:
  double value(double t) const override { return 0.7 + 10.0 * t + (t > 2.0 ? std::pow(t - 2.0, 3) : 0.0); }
  double derivative(double t, int order) const override
  {
    const double d = t > 2.0 ? t - 2.0 : 0.0;
    return order == 1 ? 10.0 + 3.0 * d * d : 6.0 * d;
  }
};

TEST(RedundancyConflict, MotionsThatPartOnlyAfterTheStartChecksStopTheRunWhenTheyPart)
{
  const Model m = sliderCrankWithSecondMotion(std::make_shared<PartsAfterTwoSeconds>());
  for (IntegratorType integrator : {IntegratorType::Gstiff, IntegratorType::Hht, IntegratorType::Rkf45}) {
    SCOPED_TRACE(toString(integrator));
    AnalysisSettings s;
    s.kind = AnalysisKind::Dynamic;
    s.integrator = integrator;
    s.endTime = 2.5;
    s.outputStep = 0.01;
    s.tolerance = 1e-6;
    ResultStore results;
    const AnalysisOutcome outcome = runAnalysis(m, s, nullptr, results);
    expectConflict(outcome.status, "motion 'crank_drive_2'", "motion 'crank_drive'");
    EXPECT_NE(outcome.status.message.find("agree at t = 0 s"), std::string::npos) << outcome.status.message;
    // (t − 2)³ passes 1e-3 rad at t = 2.1 s: stopped within a few output steps of that.
    EXPECT_GT(outcome.status.time, 2.09);
    EXPECT_LT(outcome.status.time, 2.2);
    EXPECT_GT(results.size(), 200u);  // the frames before are kept
  }
}

TEST(RedundancyConflict, IdenticalMotionsStayRedundantAndRun)
{
  const Model m = sliderCrankWithSecondMotion(std::make_shared<Polynomial>(0.7, 10.0));
  for (AnalysisKind kind : {AnalysisKind::Kinematic, AnalysisKind::Dynamic}) {
    SCOPED_TRACE(toString(kind));
    const AnalysisOutcome outcome = run(m, kind);
    ASSERT_TRUE(outcome.status.ok()) << outcome.status.message;
    bool warned = false;
    for (const std::string& w : outcome.status.warnings)
      warned = warned || w.find("motion 'crank_drive_2'") != std::string::npos;
    EXPECT_TRUE(warned);
  }
}

TEST(RedundancyConflict, MotionOnAJointAFixedJointLocksConflictsUnlessConstant)
{
  const AnalysisOutcome moving =
      run(lockedPendulumWithMotion(std::make_shared<Polynomial>(0.0, 1.0)), AnalysisKind::Dynamic);
  expectConflict(moving.status, "motion 'swing'", "joint 'lock' (fixed)");
  const AnalysisOutcome movingDmbs = run(lockedPendulumWithMotion(std::make_shared<Polynomial>(0.0, 1.0)),
                                         AnalysisKind::Dynamic, Formulation::DMBS);
  expectConflict(movingDmbs.status, "motion 'swing'", "joint 'lock' (fixed)");
  // Holding the locked angle is redundant, not conflicting.
  const AnalysisOutcome held =
      run(lockedPendulumWithMotion(std::make_shared<Polynomial>(0.0, 0.0)), AnalysisKind::Dynamic);
  ASSERT_TRUE(held.status.ok()) << held.status.message;
  EXPECT_FALSE(held.status.warnings.empty());
}

TEST(RedundancyConflict, PlanarLoopInThreeDimensionsIsRedundantNotConflicting)
{
  // All-revolute slider-crank: three out-of-plane equations depend on the others everywhere.
  const Model m = test::sliderCrank(0.1, 0.3, 0.7, 10.0, false);
  const System sys(m);
  State state;
  const Status s = solveInitialConditions(sys, state);
  ASSERT_TRUE(s.ok()) << s.message;
  const RedundancyReport report = analyzeRedundancy(sys, state.q, 0.0);
  EXPECT_EQ(report.redundant.size(), 3u);
  EXPECT_TRUE(report.conflict.ok()) << report.conflict.message;
  for (Formulation f : {Formulation::I3, Formulation::SI2, Formulation::DMBS}) {
    SCOPED_TRACE(toString(f));
    const AnalysisOutcome outcome = run(m, AnalysisKind::Dynamic, f);
    EXPECT_TRUE(outcome.status.ok()) << outcome.status.message;
  }
}

}  // namespace
}  // namespace mbs::solver
