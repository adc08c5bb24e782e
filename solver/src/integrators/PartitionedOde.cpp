#include "integrators/PartitionedOde.hpp"

#include <algorithm>
#include <cmath>
#include <optional>

namespace mbs::solver::detail {
namespace {

// Repartition when the sensitivity of the dependent to the independent coordinates grows past
// this factor of its value at partitioning time (or past this value when that was small).
constexpr double kSensitivityGrowth = 10.0;

}  // namespace

PartitionedOde::PartitionedOde(const Dae& dae, double tolerance, IntegratorStatistics& stats)
    : m_dae(dae), m_tolerance(tolerance), m_stats(stats)
{
  // The dependent block keeps its columns while the partition is kept, and is factored at every
  // evaluation (velocities at the converged positions): KLU refactors it with the kept pivots.
  m_dependentSolver.setMethod(LinearSolver::Method::KluRefactor);
  m_accelerationSolver.setMethod(LinearSolver::Method::KluRefactor);
}

bool PartitionedOde::partition(double t, const Vec& q)
{
  SparseMat phiQ;
  m_dae.constraintJacobian(t, q, phiQ);
  std::optional<CoordinatePartition> chosen = partitionCoordinates(phiQ);
  if (!chosen)
    return false;
  m_partition = std::move(*chosen);
  ++m_repartitions;
  if (!factorDependent(phiQ))
    return false;
  // ‖Φ_D⁻¹ Φ_I‖₁ (estimated with the current factorization): how far the dependent coordinates
  // move per unit of an independent one; it grows as 1/σ_min(Φ_D) when the block nears singularity.
  m_partitionSensitivity = std::max(1.0, estimateDependentSensitivity(phiQ, m_partition, m_dependentSolver));
  return true;
}

bool PartitionedOde::degraded(double t, const Vec& q)
{
  SparseMat phiQ;
  m_dae.constraintJacobian(t, q, phiQ);
  return !factorDependent(phiQ) || estimateDependentSensitivity(phiQ, m_partition, m_dependentSolver) >
                                       kSensitivityGrowth * m_partitionSensitivity;
}

bool PartitionedOde::factorDependent(const SparseMat& phiQ)
{
  const int m = m_dae.numConstraints();
  std::vector<int> column(m_dae.numCoordinates(), -1);
  for (int j = 0; j < m; ++j)
    column[m_partition.dependent[j]] = j;
  Triplets trip;
  for (int k = 0; k < phiQ.outerSize(); ++k)
    for (SparseMat::InnerIterator it(phiQ, k); it; ++it)
      if (column[it.col()] >= 0)
        trip.emplace_back(it.row(), column[it.col()], it.value());
  SparseMat D(m, m);
  D.setFromTriplets(trip.begin(), trip.end());
  ++m_stats.factorizations;
  return m_dependentSolver.factorize(D);
}

Vec PartitionedOde::independentState(const Vec& q, const Vec& qd) const
{
  const int p = static_cast<int>(m_partition.independent.size());
  Vec y(2 * p);
  for (int i = 0; i < p; ++i) {
    y[i] = q[m_partition.independent[i]];
    y[p + i] = qd[m_partition.independent[i]];
  }
  return y;
}

Status PartitionedOde::evaluate(double t, const Vec& y, const Vec& qGuess, Evaluation& out)
{
  const int n = m_dae.numCoordinates();
  const int m = m_dae.numConstraints();
  const int p = static_cast<int>(m_partition.independent.size());
  out.q = qGuess;
  for (int i = 0; i < p; ++i)
    out.q[m_partition.independent[i]] = y[i];
  // Dependent positions: Newton on Φ = 0 with the dependent block (refactored once if slow).
  m_phi.resize(m);
  SparseMat phiQ;
  bool converged = false;
  for (int it = 0; it < 12 && !converged; ++it) {
    m_dae.constraints(t, out.q, m_phi);
    if (it == 4) {
      m_dae.constraintJacobian(t, out.q, phiQ);
      if (!factorDependent(phiQ))
        break;
    }
    const Vec dx = m_dependentSolver.solve(-m_phi);
    for (int j = 0; j < m; ++j)
      out.q[m_partition.dependent[j]] += dx[j];
    ++m_stats.newtonIterations;
    double scale = 0.0;
    for (int j = 0; j < m; ++j)
      scale = std::max(scale, std::abs(dx[j]) / (1.0 + std::abs(out.q[m_partition.dependent[j]])));
    converged = scale < 1e-4 * m_tolerance;
  }
  if (!converged)
    return Status::failure(StatusCode::NoConvergence, "dependent coordinates could not be recovered", {}, t);
  // Dependent velocities from Φ_q q̇ = −Φ_t, with the block at the converged positions.
  m_dae.constraintJacobian(t, out.q, phiQ);
  if (!factorDependent(phiQ))
    return Status::failure(StatusCode::SingularJacobian,
                           "dependent block of the constraint Jacobian is singular", {}, t);
  Vec phiT(m);
  m_dae.constraintTimeDerivative(t, out.q, phiT);
  out.qd = Vec::Zero(n);
  for (int i = 0; i < p; ++i)
    out.qd[m_partition.independent[i]] = y[p + i];
  const Vec dv = m_dependentSolver.solve(-(phiQ * out.qd + phiT));
  for (int j = 0; j < m; ++j)
    out.qd[m_partition.dependent[j]] = dv[j];
  ++m_stats.factorizations;
  Status st = solveAccelerations(m_dae, t, out.q, out.qd, out.qdd, out.lambda, m_accelerationSolver);
  if (!st.ok())
    return st;
  out.yDot.resize(2 * p);
  for (int i = 0; i < p; ++i) {
    out.yDot[i] = out.qd[m_partition.independent[i]];
    out.yDot[p + i] = out.qdd[m_partition.independent[i]];
  }
  return Status::success();
}

}  // namespace mbs::solver::detail
