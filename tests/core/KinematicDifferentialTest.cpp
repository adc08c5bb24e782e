// DIFFs in a kinematic analysis (issue 31): the motions drive the parts and the first-order states
// are integrated over time, as Adams does. An Adams/View-style MMKS deck with a crank driven by
// θ(t) = 2t + t²/2 and a slider pushed at 50 mm/s: ∫θ dt, a lag towards θ, an IMPLICIT DIFF
// following θ, ∫DX dt in mm·s (the state keeps the deck's units, STATIC_HOLD not applying to
// kinematics), and a force reading a state, whose value the slider motion's reaction carries.
#include <gtest/gtest.h>

#include <cmath>

#include "TestUtil.hpp"
#include "mbs/core/AdmImport.hpp"
#include "mbs/core/Compile.hpp"
#include "mbs/solver/Analysis.hpp"

using namespace mbs;

namespace {

using core::test::indexOf;

const std::string kDeck = std::string(MBS_TEST_DATA_DIR) + "/adams_view/diff_kinematics_mmks.adm";

struct KinematicRun {
  core::CompileResult compiled;
  solver::ResultStore results;
  solver::Status status;
};

std::unique_ptr<KinematicRun> kinematics(double tolerance, double outputStep = 0.05, double maxStep = 0.0)
{
  auto run = std::make_unique<KinematicRun>();
  const auto imported = core::importAdm(kDeck);
  for (const auto& e : imported.errors)
    ADD_FAILURE() << e.toString();
  if (!imported.ok())
    return run;
  run->compiled = core::compile(*imported.model);
  for (const auto& d : run->compiled.diagnostics)
    ADD_FAILURE() << d.toString();
  solver::AnalysisSettings s;
  s.kind = solver::AnalysisKind::Kinematic;
  s.endTime = 1.0;
  s.outputStep = outputStep;
  s.tolerance = tolerance;
  s.maxStep = maxStep;
  run->status = solver::runAnalysis(run->compiled.model, s, nullptr, run->results).status;
  return run;
}

double theta(double t)
{
  return 2 * t + 0.5 * t * t;
}

}  // namespace

TEST(KinematicDifferential, TheStatesAreIntegratedWhileTheMotionsDriveTheParts)
{
  const auto run = kinematics(1e-8);
  ASSERT_TRUE(run->status.ok()) << run->status.message;
  const solver::ResultStore& r = run->results;
  ASSERT_EQ(r.size(), 21u);
  const auto& names = r.layout().differentials;
  const int integral = indexOf(names, "angle_integral"), lag = indexOf(names, "angle_lag"),
            follower = indexOf(names, "angle_follower"), travel = indexOf(names, "travel_integral");
  const int slider = indexOf(r.layout().motions, "slider_drive");
  double worst = 0.0;
  for (std::size_t k = 0; k < r.size(); ++k) {
    const solver::ResultFrame f = r.frame(k);
    const double t = f.state.t;
    const double x1 = 0.1 + t * t + t * t * t / 6;
    const double x2 = -0.36 + 1.8 * t + 0.5 * t * t + 0.36 * std::exp(-5 * t);
    EXPECT_NEAR(f.differentials[integral], x1, 1e-7) << t;
    EXPECT_NEAR(f.differentials[lag], x2, 1e-7) << t;
    EXPECT_NEAR(f.differentials[follower], theta(t), 1e-7) << t;
    EXPECT_NEAR(f.differentials[travel], 200 * t + 25 * t * t, 1e-5) << t << " (mm s: the deck's units)";
    worst = std::max(worst, std::abs(f.differentials[integral] - x1));
    // The rates are the functions at the frame: θ, (θ − x)/τ, ω = 2 + t, DX in mm.
    EXPECT_NEAR(f.differentialRates[integral], theta(t), 1e-9) << t;
    EXPECT_NEAR(f.differentialRates[lag], (theta(t) - f.differentials[lag]) / 0.2, 1e-9) << t;
    EXPECT_NEAR(f.differentialRates[follower], 2 + t, 1e-8) << t;
    EXPECT_NEAR(f.differentialRates[travel], 200 + 50 * t, 1e-9) << t;
    // The crank follows its motion; the slider does not accelerate, so its motion holds the push
    // 0.01·x1 N (along ground X) alone.
    EXPECT_NEAR(f.bodies[0].position.x(), 0.05 * std::cos(theta(t)), 1e-9) << t;
    EXPECT_NEAR(std::abs(f.motions[slider].force.x()), 0.01 * x1, 1e-9) << t;
    EXPECT_NEAR(f.motions[slider].force.x() + 0.01 * f.differentials[integral], 0.0, 1e-12) << t;
  }
  EXPECT_GT(worst, 0.0) << "the states were integrated, not copied";
}

TEST(KinematicDifferential, TheErrorFollowsTheToleranceAndTheLargestStep)
{
  // The lag's error at t = 1 under a loose and a tight tolerance, and with a largest step.
  const double exact = -0.36 + 1.8 + 0.5 + 0.36 * std::exp(-5.0);
  auto lagAtEnd = [&](const KinematicRun& run) {
    const solver::ResultFrame f = run.results.frame(run.results.size() - 1);
    return std::abs(f.differentials[indexOf(run.results.layout().differentials, "angle_lag")] - exact);
  };
  const auto loose = kinematics(1e-3, 0.5), tight = kinematics(1e-10, 0.5),
             small = kinematics(1e-3, 0.5, 0.01);
  ASSERT_TRUE(loose->status.ok() && tight->status.ok() && small->status.ok());
  EXPECT_LT(lagAtEnd(*loose), 1e-2);
  EXPECT_LT(lagAtEnd(*tight), 1e-8);
  EXPECT_LT(lagAtEnd(*tight), lagAtEnd(*loose));
  EXPECT_LT(lagAtEnd(*small), 1e-6) << "10 ms steps";
}

TEST(KinematicDifferential, AModelWithDegreesOfFreedomIsStillRefused)
{
  auto imported = core::importAdm(kDeck);
  ASSERT_TRUE(imported.ok());
  core::Model model = *imported.model;
  ASSERT_TRUE(
      model.remove(core::EntityRef(core::EntityKind::Motion, model.findMotion("slider_drive").value)));
  const core::CompileResult c = core::compile(model);
  ASSERT_TRUE(c.ok);
  solver::AnalysisSettings s;
  s.kind = solver::AnalysisKind::Kinematic;
  s.endTime = 1.0;
  s.outputStep = 0.1;
  solver::ResultStore results;
  const solver::Status st = solver::runAnalysis(c.model, s, nullptr, results).status;
  EXPECT_FALSE(st.ok());
  EXPECT_NE(st.message.find("1 degrees of freedom"), std::string::npos) << st.message;
}
