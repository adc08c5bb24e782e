#include "integrators/Rkf45.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <optional>

namespace mbs::solver {
namespace {

// Fehlberg's 4(5) pair; the 5th-order solution is propagated (local extrapolation).
constexpr std::array<double, 6> kC = {0.0, 0.25, 0.375, 12.0 / 13.0, 1.0, 0.5};
constexpr double kA[6][5] = {{0, 0, 0, 0, 0},
                             {0.25, 0, 0, 0, 0},
                             {3.0 / 32, 9.0 / 32, 0, 0, 0},
                             {1932.0 / 2197, -7200.0 / 2197, 7296.0 / 2197, 0, 0},
                             {439.0 / 216, -8.0, 3680.0 / 513, -845.0 / 4104, 0},
                             {-8.0 / 27, 2.0, -3544.0 / 2565, 1859.0 / 4104, -11.0 / 40}};
constexpr std::array<double, 6> kB5 = {16.0 / 135, 0.0, 6656.0 / 12825, 28561.0 / 56430, -9.0 / 50, 2.0 / 55};
constexpr std::array<double, 6> kB4 = {25.0 / 216, 0.0, 1408.0 / 2565, 2197.0 / 4104, -0.2, 0.0};

}  // namespace

Rkf45Integrator::Rkf45Integrator(const Dae& dae, IntegratorOptions options)
    : Integrator(dae, options), m_ode(dae, options.tolerance, m_stats)
{
}

Status Rkf45Integrator::evaluate(double t, const Vec& yI, const Vec& qGuess, Evaluation& out)
{
  Status st = m_ode.evaluate(t, yI, qGuess, out);
  return st.ok() ? st : fail(st.code, st.message, t, m_h, &m_ode.lastResidual());
}

Status Rkf45Integrator::initialize(const State& initial)
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
  const int n = m_dae.numCoordinates();
  if (m_options.hinit > 0.0) {
    m_h = m_options.hinit;
  } else {
    const double acc = weightedNorm(m_state.qdd, initial.q, 0, n);
    m_h = acc > 0.0 ? std::pow(1.0 / acc, 0.2) * 0.1 : 1e-3;
    m_h = std::clamp(m_h, 1e-8, 1e-2);
  }
  if (m_options.hmax > 0.0)
    m_h = std::min(m_h, m_options.hmax);
  return Status::success();
}

Status Rkf45Integrator::step(double tLimit)
{
  const double t = m_state.t;
  // Approaching contacts (IMPACT, BISTOP): the next step enters them at most their ramp depth.
  const double contactLimit = m_dae.contactStepLimit(t, m_state.q, m_state.qd);
  for (;;) {
    // Repartition at the accepted state when the dependent block degrades.
    if (m_ode.degraded(t, m_state.q)) {
      if (!m_ode.partition(t, m_state.q))
        return fail(StatusCode::SingularJacobian, "constraint Jacobian lost rank", t, m_h, nullptr);
      Status st = evaluate(t, m_ode.independentState(m_state.q, m_state.qd), m_state.q, m_current);
      if (!st.ok())
        return st;
    }
    const auto [h, clipped] = boundedStep(m_h, t, tLimit, contactLimit);
    if (h < m_options.hmin)
      return failBelowMinimumStep(t, h);

    const Vec y0 = m_ode.independentState(m_state.q, m_state.qd);
    std::array<Vec, 6> k;
    k[0] = m_current.yDot;
    Evaluation stage;
    bool stageFailed = false;
    Vec yStage4, yStage5;
    for (int s = 1; s < 6 && !stageFailed; ++s) {
      Vec y = y0;
      for (int j = 0; j < s; ++j)
        if (kA[s][j] != 0.0)
          y += h * kA[s][j] * k[j];
      stageFailed = !evaluate(t + kC[s] * h, y, m_state.q, stage).ok();
      k[s] = stage.yDot;
      if (s == 4)
        yStage4 = std::move(y);
      else if (s == 5)
        yStage5 = std::move(y);
    }
    if (stageFailed) {
      ++m_stats.rejectedSteps;
      m_h = 0.25 * h;
      continue;
    }
    Vec y5 = y0, dy = Vec::Zero(y0.size());
    for (int s = 0; s < 6; ++s) {
      y5 += h * kB5[s] * k[s];
      dy += h * (kB5[s] - kB4[s]) * k[s];
    }
    const double err = weightedNorm(dy, y0, 0, static_cast<int>(y0.size()));
    const double gain = err > 0.0 ? std::pow(err, -0.2) : 5.0;
    if (err > 1.0 && !m_options.fixedStep) {
      ++m_stats.rejectedSteps;
      m_h = h * std::clamp(0.9 * gain, 0.2, 0.9);
      continue;
    }
    Evaluation next;
    Status st = evaluate(t + h, y5, m_state.q, next);
    if (!st.ok()) {
      ++m_stats.rejectedSteps;
      m_h = 0.25 * h;
      continue;
    }
    const double stictionLimit = m_dae.stictionStepLimit(t + h, next.q, next.qd);
    if (stictionLimit < h && stictionLimit >= m_options.hmin && !m_options.fixedStep) {
      ++m_stats.rejectedSteps;  // a stiction breakaway: resolve it on its own time scale
      m_h = stictionLimit;
      continue;
    }
    m_current = std::move(next);
    keepPrevious();
    m_tPrevious = t;
    m_lastStep = h;
    m_state.t = t + h;
    m_state.q = m_current.q;
    m_state.qd = m_current.qd;
    m_state.qdd = m_current.qdd;
    m_state.lambda = m_current.lambda;
    m_dae.acceptStep(m_state.t, m_state.q);
    ++m_stats.steps;
    // (A step cut short to land on tLimit says nothing about the stability limit.)
    if (const double dy45 = (yStage5 - yStage4).norm(); dy45 > 0.0 && !m_options.fixedStep && !clipped) {
      const double rho = (k[5] - k[4]).norm() / dy45;
      // Fehlberg's stability region reaches about −3 on the real axis; 15 steps in a row as DOPRI5.
      m_stiffSteps = h * rho > 2.5 ? m_stiffSteps + 1 : 0;
      if (m_stiffSteps >= 15 && m_stiffSince < 0.0) {
        m_stiffSince = m_state.t;
        m_stiffRho = rho;
        m_stiffStep = h;
      }
    }
    const double next_h = m_options.fixedStep ? h : h * std::clamp(0.9 * gain, 0.2, 5.0);
    m_h = clipped ? std::max(m_h, next_h) : next_h;
    return Status::success();
  }
}

std::string Rkf45Integrator::stiffnessNote() const
{
  if (m_stiffSince < 0.0)
    return {};
  char buffer[400];
  std::snprintf(
      buffer, sizeof buffer,
      "stiffness detected at t = %.6g s: RKF45's step size is held at %.3g s by its stability limit "
      "(an eigenvalue of the model near %.3g 1/s, e.g. a stiff spring or contact), not by the "
      "tolerance; use GSTIFF (mbsolve --integrator gstiff, INTEGRATOR/GSTIFF in a command file)",
      m_stiffSince, m_stiffStep, m_stiffRho);
  return buffer;
}

std::string Rkf45Integrator::workLimitHint() const
{
  return "RKF45 is explicit: it follows every fast vibration of a stiff spring, contact or bushing with "
         "steps far "
         "below the output step; GSTIFF (mbsolve --integrator gstiff, INTEGRATOR/GSTIFF in a command file) "
         "takes such models in far fewer steps";
}

}  // namespace mbs::solver
