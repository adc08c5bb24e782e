#include "analysis/StaticAnalysis.hpp"

#include <Eigen/SparseLU>
#include <limits>

#include "analysis/ConstraintRows.hpp"
#include "analysis/InitialConditions.hpp"
#include "analysis/Redundancy.hpp"
#include "analysis/StaticStates.hpp"
#include "friction/Stiction.hpp"

namespace mbs::solver {
namespace {

struct Residual {
  Vec force, phi;  // Q − Φ_qᵀλ (all coordinates) and Φ (active rows)
  double norm() const { return std::sqrt(force.squaredNorm() + phi.squaredNorm()); }
};

// q0: where the analysis started, from which joints with stiction measure their creep (empty: no
// stiction in the model). v: the velocities, 0 but for the first-order states (StaticStates).
Residual residual(const System& system, double t, const Vec& q, const Vec& v, const Vec& lambdaFull,
                  const std::vector<int>& rows, const Vec& q0, const detail::StaticStates& states)
{
  SparseMat phiQ;
  Vec Q, phi;
  system.forces(t, q, v, Q);
  system.constraintJacobian(t, q, phiQ);
  system.constraints(t, q, phi);
  if (q0.size() > 0) {
    Vec stiction;
    detail::stictionForces(system, q0, q, lambdaFull, stiction);
    Q += stiction;
  }
  system.addRestingReactionForces(t, q, lambdaFull, Q);  // forces reading the reactions
  Vec force = Q - phiQ.transpose() * lambdaFull;
  states.clearHeldRows(force);
  return {force, detail::selectRows(phi, rows)};
}

}  // namespace

Status solveStatics(const System& system, State& state, const StaticOptions& options)
{
  const int n = system.numCoordinates(), m = system.numConstraints();
  const double t = state.t;
  // The first-order states start from their current values (before the assembly below resets q̇).
  const detail::StaticStates states(system, state);
  if (state.q.size() != n)
    state.q = system.initialPositions();
  Vec phi;
  if (detail::constraintResidual(system, t, state.q, phi) > options.positionTolerance) {
    InitialConditionOptions ic;
    ic.useStateAsGuess = true;
    ic.computeAccelerations = false;
    state.qd = Vec::Zero(n);
    const Status s = solveInitialConditions(system, state, ic);
    if (!s.ok())
      return s;
  }
  const Vec q0 = !detail::hasStiction(system.model())             ? Vec()
                 : options.stictionStart.size() == state.q.size() ? options.stictionStart
                                                                  : Vec(state.q);
  const RedundancyReport redundancy = analyzeRedundancy(system, state.q, t);
  if (!redundancy.conflict.ok())
    return redundancy.conflict;
  const std::vector<int>& rows = redundancy.activeRows;
  const int ma = static_cast<int>(rows.size());

  Vec q = state.q, lambda = Vec::Zero(ma), x = states.start();
  {
    // Least-squares multipliers for the start (min ‖Q − Φ_qᵀλ‖): with λ = 0 the constraint
    // curvature, often the only stiffness (a pendulum), would be missing from the first step.
    SparseMat phiQ, identity(n, n);
    identity.setIdentity();
    Vec Q, shift;
    system.forces(t, q, states.velocities(n, x), Q);
    system.constraintJacobian(t, q, phiQ);
    if (!detail::solveSaddlePoint(identity, detail::selectRows(phiQ, rows), Q, Vec::Zero(ma), shift, lambda))
      lambda.setZero();
  }
  Residual r =
      residual(system, t, q, states.velocities(n, x), detail::scatterRows(lambda, rows, m), rows, q0, states);
  bool converged = false;
  for (int it = 0; it < options.maxIterations; ++it) {
    if (options.monitor) {
      if (options.monitor->cancelRequested())
        return Status::failure(StatusCode::Cancelled, "static analysis: cancelled", {}, t);
      StepInfo info;
      info.phase = Phase::Statics;
      info.time = info.endTime = t;
      info.steps = it;
      options.monitor->onStep(info);
    }
    if (r.force.cwiseAbs().maxCoeff() <= options.forceTolerance &&
        (ma == 0 || r.phi.cwiseAbs().maxCoeff() <= options.positionTolerance)) {
      converged = true;
      break;
    }
    const Vec lambdaFull = detail::scatterRows(lambda, rows, m);
    SparseMat dQdq, dQdqd, phiQ, hess;
    system.forceJacobians(t, q, states.velocities(n, x), dQdq, dQdqd);
    system.constraintJacobian(t, q, phiQ);
    system.constraintForceJacobian(t, q, lambdaFull, hess);
    // Newton on [−R_force; R_phi]: the tangent stiffness K = ∂(Φ_qᵀλ)/∂q − ∂Q/∂q is symmetric for
    // conservative loads, which keeps the saddle-point form.
    Vec dq, dl;
    const SparseMat a = detail::selectRows(phiQ, rows);
    SparseMat k = hess - dQdq;
    // Stiff elements (a link of short BEAMs: EA/l ~ 1e9 N/m) leave a force residual at round-off,
    // a few eps·|K|·|q|, above the absolute tolerance: equilibrium is reached there.
    const double roundoff = 32.0 * std::numeric_limits<double>::epsilon() *
                            (k.nonZeros() > 0 ? k.coeffs().cwiseAbs().maxCoeff() : 0.0) *
                            (1.0 + q.cwiseAbs().maxCoeff());
    if (r.force.cwiseAbs().maxCoeff() <= roundoff &&
        (ma == 0 || r.phi.cwiseAbs().maxCoeff() <= options.positionTolerance)) {
      converged = true;
      break;
    }
    // Stiction adds ∂Q_s/∂q to the stiffness and couples the forces to the multipliers.
    SparseMat coupling;
    if (q0.size() > 0) {
      SparseMat sq, sl;
      detail::stictionJacobians(system, q0, q, lambdaFull, sq, sl);
      k -= sq;
      coupling = -SparseMat(detail::selectRows(SparseMat(sl.transpose()), rows).transpose());
    }
    // Forces reading solved loads (JOINT(), FX() ...) depend on q and on the multipliers too.
    if (system.hasRestingReactionForces()) {
      Triplets tl, tq;
      system.addRestingReactionJacobians(t, q, lambdaFull, &tl, &tq);
      SparseMat lq(n, n), ll(n, m);
      lq.setFromTriplets(tq.begin(), tq.end());
      ll.setFromTriplets(tl.begin(), tl.end());
      k -= lq;
      const SparseMat byRow = -SparseMat(detail::selectRows(SparseMat(ll.transpose()), rows).transpose());
      coupling = coupling.size() > 0 ? SparseMat(coupling + byRow) : byRow;
    }
    states.adaptTangent(dQdqd, k);  // unknowns: the body coordinates and the states
    const SparseMat* upperRight = coupling.size() > 0 ? &coupling : nullptr;
    bool solved = detail::solveSaddlePoint(k, a, r.force, -r.phi, dq, dl, 0.0, upperRight);
    if (!solved) {
      // Neutral direction at this iterate: a small diagonal shift (Levenberg) still gives a
      // descent direction; the line search decides the step.
      SparseMat shift(n, n);
      shift.setIdentity();
      // The largest entry over the stored ones: a dense copy of k would not fit for 10,000 bodies.
      const double scale = 1e-6 * (1.0 + (k.nonZeros() > 0 ? k.coeffs().cwiseAbs().maxCoeff() : 0.0));
      solved =
          detail::solveSaddlePoint(SparseMat(k + scale * shift), a, r.force, -r.phi, dq, dl, 0.0, upperRight);
    }
    if (!solved) {
      return Status::failure(StatusCode::SingularJacobian,
                             "statics: singular tangent matrix (a free motion with no stiffness, e.g. a body "
                             "without spring or constraint along some direction)",
                             {}, t);
    }
    // (The states are no lengths: the damping of far steps is for the body coordinates.)
    const double len = dq.head(states.empty() ? n : states.offset()).cwiseAbs().maxCoeff();
    double step = len > options.maxStep ? options.maxStep / len : 1.0;
    // Backtracking on ‖R‖.
    const double r0 = r.norm();
    for (int ls = 0; ls < 30; ++ls) {
      Vec qn, xn;
      states.applyStep(q, dq, step, qn, x, xn);
      system.normalize(qn);
      const Vec ln = lambda + step * dl;
      Residual rn = residual(system, t, qn, states.velocities(n, xn), detail::scatterRows(ln, rows, m), rows,
                             q0, states);
      if (rn.norm() < (1.0 - 1e-4 * step) * r0 || ls == 29) {
        q = qn;
        x = xn;
        lambda = ln;
        r = rn;
        break;
      }
      step *= 0.5;
    }
  }
  if (!converged) {
    Vec phiAll;
    system.constraints(t, q, phiAll);
    int worst = 0;
    r.force.cwiseAbs().maxCoeff(&worst);
    // A state's residual is its derivative f, which may have no zero (e.g. a constant f ≠ 0).
    const std::string value = std::to_string(r.force.cwiseAbs().maxCoeff());
    const std::string where =
        states.isState(worst)
            ? "differential equation (DIFF) '" + system.coordinateOwner(worst) +
                  "' has no equilibrium: its derivative stays at " + value
            : "largest force residual " + value + " on body '" + system.coordinateOwner(worst) + "'";
    return Status::failure(StatusCode::NoConvergence,
                           "statics: no equilibrium found (" + where +
                               "; constraints: " + detail::worstRows(system, phiAll, 1) + ")",
                           system.coordinateOwner(worst), t);
  }
  state.q = q;
  state.qd = states.velocities(n, x);
  state.qdd = Vec::Zero(n);
  if (!states.empty()) {  // a held state's derivative f(x) need not be 0 (Adams says so)
    Vec Q;
    system.forces(t, q, state.qd, Q);
    state.qdd.segment(states.offset(), states.count()) = Q.segment(states.offset(), states.count());
  }
  state.lambda = detail::scatterRows(lambda, rows, m);
  state.stictionStart = q0;
  Status s = Status::success();
  s.warnings = redundancy.warnings();
  return s;
}

}  // namespace mbs::solver
