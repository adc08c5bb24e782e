#include "integrators/Hht.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

#include "SparseBlocks.hpp"

namespace mbs::solver {
namespace {

// Tolerance at which the local error target is 0.1·tol as in the BDF integrators (see step()).
constexpr double kReferenceTolerance = 1e-3;

}  // namespace

HhtIntegrator::HhtIntegrator(const Dae& dae, IntegratorOptions options) : Integrator(dae, options)
{
  m_alpha = options.alpha;
  if (!(m_alpha >= -1.0 / 3.0 - 1e-12 && m_alpha <= 0.0))
    throw std::invalid_argument("HHT: alpha must lie in [-1/3, 0]");
  m_gamma = 0.5 - m_alpha;
  m_beta = 0.25 * (1.0 - m_alpha) * (1.0 - m_alpha);
}

Status HhtIntegrator::initialize(const State& initial)
{
  const int n = m_dae.numCoordinates();
  const int m = m_dae.numConstraints();
  m_state = initial;
  m_dae.startHistory(initial.t, initial.q);
  if (m_state.qdd.size() != n)
    m_state.qdd = Vec::Zero(n);
  if (m_state.lambda.size() != m)
    m_state.lambda = Vec::Zero(m);
  m_tPrevious = initial.t;
  // q̈ and λ of a consistent initial state satisfy the equations of motion at t0.
  m_eomAcceleration = m_state.qdd;
  m_valid = false;
  if (m_options.hinit > 0.0) {
    m_h = m_options.hinit;
  } else {
    // Local error |β − 1/6| h² Δq̈ with Δq̈ ≈ h q⃛; assume q⃛ ~ |q̈| / 0.1 s.
    const double acc = weightedNorm(m_state.qdd, initial.q, 0, n);
    m_h = acc > 0.0 ? std::cbrt(0.1 / (std::abs(m_beta - 1.0 / 6.0) * acc)) : 1e-3;
    m_h = std::clamp(m_h, 1e-8, 1e-2);
  }
  if (m_options.hmax > 0.0)
    m_h = std::min(m_h, m_options.hmax);
  return Status::success();
}

void HhtIntegrator::addReactionForces(double t, const Vec& q, const Vec& v, const Vec& lambda, Vec& Q) const
{
  if (!m_dae.hasReactionForces())
    return;
  Vec ql(Q.size());
  m_dae.reactionForces(t, q, v, lambda, ql);
  Q += ql;
}

void HhtIntegrator::updateKinematics(double h, const Vec& a, Vec& q, Vec& v) const
{
  const Vec& a0 = m_state.qdd;
  q = m_state.q + h * m_state.qd + h * h * ((0.5 - m_beta) * a0 + m_beta * a);
  v = m_state.qd + h * ((1.0 - m_gamma) * a0 + m_gamma * a);
}

bool HhtIntegrator::evaluateJacobian(double t, const Vec& q, const Vec& v, const Vec& lambda, double h)
{
  m_dae.mass(q, m_M);
  m_dae.forceJacobians(t, q, v, m_K, m_C);
  m_dae.constraintJacobian(t, q, m_phiQ);
  m_dae.constraintForceJacobian(t, q, lambda, m_Kc);
  if (m_dae.hasReactionForces()) {
    m_dae.reactionForceJacobians(t, q, v, lambda, m_Dl, m_Cl);
    SparseMat stiffness;  // stiction bristles
    m_dae.reactionForcePositionJacobian(t, q, v, lambda, stiffness);
    if (stiffness.nonZeros() > 0)
      m_K += stiffness;
  }
  ++m_stats.jacobianEvaluations;
  m_valid = true;
  m_fresh = true;
  return factor(h);
}

bool HhtIntegrator::factor(double h)
{
  // Unknowns (Δq̈, Δλ̂) with λ̂ = (1+α)λ; rows: equations of motion, Φ/(βh²).
  const int n = m_dae.numCoordinates();
  const double s = 1.0 + m_alpha;
  Triplets trip;
  trip.reserve(m_M.nonZeros() + m_K.nonZeros() + m_C.nonZeros() + m_Kc.nonZeros() + 2 * m_phiQ.nonZeros());
  detail::addBlock(trip, m_M, 0, 0, 1.0);
  detail::addBlock(trip, m_Kc, 0, 0, s * m_beta * h * h);
  detail::addBlock(trip, m_K, 0, 0, -s * m_beta * h * h);
  detail::addBlock(trip, m_C, 0, 0, -s * m_gamma * h);
  detail::addBlock(trip, m_phiQ, 0, n, 1.0, true);
  detail::addBlock(trip, m_phiQ, n, 0, 1.0);
  if (m_dae.hasReactionForces()) {
    // −s Q_λ(λ̂/s, q̇(q̈)): ∂/∂λ̂ = −∂Q_λ/∂λ, ∂/∂q̈ = −s γ h ∂Q_λ/∂q̇.
    detail::addBlock(trip, m_Dl, 0, n, -1.0);
    detail::addBlock(trip, m_Cl, 0, 0, -s * m_gamma * h);
  }
  const int size = n + m_dae.numConstraints();
  SparseMat J(size, size);
  J.setFromTriplets(trip.begin(), trip.end());
  m_J11 = J.topLeftCorner(n, n);
  m_hFactored = h;
  return Integrator::factorize(J);
}

Vec HhtIntegrator::tangentialPart(const Vec& e) const
{
  // Solve [J11 J12; Φ_q 0][x; y] = [J11 e; 0]: x is e less the part a Newton constraint
  // correction would produce (the range of J11⁻¹J12), so x lies in the null space of Φ_q.
  const int n = m_dae.numCoordinates();
  Vec rhs = Vec::Zero(n + m_dae.numConstraints());
  rhs.head(n) = m_J11 * e;
  const Vec x = m_linear.solve(rhs);
  return x.allFinite() ? Vec(x.head(n)) : e;
}

bool HhtIntegrator::positionIncrementAtRoundoff(const Vec& dq, const Vec& q)
{
  // A few ulps of (1 + |q|): the scale of the weights of the error norm.
  constexpr double kUlps = 4.0;
  for (int i = 0; i < dq.size(); ++i)
    if (std::abs(dq[i]) > kUlps * std::numeric_limits<double>::epsilon() * (1.0 + std::abs(q[i])))
      return false;
  return true;
}

HhtIntegrator::Newton HhtIntegrator::solveStep(double h, Vec& a, Vec& lambdaHat, Vec& q, Vec& v)
{
  constexpr double kappa = 0.05;
  const int n = m_dae.numCoordinates();
  const int m = m_dae.numConstraints();
  const double t = m_state.t + h;
  const double s = 1.0 + m_alpha;
  const Vec a0 = a, l0 = lambdaHat;
  m_fresh = false;
  if (!m_valid) {
    updateKinematics(h, a, q, v);
    if (!evaluateJacobian(t, q, v, lambdaHat / s, h))
      return Newton::Singular;
  } else if (std::abs(h / m_hFactored - 1.0) > 1e-12 && !factor(h)) {
    return Newton::Singular;
  }
  for (int attempt = 0; attempt < 2; ++attempt) {
    double previous = 0.0;
    for (int it = 0; it < m_options.maxNewtonIterations; ++it) {
      updateKinematics(h, a, q, v);
      SparseMat M;
      Vec Q(n), F(n + m), phiQv;
      Mat phiQtLambda;
      m_dae.mass(q, M);
      m_dae.forces(t, q, v, Q);
      addReactionForces(t, q, v, Vec(lambdaHat / s), Q);  // friction at the current iterate of λ
      m_dae.constraintProducts(t, q, v, lambdaHat, m_phi, phiQv, phiQtLambda);  // Φ_qᵀλ̂ unassembled
      // HHT as the generalized-α scheme with α_m = 0, α_f = −α in the form of Arnold and Brüls
      // (2007): the Newmark variable a = q̈ₙ₊₁ and the accelerations ẍ that satisfy the equations of
      // motion, M(qₖ)ẍₖ + (Φ_qᵀλ − Q)ₖ = 0, are related by aₙ₊₁ = (1+α)ẍₙ₊₁ − αẍₙ. Multiplied by
      // M(qₙ₊₁):  M(qₙ₊₁)(aₙ₊₁ + αẍₙ) + (1+α)(Φ_qᵀλ − Q)ₙ₊₁ = 0.
      // For a constant M, Mẍₙ = −(Φ_qᵀλ − Q)ₙ and this is the familiar HHT equation
      // M aₙ₊₁ + (1+α)(Φ_qᵀλ − Q)ₙ₊₁ − α(Φ_qᵀλ − Q)ₙ = 0 of Negrut et al. With Euler parameters
      // M(q) = diag(m I, 4GᵀJ'G) is not constant, and that familiar form (M(qₙ₊₁) applied to the
      // force history) is only first order: it lacks −αh·Ṁẍ per step (Andrews' squeezer
      // 0.37 / 0.12 / 0.036 rad at fixed h = 3e-5 / 1e-5 / 3e-6 s; a torque-free spinning body
      // 0.30 / 0.15 / 0.077 rad at h = 1e-3 / 5e-4 / 2.5e-4 s, integrator_hht_convergence_test).
      F.head(n) = M * (a + m_alpha * m_eomAcceleration) + phiQtLambda.col(0) - s * Q;
      F.tail(m) = m_phi / (m_beta * h * h);
      if (!F.allFinite())
        break;
      const Vec dx = m_linear.solve(-F, LinearSolver::Refinement::None);
      a += dx.head(n);
      lambdaHat += dx.tail(m);
      ++m_stats.newtonIterations;
      // Newton error in q̈ enters the positions as βh²Δq̈ and the velocities as γhΔq̈. Both are
      // held to the tolerance: a test on the positions alone leaves q̈ errors of O(tol/h²) whose
      // velocity part (same sign every step) adds up over the run — it made HHT first order
      // (pendulum, fixed h = 1e-3, tol 1e-5: 2.2e-2 instead of 1.7e-4 over 10 s).
      const double delta = std::max(weightedNorm(Vec(m_beta * h * h * dx.head(n)), m_state.q, 0, n),
                                    weightedNorm(Vec(m_gamma * h * dx.head(n)), m_state.qd, 0, n));
      // Round-off floor. The Newton increment reaches the positions as βh²Δq̈; once that is a few
      // ulps of q the iteration has nothing left to correct, but the same increment moves the
      // velocities by γhΔq̈ = (γ/(βh))·(a few ulps), noise that grows as h shrinks (Φ/(βh²) turns
      // the round-off of Φ into Δq̈). The velocity test above cannot pass there: at tol 1e-9 on
      // Andrews' squeezer the rate stayed ≈ 1, every failure cut h by 4 and made the noise 4× larger,
      // down to h = 2.6e-12. Stop when every position increment is at round-off.
      if (positionIncrementAtRoundoff(Vec(m_beta * h * h * dx.head(n)), q)) {
        updateKinematics(h, a, q, v);
        return Newton::Converged;
      }
      if (delta < 1e-3 * kappa) {
        updateKinematics(h, a, q, v);
        return Newton::Converged;
      }
      if (it > 0) {
        const double rate = delta / previous;
        if (rate > 0.9)
          break;
        if (delta * rate / (1.0 - rate) < kappa) {
          updateKinematics(h, a, q, v);
          return Newton::Converged;
        }
      }
      previous = delta;
    }
    if (m_fresh)
      return Newton::NotConverged;
    a = a0;
    lambdaHat = l0;
    updateKinematics(h, a, q, v);
    if (!evaluateJacobian(t, q, v, lambdaHat / s, h))
      return Newton::Singular;
  }
  return Newton::NotConverged;
}

Status HhtIntegrator::step(double tLimit)
{
  const int n = m_dae.numCoordinates();
  const double t = m_state.t;
  // Approaching contacts (IMPACT, BISTOP): the next step enters them at most their ramp depth.
  const double contactLimit = m_dae.contactStepLimit(t, m_state.q, m_state.qd);
  for (;;) {
    const auto [h, clipped] = boundedStep(m_h, t, tLimit, contactLimit);
    if (h < m_options.hmin)
      return failBelowMinimumStep(t, h);
    Vec a = m_state.qdd, lambdaHat = (1.0 + m_alpha) * m_state.lambda, q, v;
    const Newton result = solveStep(h, a, lambdaHat, q, v);
    if (result == Newton::Singular)
      return fail(StatusCode::SingularJacobian, "singular Newton matrix", t + h, h, &m_phi);
    if (result == Newton::NotConverged) {
      ++m_stats.rejectedSteps;
      m_h = 0.25 * h;
      if (m_h < m_options.hmin)
        return fail(StatusCode::NoConvergence, "Newton iteration did not converge", t + h, h, &m_phi);
      continue;
    }
    // Local error (β − 1/6) h² Δq̈, without its component normal to the constraint manifold: the
    // constraints hold positions there, and near a singular configuration that component is the
    // (large) correction of the constraint residual inherited from the last step, not an error.
    const Vec localError = std::abs(m_beta - 1.0 / 6.0) * h * h * (a - m_state.qdd);
    // Tolerance proportionality: the global error of this second-order method is about the sum of
    // the local errors, ∝ tol_local^(2/3) with per-step control. Holding the local error to
    // 0.1·tol·√(tol/1e-3) makes the global error ∝ tol (unchanged at tol = 1e-3; the step
    // count grows as tol^(−1/2) instead of tol^(−1/3)).
    double err = weightedNorm(tangentialPart(localError), m_state.q, 0, n);
    // First-order states (DIFF) are velocities of unconstrained coordinates: their own error, that
    // of the velocity update v += h((1−γ)a₀ + γa), is (γ − ½)h²ȧ + O(h³) ≈ max(|γ − ½|, 1/12)·h·Δa.
    if (const int states = m_dae.firstOrderStates(); states > 0) {
      const double c = std::max(std::abs(m_gamma - 0.5), 1.0 / 12.0);
      const Vec stateError = c * h * (a - m_state.qdd).tail(states);
      const double es = weightedNorm(stateError, m_state.qd.tail(states), 0, states);
      err = std::max(err, es);  // (not averaged in: many body coordinates would dilute it)
    }
    err *= std::sqrt(kReferenceTolerance / m_options.tolerance);
    const double gain = err > 0.0 ? std::cbrt(1.0 / err) : 5.0;
    if (err > 1.0 && !m_options.fixedStep) {
      ++m_stats.rejectedSteps;
      m_h = h * std::clamp(0.9 * gain, 0.2, 0.9);
      continue;
    }
    const double stictionLimit = m_dae.stictionStepLimit(t + h, q, v);
    if (stictionLimit < h && stictionLimit >= m_options.hmin && !m_options.fixedStep) {
      ++m_stats.rejectedSteps;  // a stiction breakaway: resolve it on its own time scale
      m_h = stictionLimit;
      continue;
    }
    keepPrevious();
    m_tPrevious = t;
    m_lastStep = h;
    m_state.t = t + h;
    m_state.q = q;
    m_state.qd = v;
    m_state.qdd = a;
    m_state.lambda = lambdaHat / (1.0 + m_alpha);
    m_eomAcceleration = (a + m_alpha * m_eomAcceleration) / (1.0 + m_alpha);
    m_dae.acceptStep(m_state.t, m_state.q);
    ++m_stats.steps;
    // Step changes cost HHT accuracy (its α-weighted history assumes a constant step), so the
    // step only grows when it can double.
    double factor = 0.9 * gain >= 2.0 ? 2.0 : 1.0;
    if (m_options.fixedStep)
      factor = 1.0;
    // A step clipped to reach an output time does not shrink the natural step.
    m_h = clipped ? std::max(m_h, h * factor) : h * factor;
    return Status::success();
  }
}

}  // namespace mbs::solver
