#pragma once
// SENSORs of a dynamic run (Model::sensors): after every accepted step each active sensor's event
// is evaluated at the step's end; one that became true is located in the step by root finding on
// the integrator's interpolant (docs/solver-notes.md, "Sensors") and its actions are returned to
// integrate() as a StepEvent, one per sensor that fired in the step, in time order.
#include <string>
#include <vector>

#include "integrators/Integrator.hpp"
#include "mbs/solver/Model.hpp"
#include "mbs/solver/Status.hpp"

namespace mbs::solver {

class SensorMonitor {
public:
  explicit SensorMonitor(const Model& model);
  bool empty() const { return m_model.sensors.empty(); }
  // The events' truth at the start (a sensor true there has not become true: it does not fire).
  void start(double t, const Vec& q, const Vec& qd);
  std::vector<StepEvent> check(const Integrator& integrator);
  // "SENSOR 'S' fired at t = ... s" per firing, for the run's notes.
  const std::vector<std::string>& notes() const { return m_notes; }
  // Every firing so far, in time order.
  const std::vector<SensorFiring>& firings() const { return m_firings; }
  const std::string& stoppedBy() const { return m_stoppedBy; }
  bool halted() const { return m_halted; }

private:
  // >= 0 where the event is true.
  double margin(const Sensor& s, double t, const Vec& q, const Vec& qd) const;
  double function(const Sensor& s, double t, const Vec& q, const Vec& qd) const;

  const Model& m_model;
  std::vector<char> m_true;
  std::vector<std::string> m_notes;
  std::vector<SensorFiring> m_firings;
  std::string m_stoppedBy;
  bool m_halted = false;
};

}  // namespace mbs::solver
