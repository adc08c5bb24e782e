#pragma once
// One running co-simulation plant: what an FMU instance is (fmu/binary wraps it in the FMI 2.0
// functions). The model's PINPUT VARIABLEs are held at the values the master sets (piecewise
// constant over a communication step); doStep integrates the dynamics from the last state over
// the step and the POUTPUT VARIABLEs are read at its end (docs/solver-notes.md, "Co-simulation FMU").
// Every failure is a message, never an exception out of this class's member functions.
#include <memory>
#include <optional>
#include <string>

#include "mbs/core/Model.hpp"
#include "mbs/fmu/PlantVariables.hpp"

namespace mbs::fmu {

class CoSimulationPlant {
public:
  // Reads a native model file; nullptr with `error` set when it cannot be read or is no plant.
  static std::unique_ptr<CoSimulationPlant> load(const std::string& modelPath, std::string& error);
  explicit CoSimulationPlant(core::Model model, PlantVariables variables);
  ~CoSimulationPlant();

  const std::vector<PlantVariable>& variables() const { return m_variables.variables; }

  // Each returns an empty string on success, else the reason.
  // Inputs at any time; parameters before initialize() (they are "fixed").
  std::string setReal(unsigned valueReference, double value);
  // Inputs and parameters: their values; outputs: at the current time (computing the initial
  // conditions first when needed, with the inputs and parameters as set).
  std::string getReal(unsigned valueReference, double& value);
  // The start time (before initialize()).
  std::string setStartTime(double time);
  // Ends initialization: compiles the model with the parameters as set and solves its initial
  // conditions with the inputs held (the state the first step starts from); parameters are fixed
  // from then on.
  std::string initialize();
  bool initialized() const { return m_initialized; }
  // Integrates from `time` (which must be the plant's current time: no rollback) to time + step.
  // A SENSOR that halts the run inside the step (HALT or RETURN) ends it there: the plant stays at
  // the firing time with its outputs evaluated, doStep returns "" and ended() says why (FMI's
  // fmi2Discard: the step was done only up to time()); a later step is refused.
  std::string doStep(double time, double step);
  const std::string& ended() const { return m_ended; }
  // Back to the state right after load(): start values, not initialized.
  void reset();
  double time() const { return m_time; }

private:
  struct Run;  // the compiled model, its held inputs and the last frame
  const PlantVariable* find(unsigned valueReference) const;
  std::string solveStart();  // the compiled model and its initial conditions, once
  std::string evaluateOutputs();

  core::Model m_original, m_model;
  PlantVariables m_variables;
  std::vector<double> m_values;  // per variable (index = value reference − 1)
  double m_startTime = 0.0, m_time = 0.0;
  std::unique_ptr<Run> m_run;
  bool m_initialized = false;
  std::string m_ended;  // why a SENSOR ended the run ("": it did not)
};

}  // namespace mbs::fmu
