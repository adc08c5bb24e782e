// Integrator behaviour on small DAEs: cancel, progress, constraint drift, energy, stiffness,
// tolerance proportionality, failures as statuses.
#include <gtest/gtest.h>

#include <cmath>

#include "dynamics/DynamicAnalysis.hpp"
#include "integrator_TestDaes.hpp"

namespace mbs::solver {
namespace {

using testing::CartesianPendulum;
using testing::DoublePendulum;

const IntegratorType kAllTypes[] = {IntegratorType::Gstiff, IntegratorType::Wstiff, IntegratorType::Hht,
                                    IntegratorType::Rkf45};

// Requests cancel from onStep after `after` accepted steps and counts the calls.
class CancelAfter : public CancelFlag {
public:
  explicit CancelAfter(long after) : m_after(after) {}
  void onStep(const StepInfo& info) override
  {
    ++calls;
    last = info;
    if (info.steps >= m_after)
      requestCancel();
  }
  long calls = 0;
  StepInfo last;

private:
  long m_after;
};

std::vector<double> uniformTimes(double end, double dt)
{
  std::vector<double> t;
  for (int i = 0; i * dt <= end + 1e-12; ++i)
    t.push_back(i * dt);
  return t;
}

TEST(IntegratorBehaviour, CancelStopsWithinOneStep)
{
  for (IntegratorType type : kAllTypes) {
    CartesianPendulum dae;
    auto integrator = makeIntegrator(type, dae, IntegratorOptions{});
    ASSERT_TRUE(integrator->initialize(testing::consistentState(dae, dae.initialState(-M_PI / 2))).ok());
    CancelAfter monitor(5);
    const Status st = integrate(*integrator, uniformTimes(10.0, 0.5), &monitor, nullptr);
    EXPECT_EQ(st.code, StatusCode::Cancelled) << toString(type);
    EXPECT_EQ(integrator->statistics().steps, 5) << toString(type);
    EXPECT_EQ(monitor.calls, 5) << toString(type);
    EXPECT_LT(st.time, 10.0);
  }
}

TEST(IntegratorBehaviour, ProgressReportsEveryAcceptedStep)
{
  for (IntegratorType type : kAllTypes) {
    CartesianPendulum dae;
    auto integrator = makeIntegrator(type, dae, IntegratorOptions{});
    ASSERT_TRUE(integrator->initialize(testing::consistentState(dae, dae.initialState(-M_PI / 2))).ok());
    CancelAfter monitor(1000000);
    ASSERT_TRUE(integrate(*integrator, uniformTimes(1.0, 0.1), &monitor, nullptr).ok());
    const auto& s = integrator->statistics();
    EXPECT_EQ(monitor.calls, s.steps) << toString(type);
    EXPECT_EQ(monitor.last.steps, s.steps);
    EXPECT_DOUBLE_EQ(monitor.last.time, 1.0);
    EXPECT_DOUBLE_EQ(monitor.last.endTime, 1.0);
    EXPECT_GE(s.newtonIterations, type == IntegratorType::Rkf45 ? s.steps : 2 * s.steps);
    EXPECT_GT(s.factorizations, 0);
  }
}

TEST(IntegratorBehaviour, DoublePendulumConservesEnergyAndConstraints)
{
  struct Run {
    IntegratorType type;
    Formulation formulation;
  };
  for (Run run :
       {Run{IntegratorType::Gstiff, Formulation::SI2}, Run{IntegratorType::Wstiff, Formulation::SI2},
        Run{IntegratorType::Gstiff, Formulation::I3}, Run{IntegratorType::Rkf45, Formulation::I3}}) {
    DoublePendulum dae;
    IntegratorOptions options;
    options.tolerance = 1e-7;
    options.formulation = run.formulation;
    auto integrator = makeIntegrator(run.type, dae, options);
    State s;
    s.q = Eigen::Vector4d(1.0, 0.0, 2.0, 0.0);  // both links horizontal, at rest
    s.qd = Vec::Zero(4);
    ASSERT_TRUE(integrator->initialize(testing::consistentState(dae, s)).ok());
    const double e0 = dae.energy(s.q, s.qd);
    double maxEnergyError = 0.0, maxDrift = 0.0;
    Vec phi;
    const Status st =
        integrate(*integrator, uniformTimes(3.0, 0.05), nullptr, [&](double t, const Vec& q, const Vec& qd) {
          maxEnergyError = std::max(maxEnergyError, std::abs(dae.energy(q, qd) - e0));
          dae.constraints(t, q, phi);
          maxDrift = std::max(maxDrift, phi.cwiseAbs().maxCoeff());
          return Status::success();
        });
    ASSERT_TRUE(st.ok()) << st.message;
    // Energy scale: m g L ≈ 10 J; the chaotic motion still keeps its energy to this level.
    EXPECT_LT(maxEnergyError, 2e-3) << integrator->name();
    EXPECT_LT(maxDrift, 1e-6) << integrator->name();
  }
}

TEST(IntegratorBehaviour, BdfStepsOverAStiffDampedMode)
{
  // Slow oscillator ω = 1 plus a stiff, heavily damped spring ω = 1e5 (ζ = 1), both excited.
  testing::Oscillators dae({1.0, 1e5}, {0.0, 1.0});
  for (IntegratorType type : {IntegratorType::Gstiff, IntegratorType::Wstiff, IntegratorType::Hht}) {
    IntegratorOptions options;
    options.tolerance = 1e-6;
    auto integrator = makeIntegrator(type, dae, options);
    State s;
    s.q = Eigen::Vector2d(1.0, 1e-3);
    s.qd = Vec::Zero(2);
    ASSERT_TRUE(integrator->initialize(testing::consistentState(dae, s)).ok());
    double maxError = 0.0;
    const Status st =
        integrate(*integrator, uniformTimes(10.0, 0.1), nullptr, [&](double t, const Vec& q, const Vec&) {
          maxError = std::max(maxError, std::abs(q[0] - std::cos(t)));
          if (t > 0.5)
            EXPECT_LT(std::abs(q[1]), 1e-6);
          return Status::success();
        });
    ASSERT_TRUE(st.ok()) << st.message;
    // HHT is second order: its global error at this tolerance is larger.
    EXPECT_LT(maxError, type == IntegratorType::Hht ? 1e-3 : 1e-4) << integrator->name();
    // An explicit method would need ~10 s × 1e5 / 3 steps.
    EXPECT_LT(integrator->statistics().steps, 5000) << integrator->name();
  }
}

TEST(IntegratorBehaviour, BdfErrorFollowsTolerance)
{
  for (IntegratorType type : {IntegratorType::Gstiff, IntegratorType::Wstiff}) {
    double errors[2];
    int maxOrderReached = 0;
    for (int i = 0; i < 2; ++i) {
      testing::Oscillators dae({2.0});
      IntegratorOptions options;
      options.tolerance = i == 0 ? 1e-5 : 1e-8;
      auto integrator = makeIntegrator(type, dae, options);
      State s;
      s.q = Vec::Ones(1);
      s.qd = Vec::Zero(1);
      ASSERT_TRUE(integrator->initialize(testing::consistentState(dae, s)).ok());
      errors[i] = 0.0;
      ASSERT_TRUE(
          integrate(*integrator, uniformTimes(5.0, 0.05), nullptr, [&](double t, const Vec& q, const Vec&) {
            errors[i] = std::max(errors[i], std::abs(q[0] - std::cos(2.0 * t)));
            maxOrderReached = std::max(maxOrderReached, integrator->order());
            return Status::success();
          }).ok());
    }
    EXPECT_LT(errors[0], 1e-3) << toString(type);
    EXPECT_GT(errors[0] / errors[1], 30.0) << toString(type);
    EXPECT_GE(maxOrderReached, 4) << toString(type);
  }
}

// A pendulum with its constraint written twice: the Newton matrices are singular.
class RedundantPendulum : public CartesianPendulum {
public:
  int numConstraints() const override { return 2; }
  void constraints(double t, const Vec& q, Vec& phi) const override
  {
    Vec one;
    CartesianPendulum::constraints(t, q, one);
    phi = Eigen::Vector2d(one[0], one[0]);
  }
  void constraintJacobian(double, const Vec& q, SparseMat& J) const override
  {
    Triplets t{{0, 0, q[0]}, {0, 1, q[1]}, {1, 0, q[0]}, {1, 1, q[1]}};
    J.resize(2, 2);
    J.setFromTriplets(t.begin(), t.end());
  }
  void constraintTimeDerivative(double, const Vec&, Vec& phiT) const override { phiT = Vec::Zero(2); }
  void accelerationRhs(double t, const Vec& q, const Vec& qd, Vec& gamma) const override
  {
    gamma = Vec::Constant(2, -qd.squaredNorm());
  }
};

TEST(IntegratorBehaviour, SingularSystemIsAStatusNotACrash)
{
  RedundantPendulum dae;
  State s = dae.initialState(-M_PI / 2);
  LinearSolver solver;
  const Status acc = solveAccelerations(dae, 0.0, s.q, s.qd, s.qdd, s.lambda, solver);
  EXPECT_EQ(acc.code, StatusCode::SingularJacobian);
  s.qdd = Eigen::Vector2d(0.0, -9.81);
  s.lambda = Vec::Zero(2);
  for (IntegratorType type : {IntegratorType::Gstiff, IntegratorType::Hht}) {
    auto integrator = makeIntegrator(type, dae, IntegratorOptions{});
    ASSERT_TRUE(integrator->initialize(s).ok());
    const Status st = integrator->step(1.0);
    EXPECT_EQ(st.code, StatusCode::SingularJacobian) << toString(type);
    EXPECT_NE(st.message.find("singular"), std::string::npos) << st.message;
    EXPECT_GT(integrator->lastFailure().time, 0.0);
  }
}

TEST(IntegratorBehaviour, HhtRejectsAlphaOutsideRange)
{
  CartesianPendulum dae;
  IntegratorOptions options;
  options.alpha = -0.5;
  EXPECT_THROW(makeIntegrator(IntegratorType::Hht, dae, options), std::invalid_argument);
}

TEST(IntegratorBehaviour, AccelerationsAndMultipliersOfThePendulum)
{
  // Horizontal at rest: free fall start, no tension. Hanging and moving at speed v: tension
  // m(g + v²/L), so λ = m(g + v²/L)/L for Φ = (x² + y² − L²)/2 (force −Φ_qᵀλ = −λ q on the mass).
  CartesianPendulum dae;
  LinearSolver solver;
  State s = dae.initialState(-M_PI / 2);
  ASSERT_TRUE(solveAccelerations(dae, 0.0, s.q, s.qd, s.qdd, s.lambda, solver).ok());
  EXPECT_NEAR(s.qdd[0], 0.0, 1e-12);
  EXPECT_NEAR(s.qdd[1], -9.81, 1e-12);
  EXPECT_NEAR(s.lambda[0], 0.0, 1e-12);
  s = dae.initialState(0.0);
  s.qd = Eigen::Vector2d(2.0, 0.0);
  ASSERT_TRUE(solveAccelerations(dae, 0.0, s.q, s.qd, s.qdd, s.lambda, solver).ok());
  EXPECT_NEAR(s.qdd[1], 4.0, 1e-12);  // centripetal v²/L upwards
  EXPECT_NEAR(s.lambda[0], 9.81 + 4.0, 1e-12);
}

}  // namespace
}  // namespace mbs::solver
