#pragma once
// User functions reach the solver through these small interfaces, so the solver does not
// depend on the expression parser that core uses (muparser with the Adams functions).
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "mbs/solver/Types.hpp"

namespace mbs::solver {

// The load of one element (ground frame): the force and the torque about the marker it acts at.
struct ElementLoad {
  Vec3 force = Vec3::Zero();
  Vec3 torque = Vec3::Zero();
};

// Which list an element index refers to (Model::joints, Model::motions, Model::forces,
// Model::contacts). A contact between solids has no markers: its load on I's body is about I's
// centre of mass, and on J's body (onJ) the opposite force about J's.
enum class LoadElement { Joint, Motion, Force, Contact };

// Kinematic state as seen by a user force function (the Adams measure functions DX, VX, WZ, AX...
// are written on top of these). Marker indices are indices into Model::markers; kGround (-1)
// stands for the ground origin frame.
class StateView {
public:
  virtual ~StateView() = default;
  virtual double time() const = 0;
  virtual Vec3 position(int marker) const = 0;         // origin, ground frame
  virtual Mat3 orientation(int marker) const = 0;      // columns = marker axes in ground frame
  virtual Vec3 velocity(int marker) const = 0;         // origin velocity, ground frame
  virtual Vec3 angularVelocity(int marker) const = 0;  // ground frame
  // Accelerations are only available where the analysis has them (else zero).
  virtual Vec3 acceleration(int marker) const = 0;
  virtual Vec3 angularAcceleration(int marker) const = 0;
  // Element loads (Adams' JOINT, MOTION, SFORCE ... and FX ... TM functions), where the evaluation
  // has them: a solved frame's results. nullopt elsewhere (inside the equations of motion the
  // constraint reactions are unknowns, so force and motion functions may not read them).
  // The load of element `index` on its I marker's body at I, or (onJ) on its J marker's body at J.
  virtual std::optional<ElementLoad> elementLoad(LoadElement kind, int index, bool onJ) const
  {
    (void)kind, (void)index, (void)onJ;
    return std::nullopt;
  }
  // The I and J markers of element `index` and the first element of its group: an NFORCE's
  // entries (one per I marker, Model::forces) share their first; any other element is its own.
  // False where the evaluation has no loads or the index names none.
  virtual bool elementEnds(LoadElement kind, int index, int& i, int& j, int& first) const
  {
    (void)kind, (void)index, (void)i, (void)j, (void)first;
    return false;
  }
  // The net load at marker i of the elements acting between i and j (j = kGround: of all elements
  // acting at i), Adams' FX(i, j) ... TM(i, j).
  virtual std::optional<ElementLoad> markerLoad(int i, int j) const
  {
    (void)i, (void)j;
    return std::nullopt;
  }
  // First-order state k (Model::differentials, Adams' DIF) and its time derivative (DIF1), where the
  // evaluation has them; NaN elsewhere (the rate is an acceleration-level quantity: force, DIFF and
  // sensor functions, evaluated without the accelerations, may not read it).
  virtual double differential(int k) const
  {
    (void)k;
    return std::numeric_limits<double>::quiet_NaN();
  }
  virtual double differentialRate(int k) const
  {
    (void)k;
    return std::numeric_limits<double>::quiet_NaN();
  }
};

// One contact function (Adams IMPACT or BISTOP) as a StateFunction evaluated it: its penetration
// (> 0 in contact, minus the distance to the stop when free), the penetration's rate (> 0 when
// approaching or going deeper) and the penetration d over which its damping ramps up. Integrators
// use them to step onto a contact (Dae::contactStepLimit).
struct ContactSample {
  double penetration = 0.0;
  double rate = 0.0;
  double rampDepth = 0.0;
};

// A scalar that may depend on time and on the state (force magnitudes, GFORCE components).
class StateFunction {
public:
  virtual ~StateFunction() = default;
  virtual double evaluate(const StateView& state) const = 0;
  // Whether the function may call contact functions (then `contacts` reports them).
  virtual bool hasContacts() const { return false; }
  // The contact functions called by one evaluation at `state`, in call order (empty: none).
  virtual void contacts(const StateView& state, std::vector<ContactSample>& out) const
  {
    (void)state;
    out.clear();
  }
};

// A signal whose past a dynamic run records (Adams' DELAY(e_delayed, e_delay, e_history)):
// Model::recordedSignals lists them; the run evaluates each at the accepted state that starts every
// step (loads/SignalRecord.hpp) and DELAY reads the record through recordedValue.
class RecordedSignal {
public:
  virtual ~RecordedSignal() = default;
  virtual double value(const StateView& state) const = 0;
  // "DELAY in force 'F'": names it in messages.
  virtual std::string describe() const = 0;
};

// The value at time s (< t) of `signal`, interpolated in the record of the run in progress on this
// thread and `now`, its value at the state being evaluated at time t (so a delay shorter than the
// step is solved with the step, as the corrector solves any other function of the state).
// Adams' interpolation: order 6 (7 points nearest to s), not across a jump (|Δ| > 0.5 between two
// recorded points: linear there) or a corner (secants turning by more than π/8).
// nullopt where no run records (statics, kinematics, a frame evaluated after the run) or the
// signal is not recorded; NaN when s is before the record's first time (a continued run).
std::optional<double> recordedValue(const RecordedSignal& signal, double s, double t, double now);

// A function of time only (motions). Derivatives default to finite differences; override
// where they are known analytically.
class TimeFunction {
public:
  virtual ~TimeFunction() = default;
  virtual double value(double t) const = 0;
  virtual double derivative(double t, int order) const;  // order 1 or 2
};

// What the analysis evaluating a function is doing: Adams' MODE function (its numbers). Set per
// thread by the analyses (ScopedAnalysisMode); Dynamics outside any analysis.
enum class AnalysisMode {
  Kinematics = 1,
  InitialConditions = 3,
  Dynamics = 4,
  Statics = 5,
  QuasiStatics = 6,
  Linear = 7,
};
AnalysisMode currentAnalysisMode();
// Sets the mode for its lifetime and restores the one before (phases nest: a dynamic run's
// initial conditions).
class ScopedAnalysisMode {
public:
  explicit ScopedAnalysisMode(AnalysisMode mode);
  ~ScopedAnalysisMode();
  ScopedAnalysisMode(const ScopedAnalysisMode&) = delete;
  ScopedAnalysisMode& operator=(const ScopedAnalysisMode&) = delete;

private:
  AnalysisMode m_previous;
};

// A force, motion or VARIABLE function that gave NaN or infinity: the function wrappers report it
// (element "force 'F'", detail "function fx = '...'", the time), so that runAnalysis blames a
// failure on the element that produced the value, not on the equation the NaN reached. Recorded
// per thread (an analysis runs on one thread).
void reportNonFiniteFunction(const std::string& element, const std::string& detail, double time);

}  // namespace mbs::solver
