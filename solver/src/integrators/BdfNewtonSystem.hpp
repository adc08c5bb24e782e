#pragma once
// The BDF corrector as a Newton problem in z = [q; q̇; λ/β; μ/β] (μ only in SI2), where the BDF
// formula gives the derivative of y = [q; q̇] as y' = β y + c:
//   F1 = q + c_q/β − q̇/β (+ Φ_qᵀ μ/β)      (kinematic equation; SI2 adds the GGL term)
//   F2 = M (q̇ + c_v/β) + Φ_qᵀ λ/β − Q/β     (equations of motion, divided by β)
//   F3 = β Φ (I3) or Φ (SI2)                (position constraints; I3 rows scaled by β so the
//                                            matrix stays well conditioned as h → 0)
//   F4 = Φ_q q̇ + Φ_t                       (SI2 only)
// Modified Newton: the physical Jacobians are kept across steps and only refactored when β
// drifts; they are re-evaluated when the iteration converges slowly. Left out of the matrix:
// ∂(M q̈)/∂q and ∂(Φ_qᵀμ)/∂q (μ → 0); SI2 includes ∂(Φ_q q̇)/∂q (Dae::constraintSecondDerivatives).
// Joint friction Q_λ(q, q̇, λ) (Dae::reactionForces) is part of Q with its ∂/∂λ and ∂/∂q̇.
#include <functional>

#include "integrators/Integrator.hpp"
#include "integrators/SparseBlocks.hpp"

namespace mbs::solver::detail {

class BdfNewtonSystem {
public:
  enum class Result { Converged, NotConverged, Singular };
  using Norm = std::function<double(const Vec& dz)>;

  BdfNewtonSystem(const Dae& dae, Formulation formulation, LinearSolver& linear, IntegratorStatistics& stats);

  int size() const { return 2 * m_n + m_m * (m_formulation == Formulation::SI2 ? 2 : 1); }
  Formulation formulation() const { return m_formulation; }
  // Iterates from z until the weighted increment (norm) is converged. Re-evaluates the Jacobian
  // once if a stale one does not converge.
  Result solve(double t, double beta, const Vec& c, Vec& z, const Norm& norm, int maxIterations);
  void invalidate() { m_valid = false; }
  // Constraint residual Φ of the last evaluated iterate (diagnostics).
  const Vec& lastConstraintResidual() const { return m_phi; }

private:
  Result iterate(double t, double beta, const Vec& c, Vec& z, const Norm& norm, int maxIterations);
  void residual(double t, double beta, const Vec& c, const Vec& z, Vec& F);
  bool evaluateJacobian(double t, const Vec& z, double beta);
  bool factor(double beta);

  const Dae& m_dae;
  Formulation m_formulation;
  LinearSolver& m_linear;
  IntegratorStatistics& m_stats;
  int m_n, m_m;
  SparseMat m_M, m_K, m_C, m_phiQ, m_Kc;  // physical Jacobians at the last evaluation
  SparseMat m_Gv;                         // ∂(Φ_q q̇)/∂q (SI2)
  SparseMat m_Dl, m_Cl;                   // ∂Q_λ/∂λ, ∂Q_λ/∂q̇ (joint friction)
  KeptPatternMatrix m_matrix;             // the Newton matrix, its pattern kept
  bool m_valid = false;
  bool m_fresh = false;  // evaluated during the current solve()
  double m_betaFactored = 0.0;
  double m_rate = 0.5;  // last observed convergence rate
  Vec m_phi;
};

}  // namespace mbs::solver::detail
