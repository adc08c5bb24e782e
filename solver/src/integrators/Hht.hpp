#pragma once
// HHT-α (Hilber–Hughes–Taylor) for the index-3 DAE, as in Negrut, Rampalli, Ottarsson, Sajdak
// (2007): Newmark update of positions and velocities from the accelerations, α-weighted
// equations of motion, constraints scaled by 1/(β h²). The α-weighting is written in the form of
// Arnold and Brüls (2007) so that it stays second order with a configuration-dependent mass
// matrix (Euler parameters), see solveStep. Second order, with numerical damping of
// high frequencies for α < 0; step size controlled from the local truncation error estimate
// (β − 1/6) h² (q̈_{n+1} − q̈_n), less its part normal to the constraint manifold, held to
// 0.1·tol·√(tol/1e-3) so that the global error follows the tolerance (docs/solver-notes.md).
#include "integrators/Integrator.hpp"

namespace mbs::solver {

class HhtIntegrator final : public Integrator {
public:
  // options.alpha must lie in [−1/3, 0]; throws std::invalid_argument otherwise.
  HhtIntegrator(const Dae& dae, IntegratorOptions options);

  const char* name() const override { return "HHT-alpha (I3)"; }
  Status initialize(const State& initial) override;
  Status step(double tLimit) override;
  int order() const override { return 2; }

private:
  enum class Newton { Converged, NotConverged, Singular };
  Newton solveStep(double h, Vec& a, Vec& lambdaHat, Vec& q, Vec& v);
  void updateKinematics(double h, const Vec& a, Vec& q, Vec& v) const;
  // Adds the λ-dependent forces (joint friction) of the Dae to Q.
  void addReactionForces(double t, const Vec& q, const Vec& v, const Vec& lambda, Vec& Q) const;
  bool evaluateJacobian(double t, const Vec& q, const Vec& v, const Vec& lambda, double h);
  bool factor(double h);
  // Whether every entry of a Newton position increment is within a few ulps of q.
  static bool positionIncrementAtRoundoff(const Vec& dq, const Vec& q);
  // The part of a position error e that the constraints do not remove (see step()).
  Vec tangentialPart(const Vec& e) const;

  double m_alpha, m_beta, m_gamma;
  double m_h = 0.0;
  // ẍₙ: the accelerations at the start of the step that satisfy the equations of motion
  // M(qₙ)ẍₙ = (Q − Φ_qᵀλ)ₙ (m_state.qdd is the Newmark variable aₙ ≈ q̈(tₙ + αh); see solveStep).
  Vec m_eomAcceleration;
  SparseMat m_Dl, m_Cl;  // joint friction: ∂Q_λ/∂λ, ∂Q_λ/∂q̇
  SparseMat m_M, m_K, m_C, m_phiQ, m_Kc;
  SparseMat m_J11;  // top-left (acceleration) block of the factored Newton matrix
  bool m_valid = false;
  bool m_fresh = false;
  double m_hFactored = 0.0;
  Vec m_phi;
};

}  // namespace mbs::solver
