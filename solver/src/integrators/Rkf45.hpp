#pragma once
// Non-stiff Runge–Kutta–Fehlberg 4(5) with coordinate partitioning (Wehage–Haug): the
// independent coordinates and their velocities are integrated as an ODE; the dependent ones are
// recovered at every stage by Newton on Φ(q, t) = 0 and from Φ_q q̇ + Φ_t = 0, and the
// accelerations come from the index-1 equations [M Φ_qᵀ; Φ_q 0][q̈; λ] = [Q; γ]. Dependent
// coordinates are the pivot rows of a sparse partial-pivoting LU of Φ_qᵀ (CoordinatePartition);
// the partition is redone when the dependent block becomes ill-conditioned (‖Φ_D⁻¹Φ_I‖₁ grows).
#include <vector>

#include "integrators/Integrator.hpp"
#include "linalg/CoordinatePartition.hpp"

namespace mbs::solver {

class Rkf45Integrator final : public Integrator {
public:
  Rkf45Integrator(const Dae& dae, IntegratorOptions options);

  const char* name() const override { return "RKF45 (coordinate partitioning)"; }
  Status initialize(const State& initial) override;
  Status step(double tLimit) override;
  int order() const override { return 5; }
  std::string stiffnessNote() const override;
  std::string workLimitHint() const override;

  const std::vector<int>& independentCoordinates() const { return m_partition.independent; }
  long repartitions() const { return m_repartitions; }

private:
  // Full state and derivative of the independent ODE at (t, yI) = (t, [q_I; q̇_I]).
  struct Evaluation {
    Vec q, qd, qdd, lambda;
    Vec yDot;  // [q̇_I; q̈_I]
  };
  bool partition(double t, const Vec& q);
  // Both take Φ_q at the point in question (evaluated once there by the caller).
  bool factorDependent(const SparseMat& phiQ);
  double dependentSensitivity(const SparseMat& phiQ) const;
  Status evaluate(double t, const Vec& yI, const Vec& qGuess, Evaluation& out);
  Vec independentState(const Vec& q, const Vec& qd) const;

  CoordinatePartition m_partition;
  LinearSolver m_dependentSolver;  // Φ_q restricted to the dependent columns
  LinearSolver m_accelerationSolver;
  double m_partitionSensitivity = 1.0;
  long m_repartitions = 0;
  double m_h = 0.0;
  Evaluation m_current;  // at m_state.t (first stage of the next step)
  // Stiffness test (Hairer–Wanner II, IV.2, as DOPRI5's): h·ρ with ρ = ‖k₅ − k₄‖ / ‖y₅ − y₄‖, the
  // Lipschitz estimate from the last two stages, near the stability boundary on many accepted steps
  // in a row means the step size is held by stability, not accuracy.
  int m_stiffSteps = 0;
  double m_stiffSince = -1.0;  // time stiffness was detected, −1 if never
  double m_stiffRho = 0.0;
  double m_stiffStep = 0.0;
};

}  // namespace mbs::solver
