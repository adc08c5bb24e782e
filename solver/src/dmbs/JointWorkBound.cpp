#include "dmbs/JointWorkBound.hpp"

#include <cmath>
#include <cstdio>

namespace mbs::solver::dmbs {
namespace {

std::string text(double v)
{
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.6g", v);
  return buffer;
}

}  // namespace

JointWorkBound::JointWorkBound(ProgressMonitor* inner, long maxSteps, double minStep, double endTime,
                               std::function<std::string()> hint)
    : m_inner(inner), m_maxSteps(maxSteps), m_minStep(minStep), m_endTime(endTime), m_hint(std::move(hint))
{
}

void JointWorkBound::onStep(const StepInfo& step)
{
  StepInfo info = step;
  info.endTime = m_endTime;  // (the run's end, also when the steps land on each output time)
  if (m_inner)
    m_inner->onStep(info);
  if (!m_status.ok())
    return;
  const double t = info.time;
  const double eps = 1e-12 * std::max(1.0, std::abs(t));
  const bool landing = std::abs(t - m_target) <= eps || std::abs(t - m_endTime) <= eps;
  if (m_minStep > 0.0 && info.stepSize > 0.0 && info.stepSize < m_minStep && !landing) {
    stop(StatusCode::StepSizeTooSmall,
         "step size " + text(info.stepSize) + " s fell below the minimum step " + text(m_minStep) +
             " s (raise it or lower it with mbsolve --min-step; a step this short usually means an impact, "
             "a discontinuity or a stiff element the model does not resolve)",
         t);
    return;
  }
  if (m_maxSteps <= 0)
    return;
  const long taken = info.steps + info.rejectedSteps;
  if (taken >= m_maxSteps) {
    stop(StatusCode::ResourceLimit,
         "work limit: the step limit of " + std::to_string(m_maxSteps) +
             " steps (accepted and rejected) was reached at t = " + text(t) + " s of " + text(m_endTime) +
             " s",
         t);
    return;
  }
  if (!m_windowStarted) {
    m_windowStarted = true;
    m_windowSteps = info.steps;
    m_windowTime = t;
    return;
  }
  if (info.steps - m_windowSteps < kWindow)
    return;
  const double perStep = (t - m_windowTime) / double(info.steps - m_windowSteps);
  const double projected = double(taken) + (m_endTime - t) / perStep;
  if (!(perStep > 0.0) || !(projected <= double(m_maxSteps))) {
    stop(StatusCode::ResourceLimit,
         "work limit: at t = " + text(t) + " s the step size has averaged " + text(perStep) +
             " s over the last " + std::to_string(kWindow) + " steps: the remaining " + text(m_endTime - t) +
             " s would take about " + text(projected) + " steps, more than the step limit of " +
             std::to_string(m_maxSteps),
         t);
    return;
  }
  m_windowSteps = info.steps;
  m_windowTime = t;
}

bool JointWorkBound::cancelRequested() const
{
  return !m_status.ok() || (m_inner && m_inner->cancelRequested());
}

void JointWorkBound::stop(StatusCode code, const std::string& message, double t)
{
  std::string full = message;
  if (const std::string hint = m_hint ? m_hint() : std::string(); !hint.empty())
    full += "; " + hint;
  if (code == StatusCode::ResourceLimit)
    full +=
        " (steps far below the output step usually mean an impact, a discontinuity or a stiff element the "
        "model "
        "does not resolve; if the steps are really needed, raise the maximum steps setting, mbsolve "
        "--max-steps)";
  m_status = Status::failure(code, std::move(full), {}, t);
}

}  // namespace mbs::solver::dmbs
