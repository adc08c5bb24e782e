#pragma once
// Non-stiff Adams–Bashforth–Moulton predictor–corrector (Adams' ABAM, after Shampine and Gordon),
// variable order 1..12 and variable step, on the independent coordinates of a coordinate
// partitioning (detail::PartitionedOde, as RKF45): PECE with the order-k Adams–Bashforth predictor
// and the order-(k+1) Adams–Moulton corrector on the true past times (variable coefficients), the
// corrector propagated (local extrapolation) and their difference the error estimate.
#include <deque>

#include "integrators/Integrator.hpp"
#include "integrators/PartitionedOde.hpp"

namespace mbs::solver {

class AbamIntegrator final : public Integrator {
public:
  static constexpr int kMaxOrder = 12;  // seed 000 §4.5: ABAM's highest order (KMAX may lower it)

  AbamIntegrator(const Dae& dae, IntegratorOptions options);

  const char* name() const override { return "ABAM (coordinate partitioning)"; }
  Status initialize(const State& initial) override;
  Status step(double tLimit) override;
  int order() const override { return m_lastOrder; }
  // Quintic Hermite from q, q̇, q̈ at both ends of the last step (the cubic default would cap the
  // output's accuracy at O(h⁴) under steps of order up to 12).
  void interpolate(double t, Vec& q, Vec& qd) const override;
  std::string stiffnessNote() const override;
  std::string workLimitHint() const override;

  const std::vector<int>& independentCoordinates() const { return m_ode.independentCoordinates(); }

private:
  using Evaluation = detail::PartitionedOde::Evaluation;
  struct Point {
    double t;
    Vec f;  // [q̇_I; q̈_I] at t
  };
  Status evaluate(double t, const Vec& y, const Vec& qGuess, Evaluation& out);
  // y0 + ∫_t^{t+h} of the polynomial through the newest `count` history derivatives, plus (t+h,
  // fNew) when fNew is given: Adams–Bashforth of order count, Adams–Moulton of order count + 1.
  Vec adams(const Vec& y0, double h, int count, const Vec* fNew) const;
  void restartHistory();
  void selectNext(double h, int k, double err, const Vec& y0, const Vec& fPredicted);

  detail::PartitionedOde m_ode;
  std::deque<Point> m_history;  // newest first
  Evaluation m_current;         // at m_state.t
  double m_h = 0.0;
  int m_maxOrder = kMaxOrder;  // KMAX
  int m_order = 1;
  int m_lastOrder = 1;
  int m_stepsAtOrder = 0;
  int m_consecutiveFailures = 0;
  // Stiffness test: h·ρ with ρ = ‖f(y_C) − f(y_P)‖ / ‖y_C − y_P‖ (both evaluations of a PECE
  // step) near the stability boundary on many accepted steps in a row.
  int m_stiffSteps = 0;
  double m_stiffSince = -1.0;
  double m_stiffRho = 0.0;
  double m_stiffStep = 0.0;
};

}  // namespace mbs::solver
