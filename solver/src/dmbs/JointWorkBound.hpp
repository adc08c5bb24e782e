#pragma once
// The work bounds of the DMBS integrators (docs/mbsolve.md, "Limits"), as the absolute
// formulations' integrate() applies them: the step limit (accepted + rejected), the step count
// projected from the last 20,000 accepted steps, and the minimum step. It sits between the
// integrator and the run's progress monitor: it sees every accepted step (onStep) and, once a
// bound is passed, asks the integrator to stop (cancelRequested); the analysis then reports
// status() instead of a cancellation.
#include <functional>
#include <string>

#include "mbs/solver/Progress.hpp"
#include "mbs/solver/Status.hpp"

namespace mbs::solver::dmbs {

class JointWorkBound final : public ProgressMonitor {
public:
  static constexpr long kWindow = 20000;
  // maxSteps 0 = no step limit; minStep: an accepted step shorter than it (other than one landing
  // on an output time) stops the run. `hint` gives what to change (the explicit method's
  // stiffness finding, read when the bound is passed).
  JointWorkBound(ProgressMonitor* inner, long maxSteps, double minStep, double endTime,
                 std::function<std::string()> hint);

  // The output time the integrator is advancing to (steps landing on it may be short).
  void setTarget(double tOut) { m_target = tOut; }
  void onStep(const StepInfo& info) override;
  bool cancelRequested() const override;
  // Not ok once a bound was passed: StatusCode::ResourceLimit or StepSizeTooSmall with the message.
  const Status& status() const { return m_status; }

private:
  void stop(StatusCode code, const std::string& message, double t);

  ProgressMonitor* m_inner;
  long m_maxSteps;
  double m_minStep, m_endTime;
  std::function<std::string()> m_hint;
  double m_target = 0.0;
  long m_windowSteps = 0;
  double m_windowTime = 0.0;
  bool m_windowStarted = false;
  Status m_status;
};

}  // namespace mbs::solver::dmbs
