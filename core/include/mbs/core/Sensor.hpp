#pragma once
// Adams' SENSOR in the model: an event on a function of the state and what the run does when it
// becomes true (docs/file-format.md, "sensors"; solver::Sensor). Not an entity: nothing refers to
// it; its name is unique among entities and data.
#include <string>

namespace mbs::core {

enum class SensorCompare { Equal, GreaterEqual, LessEqual };

struct Sensor {
  std::string name;
  std::string function;  // expression (SI, as force functions): measures, VARVAL, splines
  double value = 0.0;    // in the function's units
  double error = 1e-3;   // Adams' default
  SensorCompare compare = SensorCompare::Equal;
  bool halt = false;      // HALT: the run ends (a command file stops)
  bool stop = false;      // RETURN: the run ends (a command file goes on)
  bool print = false;     // PRINT: an output frame at the firing
  bool restart = false;   // RESTART: the integrator restarts at first order
  double stepSize = 0.0;  // STEPSIZE: > 0 the trial step after the firing [s]
  std::string evaluate;   // EVALUATE: its value at the firing is what SENVAL(name) reads; empty: none
  bool active = true;     // ACTIVATE / DEACTIVATE of command files
  std::string description;
  bool operator==(const Sensor&) const = default;
};

}  // namespace mbs::core
