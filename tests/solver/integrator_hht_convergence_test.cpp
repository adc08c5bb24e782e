// Fixed-step convergence of HHT-α on constrained problems with known solutions: the Cartesian
// pendulum (index-3 DAE, constant mass matrix) against the exact elliptic solution, and a
// torque-free axisymmetric rigid body in Euler parameters (configuration-dependent mass matrix
// 4GᵀJ'G, normalization constraint) against its closed-form rotation. Positions (and the body's
// angular velocity) must converge with order 2 (docs/solver-notes.md, HHT-α).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>

#include "System.hpp"
#include "dynamics/DynamicAnalysis.hpp"
#include "integrator_TestDaes.hpp"

namespace mbs::solver {
namespace {

// Runs HHT with a constant step h (Newton tolerance 1e-10) and returns the largest value of
// `error(t, q, q̇)` over the output times.
template <class Error>
double fixedStepHht(const Dae& dae, const State& initial, double h, const std::vector<double>& times,
                    const Error& error, double alpha = -0.3)
{
  IntegratorOptions options;
  options.tolerance = 1e-10;
  options.fixedStep = true;
  options.hinit = options.hmax = h;
  options.alpha = alpha;
  auto integrator = makeIntegrator(IntegratorType::Hht, dae, options);
  EXPECT_TRUE(integrator->initialize(initial).ok());
  double worst = 0.0;
  const Status st = integrate(*integrator, times, nullptr, [&](double t, const Vec& q, const Vec& qd) {
    worst = std::max(worst, error(t, q, qd));
    return Status::success();
  });
  EXPECT_TRUE(st.ok()) << st.message;
  return worst;
}

TEST(HhtConvergence, PendulumPositionsAreSecondOrder)
{
  const auto exact = testing::loadExactPendulum();
  ASSERT_EQ(exact.size(), 1001u);
  std::vector<double> times;
  for (const auto& row : exact)
    times.push_back(row.t);
  testing::CartesianPendulum dae;
  const State s0 = testing::consistentState(dae, dae.initialState(-M_PI / 2));
  double previous = 0.0;
  for (double h : {4e-3, 2e-3, 1e-3, 5e-4}) {
    size_t index = 0;
    const double e = fixedStepHht(dae, s0, h, times, [&](double, const Vec& q, const Vec&) {
      const auto& row = exact[index++];
      return std::max(std::abs(q[0] - row.x), std::abs(q[1] - row.y));
    });
    std::printf("pendulum h %.1e: max |x,y error| %.3e ratio %.2f\n", h, e,
                previous > 0 ? previous / e : 0.0);
    if (previous > 0.0)
      EXPECT_GT(previous / e, 3.5) << "h " << h;
    previous = e;
  }
}

// Torque-free body with I1 = I2 = 1, I3 = 2 and body-frame ω0 = (5, 0, 20), starting at the identity:
// with H = I ω0 (ground frame, constant) and Ω = (I3 − I1) ω3 / I1 = 20 rad/s,
// R(t) = exp(t [H/I1]×) · exp(−Ω t [e3]×), and ω_body(t) = Rz(Ω t) ω0.
class HhtSpinningBody : public ::testing::Test {
protected:
  const Vec3 inertia{1.0, 1.0, 2.0}, omega0{5.0, 0.0, 20.0};
  System system{model()};

  Model model() const
  {
    Body b;
    b.name = "rotor";
    b.mass = 2.0;
    b.inertia = inertia.asDiagonal();
    b.angularVelocity = omega0;
    Model m;
    m.bodies.push_back(b);
    return m;
  }
  Mat3 exactRotation(double t) const
  {
    const Vec3 H = inertia.asDiagonal() * omega0;
    const double spin = (inertia.z() - inertia.x()) * omega0.z() / inertia.x();
    return (Eigen::AngleAxisd(t * H.norm() / inertia.x(), H.normalized()) *
            Eigen::AngleAxisd(-spin * t, Vec3::UnitZ()))
        .toRotationMatrix();
  }
  // Rotation angle between the computed and the exact orientation.
  double orientationError(double t, const Vec& q) const
  {
    const Quat p(q[3], q[4], q[5], q[6]);
    return Eigen::AngleAxisd(p.normalized().toRotationMatrix().transpose() * exactRotation(t)).angle();
  }
};

TEST_F(HhtSpinningBody, ClosedFormRotationHoldsAtTightTolerance)
{
  // The reference itself, checked with the BDF integrator (independent of HHT).
  IntegratorOptions options;
  options.tolerance = 1e-10;
  auto integrator = makeIntegrator(IntegratorType::Gstiff, system, options);
  State s;
  s.q = system.initialPositions();
  s.qd = system.initialVelocities();
  ASSERT_TRUE(integrator->initialize(testing::consistentState(system, s)).ok());
  double worst = 0.0;
  const Status st =
      integrate(*integrator, {0.25, 0.5, 0.75, 1.0}, nullptr, [&](double t, const Vec& q, const Vec&) {
        worst = std::max(worst, orientationError(t, q));
        return Status::success();
      });
  ASSERT_TRUE(st.ok()) << st.message;
  EXPECT_LT(worst, 1e-6);
}

TEST_F(HhtSpinningBody, HhtOrientationIsSecondOrder)
{
  State s;
  s.q = system.initialPositions();
  s.qd = system.initialVelocities();
  const State s0 = testing::consistentState(system, s);
  std::vector<double> times;
  for (int k = 1; k <= 20; ++k)
    times.push_back(0.05 * k);
  for (double alpha : {-0.3, -0.1}) {
    double previous = 0.0;
    for (double h : {2e-3, 1e-3, 5e-4, 2.5e-4}) {
      const double e = fixedStepHht(
          system, s0, h, times, [&](double t, const Vec& q, const Vec&) { return orientationError(t, q); },
          alpha);
      std::printf("spinning body alpha %.1f h %.2e: max orientation error %.3e rad ratio %.2f\n", alpha, h, e,
                  previous > 0 ? previous / e : 0.0);
      if (previous > 0.0)
        EXPECT_GT(previous / e, 3.5) << "alpha " << alpha << " h " << h;
      previous = e;
    }
  }
}

}  // namespace
}  // namespace mbs::solver
