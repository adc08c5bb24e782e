#include "integrators/Bdf.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "BdfNewtonSystem.hpp"
#include "Polynomial.hpp"

namespace mbs::solver {

using detail::BdfNewtonSystem;

BdfIntegrator::BdfIntegrator(const Dae& dae, IntegratorOptions options, BdfVariant variant)
    : Integrator(dae, options), m_variant(variant)
{
  m_options.maxOrder = m_options.maxOrder > 0 ? std::min(m_options.maxOrder, 6) : 5;
  m_newton = std::make_unique<BdfNewtonSystem>(dae, m_options.formulation, m_linear, m_stats);
}

BdfIntegrator::~BdfIntegrator() = default;

const char* BdfIntegrator::name() const
{
  const bool si2 = m_options.formulation == Formulation::SI2;
  if (m_options.fixedStep && m_options.selectOrderAtFixedStep)
    return si2 ? "BDF (constant step, SI2)" : "BDF (constant step, I3)";
  if (m_variant == BdfVariant::FixedLeadingCoefficient)
    return si2 ? "BDF (fixed coefficient, SI2)" : "BDF (fixed coefficient, I3)";
  if (m_variant == BdfVariant::DasslFixedLeadingCoefficient)
    return si2 ? "BDF (DASSL fixed leading coefficient, SI2)" : "BDF (DASSL fixed leading coefficient, I3)";
  return si2 ? "BDF (variable coefficient, SI2)" : "BDF (variable coefficient, I3)";
}

Status BdfIntegrator::initialize(const State& initial)
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
  m_history.clear();
  Vec y(2 * n);
  y << initial.q, initial.qd;
  m_history.push_front({initial.t, y});
  m_startSlope.resize(2 * n);
  m_startSlope << initial.qd, m_state.qdd;
  m_history.realPoints = 1;
  m_order = m_lastOrder = 1;
  m_stepsAtOrder = 0;
  m_stepsSinceChange = 0;
  m_consecutiveFailures = 0;
  m_lambdaGuess = m_state.lambda;
  m_lambdaSlope = Vec::Zero(m);
  m_muGuess = Vec::Zero(m);
  m_newton->invalidate();
  if (m_options.hinit > 0.0) {
    m_h = m_options.hinit;
  } else {
    // Order-1 local error h²/2 |q̈| equal to half the tolerance.
    const double acc = weightedNorm(m_state.qdd, initial.q, 0, n);
    m_h = acc > 0.0 ? 0.5 * std::sqrt(2.0 / acc) : 1e-3;
    m_h = std::clamp(m_h, 1e-8, 1e-2);
  }
  if (m_options.hmax > 0.0)
    m_h = std::min(m_h, m_options.hmax);
  return Status::success();
}

double BdfIntegrator::errorNorm(const Vec& dy, double h) const
{
  // SI2: positions and velocities. I3: positions only (as Adams' I3); the velocities are index-2
  // variables whose BDF error estimates do not shrink with the step.
  const int n = m_dae.numCoordinates();
  const Vec& ref = m_history.front().y;
  (void)h;
  if (m_options.formulation == Formulation::SI2)
    return weightedNorm(dy, ref, 0, 2 * n);
  // First-order states (DIFF) are velocities of their own unconstrained coordinates (index 1, no
  // constraint behind them): their values are tested too, or nothing would hold their error.
  const int s = m_dae.firstOrderStates();
  if (s == 0)
    return weightedNorm(dy, ref, 0, n);
  const double eq = weightedNorm(dy, ref, 0, n), es = weightedNorm(dy, ref, 2 * n - s, s);
  return std::max(eq, es);  // (not averaged in: many body coordinates would dilute it)
}

double BdfIntegrator::newtonNorm(const Vec& dz, double h) const
{
  // I3 also watches the velocities, measured as the position change h·Δq̇ they cause.
  const int n = m_dae.numCoordinates();
  if (m_options.formulation == Formulation::SI2)
    return errorNorm(dz, h);
  const Vec& ref = m_history.front().y;
  const double eq = weightedNorm(dz, ref, 0, n);
  const double ev = h * weightedNorm(dz, ref, n, n);
  return std::sqrt(0.5 * (eq * eq + ev * ev));
}

Status BdfIntegrator::step(double tLimit)
{
  const int n = m_dae.numCoordinates();
  const int m = m_dae.numConstraints();
  const bool si2 = m_options.formulation == Formulation::SI2;
  const double t = m_state.t;
  // Approaching contacts (IMPACT, BISTOP): the next step enters them at most their ramp depth.
  const double contactLimit = m_dae.contactStepLimit(t, m_state.q, m_state.qd);
  for (;;) {
    const double h = boundedStep(m_h, t, tLimit, contactLimit).h;
    if (h < m_options.hmin)
      return failBelowMinimumStep(t, h);
    m_history.prepare(h, m_order, m_variant == BdfVariant::FixedLeadingCoefficient, m_startSlope);
    const int k = std::min(m_order, static_cast<int>(m_history.size()) - 1);
    const double tNew = t + h;

    // Predictor: extrapolate the polynomial through the newest k+1 points.
    std::vector<double> nodes(k + 1);
    for (int j = 0; j <= k; ++j)
      nodes[j] = m_history[j].t;
    const std::vector<double> pw = detail::lagrangeWeights(nodes, tNew);
    Vec yPred = Vec::Zero(2 * n);
    for (int j = 0; j <= k; ++j)
      yPred += pw[j] * m_history[j].y;

    double beta = 0.0;
    Vec c = Vec::Zero(2 * n);
    if (m_variant == BdfVariant::DasslFixedLeadingCoefficient) {
      // DASSL: y' = p'(tNew) + β (y − p(tNew)), β = (Σ_{j≤k} 1/j)/h. p' at tNew from the degree-k+1
      // polynomial through (tNew, p(tNew)) and the k+1 predictor points, which is p itself.
      std::vector<double> dnodes(k + 2);
      dnodes[0] = tNew;
      for (int j = 0; j <= k; ++j)
        dnodes[j + 1] = nodes[j];
      const std::vector<double> d = detail::lagrangeDerivativeWeightsAtFirst(dnodes);
      Vec yPredDot = d[0] * yPred;
      for (int j = 0; j <= k; ++j)
        yPredDot += d[j + 1] * m_history[j].y;
      for (int j = 1; j <= k; ++j)
        beta += 1.0 / j;
      beta /= h;
      c = yPredDot - beta * yPred;
    } else {
      // Corrector: y'(tNew) = Σ a_j y_j over {tNew, t_n, ..., t_{n-k+1}} = β y + c.
      std::vector<double> cnodes(k + 1);
      cnodes[0] = tNew;
      for (int j = 1; j <= k; ++j)
        cnodes[j] = m_history[j - 1].t;
      const std::vector<double> a = detail::lagrangeDerivativeWeightsAtFirst(cnodes);
      beta = a[0];
      for (int j = 1; j <= k; ++j)
        c += a[j] * m_history[j - 1].y;
    }

    Vec z(m_newton->size());
    z.head(2 * n) = yPred;
    // SI2 extrapolates λ linearly (fewer iterations with a reused Jacobian); I3 starts from the
    // last λ, with which its strict convergence test keeps the pendulum error at 8e-5 (tol 1e-6).
    z.segment(2 * n, m) = (si2 ? Vec(m_lambdaGuess + h * m_lambdaSlope) : m_lambdaGuess) / beta;
    if (si2)
      z.segment(2 * n + m, m) = m_muGuess / beta;
    auto norm = [&](const Vec& dz) { return newtonNorm(dz, h); };
    const auto result = m_newton->solve(tNew, beta, c, z, norm, m_options.maxNewtonIterations);
    if (result == BdfNewtonSystem::Result::Singular)
      return fail(StatusCode::SingularJacobian, "singular Newton matrix", tNew, h,
                  &m_newton->lastConstraintResidual());
    if (result == BdfNewtonSystem::Result::NotConverged) {
      ++m_stats.rejectedSteps;
      ++m_consecutiveFailures;
      m_h = 0.25 * h;
      m_stepsAtOrder = m_stepsSinceChange = 0;
      if (m_h < m_options.hmin)
        return fail(StatusCode::NoConvergence, "corrector Newton iteration did not converge", tNew, h,
                    &m_newton->lastConstraintResidual());
      continue;
    }

    const double err = errorNorm(z.head(2 * n) - yPred, h) / (k + 1);
    if (err > 1.0 && !m_options.fixedStep) {
      ++m_stats.rejectedSteps;
      ++m_consecutiveFailures;
      double factor = std::clamp(0.9 * std::pow(err, -1.0 / (k + 1)), 0.2, 0.9);
      if (m_consecutiveFailures >= 2) {
        m_order = std::max(1, k - 1);  // repeated failures: lower the order, then cut harder
        if (m_consecutiveFailures >= 3)
          factor = 0.25;
      }
      m_stepsAtOrder = m_stepsSinceChange = 0;
      m_h = factor * h;
      continue;
    }

    const double stictionLimit = m_dae.stictionStepLimit(tNew, z.head(n), z.segment(n, n));
    if (stictionLimit < h && stictionLimit >= m_options.hmin && !m_options.fixedStep) {
      ++m_stats.rejectedSteps;  // a stiction breakaway: resolve it on its own time scale
      m_stepsAtOrder = m_stepsSinceChange = 0;
      m_h = stictionLimit;
      continue;
    }

    // Accepted.
    m_consecutiveFailures = 0;
    m_history.push_front({tNew, z.head(2 * n)});
    while (static_cast<int>(m_history.size()) > m_options.maxOrder + 3)
      m_history.pop_back();
    m_history.realPoints = std::min(m_history.realPoints + 1, static_cast<int>(m_history.size()));
    m_tPrevious = t;
    m_lastStep = h;
    m_lastOrder = k;
    m_state.t = tNew;
    m_state.q = z.segment(0, n);
    m_state.qd = z.segment(n, n);
    m_state.qdd = beta * m_state.qd + c.segment(n, n);
    m_state.lambda = beta * z.segment(2 * n, m);
    m_lambdaSlope = (m_state.lambda - m_lambdaGuess) / h;
    m_lambdaGuess = m_state.lambda;
    m_dae.acceptStep(m_state.t, m_state.q);
    if (si2)
      m_muGuess = beta * z.segment(2 * n + m, m);
    ++m_stats.steps;
    ++m_stepsAtOrder;
    ++m_stepsSinceChange;
    selectNextStep(h, err);
    return Status::success();
  }
}

void BdfIntegrator::selectNextStep(double h, double errK)
{
  const int k = m_lastOrder;
  m_order = k;
  const bool constantStep = m_options.fixedStep && m_options.selectOrderAtFixedStep;
  if (m_options.fixedStep && !constantStep) {
    m_order = std::min(k + 1, m_options.maxOrder);  // fixed step: climb to the maximum order
    return;
  }
  if (constantStep) {
    // CONSTANT_BDF: at its one step the order rises while the estimate of order k+1 (from backward
    // differences) promises less than 0.8 of order k's local error. It is not lowered on the
    // estimates: those of an oscillating solution pass through zero with its derivatives (order 1's
    // h²ÿ/2 vanishes where ÿ does), and a fixed step has no error test to undo a wrong drop.
    if (m_stepsAtOrder >= k + 1 && k < m_options.maxOrder && m_history.realPoints >= k + 3)
      if (errorNorm(m_history.backwardDifference(k + 2, h), h) / (k + 2) < 0.8 * errK)
        m_order = k + 1;
    if (m_order != k)
      m_stepsAtOrder = 0;
    m_h = m_options.hinit > 0.0 ? m_options.hinit : h;  // back to the step after a Newton failure's cut
    return;
  }
  auto gain = [](double err, int p) { return err > 0.0 ? std::pow(err, -1.0 / p) : 10.0; };
  double best = gain(errK, k + 1);
  if (m_stepsAtOrder >= k + 1) {
    // Consider orders k−1 and k+1 from backward differences of the history.
    if (k > 1) {
      const double g = gain(errorNorm(m_history.backwardDifference(k, h), h) / k, k);
      if (g > best) {
        best = g;
        m_order = k - 1;
      }
    }
    if (k < m_options.maxOrder && m_history.realPoints >= k + 3) {
      const double g = gain(errorNorm(m_history.backwardDifference(k + 2, h), h) / (k + 2), k + 2);
      if (g > 1.2 * best) {
        best = g;
        m_order = k + 1;
      }
    }
  }
  double factor = std::min(0.9 * best, 2.0);
  const bool fixed = m_variant == BdfVariant::FixedLeadingCoefficient;
  // Keep the step unless it can grow clearly: saves refactorizations (and re-sampling). The
  // fixed-coefficient variant also waits k+1 steps at one step size, as Nordsieck codes do.
  // (An accepted step has err ≤ 1, so factor ≥ 0.9: small cuts are not worth a refactorization.)
  if (factor < 1.2 || (fixed && m_stepsSinceChange < k + 1))
    factor = 1.0;
  if (m_order != k)
    m_stepsAtOrder = 0;
  if (factor != 1.0)
    m_stepsSinceChange = 0;
  m_h = factor * h;
}

void BdfIntegrator::interpolate(double t, Vec& q, Vec& qd) const
{
  const int n = m_dae.numCoordinates();
  const int used = std::min(m_lastOrder + 1, static_cast<int>(m_history.size()));
  std::vector<double> nodes(used);
  for (int j = 0; j < used; ++j)
    nodes[j] = m_history[j].t;
  const std::vector<double> w = detail::lagrangeWeights(nodes, t);
  Vec y = Vec::Zero(2 * n);
  for (int j = 0; j < used; ++j)
    y += w[j] * m_history[j].y;
  q = y.head(n);
  qd = y.tail(n);
}

}  // namespace mbs::solver
