#pragma once
// Qt-free progress and cancel interface between a long analysis and whoever runs it
// (a worker QThread in the GUI, the terminal in mbsolve). Solver code never blocks on it.
#include <atomic>

namespace mbs::solver {

// What a long run is doing when it reports (the GUI shows it with its progress and estimate).
enum class Phase {
  Assembly,  // initial conditions: Newton iterations of the assembly (steps = iterations so far)
  Statics,   // static equilibrium: Newton iterations (steps = iterations so far)
  Steps,     // integration (or kinematic output times): steps = accepted steps
};

struct StepInfo {
  Phase phase = Phase::Steps;
  double time = 0.0;      // simulated time reached
  double endTime = 0.0;   // simulated end time of the analysis
  double stepSize = 0.0;  // last accepted step size
  int order = 0;          // integrator order used for the last step (0 if not applicable)
  long steps = 0;         // accepted steps so far
  long rejectedSteps = 0;
  long newtonIterations = 0;
  long jacobianEvaluations = 0;
  long factorizations = 0;
};

class ProgressMonitor {
public:
  virtual ~ProgressMonitor() = default;
  // Called after every accepted step (or Newton iteration of the assembly and statics, see
  // StepInfo::phase); must be cheap and must not block.
  virtual void onStep(const StepInfo& info) { (void)info; }
  // Polled at least once per step and per Newton iteration of the assembly and statics; returning
  // true ends the analysis with StatusCode::Cancelled.
  virtual bool cancelRequested() const { return false; }
};

// Convenience monitor backed by an atomic flag, usable from any thread.
class CancelFlag : public ProgressMonitor {
public:
  void requestCancel() { m_cancel.store(true, std::memory_order_relaxed); }
  bool cancelRequested() const override { return m_cancel.load(std::memory_order_relaxed); }

private:
  std::atomic<bool> m_cancel{false};
};

}  // namespace mbs::solver
