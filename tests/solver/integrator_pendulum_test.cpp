// Every integrator and formulation on the Cartesian pendulum against the exact elliptic solution.
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
};

class PendulumIntegrators : public ::testing::TestWithParam<Case> {};

TEST_P(PendulumIntegrators, MatchesExactEllipticSolutionOver10s)
{
  const auto exact = testing::loadExactPendulum();
  ASSERT_EQ(exact.size(), 1001u);
  CartesianPendulum dae;
  IntegratorOptions options;
  options.tolerance = 1e-6;
  options.formulation = GetParam().formulation;
  if (std::getenv("MBS_ALPHA")) options.alpha = std::atof(std::getenv("MBS_ALPHA"));
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
  std::printf("%-28s steps %5ld rejected %4ld newton %6ld jac %5ld fact %6ld  max|x,y err| %.2e  |phi| %.1e "
              "|phi_q v| %.1e\n",
              integrator->name(), stats.steps, stats.rejectedSteps, stats.newtonIterations,
              stats.jacobianEvaluations, stats.factorizations, maxError, maxDrift, maxVelocityDrift);
  EXPECT_EQ(index, exact.size());
  EXPECT_LT(maxError, 1e-4);
  EXPECT_LT(maxDrift, 1e-6);
  EXPECT_GT(stats.steps, 10);
}

INSTANTIATE_TEST_SUITE_P(
    AllIntegrators, PendulumIntegrators,
    ::testing::Values(Case{IntegratorType::Gstiff, Formulation::I3, "GstiffI3"},
                      Case{IntegratorType::Gstiff, Formulation::SI2, "GstiffSI2"},
                      Case{IntegratorType::Wstiff, Formulation::I3, "WstiffI3"},
                      Case{IntegratorType::Wstiff, Formulation::SI2, "WstiffSI2"},
                      Case{IntegratorType::Hht, Formulation::I3, "Hht"},
                      Case{IntegratorType::Rkf45, Formulation::I3, "Rkf45"}),
    [](const ::testing::TestParamInfo<Case>& info) { return std::string(info.param.name); });

}  // namespace
}  // namespace mbs::solver
