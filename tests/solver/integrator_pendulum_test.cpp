// Every integrator and formulation on the Cartesian pendulum against the exact elliptic solution.
// Bounds reflect what each method delivers: SI2 BDF and RKF45 reach 1e-4 at tol 1e-6, I3 BDF
// ~1e-4 (positions-only error control); HHT's error estimate misses most of its numerical
// dissipation, so its adaptive runs are looser than a fixed step of similar cost.
#include <gtest/gtest.h>

#include <cmath>

#include "integrator_TestDaes.hpp"
#include "mbs/solver/DynamicAnalysis.hpp"

namespace mbs::solver {
namespace {

using testing::CartesianPendulum;

struct Case {
  IntegratorType type;
  Formulation formulation;
  const char* name;
  double tolerance;
  double bound;            // on max |x − x_exact|, |y − y_exact| over 10 s
  double fixedStep = 0.0;  // > 0: constant step without error control
};

class PendulumIntegrators : public ::testing::TestWithParam<Case> {};

TEST_P(PendulumIntegrators, MatchesExactEllipticSolutionOver10s)
{
  const auto exact = testing::loadExactPendulum();
  ASSERT_EQ(exact.size(), 1001u);
  CartesianPendulum dae;
  IntegratorOptions options;
  options.tolerance = GetParam().tolerance;
  if (GetParam().fixedStep > 0.0) {
    options.fixedStep = true;
    options.hinit = GetParam().fixedStep;
  }
  options.formulation = GetParam().formulation;
  auto integrator = makeIntegrator(GetParam().type, dae, options);
  State s0 = testing::consistentState(dae, dae.initialState(-M_PI / 2));
  ASSERT_TRUE(integrator->initialize(s0).ok());
  std::vector<double> times;
  for (const auto& row : exact)
    times.push_back(row.t);
  double maxError = 0.0, maxDrift = 0.0, maxVelocityDrift = 0.0;
  size_t index = 0;
  Vec phi;
  Status st = integrate(*integrator, times, nullptr, [&](double t, const Vec& q, const Vec& qd) {
    const auto& row = exact[index++];
    EXPECT_DOUBLE_EQ(t, row.t);
    maxError = std::max({maxError, std::abs(q[0] - row.x), std::abs(q[1] - row.y)});
    if (std::abs(integrator->time() - t) < 1e-12) {  // drift at step ends, not interpolated points
      dae.constraints(t, q, phi);
      maxDrift = std::max(maxDrift, std::abs(phi[0]));
      maxVelocityDrift = std::max(maxVelocityDrift, std::abs(q.dot(qd)));
    }
    return Status::success();
  });
  ASSERT_TRUE(st.ok()) << st.message;
  const auto& stats = integrator->statistics();
  std::printf(
      "%-28s steps %5ld rejected %4ld newton %6ld jac %5ld fact %6ld  max|x,y err| %.2e  |phi| %.1e "
      "|phi_q v| %.1e\n",
      integrator->name(), stats.steps, stats.rejectedSteps, stats.newtonIterations, stats.jacobianEvaluations,
      stats.factorizations, maxError, maxDrift, maxVelocityDrift);
  EXPECT_EQ(index, exact.size());
  EXPECT_LT(maxError, GetParam().bound);
  EXPECT_LT(maxDrift, 1e-6);
  EXPECT_GT(stats.steps, 10);
}

INSTANTIATE_TEST_SUITE_P(
    AllIntegrators, PendulumIntegrators,
    ::testing::Values(Case{IntegratorType::Gstiff, Formulation::I3, "GstiffI3", 1e-6, 2e-4},
                      Case{IntegratorType::Gstiff, Formulation::I3, "GstiffI3Tight", 1e-7, 1e-4},
                      Case{IntegratorType::Gstiff, Formulation::SI2, "GstiffSI2", 1e-6, 1e-4},
                      Case{IntegratorType::Wstiff, Formulation::I3, "WstiffI3", 1e-6, 2e-4},
                      Case{IntegratorType::Wstiff, Formulation::I3, "WstiffI3Tight", 1e-7, 1e-4},
                      Case{IntegratorType::Wstiff, Formulation::SI2, "WstiffSI2", 1e-6, 1e-4},
                      Case{IntegratorType::Hht, Formulation::I3, "Hht", 1e-6, 2e-2},
                      Case{IntegratorType::Hht, Formulation::I3, "HhtTight", 1e-8, 3e-3},
                      Case{IntegratorType::Hht, Formulation::I3, "HhtFixedStep", 1e-8, 2e-4, 5e-4},
                      Case{IntegratorType::Rkf45, Formulation::I3, "Rkf45", 1e-6, 1e-4}),
    [](const ::testing::TestParamInfo<Case>& info) { return std::string(info.param.name); });

}  // namespace
}  // namespace mbs::solver
