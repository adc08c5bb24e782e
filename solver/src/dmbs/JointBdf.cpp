#include "dmbs/JointBdf.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>

#include "integrators/Polynomial.hpp"

namespace mbs::solver::dmbs {
namespace {

// As the absolute formulation's integrators (Integrator::weightedNorm): the local error per step
// is held to this fraction of the tolerance.
constexpr double kLocalErrorFraction = 0.1;
constexpr double kKappa = 0.05;  // Newton error allowed, fraction of the local tolerance

}  // namespace

JointBdf::JointBdf(JointSpaceEquations& equations, double tolerance, double maxStep, Variant variant,
                   int maxOrder, int maxNewtonIterations)
    : m_eq(equations),
      m_tolerance(tolerance),
      m_maxStep(maxStep),
      m_variant(variant),
      m_maxOrder(maxOrder > 0 ? std::min(maxOrder, 6) : 5),
      m_maxNewtonIterations(std::max(maxNewtonIterations, 1))
{
}

const char* JointBdf::name() const
{
  return m_variant == Variant::FixedLeadingCoefficient ? "BDF (fixed leading coefficient)"
                                                       : "BDF (variable coefficient)";
}

void JointBdf::f(double t, const Vec& y, Vec& dy)
{
  m_eq.derivative(t, y, dy);
  ++m_evaluations;
}

double JointBdf::norm(const Vec& dy) const
{
  const Vec& ref = m_history.front().y;
  const int n = static_cast<int>(dy.size());
  if (n == 0)
    return 0.0;
  double sum = 0.0;
  for (int i = 0; i < n; ++i) {
    const double e = dy[i] / (kLocalErrorFraction * m_tolerance * (1.0 + std::abs(ref[i])));
    sum += e * e;
  }
  return std::sqrt(sum / n);
}

void JointBdf::initialize(double t, const Vec& q, const Vec& v)
{
  Vec y(q.size() + v.size());
  y << q, v;
  m_history.clear();
  m_history.push_front({t, y});
  f(t, y, m_startSlope);
  m_history.realPoints = 1;
  m_order = m_lastOrder = 1;
  m_stepsAtOrder = m_stepsSinceChange = m_consecutiveFailures = 0;
  m_jacobianValid = false;
  m_rate = 0.5;
  m_tOut = t;
  m_qOut = q;
  m_vOut = v;
  // First step: order-1 local error h²/2 ‖y''‖ at half the tolerance (as Bdf.cpp), y'' from one
  // difference of f along the initial slope.
  const double slope = std::max(1.0, m_startSlope.lpNorm<Eigen::Infinity>());
  const double delta = 1e-7 / slope;
  f(t + delta, Vec(y + delta * m_startSlope), m_f1);
  const double acc = norm((m_f1 - m_startSlope) / delta);
  m_h = acc > 0.0 && std::isfinite(acc) ? 0.5 * std::sqrt(2.0 / acc) : 1e-3;
  m_h = std::clamp(m_h, 1e-8, 1e-2);
  if (m_maxStep > 0.0)
    m_h = std::min(m_h, m_maxStep);
}

bool JointBdf::evaluateJacobian(double t, const Vec& y, double beta)
{
  // Forward differences, column by column: O(n) evaluations of the O(N) dynamics.
  const int n = static_cast<int>(y.size());
  m_jacobian.resize(n, n);
  f(t, y, m_f0);
  Vec yp = y;
  for (int j = 0; j < n; ++j) {
    const double d = 1e-7 * (1.0 + std::abs(y[j]));
    yp[j] = y[j] + d;
    f(t, yp, m_f1);
    m_jacobian.col(j) = (m_f1 - m_f0) / d;
    yp[j] = y[j];
  }
  ++m_jacobians;
  m_jacobianValid = true;
  m_jacobianFresh = true;
  return m_jacobian.allFinite() && factor(beta);
}

bool JointBdf::factor(double beta)
{
  const int n = static_cast<int>(m_jacobian.rows());
  m_lu.compute(Mat::Identity(n, n) - m_jacobian / beta);
  ++m_factorizations;
  m_betaFactored = beta;
  // PartialPivLU does not report singularity: look at the pivots.
  const auto& lu = m_lu.matrixLU();
  for (int i = 0; i < n; ++i)
    if (!(std::abs(lu(i, i)) > 1e-14))
      return false;
  return true;
}

// Convergence test of the absolute formulation's Newton corrector (BdfNewtonSystem::iterate, its
// SI2 branch: the first increment may be trusted, rates averaged from the first increment).
JointBdf::Newton JointBdf::iterate(double t, double beta, const Vec& c, Vec& y)
{
  double first = 0.0, previous = 0.0;
  Vec dy;
  for (int it = 0; it < m_maxNewtonIterations; ++it) {
    f(t, y, m_f1);
    m_residual = y + (c - m_f1) / beta;
    if (!m_residual.allFinite())
      return Newton::NotConverged;
    dy = m_lu.solve(-m_residual);
    y += dy;
    ++m_newtonIterations;
    const double delta = norm(dy);
    if (!std::isfinite(delta))
      return Newton::NotConverged;
    if (it == 0) {
      if (delta * m_rate / (1.0 - m_rate) < kKappa * 0.1 || delta < 1e-3 * kKappa)
        return Newton::Converged;
    } else {
      if (delta < 1e-3 * kKappa)
        return Newton::Converged;
      const double rate = std::pow(delta / first, 1.0 / it);
      if (rate > 0.9 && (it > 1 || delta > 2.0 * first))
        return Newton::NotConverged;
      const double last = std::max(rate, delta / previous);
      if (last < 0.9) {
        m_rate = std::max(last, 0.05);
        if (delta * last / (1.0 - last) < kKappa)
          return Newton::Converged;
      }
    }
    if (it == 0)
      first = delta;
    previous = delta;
  }
  return Newton::NotConverged;
}

JointBdf::Newton JointBdf::solve(double t, double beta, const Vec& c, Vec& y)
{
  m_jacobianFresh = false;
  const Vec y0 = y;
  if (!m_jacobianValid) {
    if (!evaluateJacobian(t, y, beta))
      return Newton::Singular;
  } else if (std::abs(beta / m_betaFactored - 1.0) > 0.25) {
    if (!factor(beta) && !evaluateJacobian(t, y, beta))
      return Newton::Singular;
  }
  Newton r = iterate(t, beta, c, y);
  if (r == Newton::Converged || m_jacobianFresh)
    return r;
  // Old Jacobian: evaluate it at the predictor and try once more.
  y = y0;
  m_rate = 0.5;
  if (!evaluateJacobian(t, y, beta))
    return Newton::Singular;
  return iterate(t, beta, c, y);
}

Status JointBdf::step(double tLimit)
{
  const double t = m_history.front().t;
  const double hmin = 1e-12 * std::max(1.0, std::abs(tLimit));
  const int nq = m_eq.numCoordinates();
  // Approaching contacts: the step enters them at most their onset depth.
  const Vec& y0 = m_history.front().y;
  const double contactLimit = m_eq.startStep(t, y0.head(nq), y0.tail(y0.size() - nq));
  for (;;) {
    double h = m_maxStep > 0.0 ? std::min(m_h, m_maxStep) : m_h;
    if (contactLimit < h && contactLimit >= hmin)
      h = contactLimit;
    const double remaining = tLimit - t;
    if (h >= remaining || remaining < 1.05 * h)
      h = remaining;
    if (h < hmin) {
      std::ostringstream msg;
      msg << name() << " on the joint coordinates: step size below " << hmin << " s";
      return Status::failure(StatusCode::StepSizeTooSmall, msg.str(), {}, t);
    }
    m_history.prepare(h, m_order, m_variant == Variant::FixedLeadingCoefficient, m_startSlope);
    const int k = std::min(m_order, static_cast<int>(m_history.size()) - 1);
    const double tNew = t + h;

    // Predictor: the polynomial through the newest k+1 points, extrapolated.
    std::vector<double> nodes(k + 1);
    for (int j = 0; j <= k; ++j)
      nodes[j] = m_history[j].t;
    const std::vector<double> pw = solver::detail::lagrangeWeights(nodes, tNew);
    Vec yPred = Vec::Zero(m_history.front().y.size());
    for (int j = 0; j <= k; ++j)
      yPred += pw[j] * m_history[j].y;

    // Corrector: y'(tNew) = Σ a_j y_j over {tNew, t_n, ..., t_{n−k+1}} = β y + c.
    std::vector<double> cnodes(k + 1);
    cnodes[0] = tNew;
    for (int j = 1; j <= k; ++j)
      cnodes[j] = m_history[j - 1].t;
    const std::vector<double> a = solver::detail::lagrangeDerivativeWeightsAtFirst(cnodes);
    const double beta = a[0];
    Vec c = Vec::Zero(yPred.size());
    for (int j = 1; j <= k; ++j)
      c += a[j] * m_history[j - 1].y;

    Vec y = yPred;
    const Newton result = solve(tNew, beta, c, y);
    if (result != Newton::Converged) {
      ++m_rejected;
      ++m_consecutiveFailures;
      m_h = 0.25 * h;
      m_stepsAtOrder = m_stepsSinceChange = 0;
      if (m_h < hmin) {
        std::ostringstream msg;
        msg << name() << " on the joint coordinates: "
            << (result == Newton::Singular ? "singular Newton matrix I − hγ∂f/∂y"
                                           : "corrector Newton iteration did not converge")
            << " (step " << h << " s)";
        return Status::failure(StatusCode::NoConvergence, msg.str(), {}, tNew);
      }
      continue;
    }

    const double err = norm(y - yPred) / (k + 1);
    if (err > 1.0) {
      ++m_rejected;
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

    // A stiction breakaway (friction/Stiction.hpp): the step is retried on the bristle's time scale.
    if (const double limit = m_eq.endStepLimit(tNew, y.head(nq), y.tail(y.size() - nq));
        limit < h && limit >= hmin) {
      ++m_rejected;
      m_stepsAtOrder = m_stepsSinceChange = 0;
      m_h = limit;
      continue;
    }

    // Accepted.
    normalizeDriftedQuaternions(m_eq.tree().topology().mobilizers, y.data());
    m_consecutiveFailures = 0;
    m_eq.acceptStep(tNew, y.head(nq), y.tail(y.size() - nq));
    m_history.push_front({tNew, std::move(y)});
    while (static_cast<int>(m_history.size()) > m_maxOrder + 3)
      m_history.pop_back();
    m_history.realPoints = std::min(m_history.realPoints + 1, static_cast<int>(m_history.size()));
    m_lastOrder = k;
    ++m_steps;
    ++m_stepsAtOrder;
    ++m_stepsSinceChange;
    selectNextStep(h, err);
    return Status::success();
  }
}

// Step and order selection of integrators/Bdf.cpp (BdfIntegrator::selectNextStep).
void JointBdf::selectNextStep(double h, double errK)
{
  const int k = m_lastOrder;
  m_order = k;
  auto gain = [](double err, int p) { return err > 0.0 ? std::pow(err, -1.0 / p) : 10.0; };
  double best = gain(errK, k + 1);
  if (m_stepsAtOrder >= k + 1) {
    if (k > 1) {
      const double g = gain(norm(m_history.backwardDifference(k, h)) / k, k);
      if (g > best) {
        best = g;
        m_order = k - 1;
      }
    }
    if (k < m_maxOrder && m_history.realPoints >= k + 3) {
      const double g = gain(norm(m_history.backwardDifference(k + 2, h)) / (k + 2), k + 2);
      if (g > 1.2 * best) {
        best = g;
        m_order = k + 1;
      }
    }
  }
  double factor = std::min(0.9 * best, 2.0);
  const bool fixed = m_variant == Variant::FixedLeadingCoefficient;
  if (factor < 1.2 || (fixed && m_stepsSinceChange < k + 1))
    factor = 1.0;
  if (m_order != k)
    m_stepsAtOrder = 0;
  if (factor != 1.0)
    m_stepsSinceChange = 0;
  m_h = factor * h;
}

Status JointBdf::advanceTo(double tOut, ProgressMonitor* monitor, double endTime)
{
  const double eps = 1e-12 * std::max(1.0, std::abs(tOut));
  while (m_history.front().t < tOut - eps) {
    if (monitor && monitor->cancelRequested())
      return Status::failure(StatusCode::Cancelled, "dynamic analysis cancelled", {}, m_history.front().t);
    Status st = step(std::max(endTime, tOut));
    if (!st.ok())
      return st;
    if (monitor) {
      StepInfo info;
      info.time = m_history.front().t;
      info.endTime = endTime;
      info.stepSize = m_history.size() > 1 ? m_history[0].t - m_history[1].t : 0.0;
      info.order = m_lastOrder;
      info.steps = m_steps;
      info.rejectedSteps = m_rejected;
      info.newtonIterations = m_newtonIterations;
      info.jacobianEvaluations = m_jacobians;
      info.factorizations = m_factorizations;
      monitor->onStep(info);
    }
  }
  // The output from the history polynomial of the last step's order (dense output).
  Vec y;
  if (std::abs(m_history.front().t - tOut) <= eps) {
    y = m_history.front().y;
  } else {
    const int used = std::min(m_lastOrder + 1, static_cast<int>(m_history.size()));
    std::vector<double> nodes(used);
    for (int j = 0; j < used; ++j)
      nodes[j] = m_history[j].t;
    const std::vector<double> w = solver::detail::lagrangeWeights(nodes, tOut);
    y = Vec::Zero(m_history.front().y.size());
    for (int j = 0; j < used; ++j)
      y += w[j] * m_history[j].y;
    for (const Mobilizer& m : m_eq.tree().topology().mobilizers)
      if (m.kind == MobilizerKind::Spherical || m.kind == MobilizerKind::Free)
        normalizeCoordinates(m, y.data() + m.qOffset);
  }
  const int nq = m_eq.numCoordinates();
  m_tOut = tOut;
  m_qOut = y.head(nq);
  m_vOut = y.tail(y.size() - nq);
  return Status::success();
}

}  // namespace mbs::solver::dmbs
