#include "analysis/InitialConditions.hpp"

#include <numeric>

#include "analysis/ActiveRowsDae.hpp"
#include "analysis/ConstraintRows.hpp"
#include "analysis/JointInitialConditions.hpp"
#include "analysis/Redundancy.hpp"
#include "integrators/Integrator.hpp"
#include "linalg/LinearSolver.hpp"
#include "mbs/solver/Functions.hpp"

namespace mbs::solver {
namespace {

// Diagonal weights of positions (or velocities) from the Body flags.
SparseMat weights(const System& system, bool velocities, double exact)
{
  const int n = system.numCoordinates();
  Vec w = Vec::Ones(n);
  for (int b = 0; b < system.numBodies(); ++b) {
    const Body& body = system.model().bodies[b];
    for (int k = 0; k < 3; ++k)
      if (velocities ? body.velocityExact[k] : body.positionExact[k])
        w[7 * b + k] = exact;
    bool rot = !velocities && body.orientationExact;
    if (velocities)
      rot = body.angularVelocityExact[0] && body.angularVelocityExact[1] && body.angularVelocityExact[2];
    if (rot)
      w.segment<4>(7 * b + 3).setConstant(exact);
  }
  // A curve parameter given by DISP (VEL) is exact; otherwise the bodies decide it (a small weight).
  const auto& joints = system.model().joints;
  auto weight = [&](bool given) { return given ? exact : 1e-6; };
  for (std::size_t j = 0; j < joints.size(); ++j) {
    const int c = system.curveCoordinate(static_cast<int>(j));
    if (c < 0)
      continue;
    const Joint& jt = joints[j];
    if (jt.type == JointType::CurveCurve) {  // α on I's curve (IDISP, IVEL), β on J's (JDISP, JVEL)
      w[c] = weight(velocities ? jt.iCurveVelocity.has_value() : jt.iCurveStart.has_value());
      w[c + 1] = weight(velocities ? jt.curveVelocity.has_value() : jt.curveStart.has_value());
    } else {
      w[c] = weight(velocities ? jt.curveVelocity.has_value() : jt.curveStart.has_value());
    }
  }
  SparseMat W(n, n);
  W.reserve(Eigen::VectorXi::Ones(n));
  for (int k = 0; k < n; ++k)
    W.insert(k, k) = w[k];
  return W;
}

std::vector<int> allRows(int m)
{
  std::vector<int> rows(m);
  std::iota(rows.begin(), rows.end(), 0);
  return rows;
}

}  // namespace

Status solveAccelerationsAndMultipliers(const System& system, State& state,
                                        const std::vector<int>& activeRows)
{
  const int m = system.numConstraints();
  const std::vector<int> rows = activeRows.empty() ? allRows(m) : activeRows;
  SparseMat M, phiQ;
  Vec Q, gamma;
  system.mass(state.q, M);
  system.forces(state.t, state.q, state.qd, Q);
  system.constraintJacobian(state.t, state.q, phiQ);
  system.accelerationRhs(state.t, state.q, state.qd, gamma);
  if (!Q.allFinite())
    return Status::failure(StatusCode::BadInput,
                           "accelerations: an applied force is not a finite number (a force function that "
                           "cannot be evaluated here, e.g. a division by zero)",
                           {}, state.t);
  Vec qdd, lambda;
  if (!detail::solveSaddlePoint(M, detail::selectRows(phiQ, rows), Q, detail::selectRows(gamma, rows), qdd,
                                lambda))
    return Status::failure(StatusCode::SingularJacobian,
                           "accelerations: the matrix [M Φ_qᵀ; Φ_q 0] is singular (redundant or conflicting "
                           "constraints, or a body without mass along a free direction)",
                           {}, state.t);
  state.qdd = qdd;
  state.lambda = detail::scatterRows(lambda, rows, m);
  if (system.hasReactionForces()) {
    // Joint friction depends on λ: iterate q̈, λ and the friction to consistency.
    const ActiveRowsDae dae(system, rows);
    LinearSolver solver;
    Vec reduced;
    const Status st = solveAccelerations(dae, state.t, state.q, state.qd, qdd, reduced, solver);
    if (!st.ok())
      return st;
    state.qdd = qdd;
    state.lambda = dae.fullMultipliers(reduced);
  }
  return Status::success();
}

Status solveInitialConditions(const System& system, State& state, const InitialConditionOptions& options)
{
  const ScopedAnalysisMode mode(AnalysisMode::InitialConditions);
  if (!system.model().jointInitialConditions.empty())
    return detail::solveWithJointInitialConditions(system, state, options);
  const int n = system.numCoordinates(), m = system.numConstraints();
  const double t = state.t;
  const bool guess = options.useStateAsGuess && state.q.size() == n && state.qd.size() == n;
  const Vec q0 = guess ? state.q : system.initialPositions();
  const Vec qd0 = guess ? state.qd : system.initialVelocities();

  // 1. Positions: Newton on L = ½(q−q0)ᵀW(q−q0) + μᵀΦ. The small regularization keeps the KKT
  // matrix regular when consistent redundant rows make Φ_q rank deficient.
  const SparseMat W = weights(system, false, options.exactWeight);
  Vec q = q0, mu = Vec::Zero(m), phi;
  bool converged = false;
  for (int it = 0; it < options.maxIterations; ++it) {
    if (options.monitor) {
      if (options.monitor->cancelRequested())
        return Status::failure(StatusCode::Cancelled, "initial conditions: cancelled during the assembly", {},
                               t);
      StepInfo info;
      info.phase = Phase::Assembly;
      info.time = info.endTime = t;
      info.steps = it;
      options.monitor->onStep(info);
    }
    const double residual = detail::constraintResidual(system, t, q, phi);
    if (!phi.allFinite())
      return Status::failure(StatusCode::BadInput,
                             "initial conditions: a constraint cannot be evaluated (not a finite number): " +
                                 detail::worstRows(system, phi, 1),
                             detail::worstEntity(system, phi), t);
    if (residual <= options.positionTolerance) {
      converged = true;
      break;
    }
    SparseMat phiQ, hess;
    system.constraintJacobian(t, q, phiQ);
    system.constraintForceJacobian(t, q, mu, hess);
    Vec dq, muNew;
    const Vec f = -(W * (q - q0) + phiQ.transpose() * mu);
    if (!detail::solveSaddlePoint(SparseMat(W + hess), phiQ, f, -phi, dq, muNew, 1e-12))
      return Status::failure(StatusCode::SingularJacobian,
                             "initial conditions: singular assembly matrix; worst constraints: " +
                                 detail::worstRows(system, phi),
                             {}, t);
    // Limit the step so Newton from a poor guess does not jump between assembly branches.
    const double limit = 1.0, len = dq.cwiseAbs().maxCoeff();
    const double scale = len > limit ? limit / len : 1.0;
    q += scale * dq;
    mu += scale * muNew;
    system.normalize(q);
    if (!q.allFinite())
      break;
  }
  if (!converged) {
    detail::constraintResidual(system, t, q, phi);
    return Status::failure(StatusCode::NoConvergence,
                           "initial conditions: positions did not converge; largest residuals: " +
                               detail::worstRows(system, phi),
                           detail::worstEntity(system, phi), t);
  }

  // Redundant rows at the assembled configuration.
  const RedundancyReport redundancy = analyzeRedundancy(system, q, t);
  if (options.redundancyOut)
    *options.redundancyOut = redundancy;
  if (options.stopOnConflicts && !redundancy.conflict.ok())
    return redundancy.conflict;
  Status status = Status::success();
  status.warnings = redundancy.warnings();
  const std::vector<int>& rows = redundancy.activeRows;

  // 2. Velocities: [W Φ_qᵀ; Φ_q 0][q̇; ν] = [W q̇0; −Φ_t] on the active rows.
  SparseMat phiQ;
  Vec phiT, qd, nu;
  system.constraintJacobian(t, q, phiQ);
  system.constraintTimeDerivative(t, q, phiT);
  const SparseMat Wv = weights(system, true, options.exactWeight);
  if (!detail::solveSaddlePoint(Wv, detail::selectRows(phiQ, rows), Wv * qd0, -detail::selectRows(phiT, rows),
                                qd, nu))
    return Status::failure(StatusCode::SingularJacobian, "initial conditions: singular velocity system", {},
                           t);

  state.q = q;
  state.qd = qd;
  state.qdd = Vec::Zero(n);
  state.lambda = Vec::Zero(m);
  if (options.computeAccelerations) {
    const Status acc = solveAccelerationsAndMultipliers(system, state, rows);
    if (!acc.ok()) {
      Status s = acc;
      s.warnings = status.warnings;
      return s;
    }
  }
  return status;
}

}  // namespace mbs::solver
