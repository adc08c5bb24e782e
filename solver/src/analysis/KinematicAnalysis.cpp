#include "analysis/KinematicAnalysis.hpp"

#include <Eigen/SparseLU>

#include "analysis/BranchChange.hpp"
#include "analysis/ConstraintRows.hpp"
#include "analysis/Redundancy.hpp"

namespace mbs::solver {
namespace {

bool factor(Eigen::SparseLU<SparseMat>& lu, SparseMat a)
{
  a.makeCompressed();
  lu.compute(a);
  return lu.info() == Eigen::Success;
}

Status solveWithRows(const System& system, State& state, const KinematicOptions& options,
                     std::vector<int>* activeRows, std::vector<std::string>* warnings);

// Joint friction depends on the reactions: Newton on Φ_aᵀλ_a − Q_λ(λ) = Q − M q̈ (a = the active
// rows), so the drivers' reactions include the friction of the joints they drive through.
Status frictionReactions(const System& system, double t, const Vec& q, const Vec& qd, const Vec& rhs,
                         const SparseMat& a, const std::vector<int>& rows, Vec& lambda)
{
  const int m = system.numConstraints();
  const SparseMat at = a.transpose();
  const double scale = std::max(1.0, rhs.lpNorm<Eigen::Infinity>());
  Vec ql, r;
  SparseMat dQdl, dQdqd;
  for (int it = 0; it < 30; ++it) {
    system.reactionForces(t, q, qd, lambda, ql);
    r = at * detail::selectRows(lambda, rows) - ql - rhs;
    if (r.lpNorm<Eigen::Infinity>() <= 1e-11 * scale)
      return Status::success();
    system.reactionForceJacobians(t, q, qd, lambda, dQdl, dQdqd);
    const SparseMat dl = SparseMat(detail::selectRows(SparseMat(dQdl.transpose()), rows).transpose());
    Eigen::SparseLU<SparseMat> lu;
    if (!r.allFinite() || !factor(lu, SparseMat(at - dl)))
      break;
    lambda += detail::scatterRows(lu.solve(Vec(-r)), rows, m);
  }
  return Status::failure(
      StatusCode::NoConvergence,
      "kinematics: joint friction and reactions did not converge at t = " + std::to_string(t) + " s", {}, t);
}

}  // namespace

Status solveKinematics(const System& system, State& state, const KinematicOptions& options)
{
  std::vector<std::string> warnings;
  Status s = solveWithRows(system, state, options, nullptr, &warnings);
  if (s.ok())
    s.warnings = warnings;
  return s;
}

namespace {

// activeRows: if non-null and non-empty, reused as the independent rows (found once per run);
// if non-null and empty, filled.
Status solveWithRows(const System& system, State& state, const KinematicOptions& options,
                     std::vector<int>* activeRows, std::vector<std::string>* warnings)
{
  const int n = system.numCoordinates(), m = system.numConstraints();
  const double t = state.t;
  Vec q = state.q.size() == n ? state.q : system.initialPositions();
  // Minimum-norm Newton steps (regularized KKT with unit weights) tolerate the rank deficiency of
  // consistent redundant rows; for a zero-DOF system they are plain Newton steps.
  SparseMat identity(n, n);
  identity.setIdentity();
  Vec phi;
  bool converged = false;
  for (int it = 0; it <= options.maxIterations; ++it) {
    if (detail::constraintResidual(system, t, q, phi) <= options.positionTolerance) {
      converged = true;
      break;
    }
    SparseMat phiQ;
    system.constraintJacobian(t, q, phiQ);
    Vec dq, y;
    if (!detail::solveSaddlePoint(identity, phiQ, Vec::Zero(n), -phi, dq, y, 1e-12))
      break;
    q += dq;
    system.normalize(q);
  }
  if (!converged)
    return Status::failure(
        StatusCode::NoConvergence,
        "kinematics: positions did not converge; largest residuals: " + detail::worstRows(system, phi),
        system.entityName(system.blockOfRow(
            static_cast<int>(std::max_element(phi.data(), phi.data() + m,
                                              [](double a, double b) { return std::abs(a) < std::abs(b); }) -
                             phi.data()))),
        t);

  std::vector<int> rows;
  if (activeRows && !activeRows->empty()) {
    rows = *activeRows;
  } else {
    const RedundancyReport redundancy = analyzeRedundancy(system, q, t);
    if (!redundancy.conflict.ok())
      return redundancy.conflict;
    if (redundancy.dof != 0) {
      Status s = Status::failure(StatusCode::BadInput,
                                 "kinematics: the model has " + std::to_string(redundancy.dof) +
                                     " degrees of freedom; kinematic analysis needs motions on all of them",
                                 system.model().name, t);
      s.warnings = redundancy.warnings();
      return s;
    }
    rows = redundancy.activeRows;
    if (activeRows)
      *activeRows = rows;
    if (warnings)
      *warnings = redundancy.warnings();
  }
  SparseMat phiQ;
  system.constraintJacobian(t, q, phiQ);
  const SparseMat a = detail::selectRows(phiQ, rows);
  Eigen::SparseLU<SparseMat> lu;
  if (!factor(lu, a))
    return Status::failure(StatusCode::SingularJacobian,
                           "kinematics: singular Φ_q (a lock-up or change of assembly branch)", {}, t);
  Vec phiT, gamma;
  system.constraintTimeDerivative(t, q, phiT);
  const Vec qd = lu.solve(-detail::selectRows(phiT, rows));
  system.accelerationRhs(t, q, qd, gamma);
  const Vec qdd = lu.solve(detail::selectRows(gamma, rows));

  state.q = q;
  state.qd = qd;
  state.qdd = qdd;
  state.lambda = Vec::Zero(m);
  if (options.computeReactions) {
    SparseMat M;
    Vec Q;
    system.mass(q, M);
    system.forces(t, q, qd, Q);
    Eigen::SparseLU<SparseMat> luT;
    if (!factor(luT, SparseMat(a.transpose())))
      return Status::failure(StatusCode::SingularJacobian, "kinematics: singular Φ_qᵀ", {}, t);
    state.lambda = detail::scatterRows(luT.solve(Vec(Q - M * qdd)), rows, m);
    if (system.hasReactionForces()) {
      Status s = frictionReactions(system, t, q, qd, Vec(Q - M * qdd), a, rows, state.lambda);
      if (!s.ok())
        return s;
    }
  }
  return Status::success();
}

}  // namespace

Status runKinematics(const System& system, State& state, const std::vector<double>& times,
                     const KinematicCallback& onOutput, ProgressMonitor* monitor,
                     const KinematicOptions& options)
{
  const int n = system.numCoordinates();
  if (state.q.size() != n)
    state.q = system.initialPositions();
  if (state.qd.size() != n)
    state.qd = Vec::Zero(n);
  Status last = Status::success();
  std::vector<int> rows;
  std::vector<std::string> warnings;
  std::vector<std::string> branchChanges;
  BranchTracker branches(system);
  StepInfo info;
  info.endTime = times.empty() ? 0.0 : times.back();
  for (std::size_t k = 0; k < times.size(); ++k) {
    if (monitor && monitor->cancelRequested())
      return Status::failure(StatusCode::Cancelled, "kinematics: cancelled", {}, state.t);
    const double dt = times[k] - state.t;
    if (k > 0) {
      state.q += dt * state.qd + 0.5 * dt * dt * state.qdd;  // predictor for Newton
      system.normalize(state.q);
    }
    state.t = times[k];
    last = solveWithRows(system, state, options, &rows, &warnings);
    if (last.code == StatusCode::SingularJacobian) {
      rows.clear();  // the independent rows may have changed: find them again
      last = solveWithRows(system, state, options, &rows, &warnings);
    }
    if (!last.ok()) {
      last.warnings.insert(last.warnings.end(), branchChanges.begin(), branchChanges.end());
      return last;
    }
    if (std::optional<std::string> change = branches.next(state))
      branchChanges.push_back(std::move(*change));
    info.time = state.t;
    info.stepSize = dt;
    info.steps = static_cast<long>(k + 1);
    if (monitor)
      monitor->onStep(info);
    if (onOutput) {
      const Status s = onOutput(state);
      if (!s.ok())
        return s;
    }
  }
  last.warnings = warnings;
  if (std::optional<std::string> change = branches.finish())
    branchChanges.push_back(std::move(*change));
  last.warnings.insert(last.warnings.end(), branchChanges.begin(), branchChanges.end());
  return last;
}

}  // namespace mbs::solver
