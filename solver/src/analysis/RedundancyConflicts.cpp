// Dependent constraint rows that agree with the independent ones at the start but not over time
// (two motions with different functions on one joint, a motion on a joint a FIXED joint locks)
// are conflicting, not redundant: the rank check alone would drop one and follow the other.
#include <algorithm>
#include <array>
#include <cmath>
#include <sstream>

#include "analysis/ConstraintRows.hpp"
#include "analysis/Redundancy.hpp"

namespace mbs::solver {
namespace {

// A dependent row is consistent when its residual, normalized by its gradient's length (so that
// it is in coordinate units), stays below this fraction of the model's coordinate scale.
constexpr double kRelativeTolerance = 1e-6;
// Later times at which the independent rows are solved and the dependent ones checked: a motion
// that agrees with another in value and velocity at the start may part from it later.
constexpr std::array<double, 4> kLaterTimes = {1e-3, 1e-2, 1e-1, 1.0};
// During a run (checkDependentRowsDuringRun): a removed row's normalized residual may reach this
// fraction of the model's coordinate scale, and this multiple of the kept rows' residuals.
constexpr double kRunTolerance = 1e-3;
constexpr double kRunFactor = 100.0;

// "motion 'drive'" / "joint 'lock' (fixed)": the row's description without its equation number.
std::string entityOf(const System& system, int row)
{
  const std::string d = system.describeRow(row);
  return d.substr(0, d.find(", equation "));
}

Vec rowNorms(const SparseMat& a)
{
  Vec norms = Vec::Zero(a.rows());
  for (int c = 0; c < a.outerSize(); ++c)
    for (SparseMat::InnerIterator it(a, c); it; ++it)
      norms[it.row()] += it.value() * it.value();
  return norms.cwiseSqrt();
}

SparseMat identity(int n)
{
  SparseMat id(n, n);
  id.setIdentity();
  return id;
}

// The independent row that the dependent row `row` mostly repeats: the largest coefficient of its
// gradient written as a combination of the independent rows' (least squares), Euler-parameter
// normalizations and the row's own entity left out unless nothing else takes part.
int partnerRow(const System& system, const SparseMat& phiQ, const std::vector<int>& activeRows, int row)
{
  const SparseMat a = detail::selectRows(phiQ, activeRows);
  const Vec target = Vec(SparseMat(phiQ.row(row)).transpose());
  Vec x, c;
  if (!detail::solveSaddlePoint(identity(static_cast<int>(phiQ.cols())), a, target, Vec::Zero(a.rows()), x, c,
                                1e-12))
    return -1;
  const Vec norms = rowNorms(a);
  const ConstraintBlock& own = system.blockOfRow(row);
  int best = -1, fallback = -1;
  double bestWeight = 0.0, fallbackWeight = 0.0;
  for (int k = 0; k < static_cast<int>(activeRows.size()); ++k) {
    const double weight = std::abs(c[k]) * norms[k];
    const ConstraintBlock& block = system.blockOfRow(activeRows[static_cast<size_t>(k)]);
    if (block.kind == ConstraintKind::Normalization)
      continue;
    const bool sameEntity = block.kind == own.kind && block.entity == own.entity;
    if (!sameEntity && weight > bestWeight) {
      best = activeRows[static_cast<size_t>(k)];
      bestWeight = weight;
    }
    if (sameEntity && weight > fallbackWeight) {
      fallback = activeRows[static_cast<size_t>(k)];
      fallbackWeight = weight;
    }
  }
  return best >= 0 ? best : fallback;
}

Status conflictStatus(const System& system, const SparseMat& phiQ, const std::vector<int>& activeRows,
                      int row, double t, const std::string& how)
{
  const int partner = partnerRow(system, phiQ, activeRows, row);
  const std::string self = entityOf(system, row);
  const std::string other = partner >= 0 ? entityOf(system, partner) : std::string("the other constraints");
  std::ostringstream text;
  text << "conflicting constraints: " << self << " and " << other
       << " constrain the same motion and agree at t = " << t << " s, but " << how << " ("
       << system.describeRow(row)
       << "). They are not redundant: removing one would let the run follow the other. Remove one of them or "
          "make them agree at all times";
  return Status::failure(StatusCode::BadInput, text.str(), system.entityName(system.blockOfRow(row)), t);
}

// Newton on the independent rows alone at time t from q (minimum-norm steps); false when it does
// not converge (a lock-up, a function not defined there): that time is then not checked.
bool solveIndependentRows(const System& system, const std::vector<int>& activeRows, double t, double scale,
                          Vec& q)
{
  const SparseMat id = identity(static_cast<int>(q.size()));
  Vec phi;
  for (int it = 0; it < 25; ++it) {
    system.constraints(t, q, phi);
    const Vec active = detail::selectRows(phi, activeRows);
    if (!active.allFinite())
      return false;
    if (active.size() == 0 || active.cwiseAbs().maxCoeff() <= 1e-12 * scale)
      return true;
    SparseMat phiQ;
    system.constraintJacobian(t, q, phiQ);
    Vec dq, y;
    if (!detail::solveSaddlePoint(id, detail::selectRows(phiQ, activeRows), Vec::Zero(q.size()), -active, dq,
                                  y, 1e-14))
      return false;
    q += dq;
    system.normalize(q);
    if (!q.allFinite())
      return false;
  }
  return false;
}

}  // namespace

Status checkDependentRowsConsistent(const System& system, const Vec& q, double t,
                                    const std::vector<int>& activeRows,
                                    const std::vector<RedundantRow>& redundant)
{
  const double scale = std::max(1.0, q.size() ? q.cwiseAbs().maxCoeff() : 0.0);
  const double tolerance = kRelativeTolerance * scale;
  SparseMat phiQ;
  system.constraintJacobian(t, q, phiQ);
  const Vec norms = rowNorms(phiQ);
  auto normalized = [&](const Vec& residual, int r) {
    return norms[r] > 0.0 ? std::abs(residual[r]) / norms[r] : std::abs(residual[r]);
  };

  // 1. Residuals at t (the assembly satisfied every row unless it ran on the independent ones).
  Vec phi;
  system.constraints(t, q, phi);
  for (const RedundantRow& r : redundant)
    if (!(normalized(phi, r.row) <= tolerance)) {
      std::ostringstream how;
      how << "the dependent equation is not satisfied (residual " << phi[r.row] << ")";
      return conflictStatus(system, phiQ, activeRows, r.row, t, how.str());
    }

  // 2. Time derivatives: the dependent row's Φ_t must be the same combination of the independent
  // rows' Φ_t as its gradient is of theirs, i.e. any velocity satisfying the independent rows'
  // Φ_q q̇ = −Φ_t satisfies it too. Checked with the minimum-norm such velocity.
  Vec phiT;
  system.constraintTimeDerivative(t, q, phiT);
  if (phiT.allFinite()) {
    const SparseMat a = detail::selectRows(phiQ, activeRows);
    Vec qd, y;
    if (detail::solveSaddlePoint(identity(static_cast<int>(q.size())), a, Vec::Zero(q.size()),
                                 -detail::selectRows(phiT, activeRows), qd, y, 1e-14)) {
      const Vec velocityResidual = phiQ * qd + phiT;
      const double speed = std::max(1.0, qd.size() ? qd.cwiseAbs().maxCoeff() : 0.0);
      for (const RedundantRow& r : redundant) {
        const double rate = norms[r.row] > 0.0 ? std::abs(phiT[r.row]) / norms[r.row] : 0.0;
        if (normalized(velocityResidual, r.row) > kRelativeTolerance * std::max({speed, rate, scale})) {
          std::ostringstream how;
          how << "their velocities differ (the dependent equation's rate is off by "
              << velocityResidual[r.row] << " per second)";
          return conflictStatus(system, phiQ, activeRows, r.row, t, how.str());
        }
      }
    }
  }

  // 3. Later times: where the independent rows hold, the dependent ones must hold too.
  for (double dt : kLaterTimes) {
    Vec later = q;
    if (!solveIndependentRows(system, activeRows, t + dt, scale, later))
      continue;
    system.constraints(t + dt, later, phi);
    SparseMat laterJacobian;
    system.constraintJacobian(t + dt, later, laterJacobian);
    const Vec laterNorms = rowNorms(laterJacobian);
    for (const RedundantRow& r : redundant) {
      const double off =
          laterNorms[r.row] > 0.0 ? std::abs(phi[r.row]) / laterNorms[r.row] : std::abs(phi[r.row]);
      if (std::isfinite(off) && off > tolerance) {
        std::ostringstream how;
        how << "not at t = " << t + dt << " s (where the other holds, the dependent equation's residual is "
            << phi[r.row] << ")";
        return conflictStatus(system, phiQ, activeRows, r.row, t, how.str());
      }
    }
  }
  return Status::success();
}

Status checkDependentRowsDuringRun(const System& system, const Vec& q, double t, double tStart,
                                   const std::vector<int>& activeRows,
                                   const std::vector<RedundantRow>& redundant)
{
  if (redundant.empty())
    return Status::success();
  Vec phi;
  system.constraints(t, q, phi);
  SparseMat phiQ;
  system.constraintJacobian(t, q, phiQ);
  const Vec norms = rowNorms(phiQ);
  auto normalized = [&](int r) { return norms[r] > 0.0 ? std::abs(phi[r]) / norms[r] : std::abs(phi[r]); };
  // The independent rows hold to the integrator's tolerance; a dependent row implied by them holds
  // to about the same. One that has parted by more than kRunTolerance of the model's scale (and far
  // more than the independent rows' own residuals) is not implied by them.
  double independent = 0.0;
  for (int r : activeRows)
    if (system.blockOfRow(r).kind != ConstraintKind::Normalization)
      independent = std::max(independent, normalized(r));
  const double scale = std::max(1.0, q.size() ? q.cwiseAbs().maxCoeff() : 0.0);
  const double tolerance = std::max(kRunTolerance * scale, kRunFactor * independent);
  for (const RedundantRow& r : redundant) {
    const double off = normalized(r.row);
    if (std::isfinite(off) && off > tolerance) {
      std::ostringstream how;
      how << "not at t = " << t
          << " s: while the run keeps the other, the removed equation's residual has grown to " << phi[r.row]
          << " (more than " << tolerance << ")";
      Status st = conflictStatus(system, phiQ, activeRows, r.row, tStart, how.str());
      st.time = t;
      return st;
    }
  }
  return Status::success();
}

}  // namespace mbs::solver
