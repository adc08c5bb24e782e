#include "CommandFileRun.hpp"

#include <algorithm>
#include <cmath>
#include <iostream>
#include <set>

#include "ResultTable.hpp"
#include "mbs/core/AdamsCommandFile.hpp"
#include "mbs/core/Compile.hpp"
#include "mbs/core/RequestOutputs.hpp"
#include "mbs/solver/DynamicAnalysis.hpp"
#include "mbs/solver/InitialConditions.hpp"
#include "mbs/solver/KinematicAnalysis.hpp"
#include "mbs/solver/StaticAnalysis.hpp"

namespace mbs::app {
namespace {

constexpr int kOk = 0, kAnalysisFailed = 1, kBadInput = 2;

void print(const core::Diagnostics& diagnostics, const char* kind)
{
  for (const auto& d : diagnostics)
    std::cerr << "mbsolve: " << kind << ": " << d.toString() << '\n';
}

solver::IntegratorType integratorType(core::Integrator i)
{
  switch (i) {
    case core::Integrator::Wstiff:
      return solver::IntegratorType::Wstiff;
    case core::Integrator::HhtAlpha:
      return solver::IntegratorType::Hht;
    case core::Integrator::Rkf45:
      return solver::IntegratorType::Rkf45;
    case core::Integrator::Gstiff:
      break;
  }
  return solver::IntegratorType::Gstiff;
}

// The dataset without the deactivated elements (and what depends on them: a motion on a
// deactivated joint, a coupler of it).
core::Model activeModel(const core::Model& full, const std::set<core::EntityRef>& inactive)
{
  core::Model model = full;
  for (const core::EntityRef& ref : inactive) {
    if (!model.contains(ref))
      continue;
    auto dependents = model.dependentsOf(ref);
    for (auto it = dependents.rbegin(); it != dependents.rend(); ++it)
      model.remove(*it);
    model.remove(ref);
  }
  return model;
}

// Single-frame analyses (static, initial conditions) at time t.
solver::Status runAtTime(const solver::System& system, core::AnalysisType type, double t,
                         solver::ResultStore& results)
{
  results.reset(solver::ResultLayout::fromModel(system.model()));
  solver::State state;
  state.t = t;
  solver::Status status = solver::solveInitialConditions(system, state);
  if (status.ok() && type == core::AnalysisType::Static)
    status = solver::solveStatics(system, state);
  if (status.ok())
    results.append(solver::computeFrame(system, state));
  results.finish(status);
  return status;
}

solver::Status runKinematicSpan(const solver::System& system, double start, double end, double step,
                                solver::ResultStore& results)
{
  results.reset(solver::ResultLayout::fromModel(system.model()));
  solver::State state;
  state.t = start;
  solver::Status status = solver::solveInitialConditions(system, state);
  if (status.ok()) {
    std::vector<double> times;
    const long count = std::lround(std::ceil((end - start) / step - 1e-9));
    for (long k = 0; k <= count; ++k)
      times.push_back(std::min(start + k * step, end));
    status = solver::runKinematics(system, state, times, [&](const solver::State& s) {
      results.append(solver::computeFrame(system, s));
      return solver::Status::success();
    });
  }
  results.finish(status);
  return status;
}

}  // namespace

int runCommandFile(const SolveOptions& options)
{
  const core::AdamsCommandFile acf =
      core::readAdamsCommandFile(options.modelPath, {.allowUnsupported = options.allowUnsupported});
  print(acf.dataset.warnings, "warning");
  print(acf.warnings, "warning");
  print(acf.dataset.errors, "error");
  print(acf.errors, "error");
  if (!acf.ok())
    return kBadInput;
  const core::Model& full = *acf.dataset.model;

  // The table has the columns of the whole dataset; a run without some element writes 0 there.
  core::CompileResult fullCompiled = core::compile(full);
  if (!fullCompiled.ok) {
    print(fullCompiled.diagnostics, "error");
    return kBadInput;
  }
  print(fullCompiled.diagnostics, "warning");
  if (const solver::Status valid = solver::System::validate(fullCompiled.model); !valid.ok()) {
    std::cerr << "mbsolve: error: " << valid.message << '\n';
    return kBadInput;
  }
  const core::RequestOutputs fullRequests(full, fullCompiled.map, fullCompiled.model);
  if (!fullRequests.ok()) {
    print(fullRequests.diagnostics(), "error");
    return kBadInput;
  }
  ResultTable table(solver::ResultLayout::fromModel(fullCompiled.model), fullRequests);
  const std::string outPath = options.outPath.empty() ? acf.outputName + ".csv" : options.outPath;

  core::AnalysisSettings settings = full.analysis;
  std::set<core::EntityRef> inactive;
  std::optional<solver::ResultFrame> last;  // where the previous SIMULATE ended
  bool changed = false;                     // elements (de)activated since then
  for (const core::AdamsCommand& command : acf.commands) {
    if (command.kind == core::AdamsCommand::Kind::Stop)
      break;
    if (command.kind == core::AdamsCommand::Kind::Settings) {
      settings = command.settings;
      continue;
    }
    if (command.kind != core::AdamsCommand::Kind::Simulate) {
      for (const auto& ref : command.elements) {
        if (command.kind == core::AdamsCommand::Kind::Deactivate)
          inactive.insert(ref);
        else
          inactive.erase(ref);
      }
      changed = true;
      continue;
    }
    const core::Model model = activeModel(full, inactive);
    core::CompileResult compiled = core::compile(model);
    if (!compiled.ok) {
      print(compiled.diagnostics, "error");
      return kBadInput;
    }
    if (last) {
      // Continue from where the previous SIMULATE ended (bodies are never deactivated); the
      // dataset's joint initial conditions were for its start.
      for (std::size_t k = 0; k < compiled.model.bodies.size() && k < last->bodies.size(); ++k) {
        auto& body = compiled.model.bodies[k];
        const auto& was = last->bodies[k];
        body.position = was.position;
        body.orientation = was.orientation;
        body.velocity = was.velocity;
        body.angularVelocity = was.angularVelocity;
      }
      compiled.model.jointInitialConditions.clear();
    }
    const solver::System system(std::move(compiled.model));
    const core::RequestOutputs requests(model, compiled.map, system.model());
    const double start = last ? last->state.t : 0.0;
    const double end = command.end ? *command.end : start + command.duration.value_or(0.0);
    const bool span =
        command.analysis == core::AnalysisType::Dynamic || command.analysis == core::AnalysisType::Kinematic;
    if (span && !(end > start)) {
      std::cerr << "mbsolve: error: " << options.modelPath << ":" << command.line
                << ": SIMULATE: END = " << end << " s is not after the current time " << start << " s\n";
      return kBadInput;
    }
    const double step = command.outputStep ? *command.outputStep
                        : command.steps    ? (end - start) / *command.steps
                                           : (end - start) / std::max(settings.outputSteps, 1);
    solver::ResultStore results;
    solver::Status status;
    if (command.analysis == core::AnalysisType::Dynamic) {
      solver::DynamicOptions o;
      o.startTime = start;
      o.endTime = end;
      o.outputStep = step;
      o.integrator = integratorType(settings.integrator);
      o.integratorOptions.tolerance = options.tolerance.value_or(settings.errorTolerance);
      o.integratorOptions.formulation =
          settings.formulation == core::Formulation::I3 ? solver::Formulation::I3 : solver::Formulation::SI2;
      o.integratorOptions.hmax = settings.maxStepSize > 0.0 ? settings.maxStepSize : step;
      o.solveInitialConditions = !last || changed;
      status = solver::runDynamics(system, o, nullptr, results);
    } else if (command.analysis == core::AnalysisType::Kinematic) {
      status = runKinematicSpan(system, start, end, step, results);
    } else {
      status = runAtTime(system, command.analysis, start, results);
    }
    // A span continuing the previous one starts at its last output: that row is there already.
    const bool repeats = span && table.rows() > 0 && results.size() > 0 &&
                         std::abs(results.frame(0).state.t - table.lastTime()) <= 1e-12 * std::max(1.0, end);
    table.append(results, requests, repeats ? 1 : 0);
    for (const auto& warning : status.warnings)
      std::cerr << "mbsolve: warning: " << warning << '\n';
    std::cerr << "mbsolve: " << options.modelPath << ":" << command.line << ": SIMULATE/"
              << core::toString(command.analysis) << " " << (status.ok() ? "finished" : "FAILED")
              << " at t = " << (results.size() ? results.frame(results.size() - 1).state.t : start) << " s, "
              << results.size() << " output frames\n";
    if (results.size() > 0)
      last = results.frame(results.size() - 1);
    changed = false;
    if (!status.ok()) {
      table.write(outPath);  // the frames up to the failure help find its cause
      std::cerr << "mbsolve: error: " << core::toString(command.analysis)
                << " analysis failed at t = " << status.time << ": " << status.message << '\n';
      return kAnalysisFailed;
    }
  }
  if (const auto written = table.write(outPath); !written.ok()) {
    std::cerr << "mbsolve: error: " << written.message << '\n';
    return kBadInput;
  }
  return kOk;
}

}  // namespace mbs::app
