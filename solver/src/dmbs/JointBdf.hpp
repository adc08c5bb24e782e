#pragma once
// Implicit, error-controlled BDF on the DMBS joint coordinates and rates, y = [q; v], for stiff
// models (stiff springs, dampers, bushings) on which the explicit Runge–Kutta method is held to
// steps of the fastest eigenvalue. The equations are the ODE y' = f(t, y) of JointSpaceEquations
// (the cut-joint equations kept by the stabilized multiplier solve inside f), so no multipliers
// enter the corrector. Variable step, variable order 1..5, conventions of the absolute
// formulation's BDF (integrators/Bdf.cpp): history of past points, predictor = extrapolating
// polynomial, corrector y'(t_new) = β y + c from the BDF formula, local error ‖y − y_pred‖/(k+1)
// in the weighted RMS norm 1/(0.1·tol·(1+|y|)), order raised/lowered from backward differences.
// Modified Newton on y + c/β − f(t, y)/β = 0 with the matrix I − J/β, J = ∂f/∂y by forward
// differences (one evaluation of f per coordinate and rate), kept over steps and refactored when
// β changes by more than 25 %; a Newton failure with an old J evaluates it afresh.

#include <Eigen/LU>

#include "dmbs/JointIntegrator.hpp"
#include "dmbs/JointSpaceEquations.hpp"
#include "integrators/BdfHistory.hpp"

namespace mbs::solver::dmbs {

class JointBdf final : public JointIntegrator {
public:
  enum class Variant {
    FixedLeadingCoefficient,  // GSTIFF: history re-sampled on an equally spaced grid
    VariableCoefficient,      // WSTIFF: coefficients from the actual past time points
  };
  // maxOrder: 1..6 (Adams KMAX, 0 = 5); maxNewtonIterations: Adams MAXIT.
  JointBdf(JointSpaceEquations& equations, double tolerance, double maxStep, Variant variant,
           int maxOrder = 0, int maxNewtonIterations = 6);

  const char* name() const override;
  void initialize(double t, const Vec& q, const Vec& v) override;
  // Steps past tOut when that is cheaper (never past endTime) and interpolates the history there.
  Status advanceTo(double tOut, ProgressMonitor* monitor, double endTime) override;

  double time() const override { return m_tOut; }
  const Vec& q() const override { return m_qOut; }
  const Vec& v() const override { return m_vOut; }
  long steps() const override { return m_steps; }
  long rejected() const override { return m_rejected; }
  long evaluations() const override { return m_evaluations; }
  long jacobianEvaluations() const { return m_jacobians; }
  long factorizations() const { return m_factorizations; }
  long newtonIterations() const { return m_newtonIterations; }
  int lastOrder() const { return m_lastOrder; }

private:
  enum class Newton { Converged, NotConverged, Singular };

  void f(double t, const Vec& y, Vec& dy);
  double norm(const Vec& dy) const;  // weighted RMS against the newest point
  Status step(double tLimit);
  void selectNextStep(double h, double err);
  bool evaluateJacobian(double t, const Vec& y, double beta);
  bool factor(double beta);
  Newton iterate(double t, double beta, const Vec& c, Vec& y);
  Newton solve(double t, double beta, const Vec& c, Vec& y);

  JointSpaceEquations& m_eq;
  double m_tolerance, m_maxStep;
  Variant m_variant;
  int m_maxOrder;
  int m_maxNewtonIterations;
  solver::detail::BdfHistory m_history;  // y = [q; v], newest first
  Vec m_startSlope;
  int m_order = 1, m_lastOrder = 1;
  int m_stepsAtOrder = 0, m_stepsSinceChange = 0, m_consecutiveFailures = 0;
  double m_h = 0.0;
  // Newton
  Mat m_jacobian;
  Eigen::PartialPivLU<Mat> m_lu;
  bool m_jacobianValid = false, m_jacobianFresh = false;
  double m_betaFactored = 0.0, m_rate = 0.5;
  Vec m_f0, m_f1, m_residual;
  // output
  double m_tOut = 0.0;
  Vec m_qOut, m_vOut;
  long m_steps = 0, m_rejected = 0, m_evaluations = 0, m_jacobians = 0, m_factorizations = 0,
       m_newtonIterations = 0;
};

}  // namespace mbs::solver::dmbs
