#include "analysis/KinematicAnalysis.hpp"

#include <Eigen/SparseLU>
#include <algorithm>
#include <cmath>

#include "analysis/BranchChange.hpp"
#include "analysis/ConstraintRows.hpp"
#include "analysis/Redundancy.hpp"
#include "differentials/DifferentialElement.hpp"
#include "forces/ModelStateView.hpp"

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
  const int m = system.numConstraints(), nb = int(a.cols());  // (nb: the coordinates Φ constrains)
  const SparseMat at = a.transpose();
  const double scale = std::max(1.0, rhs.lpNorm<Eigen::Infinity>());
  Vec ql, r;
  SparseMat dQdl, dQdqd;
  for (int it = 0; it < 30; ++it) {
    system.reactionForces(t, q, qd, lambda, ql);
    r = at * detail::selectRows(lambda, rows) - ql.head(nb) - rhs;
    if (r.lpNorm<Eigen::Infinity>() <= 1e-11 * scale)
      return Status::success();
    system.reactionForceJacobians(t, q, qd, lambda, dQdl, dQdqd);
    const SparseMat dl =
        SparseMat(detail::selectRows(SparseMat(SparseMat(dQdl.topRows(nb)).transpose()), rows).transpose());
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
  // First-order states (DIFF) are the last nd coordinates' velocities: Φ does not constrain them,
  // so the velocities and accelerations are solved for the nb constrained coordinates only; the
  // states keep the values the caller gives (state.qd's tail, integrated by runKinematics) and
  // their rates are their functions at this state.
  const int nd = system.numDifferentials(), nb = n - nd;
  SparseMat phiQ;
  system.constraintJacobian(t, q, phiQ);
  const SparseMat a =
      nd > 0 ? SparseMat(detail::selectRows(phiQ, rows).leftCols(nb)) : detail::selectRows(phiQ, rows);
  Eigen::SparseLU<SparseMat> lu;
  if (!factor(lu, a))
    return Status::failure(StatusCode::SingularJacobian,
                           "kinematics: singular Φ_q (a lock-up or change of assembly branch)", {}, t);
  Vec phiT, gamma;
  system.constraintTimeDerivative(t, q, phiT);
  Vec qd(n), qdd(n);
  qd.head(nb) = lu.solve(-detail::selectRows(phiT, rows));
  if (nd > 0)
    qd.tail(nd) = state.qd.size() == n ? Vec(state.qd.tail(nd)) : Vec(system.initialVelocities().tail(nd));
  system.accelerationRhs(t, q, qd, gamma);
  qdd.head(nb) = lu.solve(detail::selectRows(gamma, rows));
  if (nd > 0) {
    const detail::ModelStateView view(system.model(), t, q, qd);
    for (int k = 0; k < nd; ++k) {
      qdd[nb + k] = DifferentialElement::rate(system.model(), k, view);
      if (!std::isfinite(qdd[nb + k])) {
        const std::string& name = system.model().differentials[std::size_t(k)].name;
        return Status::failure(StatusCode::NoConvergence,
                               "kinematics: differential equation (DIFF) '" + name +
                                   "' has no finite derivative at t = " + std::to_string(t) + " s",
                               name, t);
      }
    }
  }

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
    // (A state's row of Q − M q̈ is f − ẋ = 0: only the constrained rows carry reactions.)
    const Vec rhs = Vec(Q - M * qdd).head(nb);
    state.lambda = detail::scatterRows(luT.solve(rhs), rows, m);
    if (system.hasReactionForces()) {
      Status s = frictionReactions(system, t, q, qd, rhs, a, rows, state.lambda);
      if (!s.ok())
        return s;
    }
  }
  return Status::success();
}

}  // namespace

namespace {

// One kinematic solve at t (from the positions and states in `state`); retried once with the
// independent rows found anew when Φ_q became singular on the rows in use.
Status solveAt(const System& system, State& state, double t, const KinematicOptions& options,
               std::vector<int>& rows, std::vector<std::string>& warnings)
{
  state.t = t;
  Status s = solveWithRows(system, state, options, &rows, &warnings);
  if (s.code == StatusCode::SingularJacobian) {
    rows.clear();
    s = solveWithRows(system, state, options, &rows, &warnings);
  }
  return s;
}

// Dormand–Prince 5(4): nodes, stages, and the difference of the two solutions' weights (the error).
constexpr double kC[7] = {0.0, 1.0 / 5, 3.0 / 10, 4.0 / 5, 8.0 / 9, 1.0, 1.0};
constexpr double kA[7][6] = {{},
                             {1.0 / 5},
                             {3.0 / 40, 9.0 / 40},
                             {44.0 / 45, -56.0 / 15, 32.0 / 9},
                             {19372.0 / 6561, -25360.0 / 2187, 64448.0 / 6561, -212.0 / 729},
                             {9017.0 / 3168, -355.0 / 33, 46732.0 / 5247, 49.0 / 176, -5103.0 / 18656},
                             {35.0 / 384, 0.0, 500.0 / 1113, 125.0 / 192, -2187.0 / 6784, 11.0 / 84}};
constexpr double kE[7] = {71.0 / 57600,      0.0,        -71.0 / 16695, 71.0 / 1920,
                          -17253.0 / 339200, 22.0 / 525, -1.0 / 40};

// The states z = [y; x] of the first-order states (y the coordinates whose velocities they are,
// which nothing reads) and their derivative [x; f] at a solved state.
Vec statesOf(const State& s, int nd)
{
  Vec z(2 * nd);
  z << s.q.tail(nd), s.qd.tail(nd);
  return z;
}
Vec ratesOf(const State& s, int nd)
{
  Vec dz(2 * nd);
  dz << s.qd.tail(nd), s.qdd.tail(nd);
  return dz;
}

// Integrates the first-order states from `state` (solved at state.t) to tEnd: the motions drive
// the bodies, so each stage is a kinematic solve at its time with the stage's states, and the
// states' ODE ẋ = f(t, q(t), q̇(t), x) is stepped by Dormand–Prince 5(4) under the error
// tolerance (docs/solver-notes.md, "First-order states"). `h` is the step to try, updated for the
// next call. On success `state` is solved at tEnd without reactions.
Status integrateStates(const System& system, State& state, double tEnd, double& h,
                       const KinematicOptions& options, std::vector<int>& rows,
                       std::vector<std::string>& warnings, ProgressMonitor* monitor, StepInfo& info)
{
  const int n = system.numCoordinates(), nd = system.numDifferentials(), nb = n - nd;
  KinematicOptions stage = options;
  stage.computeReactions = false;  // (the stages need positions, velocities and the states' rates)
  Vec k[7];
  while (state.t < tEnd) {
    if (monitor && monitor->cancelRequested())
      return Status::failure(StatusCode::Cancelled, "kinematics: cancelled", {}, state.t);
    const double t0 = state.t, remaining = tEnd - t0;
    double step = std::min(h, remaining);
    if (options.maxStep > 0.0)
      step = std::min(step, options.maxStep);
    if (remaining - step <= 1e-9 * remaining)
      step = remaining;  // (no sliver of a step left before the output time)
    const Vec z0 = statesOf(state, nd);
    k[0] = ratesOf(state, nd);
    State trial;
    Status s = Status::success();
    for (int i = 1; i < 7 && s.ok(); ++i) {
      Vec z = z0;
      for (int j = 0; j < i; ++j)
        z += step * kA[i][j] * k[j];
      trial = state;
      const double dt = kC[i] * step;
      trial.q.head(nb) += dt * state.qd.head(nb) + 0.5 * dt * dt * state.qdd.head(nb);  // predictor
      system.normalize(trial.q);
      trial.q.tail(nd) = z.head(nd);
      trial.qd.tail(nd) = z.tail(nd);
      s = solveAt(system, trial, i == 6 && step == remaining ? tEnd : t0 + dt, stage, rows, warnings);
      if (s.ok())
        k[i] = ratesOf(trial, nd);
    }
    double err = 0.0;
    if (s.ok()) {
      Vec e = Vec::Zero(2 * nd);
      for (int i = 0; i < 7; ++i)
        e += step * kE[i] * k[i];
      // The error of x (y is read by nothing), weighted as the integrators weigh theirs.
      for (int j = 0; j < nd; ++j) {
        const double w =
            options.stateTolerance * (1.0 + std::max(std::abs(z0[nd + j]), std::abs(trial.qd[nb + j])));
        err += (e[nd + j] / w) * (e[nd + j] / w);
      }
      err = std::sqrt(err / nd);
    }
    const bool accepted = s.ok() && err <= 1.0;
    if (accepted) {
      state = trial;
      info.time = state.t;
      info.stepSize = step;
      ++info.steps;
      if (monitor)
        monitor->onStep(info);
    } else if (s.code == StatusCode::Cancelled) {
      return s;
    }
    // A stage that failed (positions not converging far from the last solution) retries shorter.
    const double factor = !s.ok() ? 0.25 : err == 0.0 ? 5.0 : std::clamp(0.9 * std::pow(err, -0.2), 0.2, 5.0);
    h = step * (accepted ? factor : std::min(factor, 0.5));
    if (!accepted && h < 1e-12 * std::max(1.0, std::abs(t0))) {
      if (!s.ok())
        return s;
      return Status::failure(StatusCode::NoConvergence,
                             "kinematics: the differential equations (DIFF) need a step below " +
                                 std::to_string(h) + " s at t = " + std::to_string(t0) + " s",
                             system.model().differentials.front().name, t0);
    }
  }
  return Status::success();
}

}  // namespace

Status runKinematics(const System& system, State& state, const std::vector<double>& times,
                     const KinematicCallback& onOutput, ProgressMonitor* monitor,
                     const KinematicOptions& options)
{
  const int n = system.numCoordinates(), nd = system.numDifferentials();
  if (state.q.size() != n)
    state.q = system.initialPositions();
  if (state.qd.size() != n)
    state.qd = nd > 0 ? system.initialVelocities() : Vec::Zero(n);
  Status last = Status::success();
  std::vector<int> rows;
  std::vector<std::string> warnings;
  std::vector<std::string> branchChanges;
  BranchTracker branches(system);
  StepInfo info;
  info.endTime = times.empty() ? 0.0 : times.back();
  // First-order states: integrated between the output times (the first step the output step, or
  // the largest step when given, as Adams' KINEMATICS/HMAX defaults to the output step).
  double h = options.maxStep > 0.0 ? options.maxStep : times.size() > 1 ? times[1] - times[0] : 0.0;
  for (std::size_t k = 0; k < times.size(); ++k) {
    if (monitor && monitor->cancelRequested())
      return Status::failure(StatusCode::Cancelled, "kinematics: cancelled", {}, state.t);
    const double dt = times[k] - state.t;
    if (k > 0 && nd > 0) {
      last = integrateStates(system, state, times[k], h, options, rows, warnings, monitor, info);
      if (!last.ok()) {
        last.warnings.insert(last.warnings.end(), branchChanges.begin(), branchChanges.end());
        return last;
      }
    } else if (k > 0) {
      state.q += dt * state.qd + 0.5 * dt * dt * state.qdd;  // predictor for Newton
      system.normalize(state.q);
    }
    last = solveAt(system, state, times[k], options, rows, warnings);
    if (!last.ok()) {
      last.warnings.insert(last.warnings.end(), branchChanges.begin(), branchChanges.end());
      return last;
    }
    if (std::optional<std::string> change = branches.next(state))
      branchChanges.push_back(std::move(*change));
    if (nd == 0) {
      info.time = state.t;
      info.stepSize = dt;
      info.steps = static_cast<long>(k + 1);
      if (monitor)
        monitor->onStep(info);
    }
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
