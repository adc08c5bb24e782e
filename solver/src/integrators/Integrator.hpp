#pragma once
// Common interface of the time integrators. They work only on the Dae interface (as Project
// Chrono's timesteppers work on ChIntegrable) and keep statistics for progress reports.
#include <functional>
#include <string>
#include <vector>

#include "Dae.hpp"
#include "linalg/LinearSolver.hpp"
#include "mbs/solver/AnalysisSettings.hpp"  // Formulation: how the BDF integrators pose the DAE
#include "mbs/solver/Progress.hpp"
#include "mbs/solver/State.hpp"
#include "mbs/solver/Status.hpp"

namespace mbs::solver {

struct IntegratorOptions {
  double tolerance = 1e-6;  // error tolerance; local errors are kept below 0.1·tol·(1+|y|) per step
  double hmax = 0.0;        // largest step; 0 = no limit
  double hmin = 1e-12;      // smallest step before StepSizeTooSmall
  // Work bound of integrate(): steps (accepted + rejected) before the run stops, also when the
  // recent step size projects past it (docs/mbsolve.md, "Limits"); 0 = none.
  long maxSteps = 0;
  double hinit = 0.0;                          // first step; 0 = chosen from the initial accelerations
  int maxOrder = 0;                            // BDF: 1..6, ABAM: 1..12; 0 = 5 (BDF), 12 (ABAM)
  Formulation formulation = Formulation::SI2;  // BDF only; SI2 follows the tolerance, I3 does not
  double alpha = -0.3;                         // HHT: α in [−1/3, 0]
  int maxNewtonIterations = 6;
  bool fixedStep = false;  // step hinit without error control (tolerance still sets Newton accuracy)
  // BDF with fixedStep (CONSTANT_BDF): the order follows the error estimates (as GSTIFF chooses it)
  // instead of climbing to maxOrder; a step cut by a Newton failure returns to hinit at once.
  bool selectOrderAtFixedStep = false;
};

struct IntegratorStatistics {
  long steps = 0;          // accepted
  long rejectedSteps = 0;  // error test or Newton failures
  long newtonIterations = 0;
  long jacobianEvaluations = 0;
  long factorizations = 0;
};

// Where the last failure happened, for diagnostics (the analysis turns the row into a name).
struct IntegratorFailure {
  double time = 0.0;
  double stepSize = 0.0;
  double residual = 0.0;   // largest |residual| of the last Newton iteration
  int constraintRow = -1;  // row of Φ with the largest residual, −1 if not a constraint row
};

class Integrator {
public:
  Integrator(const Dae& dae, IntegratorOptions options);
  virtual ~Integrator() = default;
  Integrator(const Integrator&) = delete;
  Integrator& operator=(const Integrator&) = delete;

  virtual const char* name() const = 0;
  // Starts from a consistent state (q, q̇ satisfy Φ and its derivative; q̈, λ from the
  // equations of motion, see solveAccelerations).
  virtual Status initialize(const State& initial) = 0;
  // Takes one accepted step that does not go past tLimit.
  virtual Status step(double tLimit) = 0;
  // Whether interpolate() is accurate anywhere inside the last step (else output times are hit
  // exactly, which costs step-size changes).
  virtual bool hasDenseOutput() const { return true; }
  // q, q̇ at t in [previousTime(), time()]. Default: cubic Hermite from q, q̇ at both ends
  // (q̈ for the velocity's slope would not be more accurate for the I3 integrators).
  virtual void interpolate(double t, Vec& q, Vec& qd) const;
  virtual int order() const { return 0; }
  // Explicit integrators: what their step size says about stiffness (empty when nothing was seen),
  // added to a work-limit message.
  virtual std::string stiffnessNote() const { return {}; }
  // What to try when a run stops at the work limit without a stiffness finding (empty: nothing).
  virtual std::string workLimitHint() const { return {}; }

  // Starts again from the last accepted state at first order (a SENSOR's RESTART), with the trial
  // step h when h > 0 (its STEPSIZE), else the integrator's own first step.
  Status restart(double h = 0.0)
  {
    if (h > 0.0)
      m_options.hinit = h;
    const State s = m_state;
    return initialize(s);
  }

  const State& state() const { return m_state; }  // at the end of the last accepted step
  double time() const { return m_state.t; }
  double previousTime() const { return m_tPrevious; }
  double stepSize() const { return m_lastStep; }
  const IntegratorOptions& options() const { return m_options; }
  const IntegratorStatistics& statistics() const { return m_stats; }
  const IntegratorFailure& lastFailure() const { return m_failure; }
  const Dae& dae() const { return m_dae; }

protected:
  // Weighted RMS norm with weights 1/(tol (1 + |ref|)) over the first `count` entries.
  double weightedNorm(const Vec& v, const Vec& ref, int offset, int count) const;
  Status fail(StatusCode code, const std::string& what, double t, double h, const Vec* phi);
  // StepSizeTooSmall naming the minimum step (IntegratorOptions::hmin) and what to change.
  Status failBelowMinimumStep(double t, double h);
  // The trial step from the controller's `h` at time t: at most HMAX and, approaching a contact, at
  // most its damping ramp deep (`contactLimit`, Dae::contactStepLimit; not for fixed steps or below
  // HMIN); made to end exactly at tLimit when that is within 5 % beyond it (`clipped` says so).
  struct TrialStep {
    double h;
    bool clipped;
  };
  TrialStep boundedStep(double h, double t, double tLimit, double contactLimit) const;
  // Factors with m_linear and counts it.
  bool factorize(const SparseMat& A);
  // Subclasses call this with the old state just before accepting a step.
  void keepPrevious() { m_previous = m_state; }

  const Dae& m_dae;
  IntegratorOptions m_options;
  State m_state;
  double m_tPrevious = 0.0;
  State m_previous;  // state at m_tPrevious (for interpolation)
  double m_lastStep = 0.0;
  IntegratorStatistics m_stats;
  IntegratorFailure m_failure;
  LinearSolver m_linear;
};

// Solves [M Φ_qᵀ; Φ_q 0] [q̈; λ] = [Q; γ] at (t, q, q̇). Returns SingularJacobian when the
// matrix cannot be factored (redundant constraints, massless coordinates).
Status solveAccelerations(const Dae& dae, double t, const Vec& q, const Vec& qd, Vec& qdd, Vec& lambda,
                          LinearSolver& solver);

// Output hook of integrate(): called at every output time with the interpolated (or reached)
// positions and velocities; a failing status stops the run.
using OutputFunction = std::function<Status(double t, const Vec& q, const Vec& qd)>;

// Hook of integrate() called after every accepted step with the state at its end (the energy
// account of a dynamic run, dynamics/EnergyAccount.hpp); a failing status stops the run.
using AcceptedStepFunction = std::function<Status(const State& state)>;

// An event inside the last accepted step (a SENSOR firing), as the hook below reports it.
struct StepEvent {
  bool fired = false;
  double time = 0.0;      // in [previousTime(), time()] of the step
  bool output = false;    // an output frame at `time` (between the output times around it)
  bool stop = false;      // the run ends at `time`, after the frames up to it
  bool restart = false;   // Integrator::restart after the frames, from the step's end
  double stepSize = 0.0;  // its trial step (> 0)
};
// Hook of integrate() called after every accepted step (after `accepted`): the events inside the
// step in time order (several sensors may fire in one step; each acts at its own time).
using EventFunction = std::function<std::vector<StepEvent>(Integrator& integrator)>;

// Advances `integrator` (already initialized) through the output times (increasing, ≥ its time),
// calling `output` at each of them, `accepted`, `events` and ProgressMonitor::onStep after every
// accepted step and cancelRequested() before every step. Output times are reached exactly by
// integrators without dense output. An event that stops the run ends it with success at its time.
Status integrate(Integrator& integrator, const std::vector<double>& outputTimes, ProgressMonitor* monitor,
                 const OutputFunction& output, const AcceptedStepFunction& accepted = {},
                 const EventFunction& events = {});

}  // namespace mbs::solver
