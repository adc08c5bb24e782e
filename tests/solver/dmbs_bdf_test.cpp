// The implicit BDF on the DMBS joint coordinates (solver/src/dmbs/JointBdf; GSTIFF and WSTIFF hand
// over to it when the explicit method finds the model stiff): closed forms of the pendulum, a stiff
// spring-damper where the explicit Runge–Kutta method is held to its stability limit, the error
// following the tolerance, and the parallelogram four-bar driven through its singular flat position
// — the BDF from the first step there; and the switch: a model that is not stiff runs the explicit
// method throughout, the stiff one goes over to the BDF and says when.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numbers>

#include "System.hpp"
#include "dmbs/DmbsAnalysis.hpp"
#include "dmbs_test_models.hpp"
#include "mbs/solver/Analysis.hpp"

namespace mbs::solver {
namespace {

constexpr double kPi = std::numbers::pi;

AnalysisSettings dynamicSettings(Formulation f, IntegratorType integrator, double end, double step,
                                 double tol)
{
  AnalysisSettings s;
  s.kind = AnalysisKind::Dynamic;
  s.formulation = f;
  s.integrator = integrator;
  s.endTime = end;
  s.outputStep = step;
  s.tolerance = tol;
  return s;
}

// The BDF from the first step, for the tests of the BDF itself (a run's GSTIFF/WSTIFF start with
// the explicit method and hand over once the model is stiff).
AnalysisOutcome runBdf(const Model& model, const AnalysisSettings& settings, ProgressMonitor* monitor,
                       ResultStore& results)
{
  const System system(model);
  AnalysisOutcome out;
  out.status = dmbs::runDynamics(system, settings, monitor, results, dmbs::BdfStart::Immediately);
  return out;
}

struct StepCount final : ProgressMonitor {
  void onStep(const StepInfo& info) override { last = info; }
  StepInfo last;
};

// The rod pendulum of dmbs_test_models.hpp: length 1, mass 2, pivot at its top end.
constexpr double kLength = 1.0, kMass = 2.0, kG = 9.81;
constexpr double kPivotInertia = kMass * kLength * kLength / 3;

double rodAngle(const ResultFrame& f)
{
  const Vec3 r = f.bodies[0].position;
  return std::atan2(r.x(), -r.y());
}

// ½ I_O ω² + m g y_cm: constant along the exact motion.
double rodEnergy(const ResultFrame& f)
{
  const double w = f.bodies[0].angularVelocity.z();
  return 0.5 * kPivotInertia * w * w + kMass * kG * f.bodies[0].position.y();
}

// Exact period of the pendulum released from rest at θ0: T = 4 K(sin(θ0/2)) / ω0.
double exactPeriod(double theta0)
{
  const double omega0 = std::sqrt(kMass * kG * kLength / 2 / kPivotInertia);
  return 4.0 * std::comp_ellint_1(std::sin(theta0 / 2)) / omega0;
}

// Largest deviation from the exact motion at the quarter periods (θ = 0, −θ0, 0, θ0) over two
// periods, and the largest energy drift.
struct PendulumErrors {
  double angle = 0.0, energy = 0.0;
  long steps = 0;
};

PendulumErrors largeSwingErrors(IntegratorType integrator, double tol)
{
  const double theta0 = 1.2, period = exactPeriod(theta0);
  ResultStore results;
  StepCount count;
  const AnalysisOutcome out =
      runBdf(test::rodPendulum(theta0),
             dynamicSettings(Formulation::DMBS, integrator, 2 * period, period / 4, tol), &count, results);
  EXPECT_TRUE(out.status.ok()) << out.status.message;
  EXPECT_EQ(results.size(), 9u);
  PendulumErrors e;
  if (results.size() != 9u)
    return e;
  const double e0 = rodEnergy(results.frame(0));
  const double expected[4] = {theta0, 0.0, -theta0, 0.0};
  for (size_t k = 0; k < results.size(); ++k) {
    const ResultFrame f = results.frame(k);
    e.angle = std::max(e.angle, std::abs(rodAngle(f) - expected[k % 4]));
    e.energy = std::max(e.energy, std::abs(rodEnergy(f) - e0));
  }
  e.steps = count.last.steps;
  return e;
}

TEST(DmbsBdf, SmallSwingPendulumFollowsItsClosedFormAndTheRunSaysWhichIntegrator)
{
  const double theta0 = 0.02;
  // Small-swing frequency with its first amplitude correction (period × (1 + θ0²/16)).
  const double omega = std::sqrt(kMass * kG * kLength / 2 / kPivotInertia) * (1.0 - theta0 * theta0 / 16);
  for (IntegratorType integrator : {IntegratorType::Gstiff, IntegratorType::Wstiff}) {
    ResultStore results;
    const AnalysisOutcome out =
        runBdf(test::rodPendulum(theta0), dynamicSettings(Formulation::DMBS, integrator, 2.0, 0.05, 1e-9),
               nullptr, results);
    ASSERT_TRUE(out.status.ok()) << out.status.message;
    ASSERT_EQ(results.size(), 41u);
    for (size_t k = 0; k < results.size(); ++k) {
      const ResultFrame f = results.frame(k);
      EXPECT_NEAR(rodAngle(f), theta0 * std::cos(omega * f.state.t), 1e-6)
          << toString(integrator) << " t = " << f.state.t;
      // Pivot reaction on the rod ≈ m g upward (centripetal and tangential terms are O(θ0²)).
      EXPECT_NEAR(f.joints[0].force.y(), kMass * kG, 0.02);
    }
    const std::string variant = integrator == IntegratorType::Gstiff ? "BDF (fixed leading coefficient)"
                                                                     : "BDF (variable coefficient)";
    bool noted = false;
    for (const std::string& note : out.status.notes)
      noted |= note.find("DMBS integrator: " + variant) != std::string::npos;
    EXPECT_TRUE(noted) << toString(integrator);
    EXPECT_TRUE(out.status.warnings.empty()) << out.status.warnings.front();
  }
}

// Adams KMAX (AnalysisSettings::maxOrder) caps the order of every multistep integrator it names:
// the BDF in joint coordinates and in SI2, and ABAM; without it they climb past it on this smooth
// motion (the BDFs to 5, ABAM further), so the cap is seen, not assumed.
TEST(DmbsBdf, KmaxCapsTheOrderOfTheBdfsAndAbam)
{
  struct HighestOrder final : ProgressMonitor {
    void onStep(const StepInfo& info) override { highest = std::max(highest, info.order); }
    int highest = 0;
  };
  const Model model = test::rodPendulum(0.5);
  struct Case {
    Formulation formulation;
    IntegratorType integrator;
    int cap;
  };
  for (const Case c :
       {Case{Formulation::DMBS, IntegratorType::Wstiff, 2}, Case{Formulation::SI2, IntegratorType::Gstiff, 2},
        Case{Formulation::SI2, IntegratorType::Abam, 4}}) {
    AnalysisSettings s = dynamicSettings(c.formulation, c.integrator, 2.0, 0.05, 1e-8);
    int highest[2] = {0, 0};
    for (int capped = 0; capped < 2; ++capped) {
      s.maxOrder = capped ? c.cap : 0;
      HighestOrder monitor;
      ResultStore results;
      const AnalysisOutcome out = c.formulation == Formulation::DMBS
                                      ? runBdf(model, s, &monitor, results)
                                      : runAnalysis(model, s, &monitor, results);
      ASSERT_TRUE(out.status.ok()) << out.status.message;
      highest[capped] = monitor.highest;
    }
    EXPECT_GT(highest[0], c.cap) << toString(c.integrator);
    EXPECT_EQ(highest[1], c.cap) << toString(c.integrator);
  }
}

TEST(DmbsBdf, HhtFallsBackToTheExplicitMethodWithAWarning)
{
  ResultStore results;
  const AnalysisOutcome out =
      runAnalysis(test::rodPendulum(0.3),
                  dynamicSettings(Formulation::DMBS, IntegratorType::Hht, 0.2, 0.1, 1e-6), nullptr, results);
  ASSERT_TRUE(out.status.ok()) << out.status.message;
  ASSERT_EQ(out.status.warnings.size(), 1u);
  EXPECT_NE(out.status.warnings[0].find("HHT applies to the absolute formulations"), std::string::npos);
  bool noted = false;
  for (const std::string& note : out.status.notes)
    noted |= note.find("DMBS integrator: Runge–Kutta 5(4)") != std::string::npos;
  EXPECT_TRUE(noted);
}

TEST(DmbsBdf, LargeSwingFollowsTheExactPeriodAndEnergyAndTheErrorFollowsTheTolerance)
{
  // θ0 = 1.2 rad: the period is 12 % longer than the small-swing one, so the quarter-period frames
  // only land on θ = 0, −θ0, θ0 if the nonlinear motion is integrated right.
  const PendulumErrors loose = largeSwingErrors(IntegratorType::Gstiff, 1e-4);
  const PendulumErrors tight = largeSwingErrors(IntegratorType::Gstiff, 1e-8);
  EXPECT_LT(loose.angle, 1e-2);
  EXPECT_LT(tight.angle, 1e-5);
  EXPECT_LT(tight.energy, 1e-5 * kMass * kG * kLength);
  // Four decades of tolerance buy at least two decades of error, at more steps.
  EXPECT_LT(tight.angle, 1e-2 * loose.angle);
  EXPECT_LT(tight.energy, 1e-2 * loose.energy);
  EXPECT_GT(tight.steps, loose.steps);
  const PendulumErrors wstiff = largeSwingErrors(IntegratorType::Wstiff, 1e-8);
  EXPECT_LT(wstiff.angle, 1e-5);
  EXPECT_LT(wstiff.energy, 1e-5 * kMass * kG * kLength);
  std::printf(
      "large swing, exact period: tol 1e-4 %.2e rad %.2e J (%ld steps), tol 1e-8 %.2e rad %.2e J (%ld "
      "steps); WSTIFF 1e-8 %.2e rad (%ld steps)\n",
      loose.angle, loose.energy, loose.steps, tight.angle, tight.energy, tight.steps, wstiff.angle,
      wstiff.steps);
}

// The rod pendulum released at 0.8 rad with a slider (0.5 kg, 0.2 m below the rod's centre) on a
// translational joint along the rod, held by a spring-damper along the rod (at its free length at
// the start, to a point 0.3 m above the centre): k = 5e4 N/m, c = 0.5·(1e5 + 1) N s/m, so the slide's
// own equation s² + (c/m) s + k/m = 0 has the roots −1 and −1e5 1/s: a stiff model, whose explicit
// integration is held to steps of ~3/1e5 s whatever the tolerance.
Model stiffSliderPendulum()
{
  Model model = test::rodPendulum(0.8);
  const Quat tilt = model.bodies[0].orientation;
  const double ms = 0.5;
  model.bodies.push_back(test::makeBody("slider", ms, {1e-3, 1e-3, 1e-3}, tilt * Vec3(0, -0.7, 0), tilt));
  // (The rod's centre is at tilt·(0, −0.5, 0), its axis its y.)
  // Markers with z along the rod's axis (its y): the slide's axis and the spring's line.
  const Mat3 zAlongY = Eigen::AngleAxisd(-kPi / 2, Vec3::UnitX()).toRotationMatrix();
  const int onSlider = test::addMarker(model, "slider_axis", 1, Vec3::Zero(), zAlongY);
  const int onRod = test::addMarker(model, "rod_axis", 0, Vec3(0, -0.2, 0), zAlongY);
  test::addJoint(model, "slide", JointType::Translational, onSlider, onRod);
  const int anchor = test::addMarker(model, "rod_anchor", 0, Vec3(0, 0.3, 0));
  Force spring;
  spring.name = "stiff_spring";
  spring.type = ForceType::TranslationalSpringDamper;
  spring.iMarker = onSlider;
  spring.jMarker = anchor;
  spring.stiffness = ms * 1e5;
  spring.damping = ms * (1e5 + 1);
  spring.freeLength = 0.5;
  model.forces.push_back(spring);
  return model;
}

TEST(DmbsBdf, StiffSpringDamperTakesFarFewerStepsThanRungeKuttaAndAllAgreeWithSi2)
{
  const Model model = stiffSliderPendulum();
  const double end = 0.5, step = 0.05, tol = 1e-6;
  ResultStore bdf, rk, si2;
  StepCount bdfSteps, rkSteps;
  const AnalysisOutcome a = runAnalysis(
      model, dynamicSettings(Formulation::DMBS, IntegratorType::Gstiff, end, step, tol), &bdfSteps, bdf);
  const AnalysisOutcome b = runAnalysis(
      model, dynamicSettings(Formulation::DMBS, IntegratorType::Rkf45, end, step, tol), &rkSteps, rk);
  const AnalysisOutcome c = runAnalysis(
      model, dynamicSettings(Formulation::SI2, IntegratorType::Gstiff, end, step, 1e-8), nullptr, si2);
  ASSERT_TRUE(a.status.ok()) << a.status.message;
  ASSERT_TRUE(b.status.ok()) << b.status.message;
  ASSERT_TRUE(c.status.ok()) << c.status.message;
  ASSERT_EQ(bdf.size(), si2.size());
  ASSERT_EQ(rk.size(), si2.size());
  double slid = 0.0;
  for (size_t k = 0; k < si2.size(); ++k) {
    const ResultFrame x = bdf.frame(k), y = rk.frame(k), ref = si2.frame(k);
    for (int body = 0; body < 2; ++body) {
      EXPECT_LT((x.bodies[body].position - ref.bodies[body].position).norm(), 1e-5)
          << "BDF t = " << ref.state.t;
      EXPECT_LT((y.bodies[body].position - ref.bodies[body].position).norm(), 1e-5)
          << "RK t = " << ref.state.t;
      EXPECT_LT((x.bodies[body].velocity - ref.bodies[body].velocity).norm(), 1e-4)
          << "BDF t = " << ref.state.t;
    }
    // The spring force (through the same element code) agrees too.
    EXPECT_NEAR(x.forces[0].force.norm(), ref.forces[0].force.norm(),
                1e-3 * (1.0 + ref.forces[0].force.norm()));
    slid = std::max(slid, std::abs((ref.bodies[1].position - ref.bodies[0].position).norm() - 0.2));
  }
  EXPECT_GT(slid, 1e-5);  // the slider does move along the rod (the spring is not idle)
  EXPECT_LT(20 * bdfSteps.last.steps, rkSteps.last.steps);
  // GSTIFF started with the explicit method, found the model stiff (h·λ past the stability
  // boundary, 3.25 for Dormand–Prince) and went over to the BDF, and the run says so.
  bool switched = false;
  for (const std::string& note : a.status.notes)
    switched |= note.find("the model is stiff") != std::string::npos &&
                note.find("BDF from t = ") != std::string::npos;
  EXPECT_TRUE(switched);
  std::printf(
      "stiff slider pendulum, 0.5 s: BDF %ld steps (%ld rejected, %ld Jacobians), RK5(4) %ld steps "
      "(%ld rejected); largest slide %.2e m\n",
      bdfSteps.last.steps, bdfSteps.last.rejectedSteps, bdfSteps.last.jacobianEvaluations, rkSteps.last.steps,
      rkSteps.last.rejectedSteps, slid);
}

TEST(DmbsBdf, GstiffOnAModelThatIsNotStiffKeepsTheExplicitMethod)
{
  // The pendulum: GSTIFF's run is the Runge–Kutta run, step for step (a BDF with a dense Jacobian
  // would make a long chain cost O(N³) per factorization for nothing).
  ResultStore gstiff, rk;
  StepCount gstiffSteps, rkSteps;
  const AnalysisOutcome a = runAnalysis(
      test::rodPendulum(1.2), dynamicSettings(Formulation::DMBS, IntegratorType::Gstiff, 2.0, 0.05, 1e-6),
      &gstiffSteps, gstiff);
  const AnalysisOutcome b =
      runAnalysis(test::rodPendulum(1.2),
                  dynamicSettings(Formulation::DMBS, IntegratorType::Rkf45, 2.0, 0.05, 1e-6), &rkSteps, rk);
  ASSERT_TRUE(a.status.ok()) << a.status.message;
  ASSERT_TRUE(b.status.ok()) << b.status.message;
  ASSERT_EQ(gstiff.size(), rk.size());
  for (size_t k = 0; k < rk.size(); ++k)
    EXPECT_EQ(gstiff.frame(k).bodies[0].position, rk.frame(k).bodies[0].position) << k;
  EXPECT_EQ(gstiffSteps.last.steps, rkSteps.last.steps);
  bool named = false, switched = false;
  for (const std::string& note : a.status.notes) {
    named |= note.find(
                 "DMBS integrator: Runge–Kutta 5(4) (Dormand–Prince), BDF (fixed leading coefficient) "
                 "once stiff (GSTIFF)") != std::string::npos;
    switched |= note.find("the model is stiff") != std::string::npos;
  }
  EXPECT_TRUE(named);
  EXPECT_FALSE(switched);
}

TEST(DmbsBdf, ParallelogramThroughItsFlatPositionsMatchesTheRungeKuttaPath)
{
  const double omega = 2 * kPi;
  const Model model = test::parallelogram(omega);
  ResultStore bdf, rk;
  const AnalysisOutcome a = runBdf(
      model, dynamicSettings(Formulation::DMBS, IntegratorType::Gstiff, 1.0, 0.0125, 1e-8), nullptr, bdf);
  const AnalysisOutcome b = runAnalysis(
      model, dynamicSettings(Formulation::DMBS, IntegratorType::Rkf45, 1.0, 0.0125, 1e-8), nullptr, rk);
  ASSERT_TRUE(a.status.ok()) << a.status.message;
  ASSERT_TRUE(b.status.ok()) << b.status.message;
  ASSERT_EQ(bdf.size(), 81u);  // frames at ωt = π/2 and 3π/2 (t = 0.25, 0.75) are exactly flat
  ASSERT_EQ(rk.size(), 81u);
  for (size_t k = 0; k < bdf.size(); ++k) {
    const ResultFrame x = bdf.frame(k), y = rk.frame(k);
    const double t = x.state.t, angle = kPi / 2 + omega * t;
    const Vec3 tip(std::cos(angle), std::sin(angle), 0);
    // Closed form: the follower turns with the crank, the coupler stays parallel to the ground.
    EXPECT_LT((x.bodies[2].position - (Vec3(1, 0, 0) + 0.5 * tip)).norm(), 1e-5) << "t = " << t;
    EXPECT_LT((x.bodies[1].position - (tip + Vec3(0.5, 0, 0))).norm(), 1e-5) << "t = " << t;
    for (int body = 0; body < 3; ++body)
      EXPECT_LT((x.bodies[body].position - y.bodies[body].position).norm(), 1e-5) << "t = " << t;
    // Reactions: the follower pin's (the cut joint) and the crank pivot's (carries the drive), away
    // from the flat instants, where the pin's reaction along the lost direction is least determined;
    // there the follower's Newton–Euler equation about its pivot holds for both paths (as in
    // dmbs_formulation_test): I_O α = (tip − O) × (−F_pin) − T_pin + (cm − O) × m g + T_pivot.
    const bool flat = std::abs(std::cos(angle)) > 0.999;
    for (int joint : {0, 3})
      if (!flat)
        EXPECT_LT((x.joints[joint].force - y.joints[joint].force).norm(),
                  1e-3 * (1.0 + y.joints[joint].force.norm()))
            << "joint " << joint << " t = " << t;
    const Vec3 pivot(1, 0, 0), cm = x.bodies[2].position, tipF = 2.0 * cm - pivot;
    const Vec3 moment = (tipF - pivot).cross(-x.joints[3].force) - x.joints[3].torque +
                        (cm - pivot).cross(Vec3(0, -9.81, 0)) + x.joints[1].torque;
    EXPECT_NEAR((0.084 + 0.25) * x.bodies[2].angularAcceleration.z(), moment.z(), 1e-3) << "t = " << t;
  }
}

}  // namespace
}  // namespace mbs::solver
