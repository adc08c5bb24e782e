#include "mbs/fmu/CoSimulationPlant.hpp"

#include <cmath>
#include <exception>
#include <sstream>

#include "mbs/core/Compile.hpp"
#include "mbs/core/FrameView.hpp"
#include "mbs/core/ModelFile.hpp"
#include "mbs/core/Parameters.hpp"
#include "mbs/core/SolverSettings.hpp"
#include "mbs/solver/Analysis.hpp"

namespace mbs::fmu {

namespace {

std::string number(double v)
{
  std::ostringstream out;
  out.precision(17);
  out << v;
  return out.str();
}

std::string joined(const core::Diagnostics& diagnostics)
{
  std::string out;
  for (const auto& d : diagnostics)
    out += (out.empty() ? "" : "; ") + d.toString();
  return out;
}

}  // namespace

struct CoSimulationPlant::Run {
  core::CompileResult compiled;
  solver::AnalysisSettings settings;  // the model's, as a dynamic run
  solver::ResultFrame last;           // where the plant is
};

std::unique_ptr<CoSimulationPlant> CoSimulationPlant::load(const std::string& modelPath, std::string& error)
{
  try {
    core::LoadResult loaded = core::loadModel(modelPath);
    if (!loaded.ok()) {
      error = "cannot read the plant's model '" + modelPath + "': " + joined(loaded.errors);
      return nullptr;
    }
    PlantVariables variables = plantVariables(*loaded.model);
    if (!variables.ok()) {
      error = modelPath + ": " + variables.error;
      return nullptr;
    }
    return std::make_unique<CoSimulationPlant>(std::move(*loaded.model), std::move(variables));
  } catch (const std::exception& e) {
    error = "cannot read the plant's model '" + modelPath + "': " + e.what();
    return nullptr;
  }
}

CoSimulationPlant::CoSimulationPlant(core::Model model, PlantVariables variables)
    : m_original(std::move(model)), m_model(m_original), m_variables(std::move(variables))
{
  reset();
}

CoSimulationPlant::~CoSimulationPlant() = default;

void CoSimulationPlant::reset()
{
  m_model = m_original;
  m_values.clear();
  for (const PlantVariable& v : m_variables.variables)
    m_values.push_back(v.start);
  m_run.reset();
  m_initialized = false;
  m_ended.clear();
  m_startTime = m_time = 0.0;
}

const PlantVariable* CoSimulationPlant::find(unsigned valueReference) const
{
  if (valueReference == 0 || valueReference > m_variables.variables.size())
    return nullptr;
  return &m_variables.variables[valueReference - 1];
}

std::string CoSimulationPlant::setReal(unsigned valueReference, double value)
{
  const PlantVariable* v = find(valueReference);
  if (!v)
    return "no variable has value reference " + std::to_string(valueReference);
  if (!std::isfinite(value))
    return "'" + v->name + "': the value " + number(value) + " is not a finite number";
  switch (v->causality) {
    case Causality::Output:
      return "'" + v->name + "' is an output (POUTPUT): the plant computes it, it cannot be set";
    case Causality::Parameter:
      if (m_initialized)
        return "parameter '" + v->name +
               "' is fixed: set it before fmi2ExitInitializationMode (or after fmi2Reset); changing it "
               "needs new initial conditions";
      m_values[valueReference - 1] = value;
      m_run.reset();  // compiled with the old value
      return {};
    case Causality::Input:
      m_values[valueReference - 1] = value;
      if (m_run)  // held from now on (the next step, and outputs that read the input directly)
        m_run->compiled.plantInputs[v->port].inputs[v->signal]->hold(value);
      if (!m_initialized)
        m_run.reset();  // the initial conditions are solved again with the new input
      return {};
  }
  return {};
}

std::string CoSimulationPlant::getReal(unsigned valueReference, double& value)
{
  const PlantVariable* v = find(valueReference);
  if (!v)
    return "no variable has value reference " + std::to_string(valueReference);
  if (v->causality != Causality::Output) {
    value = m_values[valueReference - 1];
    return {};
  }
  if (!m_run)  // an output asked for before the start: the initial conditions give it
    if (std::string error = solveStart(); !error.empty())
      return error;
  value = m_values[valueReference - 1];
  return {};
}

std::string CoSimulationPlant::setStartTime(double time)
{
  if (m_initialized)
    return "the start time is set before initialization";
  if (!std::isfinite(time))
    return "the start time " + number(time) + " is not a finite number";
  m_startTime = m_time = time;
  m_run.reset();
  return {};
}

std::string CoSimulationPlant::initialize()
{
  std::string error = solveStart();
  m_initialized = error.empty();
  return error;
}

std::string CoSimulationPlant::solveStart()
{
  if (m_run)
    return {};
  try {
    // Parameters as set, then every field bound to them.
    m_model = m_original;
    for (std::size_t k = 0; k < m_variables.variables.size(); ++k)
      if (m_variables.variables[k].causality == Causality::Parameter)
        m_model.parameters[m_variables.variables[k].parameter].value = m_values[k];
    if (const core::Diagnostics bad = core::applyBindings(m_model); !bad.empty())
      return "the parameters as set do not give a valid model: " + joined(bad);
    auto run = std::make_unique<Run>();
    run->compiled = core::compile(m_model);
    if (!run->compiled.ok)
      return "the model does not compile: " + joined(run->compiled.diagnostics);
    if (const solver::Status valid = solver::validateModel(run->compiled.model); !valid.ok())
      return "the model is not valid: " + valid.message;
    for (const solver::PlantPort& port : run->compiled.plantInputs)
      if (!port.refusal.empty())  // (a motion reading it: inputs act through forces)
        return "plant input '" + port.name + "' cannot be an FMU input: " + port.refusal;
    for (const PlantVariable& v : m_variables.variables) {
      if (v.causality == Causality::Input)
        run->compiled.plantInputs[v.port].inputs[v.signal]->hold(m_values[v.valueReference - 1]);
      if (v.causality == Causality::Output && !run->compiled.plantOutputs[v.port].outputs[v.signal])
        return "plant output '" + run->compiled.plantOutputs[v.port].name +
               "': " + run->compiled.plantOutputs[v.port].refusal;
    }
    run->settings = core::toSolverSettings(m_model.analysis);
    run->settings.kind = solver::AnalysisKind::InitialConditions;
    run->settings.startTime = m_startTime;
    solver::ResultStore results;
    const solver::AnalysisOutcome outcome =
        solver::runAnalysis(run->compiled.model, run->settings, nullptr, results);
    if (!outcome.status.ok() || results.size() == 0)
      return "the initial conditions at t = " + number(m_startTime) +
             " s have no solution: " + outcome.status.message;
    run->last = results.frame(results.size() - 1);
    run->settings.kind = solver::AnalysisKind::Dynamic;
    run->settings.solveInitialConditions = false;  // each step goes on from the last frame
    m_run = std::move(run);
    m_time = m_startTime;
    return evaluateOutputs();
  } catch (const std::exception& e) {
    m_run.reset();
    return std::string("internal error while initializing: ") + e.what();
  }
}

std::string CoSimulationPlant::evaluateOutputs()
{
  const core::FrameView view(m_run->compiled.model, m_run->last);
  for (std::size_t k = 0; k < m_variables.variables.size(); ++k) {
    const PlantVariable& v = m_variables.variables[k];
    if (v.causality != Causality::Output)
      continue;
    const double value = m_run->compiled.plantOutputs[v.port].outputs[v.signal]->evaluate(view);
    if (!std::isfinite(value))
      return "output '" + v.name + "' is not a finite number at t = " + number(m_run->last.state.t) + " s";
    m_values[k] = value;
  }
  return {};
}

std::string CoSimulationPlant::doStep(double time, double step)
{
  if (!m_initialized || !m_run)
    return "doStep before the end of initialization (fmi2ExitInitializationMode)";
  if (!m_ended.empty())
    return "the run has ended: " + m_ended;
  if (!(step > 0.0) || !std::isfinite(step))
    return "the communication step " + number(step) + " s is not a positive number";
  if (std::abs(time - m_time) > 1e-9 * std::max(1.0, std::abs(m_time)))
    return "doStep from t = " + number(time) + " s, but the plant is at t = " + number(m_time) +
           " s (it cannot go back: no rollback, and steps follow each other)";
  try {
    solver::Model model = m_run->compiled.model;  // (its functions share the held inputs)
    solver::continueFrom(model, m_run->last);
    solver::AnalysisSettings settings = m_run->settings;
    settings.startTime = m_time;
    settings.endTime = m_time + step;
    settings.outputStep = step;
    solver::ResultStore results;
    results.setRetention(1);
    const solver::AnalysisOutcome outcome = solver::runAnalysis(model, settings, nullptr, results);
    const solver::Status& status = outcome.status;
    if (!status.stoppedBySensor.empty() && status.ok() && results.size() > 0) {
      m_run->last = results.frame(results.size() - 1);
      m_ended = "SENSOR '" + status.stoppedBySensor +
                "' ended the run at t = " + number(m_run->last.state.t) + " s, inside the step from " +
                number(m_time) + " s to " + number(m_time + step) + " s";
      m_time = m_run->last.state.t;
      return evaluateOutputs();
    }
    if (!status.ok() || results.size() == 0)
      return "the step from t = " + number(m_time) + " s to " + number(m_time + step) +
             " s failed: " + status.message;
    m_run->last = results.frame(results.size() - 1);
    m_time = settings.endTime;
    return evaluateOutputs();
  } catch (const std::exception& e) {
    return "internal error in the step from t = " + number(m_time) + " s: " + e.what();
  }
}

}  // namespace mbs::fmu
