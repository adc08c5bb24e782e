// CONSTANT_BDF (one step all the run, order chosen by the error estimates), DSTIFF (DASSL's
// fixed-leading-coefficient BDF on the true past points) and ABAM (Adams–Bashforth–Moulton, orders
// 1..12) against closed forms (issue 34): a damped
// linear oscillator's exact solution, the orders of convergence, and the BDF's order 6 (Adams KMAX).
// The pendulum's reference solution: integrator_pendulum_test.cpp.
#include <gtest/gtest.h>

#include <cmath>

#include "dynamics/DynamicAnalysis.hpp"
#include "integrator_TestDaes.hpp"

namespace mbs::solver {
namespace {

constexpr double kOmega = 2.0, kZeta = 0.1;

// q(t) of q̈ + 2ζω q̇ + ω² q = 0 from q = 1, q̇ = 0.
double dampedExact(double t)
{
  const double wd = kOmega * std::sqrt(1 - kZeta * kZeta);
  return std::exp(-kZeta * kOmega * t) * (std::cos(wd * t) + kZeta * kOmega / wd * std::sin(wd * t));
}

struct Counting : ProgressMonitor {
  int highestOrder = 0;
  void onStep(const StepInfo& info) override { highestOrder = std::max(highestOrder, info.order); }
};

struct OscillatorRun {
  double maxError = 0.0;
  IntegratorStatistics stats;
  int highestOrder = 0;
};

OscillatorRun runOscillator(IntegratorType type, IntegratorOptions options, double tEnd = 4.0)
{
  testing::Oscillators dae({kOmega}, {kZeta});
  auto integrator = makeIntegrator(type, dae, options);
  State s;
  s.q = Vec::Ones(1);
  s.qd = Vec::Zero(1);
  EXPECT_TRUE(integrator->initialize(testing::consistentState(dae, s)).ok());
  std::vector<double> times;
  for (int i = 0; i <= 40; ++i)
    times.push_back(tEnd * i / 40.0);
  OscillatorRun run;
  Counting counting;
  Status st = integrate(*integrator, times, &counting, [&](double t, const Vec& q, const Vec&) {
    run.maxError = std::max(run.maxError, std::abs(q[0] - dampedExact(t)));
    return Status::success();
  });
  EXPECT_TRUE(st.ok()) << st.message;
  run.stats = integrator->statistics();
  run.highestOrder = counting.highestOrder;
  return run;
}

IntegratorOptions constantStep(double h, int maxOrder = 5)
{
  IntegratorOptions o;
  o.tolerance = 1e-10;  // (Newton accuracy only: CONSTANT_BDF has no error test)
  o.hinit = o.hmax = h;
  o.maxOrder = maxOrder;
  return o;
}

TEST(ConstantBdf, StepsAtItsOneStepWithoutRejections)
{
  const double h = 0.01;
  const OscillatorRun run = runOscillator(IntegratorType::ConstantBdf, constantStep(h));
  EXPECT_EQ(run.stats.steps, std::lround(4.0 / h));
  EXPECT_EQ(run.stats.rejectedSteps, 0);
  EXPECT_GE(run.highestOrder, 3);  // the order follows the error estimates up from 1
  EXPECT_LE(run.highestOrder, 5);
  // Its first three steps are order 1 at the full step: 3 · h²ω²/2 = 6e-4 bounds the accuracy.
  EXPECT_LT(run.maxError, 1e-3);
  std::printf("[constant_bdf] h = %g: %ld steps, %ld Jacobians, highest order %d, max error %.3e\n", h,
              run.stats.steps, run.stats.jacobianEvaluations, run.highestOrder, run.maxError);
}

TEST(ConstantBdf, ConvergesAtTheOrderItIsHeldTo)
{
  for (int order : {1, 2}) {
    const double e1 = runOscillator(IntegratorType::ConstantBdf, constantStep(0.005, order)).maxError;
    const double e2 = runOscillator(IntegratorType::ConstantBdf, constantStep(0.0025, order)).maxError;
    EXPECT_NEAR(std::log2(e1 / e2), order, 0.25) << "KMAX " << order;
  }
  // Free to rise to 5 it converges at second order: the order-1 starting steps' O(h²) local errors
  // (a fixed step cannot start smaller) dominate the later high-order ones.
  const double e1 = runOscillator(IntegratorType::ConstantBdf, constantStep(0.005, 5)).maxError;
  const double e2 = runOscillator(IntegratorType::ConstantBdf, constantStep(0.0025, 5)).maxError;
  EXPECT_NEAR(std::log2(e1 / e2), 2.0, 0.3);
}

TEST(Dstiff, FixedStepOrdersOneAndTwo)
{
  // At a constant step DASSL's formula is the constant-step BDF: orders 1 and 2 show cleanly.
  for (int order : {1, 2}) {
    IntegratorOptions o = constantStep(0.005, order);
    o.fixedStep = true;
    const double e1 = runOscillator(IntegratorType::Dstiff, o).maxError;
    o.hinit = o.hmax = 0.0025;
    const double e2 = runOscillator(IntegratorType::Dstiff, o).maxError;
    EXPECT_NEAR(std::log2(e1 / e2), order, 0.25) << "order " << order;
  }
}

TEST(Dstiff, VariableStepFollowsTheDampedOscillatorAndTheTolerance)
{
  double previous = 0.0;
  for (double tol : {1e-4, 1e-6, 1e-8}) {
    IntegratorOptions o;
    o.tolerance = tol;
    const OscillatorRun run = runOscillator(IntegratorType::Dstiff, o);
    std::printf("[dstiff] tol %g: %ld steps (%ld rejected), %ld Jacobians, highest order %d, error %.3e\n",
                tol, run.stats.steps, run.stats.rejectedSteps, run.stats.jacobianEvaluations,
                run.highestOrder, run.maxError);
    EXPECT_LT(run.maxError, 200 * tol) << tol;
    if (previous > 0.0)  // 100× tighter: at least 20× smaller
      EXPECT_LT(run.maxError, previous / 20) << tol;
    previous = run.maxError;
  }
}

TEST(Abam, FollowsTheDampedOscillatorAndTheTolerance)
{
  double previous = 0.0;
  // (At 1e-10 the error stays at 3.6e-10: the Lagrange-form weights of order 11 reach round-off.)
  for (double tol : {1e-4, 1e-6, 1e-8}) {
    IntegratorOptions o;
    o.tolerance = tol;
    const OscillatorRun run = runOscillator(IntegratorType::Abam, o);
    std::printf("[abam] tol %g: %ld steps (%ld rejected), highest order %d, error %.3e\n", tol,
                run.stats.steps, run.stats.rejectedSteps, run.highestOrder, run.maxError);
    EXPECT_LT(run.maxError, 100 * tol) << tol;
    if (previous > 0.0)  // 100× tighter: at least 20× smaller
      EXPECT_LT(run.maxError, previous / 20) << tol;
    previous = run.maxError;
    EXPECT_LE(run.highestOrder, 12);
    if (tol <= 1e-8)  // variable order: a tight tolerance takes it well past the BDF's 6
      EXPECT_GE(run.highestOrder, 7) << tol;
  }
}

TEST(Abam, FewerDerivativeEvaluationsThanRkf45AtTightTolerance)
{
  // Multistep: two evaluations per step whatever the order, against RKF45's six per step.
  IntegratorOptions o;
  o.tolerance = 1e-9;
  const OscillatorRun abam = runOscillator(IntegratorType::Abam, o);
  const OscillatorRun rkf = runOscillator(IntegratorType::Rkf45, o);
  const long abamEvaluations = 2 * (abam.stats.steps + abam.stats.rejectedSteps);
  const long rkfEvaluations = 6 * (rkf.stats.steps + rkf.stats.rejectedSteps);
  std::printf("[abam] tol 1e-9: ABAM %ld evaluations (error %.2e), RKF45 %ld (error %.2e)\n", abamEvaluations,
              abam.maxError, rkfEvaluations, rkf.maxError);
  EXPECT_LT(abamEvaluations, rkfEvaluations);
}

TEST(BdfOrderSix, GstiffAndWstiffClimbToKmaxSix)
{
  for (IntegratorType type : {IntegratorType::Gstiff, IntegratorType::Wstiff, IntegratorType::Dstiff}) {
    IntegratorOptions o;
    o.tolerance = 1e-10;
    o.maxOrder = 6;
    const OscillatorRun six = runOscillator(type, o, 20.0);
    o.maxOrder = 5;
    const OscillatorRun five = runOscillator(type, o, 20.0);
    std::printf("[bdf order 6] %s: KMAX 6 %ld steps (order %d, error %.2e), KMAX 5 %ld steps (error %.2e)\n",
                toString(type), six.stats.steps, six.highestOrder, six.maxError, five.stats.steps,
                five.maxError);
    EXPECT_EQ(six.highestOrder, 6) << toString(type);
    EXPECT_EQ(five.highestOrder, 5) << toString(type);
    EXPECT_LT(six.maxError, 1e-6) << toString(type);
  }
}

}  // namespace
}  // namespace mbs::solver
