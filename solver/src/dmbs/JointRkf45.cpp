#include "dmbs/JointRkf45.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>

namespace mbs::solver::dmbs {
namespace {

// Fehlberg's tableau.
constexpr double kC[6] = {0.0, 1.0 / 4, 3.0 / 8, 12.0 / 13, 1.0, 1.0 / 2};
constexpr double kA[6][5] = {{0, 0, 0, 0, 0},
                             {1.0 / 4, 0, 0, 0, 0},
                             {3.0 / 32, 9.0 / 32, 0, 0, 0},
                             {1932.0 / 2197, -7200.0 / 2197, 7296.0 / 2197, 0, 0},
                             {439.0 / 216, -8.0, 3680.0 / 513, -845.0 / 4104, 0},
                             {-8.0 / 27, 2.0, -3544.0 / 2565, 1859.0 / 4104, -11.0 / 40}};
constexpr double kB5[6] = {16.0 / 135, 0.0, 6656.0 / 12825, 28561.0 / 56430, -9.0 / 50, 2.0 / 55};
constexpr double kB4[6] = {25.0 / 216, 0.0, 1408.0 / 2565, 2197.0 / 4104, -1.0 / 5, 0.0};

}  // namespace

JointRkf45::JointRkf45(JointSpaceEquations& equations, double tolerance, double maxStep)
    : m_eq(equations), m_tolerance(tolerance), m_maxStep(maxStep)
{
}

void JointRkf45::initialize(double t, const Vec& q, const Vec& v)
{
  m_t = t;
  m_q = q;
  m_v = v;
  m_y.resize(q.size() + v.size());
  m_y << q, v;
  m_h = std::min(m_maxStep, 1e-3);
}

void JointRkf45::f(double t, const Vec& y, Vec& dy)
{
  const int nq = m_eq.numCoordinates(), nv = m_eq.numRates();
  m_qs = y.head(nq);
  m_vs = y.tail(nv);
  m_eq.derivative(t, m_qs, m_vs, m_qd, m_vd);
  dy.resize(nq + nv);
  dy << m_qd, m_vd;
  ++m_evaluations;
}

void JointRkf45::normalize(Vec& y) const
{
  // (the tree owns the coordinate layout)
  TreeDynamics& tree = m_eq.tree();
  for (const Mobilizer& m : tree.topology().mobilizers)
    normalizeCoordinates(m, y.data() + m.qOffset);
}

Status JointRkf45::advanceTo(double tEnd, ProgressMonitor* monitor, double endTime)
{
  const int n = static_cast<int>(m_y.size());
  const double hmin = 1e-12 * std::max(1.0, std::abs(tEnd));
  while (m_t < tEnd - hmin) {
    if (monitor && monitor->cancelRequested())
      return Status::failure(StatusCode::Cancelled, "dynamic analysis cancelled", {}, m_t);
    double h = std::min({m_h, m_maxStep, tEnd - m_t});
    const bool landing = h >= tEnd - m_t - hmin;
    f(m_t, m_y, m_k[0]);
    for (int s = 1; s < 6; ++s) {
      m_stage = m_y;
      for (int j = 0; j < s; ++j)
        if (kA[s][j] != 0.0)
          m_stage += (h * kA[s][j]) * m_k[j];
      f(m_t + kC[s] * h, m_stage, m_k[s]);
    }
    m_stage = m_y;
    double err = 0.0;
    for (int i = 0; i < n; ++i) {
      double high = 0.0, diff = 0.0;
      for (int s = 0; s < 6; ++s) {
        high += kB5[s] * m_k[s][i];
        diff += (kB5[s] - kB4[s]) * m_k[s][i];
      }
      m_stage[i] += h * high;
      const double scale = m_tolerance * (1.0 + std::abs(m_y[i]));
      err = std::max(err, std::abs(h * diff) / scale);
    }
    if (!std::isfinite(err)) {
      m_h = 0.25 * h;
      ++m_rejected;
      if (m_h < hmin)
        return Status::failure(StatusCode::StepSizeTooSmall,
                               "the joint-space equations gave a non-finite value (singular equations?)", {},
                               m_t);
      continue;
    }
    const double factor = err > 0.0 ? 0.9 * std::pow(err, -0.2) : 5.0;
    if (err <= 1.0) {
      m_t = landing ? tEnd : m_t + h;
      normalize(m_stage);
      m_y.swap(m_stage);
      ++m_steps;
      // A step shortened to land on an output time does not shrink the next one.
      if (!landing || factor < 1.0)
        m_h = h * std::clamp(factor, 0.2, 5.0);
      if (monitor) {
        StepInfo info;
        info.time = m_t;
        info.endTime = endTime;
        info.stepSize = h;
        info.order = 5;
        info.steps = m_steps;
        info.rejectedSteps = m_rejected;
        monitor->onStep(info);
      }
    } else {
      ++m_rejected;
      m_h = h * std::clamp(factor, 0.1, 0.9);
      if (m_h < hmin) {
        std::ostringstream msg;
        msg << "RKF45 on the joint coordinates: step size below " << hmin << " s (error " << err
            << " of the tolerance)";
        return Status::failure(StatusCode::StepSizeTooSmall, msg.str(), {}, m_t);
      }
    }
  }
  const int nq = m_eq.numCoordinates();
  m_q = m_y.head(nq);
  m_v = m_y.tail(m_y.size() - nq);
  return Status::success();
}

}  // namespace mbs::solver::dmbs
