#pragma once
// The small DAE interface that integrators and analyses work on (as Project Chrono's
// timesteppers work on ChIntegrable). Index-3 form in second-order coordinates:
//
//     M(q) q̈ + Φ_q(q,t)ᵀ λ = Q(t, q, q̇)          (equations of motion)
//     Φ(q, t) = 0                                 (position constraints)
//     Φ_q q̇ + Φ_t = 0                             (velocity level)
//     Φ_q q̈ = γ(t, q, q̇)                          (acceleration level)
//
// Integrators must depend only on this interface, so that they can be tested on tiny
// hand-written DAEs (a Cartesian pendulum) as well as on a full multibody System.
#include <limits>

#include "mbs/solver/Types.hpp"

namespace mbs::solver {

class Dae {
public:
  virtual ~Dae() = default;

  virtual int numCoordinates() const = 0;  // n = size of q
  virtual int numConstraints() const = 0;  // m = size of Φ (and λ)
  // The last s coordinates are first-order states carried as velocities (Adams DIFF: x = ẏ, System):
  // integrators whose error test reads positions only must also test these velocities.
  virtual int firstOrderStates() const { return 0; }

  virtual void mass(const Vec& q, SparseMat& M) const = 0;
  // Applied and velocity-dependent (quadratic) generalized forces.
  virtual void forces(double t, const Vec& q, const Vec& qd, Vec& Q) const = 0;
  virtual void constraints(double t, const Vec& q, Vec& phi) const = 0;
  virtual void constraintJacobian(double t, const Vec& q, SparseMat& phiQ) const = 0;
  // Φ, Φ_q·v and Φ_qᵀ·(each column of multipliers, m × k) at (t, q) in one pass: the residuals of
  // the implicit integrators need these products, not the matrix. By default from constraints()
  // and constraintJacobian(); a System forms them block by block without assembling Φ_q.
  virtual void constraintProducts(double t, const Vec& q, const Vec& v, const Mat& multipliers, Vec& phi,
                                  Vec& phiQv, Mat& phiQtMultipliers) const;
  // ∂Φ/∂t (non-zero for driven constraints / motions).
  virtual void constraintTimeDerivative(double t, const Vec& q, Vec& phiT) const = 0;
  // Right-hand side of Φ_q q̈ = γ.
  virtual void accelerationRhs(double t, const Vec& q, const Vec& qd, Vec& gamma) const = 0;

  // Tangents for Newton iterations. Defaults use central finite differences of forces()
  // and of Φ_qᵀλ; a System overrides them with analytic or cheaper versions where known.
  virtual void forceJacobians(double t, const Vec& q, const Vec& qd, SparseMat& dQdq, SparseMat& dQdqd) const;
  // ∂(Φ_qᵀ λ)/∂q
  virtual void constraintForceJacobian(double t, const Vec& q, const Vec& lambda, SparseMat& out) const;
  // ∂(Φ_qᵀ λ)/∂q (n × n) and ∂(Φ_q v)/∂q (m × n, v held fixed) at (t, q) together: the SI2 Newton
  // matrix needs both. By default constraintForceJacobian() and central differences of Φ_q v over
  // column groups that share no row of Φ_q; a System takes both from one pass of second-order jets.
  virtual void constraintSecondDerivatives(double t, const Vec& q, const Vec& lambda, const Vec& v,
                                           SparseMat& dPhiQtLambda, SparseMat& dPhiQv) const;

  // Generalized forces that depend on the constraint multipliers λ (joint friction driven by the
  // joint reactions): the equations of motion read M q̈ + Φ_qᵀλ = Q + Q_λ(t, q, q̇, λ). Analyses
  // evaluate Q_λ with the current Newton iterate of λ, so friction and reactions are consistent at
  // convergence. Defaults: none.
  virtual bool hasReactionForces() const { return false; }
  // Q_λ (size n); zero by default.
  virtual void reactionForces(double t, const Vec& q, const Vec& qd, const Vec& lambda, Vec& Q) const;
  // ∂Q_λ/∂λ (n × m) and ∂Q_λ/∂q̇ (n × n); ∂Q_λ/∂q is left to the modified Newton iterations.
  virtual void reactionForceJacobians(double t, const Vec& q, const Vec& qd, const Vec& lambda,
                                      SparseMat& dQdLambda, SparseMat& dQdqd) const;
  // ∂Q_λ/∂q where Q_λ is stiff in q (stiction bristles, see below); zero (n × n) by default.
  virtual void reactionForcePositionJacobian(double t, const Vec& q, const Vec& qd, const Vec& lambda,
                                             SparseMat& dQdq) const;

  // History of Q_λ that changes between steps only: the stiction anchors of joints with
  // MAX_STICTION_DEFORMATION > 0 (docs/solver-notes.md, joint friction). It is mutable state of the
  // Dae object, so one integration at a time per Dae. Integrators call startHistory in
  // initialize() and acceptStep after every accepted step; Q_λ at a time before the last accepted
  // step's end (interpolated outputs) uses the history at that step's start. Without startHistory
  // (statics, kinematics, initial conditions) there is none; endHistory drops it.
  virtual void startHistory(double t, const Vec& q) const
  {
    (void)t;
    (void)q;
  }
  virtual void acceptStep(double t, const Vec& q) const
  {
    (void)t;
    (void)q;
  }
  virtual void endHistory() const {}
  // The longest step that may end at (t, q, q̇). A step that takes a held stiction bristle past the
  // static peak of its friction law (a breakaway) must be short against the bristle's time scale δ_max / v_s:
  // a long implicit step can jump from the sticking to the sliding branch of the friction law (false
  // breakaway), so the integrator retries it with this step. Infinity when any step may end there.
  virtual double stictionStepLimit(double t, const Vec& q, const Vec& qd) const
  {
    (void)t;
    (void)q;
    (void)qd;
    return std::numeric_limits<double>::infinity();
  }

  // The longest next step from the accepted state (t, q, q̇) so that a contact function (IMPACT,
  // BISTOP) that is free and approaching is not entered deeper than its damping ramp d in one step:
  // the time to reach the stop at the present rate plus d / rate. A step from free flight into
  // deep penetration is where Newton fails (docs/solver-notes.md, "Impacts"). Infinity when no
  // contact is approaching.
  virtual double contactStepLimit(double t, const Vec& q, const Vec& qd) const
  {
    (void)t;
    (void)q;
    (void)qd;
    return std::numeric_limits<double>::infinity();
  }

  // Optional projection after a position update (e.g. renormalize Euler parameters).
  virtual void normalize(Vec& q) const { (void)q; }
};

}  // namespace mbs::solver
