// Flexible slider-crank against the published reference solution of Simeon's benchmark (Test Set
// for IVP Solvers, problem "crank"): rigid crank at 150 rad/s, elastic connecting rod (FFR body
// with crank.f's two lateral and two axial shapes), sliding block; see flexible_SliderCrankModel.hpp.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "System.hpp"
#include "dynamics/DynamicAnalysis.hpp"
#include "flexible_SliderCrankModel.hpp"
#include "mbs/solver/Results.hpp"

namespace mbs::solver {
namespace {

struct CrankRun {
  Status status;
  std::vector<double> t, q1;
  ResultFrame last;
};

CrankRun simulate(const test::SimeonInitial& init, double step)
{
  const System sys(test::simeonSliderCrank(init));
  DynamicOptions options;
  options.endTime = 0.1;
  options.outputStep = 0.001;
  options.integrator = IntegratorType::Hht;
  options.integratorOptions.alpha = -0.05;
  options.integratorOptions.fixedStep = true;
  options.integratorOptions.hinit = step;
  options.integratorOptions.tolerance = 1e-9;
  options.solveInitialConditions = false;
  ResultStore results;
  CrankRun run;
  run.status = runDynamics(sys, options, nullptr, results);
  for (size_t k = 0; k < results.size(); ++k) {
    const ResultFrame f = results.frame(k);
    run.t.push_back(f.state.t);
    run.q1.push_back(f.modal[0][0]);
    run.last = f;
  }
  return run;
}

TEST(FlexibleSliderCrank, MatchesTheReferenceSolutionOfSimeonsBenchmark)
{
  // crank.f's consistent initial values (INIT, the test set's default): the crank at angle 0, the
  // rod slightly stretched and already bending at the rate of the smooth solution.
  test::SimeonInitial init;
  init.rodRate = -0.749957670e2;
  init.sliderX = 0.450016933;
  init.sliderRate = -0.268938672e-5;
  init.eta << 0.0, 0.0, 0.103339863e-4, 0.169327969e-4;
  init.etaRate << 0.444896105, 0.463434311e-2, -0.178591076e-5, -0.268938672e-5;
  const CrankRun run = simulate(init, 2e-5);
  ASSERT_TRUE(run.status.ok()) << run.status.message;
  ASSERT_NEAR(run.t.back(), 0.1, 1e-12);
  // Reference solution at t = 0.1 s (crank.f, SOLN): φ2, x3, q1..q4 and q1'.
  const double phi2 = -3.311734987910881e-01, x3 = 1.697373326718410e-01;
  const double q[] = {1.893192460247178e-04, 2.375751865617931e-05, -5.323907988763734e-06,
                      -8.363283141616840e-06};
  const Vec& eta = run.last.modal[0];
  // Tolerances: HHT (α = −0.05, h = 2e-5 s) against a reference computed to ~1e-10. Halving the
  // step moves q1 by 1e-4 and the small axial q3, q4 (~5 µm, excited at ~7000 rad/s) by 0.6 %; the
  // converged FFR value of q1 lies 7e-4 above the reference (1.89456e-4 at h = 1e-5 s). Midpoint
  // deflection obtained here: 1.89440e-4 m (+0.064 %), q2 +0.08 %, q3 +0.9 %, q4 +0.8 %.
  EXPECT_NEAR(eta[0] / q[0], 1.0, 2e-3);
  EXPECT_NEAR(eta[1] / q[1], 1.0, 5e-3);
  EXPECT_NEAR(eta[2] / q[2], 1.0, 2e-2);
  EXPECT_NEAR(eta[3] / q[3], 1.0, 2e-2);
  EXPECT_NEAR(run.last.bodies[2].position.x(), x3, 1e-6);
  const Quat rod = run.last.bodies[1].orientation;
  const double angle = 2.0 * std::atan2(rod.z(), rod.w());
  EXPECT_NEAR(std::remainder(angle - phi2, 2.0 * std::numbers::pi), 0.0, 1e-5);
  // The time history: the midpoint deflection oscillates at the rod's first bending frequency
  // (ω ≈ 1.3e3 rad/s) about the quasi-static inertial bending, with peaks of about 1.6 mm.
  double peak = 0.0;
  for (double v : run.q1)
    peak = std::max(peak, std::abs(v));
  EXPECT_GT(peak, 1e-3);
  EXPECT_LT(peak, 2.5e-3);
}

}  // namespace
}  // namespace mbs::solver
