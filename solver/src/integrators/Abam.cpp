#include "integrators/Abam.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "integrators/Polynomial.hpp"

namespace mbs::solver {
namespace {

// h·ρ of a step held by stability rather than accuracy: the PECE Adams pairs' real stability
// intervals run from about −2 (order 1) down to about −0.5 (high orders), and accuracy-limited
// steps of a non-stiff model stay far below them (pendulum at tol 1e-6: h·ρ ≈ 0.03).
constexpr double kStiffProduct = 0.5;
constexpr int kStiffSteps = 15;  // in a row, as DOPRI5's test

}  // namespace

AbamIntegrator::AbamIntegrator(const Dae& dae, IntegratorOptions options)
    : Integrator(dae, options),
      m_ode(dae, options.tolerance, m_stats),
      m_maxOrder(options.maxOrder > 0 ? std::min(options.maxOrder, kMaxOrder) : kMaxOrder)
{
}

Status AbamIntegrator::evaluate(double t, const Vec& y, const Vec& qGuess, Evaluation& out)
{
  Status st = m_ode.evaluate(t, y, qGuess, out);
  return st.ok() ? st : fail(st.code, st.message, t, m_h, &m_ode.lastResidual());
}

void AbamIntegrator::restartHistory()
{
  m_history.clear();
  m_history.push_front({m_state.t, m_current.yDot});
  m_order = m_lastOrder = 1;
  m_stepsAtOrder = 0;
}

Status AbamIntegrator::initialize(const State& initial)
{
  m_state = initial;
  m_dae.startHistory(initial.t, initial.q);
  m_tPrevious = initial.t;
  if (!m_ode.partition(initial.t, initial.q))
    return fail(StatusCode::SingularJacobian, "constraint Jacobian is rank deficient (redundant constraints)",
                initial.t, 0.0, nullptr);
  Status st = evaluate(initial.t, m_ode.independentState(initial.q, initial.qd), initial.q, m_current);
  if (!st.ok())
    return st;
  m_state.qdd = m_current.qdd;
  m_state.lambda = m_current.lambda;
  restartHistory();
  m_consecutiveFailures = 0;
  if (m_options.hinit > 0.0) {
    m_h = m_options.hinit;
  } else {
    // Order-1 local error h²/2 |q̈| equal to a quarter of the tolerance.
    const double acc = weightedNorm(m_state.qdd, initial.q, 0, m_dae.numCoordinates());
    m_h = acc > 0.0 ? 0.5 * std::sqrt(1.0 / acc) : 1e-3;
    m_h = std::clamp(m_h, 1e-8, 1e-2);
  }
  if (m_options.hmax > 0.0)
    m_h = std::min(m_h, m_options.hmax);
  return Status::success();
}

Vec AbamIntegrator::adams(const Vec& y0, double h, int count, const Vec* fNew) const
{
  const double t = m_history.front().t;
  std::vector<double> nodes;
  if (fNew)
    nodes.push_back(t + h);
  for (int j = 0; j < count; ++j)
    nodes.push_back(m_history[j].t);
  const std::vector<double> w = detail::lagrangeIntegralWeights(nodes, t, t + h);
  Vec y = y0;
  int i = 0;
  if (fNew)
    y += w[i++] * *fNew;
  for (int j = 0; j < count; ++j)
    y += w[i++] * m_history[j].f;
  return y;
}

Status AbamIntegrator::step(double tLimit)
{
  const double t = m_state.t;
  // Approaching contacts (IMPACT, BISTOP): the next step enters them at most their ramp depth.
  const double contactLimit = m_dae.contactStepLimit(t, m_state.q, m_state.qd);
  for (;;) {
    // Repartition at the accepted state when the dependent block degrades; the past derivatives
    // belong to the old independent coordinates, so the method starts again at order 1.
    if (m_ode.degraded(t, m_state.q)) {
      if (!m_ode.partition(t, m_state.q))
        return fail(StatusCode::SingularJacobian, "constraint Jacobian lost rank", t, m_h, nullptr);
      Status st = evaluate(t, m_ode.independentState(m_state.q, m_state.qd), m_state.q, m_current);
      if (!st.ok())
        return st;
      restartHistory();
      // Order 1 again: a step sized for a high order would be rejected (the first step's rule).
      const double acc = weightedNorm(m_state.qdd, m_state.q, 0, m_dae.numCoordinates());
      if (acc > 0.0)
        m_h = std::min(m_h, std::max(0.5 * std::sqrt(1.0 / acc), m_options.hmin));
    }
    const auto [h, clipped] = boundedStep(m_h, t, tLimit, contactLimit);
    if (h < m_options.hmin)
      return failBelowMinimumStep(t, h);
    const int k = std::min(m_order, static_cast<int>(m_history.size()));
    const double tNew = t + h;

    // P: Adams–Bashforth of order k; E; C: Adams–Moulton of order k+1; E.
    const Vec y0 = m_ode.independentState(m_state.q, m_state.qd);
    const Vec yP = adams(y0, h, k, nullptr);
    Evaluation predicted, next;
    if (!evaluate(tNew, yP, m_state.q, predicted).ok()) {
      ++m_stats.rejectedSteps;
      m_h = 0.25 * h;
      continue;
    }
    const Vec yC = adams(y0, h, k, &predicted.yDot);
    const double err = weightedNorm(yC - yP, y0, 0, static_cast<int>(y0.size()));
    if (err > 1.0 && !m_options.fixedStep) {
      ++m_stats.rejectedSteps;
      ++m_consecutiveFailures;
      double factor = std::clamp(0.9 * std::pow(err, -1.0 / (k + 1)), 0.2, 0.9);
      if (m_consecutiveFailures >= 2)
        m_order = std::max(1, k - 1);  // repeated failures: lower the order, then cut harder
      if (m_consecutiveFailures >= 3) {
        m_order = 1;
        factor = 0.25;
      }
      m_stepsAtOrder = 0;
      m_h = factor * h;
      continue;
    }
    if (!evaluate(tNew, yC, predicted.q, next).ok()) {
      ++m_stats.rejectedSteps;
      m_h = 0.25 * h;
      continue;
    }
    const double stictionLimit = m_dae.stictionStepLimit(tNew, next.q, next.qd);
    if (stictionLimit < h && stictionLimit >= m_options.hmin && !m_options.fixedStep) {
      ++m_stats.rejectedSteps;  // a stiction breakaway: resolve it on its own time scale
      m_h = stictionLimit;
      continue;
    }

    // Accepted.
    m_consecutiveFailures = 0;
    const Vec fPredicted = predicted.yDot;
    m_current = std::move(next);
    keepPrevious();
    m_tPrevious = t;
    m_lastStep = h;
    m_lastOrder = k;
    m_state.t = tNew;
    m_state.q = m_current.q;
    m_state.qd = m_current.qd;
    m_state.qdd = m_current.qdd;
    m_state.lambda = m_current.lambda;
    m_dae.acceptStep(m_state.t, m_state.q);
    ++m_stats.steps;
    ++m_stepsAtOrder;
    if (const double dy = (yC - yP).norm(); dy > 0.0 && !m_options.fixedStep && !clipped) {
      const double rho = (m_current.yDot - fPredicted).norm() / dy;
      m_stiffSteps = h * rho > kStiffProduct ? m_stiffSteps + 1 : 0;
      if (m_stiffSteps >= kStiffSteps && m_stiffSince < 0.0) {
        m_stiffSince = m_state.t;
        m_stiffRho = rho;
        m_stiffStep = h;
      }
    }
    const double planned = m_h;  // (before clipping)
    selectNext(h, k, err, y0, fPredicted);
    m_history.push_front({tNew, m_current.yDot});
    while (static_cast<int>(m_history.size()) > m_maxOrder + 1)
      m_history.pop_back();
    if (clipped)
      m_h = std::max(m_h, planned);  // a step cut short to land on tLimit says nothing about the next
    return Status::success();
  }
}

// Before the new point enters the history: orders k−1 and k+1 estimated as k was (predictor of
// order j against the corrector of order j+1 with the step's predicted derivative), after k+1
// steps at order k; the order promising the largest step is taken (k+1 only if 1.2× larger).
void AbamIntegrator::selectNext(double h, int k, double err, const Vec& y0, const Vec& fPredicted)
{
  const auto gain = [](double e, int p) { return e > 0.0 ? std::pow(e, -1.0 / (p + 1)) : 10.0; };
  const auto estimate = [&](int j) {
    return weightedNorm(adams(y0, h, j, &fPredicted) - adams(y0, h, j, nullptr), y0, 0,
                        static_cast<int>(y0.size()));
  };
  int order = k;
  double best = gain(err, k);
  if (!m_options.fixedStep && m_stepsAtOrder >= k + 1) {
    if (k > 1) {
      const double g = gain(estimate(k - 1), k - 1);
      if (g > best) {
        best = g;
        order = k - 1;
      }
    }
    if (k < m_maxOrder && static_cast<int>(m_history.size()) >= k + 1) {
      const double g = gain(estimate(k + 1), k + 1);
      if (g > 1.2 * best) {
        best = g;
        order = k + 1;
      }
    }
  } else if (m_options.fixedStep) {
    order = std::min(k + 1, m_maxOrder);  // fixed step: climb as the history allows
  }
  if (order != k)
    m_stepsAtOrder = 0;
  m_order = order;
  m_h = m_options.fixedStep ? h : h * std::clamp(0.9 * best, 0.5, 2.0);
}

void AbamIntegrator::interpolate(double t, Vec& q, Vec& qd) const
{
  const double h = m_state.t - m_previous.t;
  if (!(h > 0.0) || m_previous.q.size() != m_state.q.size() || m_previous.qdd.size() != m_state.q.size()) {
    Integrator::interpolate(t, q, qd);
    return;
  }
  const double s = (t - m_previous.t) / h, s2 = s * s, s3 = s2 * s, s4 = s3 * s, s5 = s4 * s;
  // Basis for p0, h v0, h² a0, h² a1, h v1, p1.
  const double b[6] = {1 - 10 * s3 + 15 * s4 - 6 * s5,    s - 6 * s3 + 8 * s4 - 3 * s5,
                       0.5 * (s2 - 3 * s3 + 3 * s4 - s5), 0.5 * (s3 - 2 * s4 + s5),
                       -4 * s3 + 7 * s4 - 3 * s5,         10 * s3 - 15 * s4 + 6 * s5};
  const double d[6] = {-30 * s2 + 60 * s3 - 30 * s4,     1 - 18 * s2 + 32 * s3 - 15 * s4,
                       s - 4.5 * s2 + 6 * s3 - 2.5 * s4, 1.5 * s2 - 4 * s3 + 2.5 * s4,
                       -12 * s2 + 28 * s3 - 15 * s4,     30 * s2 - 60 * s3 + 30 * s4};
  const State& a = m_previous;
  const State& e = m_state;
  q = b[0] * a.q + b[1] * h * a.qd + b[2] * h * h * a.qdd + b[3] * h * h * e.qdd + b[4] * h * e.qd +
      b[5] * e.q;
  qd = (d[0] * a.q + d[1] * h * a.qd + d[2] * h * h * a.qdd + d[3] * h * h * e.qdd + d[4] * h * e.qd +
        d[5] * e.q) /
       h;
}

std::string AbamIntegrator::stiffnessNote() const
{
  if (m_stiffSince < 0.0)
    return {};
  char buffer[400];
  std::snprintf(buffer, sizeof buffer,
                "stiffness detected at t = %.6g s: ABAM's step size is held at %.3g s by its stability limit "
                "(an eigenvalue of the model near %.3g 1/s, e.g. a stiff spring or contact), not by the "
                "tolerance; use GSTIFF (mbsolve --integrator gstiff, INTEGRATOR/GSTIFF in a command file)",
                m_stiffSince, m_stiffStep, m_stiffRho);
  return buffer;
}

std::string AbamIntegrator::workLimitHint() const
{
  return "ABAM is explicit: it follows every fast vibration of a stiff spring, contact or bushing with steps "
         "far below the output step; GSTIFF (mbsolve --integrator gstiff, INTEGRATOR/GSTIFF in a command "
         "file) takes such models in far fewer steps";
}

}  // namespace mbs::solver
