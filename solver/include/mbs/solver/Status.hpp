#pragma once
// Outcome of an analysis: expected failures are statuses with diagnostics, not exceptions.
#include <string>
#include <vector>

namespace mbs::solver {

enum class StatusCode {
  Ok,
  BadInput,              // the model contradicts itself (e.g. a joint on a body index out of range)
  NoConvergence,         // Newton did not converge (assembly, corrector, statics)
  SingularJacobian,      // the linear system could not be factored
  RedundantConstraints,  // reported when redundancy could not be handled
  StepSizeTooSmall,      // integrator error control failed
  Cancelled,             // ProgressMonitor::cancelRequested() returned true
  ResourceLimit,         // a work bound (AnalysisSettings::maxSteps) or the memory ran out
  Implausible,           // the state or the energy balance passed a plausibility bound (maxSpeed, …)
};

// One firing of a SENSOR in a dynamic run: the sensor's name and the located time of the firing.
struct SensorFiring {
  std::string sensor;
  double time = 0.0;
  bool operator==(const SensorFiring&) const = default;
};

struct Status {
  StatusCode code = StatusCode::Ok;
  std::string message;                // human readable, names the entity: "joint 'crank_pin': ..."
  std::string entity;                 // name of the model entity involved, empty if none
  double time = 0.0;                  // simulated time at which the failure happened
  std::vector<std::string> warnings;  // non-fatal diagnostics (e.g. redundant equations removed)
  std::vector<std::string> notes;     // what the run chose, for its log (e.g. the DMBS cut joints)
  // A SENSOR ended the run early (HALT or RETURN) at `time`: its name, and whether it was HALT (a
  // command file stops) rather than RETURN (it goes on). Empty: the run reached its end time.
  std::string stoppedBySensor;
  bool halted = false;
  // Every firing of a SENSOR in the run, in time order (the plots mark them on the time axis).
  std::vector<SensorFiring> sensorFirings;

  bool ok() const { return code == StatusCode::Ok; }
  static Status success() { return {}; }
  static Status failure(StatusCode code, std::string message, std::string entity = {}, double time = 0.0)
  {
    Status s;
    s.code = code;
    s.message = std::move(message);
    s.entity = std::move(entity);
    s.time = time;
    return s;
  }
};

const char* toString(StatusCode code);

}  // namespace mbs::solver
