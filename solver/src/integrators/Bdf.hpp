#pragma once
// Variable-order (1..6), variable-step BDF for the multibody DAE in I3 or SI2 form, with a
// modified Newton corrector and local error control from the predictor–corrector difference.
#include <memory>

#include "integrators/BdfHistory.hpp"
#include "integrators/Integrator.hpp"

namespace mbs::solver {

namespace detail {
class BdfNewtonSystem;
}

enum class BdfVariant {
  // GSTIFF-like: the history is kept on an equally spaced grid, so the BDF coefficients are
  // those of a fixed step; when the step changes the history polynomial is re-sampled.
  FixedLeadingCoefficient,
  // WSTIFF-like: true variable-step BDF coefficients from the actual past time points.
  VariableCoefficient,
  // DSTIFF (DASSL, Petzold): the predictor polynomial runs through the actual past points (as
  // WSTIFF), the corrector is y' = p'(t) + β (y − p(t)) with the constant-step leading coefficient
  // β = (1 + 1/2 + … + 1/k)/h, independent of the past step ratios (docs/solver-notes.md).
  DasslFixedLeadingCoefficient,
};

class BdfIntegrator final : public Integrator {
public:
  BdfIntegrator(const Dae& dae, IntegratorOptions options, BdfVariant variant);
  ~BdfIntegrator() override;

  const char* name() const override;
  Status initialize(const State& initial) override;
  Status step(double tLimit) override;
  bool hasDenseOutput() const override { return true; }
  void interpolate(double t, Vec& q, Vec& qd) const override;
  int order() const override { return m_lastOrder; }
  BdfVariant variant() const { return m_variant; }

private:
  double errorNorm(const Vec& dy, double h) const;
  double newtonNorm(const Vec& dz, double h) const;
  void selectNextStep(double h, double errK);

  BdfVariant m_variant;
  std::unique_ptr<detail::BdfNewtonSystem> m_newton;
  detail::BdfHistory m_history;  // y = [q; q̇], newest first
  Vec m_startSlope;              // [q̇0; q̈0] for the fictitious starting point
  int m_order = 1;
  int m_lastOrder = 1;
  int m_stepsAtOrder = 0;      // accepted steps since the order changed
  int m_stepsSinceChange = 0;  // accepted steps since the step size changed
  int m_consecutiveFailures = 0;
  double m_h = 0.0;
  Vec m_lambdaGuess;  // λ of the last step (unscaled)
  Vec m_lambdaSlope;  // dλ/dt over the last step: the Newton start extrapolates λ linearly
  Vec m_muGuess;
};

}  // namespace mbs::solver
