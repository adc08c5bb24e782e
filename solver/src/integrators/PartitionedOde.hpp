#pragma once
// The ODE of the independent coordinates (Wehage–Haug coordinate partitioning) that the explicit
// integrators (RKF45, ABAM) integrate: y = [q_I; q̇_I]. The dependent coordinates are recovered at
// every evaluation by Newton on Φ(q, t) = 0 and from Φ_q q̇ + Φ_t = 0, and the accelerations come
// from the index-1 equations [M Φ_qᵀ; Φ_q 0][q̈; λ] = [Q; γ]. Dependent coordinates are the pivot
// rows of a sparse partial-pivoting LU of Φ_qᵀ (CoordinatePartition); the partition is to be redone
// when the dependent block becomes ill-conditioned (‖Φ_D⁻¹Φ_I‖₁ grows, see degraded()).
#include <vector>

#include "integrators/Integrator.hpp"
#include "linalg/CoordinatePartition.hpp"

namespace mbs::solver::detail {

class PartitionedOde {
public:
  // Full state and derivative of the independent ODE at (t, y) = (t, [q_I; q̇_I]).
  struct Evaluation {
    Vec q, qd, qdd, lambda;
    Vec yDot;  // [q̇_I; q̈_I]
  };

  // `tolerance`: the integrator's; the dependent positions converge to 1e-4 of it.
  PartitionedOde(const Dae& dae, double tolerance, IntegratorStatistics& stats);

  // Chooses the partition at q; false when Φ_q is rank deficient.
  bool partition(double t, const Vec& q);
  // Whether the partition should be renewed at the accepted q: its dependent block no longer
  // factors, or its sensitivity grew tenfold over its value at partitioning time.
  bool degraded(double t, const Vec& q);
  // The state at (t, y) starting the dependent Newton from qGuess; a failure's code and message
  // (the caller adds time and step), with lastResidual() holding Φ.
  Status evaluate(double t, const Vec& y, const Vec& qGuess, Evaluation& out);
  Vec independentState(const Vec& q, const Vec& qd) const;

  const std::vector<int>& independentCoordinates() const { return m_partition.independent; }
  int size() const { return 2 * static_cast<int>(m_partition.independent.size()); }
  long repartitions() const { return m_repartitions; }
  const Vec& lastResidual() const { return m_phi; }

private:
  bool factorDependent(const SparseMat& phiQ);

  const Dae& m_dae;
  double m_tolerance;
  IntegratorStatistics& m_stats;
  CoordinatePartition m_partition;
  LinearSolver m_dependentSolver;  // Φ_q restricted to the dependent columns
  LinearSolver m_accelerationSolver;
  double m_partitionSensitivity = 1.0;
  long m_repartitions = 0;
  Vec m_phi;
};

}  // namespace mbs::solver::detail
