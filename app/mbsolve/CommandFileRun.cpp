#include "CommandFileRun.hpp"

#include <iomanip>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <iostream>
#include <memory>
#include <optional>
#include <set>
#include <sstream>
#include <string>

#include "StateMatrixFiles.hpp"
#include "StopSignals.hpp"
#include "mbs/core/AdamsCommandFile.hpp"
#include "mbs/core/AtomicFile.hpp"
#include "mbs/core/Compile.hpp"
#include "mbs/core/ModelNotes.hpp"
#include "mbs/core/RequestOutputs.hpp"
#include "mbs/core/ResultTable.hpp"
#include "mbs/core/SolverSettings.hpp"
#include "mbs/solver/Analysis.hpp"
#include "mbs/solver/Plant.hpp"

namespace mbs::app {
namespace {

constexpr int kOk = 0, kAnalysisFailed = 1, kBadInput = 2;

std::string number(double v)
{
  std::ostringstream out;
  out << v;
  return out.str();
}

void print(const core::Diagnostics& diagnostics, const char* kind)
{
  for (const auto& d : diagnostics)
    std::cerr << "mbsolve: " << kind << ": " << d.toString() << '\n';
}

// LINEAR/EIGENSOL or LINEAR/STATEMAT about the static equilibrium where the SIMULATE/STATICS before
// it (one equilibrium, or a quasi-static series: its last) left the model: the modes on stdout, the state
// matrices in FILE's files.
int runLinearCommand(const core::AdamsCommand& command, const core::AdamsCommandFile& acf,
                     const core::Model& model, const std::optional<solver::ResultFrame>& last,
                     const core::AnalysisSettings& settings)
{
  const std::string where = command.file + ":" + std::to_string(command.line) + ": " + command.label;
  core::CompileResult compiled = core::compile(model);
  if (!compiled.ok) {
    print(compiled.diagnostics, "error");
    return kBadInput;
  }
  if (last)
    solver::continueFrom(compiled.model, *last);
  core::AnalysisSettings linear = settings;
  linear.type = core::AnalysisType::Static;
  solver::AnalysisSettings run = core::toSolverSettings(linear);
  run.kind = solver::AnalysisKind::Linear;
  run.startTime = last ? last->state.t : 0.0;
  solver::StateMatrixRequest request;
  request.lengthUnit = acf.dataset.units.length;
  request.timeUnit = acf.dataset.units.time;
  const auto portIndex = [](const std::vector<core::PlantPort>& ports, const std::string& name) {
    for (std::size_t k = 0; k < ports.size(); ++k)
      if (ports[k].name == name)
        return int(k);
    return -1;
  };
  if (const int k = portIndex(model.plantInputs, command.plantInput); k >= 0)
    request.input = &compiled.plantInputs[std::size_t(k)];
  if (const int k = portIndex(model.plantOutputs, command.plantOutput); k >= 0)
    request.output = &compiled.plantOutputs[std::size_t(k)];
  solver::ResultStore results;
  solver::StateMatrices matrices;
  const solver::AnalysisOutcome outcome =
      command.stateMatrices ? solver::runAnalysis(compiled.model, run, nullptr, results, request, matrices)
                            : solver::runAnalysis(compiled.model, run, nullptr, results);
  for (const auto& warning : outcome.status.warnings)
    std::cerr << "mbsolve: warning: " << warning << '\n';
  if (!outcome.status.ok()) {
    std::cerr << "mbsolve: error: " << where << " failed: " << outcome.status.message << '\n';
    return outcome.status.code == solver::StatusCode::BadInput ? kBadInput : kAnalysisFailed;
  }
  if (command.eigenSolution) {
    std::cout << "# " << where << ": linear analysis about the static equilibrium at t = " << run.startTime
              << " s: " << outcome.modes.size() << " modes, " << outcome.linearDegreesOfFreedom
              << " degrees of freedom\n"
              << "mode,real,imag,frequency_hz,damping_ratio\n"
              << std::setprecision(10);
    int index = 1;
    for (const auto& mode : outcome.modes)
      std::cout << index++ << ',' << mode.eigenvalue.real() << ',' << mode.eigenvalue.imag() << ','
                << mode.naturalFrequency << ',' << mode.dampingRatio + 0.0 << '\n';
    std::cerr << "mbsolve: " << where << " finished: " << outcome.modes.size() << " modes\n";
    return kOk;
  }
  const std::string prefix = stateMatrixPrefix(command.matrixFile);
  const std::string units = stateUnitsText(request.lengthUnit, request.timeUnit);
  if (const auto error = writeStateMatrices(
          matrices, prefix,
          "state matrices of " + acf.datasetPath + " (" + where +
              ") about its static equilibrium at t = " + number(run.startTime) + " s (mbsolve)",
          units)) {
    std::cerr << "mbsolve: error: " << *error << '\n';
    return kBadInput;
  }
  std::cerr << "mbsolve: " << where << " finished: " << matrices.states.size() << " states, "
            << matrices.inputs.size() << " inputs, " << matrices.outputs.size() << " outputs (" << units
            << ") in " << prefix << "_A.csv ... " << prefix << ".m\n";
  return kOk;
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
  if (const solver::Status valid = solver::validateModel(fullCompiled.model); !valid.ok()) {
    std::cerr << "mbsolve: error: " << options.modelPath << ": " << valid.message << '\n';
    return kBadInput;
  }
  if (!options.quiet)
    if (const auto dof = core::degreesOfFreedomNote(full))
      std::cerr << "mbsolve: note: " << acf.datasetPath << ": " << *dof << '\n';
  const core::RequestOutputs fullRequests(full, fullCompiled.map, fullCompiled.model);
  if (!fullRequests.ok()) {
    print(fullRequests.diagnostics(), "error");
    return kBadInput;
  }
  std::optional<core::DerivedOutputs> fullDerived;
  if (options.derived)
    fullDerived.emplace(full, fullCompiled.map);
  core::ResultTable table(solver::ResultLayout::fromModel(fullCompiled.model), fullRequests,
                          fullDerived ? &*fullDerived : nullptr);
  const std::string outPath = options.outPath.empty() ? acf.outputName + ".csv" : options.outPath;
  // Rows go to outPath.partial as they come (a killed run leaves them there); it replaces outPath
  // when the run ends.
  core::AtomicFileWriter file(outPath, outPath + ".partial");
  if (!file.isOpen()) {
    std::cerr << "mbsolve: error: cannot open result file '" << outPath << ".partial' for writing\n";
    return kBadInput;
  }
  table.streamTo(file.stream());

  // Ctrl-C or SIGTERM: the rows so far go to outPath all the same (a loadable CSV) and
  // outPath.partial says where the command file stopped, as for a single run (main.cpp).
  const auto interrupted = [&](const std::string& where, double time) {
    const int signal = stopSignal();
    std::ostringstream reason;
    reason << "interrupted by " << signalName(signal) << " at t = " << time << " s in " << where;
    if (const auto error = file.commit()) {
      std::cerr << "mbsolve: error: " << *error << '\n';
      return kBadInput;
    }
    std::ofstream(outPath + ".partial", std::ios::trunc)
        << "partial: " << reason.str() << "; " << table.rows() << " frames in " << outPath << '\n';
    std::cerr << "mbsolve: error: command file " << reason.str() << "; the " << table.rows()
              << " frames so far are in " << outPath << " (partial: see " << outPath << ".partial)\n";
    return 128 + signal;
  };

  core::AnalysisSettings settings = full.analysis;
  std::shared_ptr<const core::Model> current;  // after the redefinitions so far (null: the dataset)
  std::set<core::EntityRef> inactive;
  std::set<std::string> inactiveSensors;
  std::optional<solver::ResultFrame> last;         // where the previous SIMULATE ended
  bool changed = false;                            // elements (de)activated since then
  std::optional<core::AnalysisType> lastAnalysis;  // of the previous SIMULATE
  for (const core::AdamsCommand& command : acf.commands) {
    if (stopSignal())
      return interrupted(command.file + ":" + std::to_string(command.line) + " (before it)",
                         last ? last->state.t : 0.0);
    if (command.kind == core::AdamsCommand::Kind::Stop)
      break;
    if (command.kind == core::AdamsCommand::Kind::Settings) {
      settings = command.settings;
      continue;
    }
    if (command.kind == core::AdamsCommand::Kind::Redefine) {
      current = command.model;
      changed = changed || command.constraintsChanged;
      continue;
    }
    if (command.kind == core::AdamsCommand::Kind::Linear) {
      // Adams linearizes where the model is; mbsolve about a static equilibrium only (a quasi-static
      // series ends in one, at its end time).
      if (!lastAnalysis ||
          (*lastAnalysis != core::AnalysisType::Static && *lastAnalysis != core::AnalysisType::QuasiStatic)) {
        std::cerr << "mbsolve: error: " << command.file << ":" << command.line << ": " << command.label
                  << ": mbsolve linearizes about a static equilibrium only: put SIMULATE/STATICS before it "
                  << (lastAnalysis ? "(it follows a SIMULATE/" + std::string(core::toString(*lastAnalysis)) +
                                         ", whose end state is not an equilibrium)"
                                   : "(no simulation comes before it)")
                  << '\n';
        file.commit();
        return kBadInput;
      }
      const core::Model model = core::withoutInactive(current ? *current : full, inactive, inactiveSensors);
      if (const int rc = runLinearCommand(command, acf, model, last, settings); rc != kOk) {
        file.commit();
        return rc;
      }
      continue;
    }
    if (command.kind != core::AdamsCommand::Kind::Simulate) {
      for (const auto& ref : command.elements) {
        if (command.kind == core::AdamsCommand::Kind::Deactivate)
          inactive.insert(ref);
        else
          inactive.erase(ref);
      }
      for (const auto& sensor : command.sensors) {
        if (command.kind == core::AdamsCommand::Kind::Deactivate)
          inactiveSensors.insert(sensor);
        else
          inactiveSensors.erase(sensor);
      }
      changed = changed || !command.elements.empty();  // sensors change no constraint
      continue;
    }
    const core::Model model = core::withoutInactive(current ? *current : full, inactive, inactiveSensors);
    core::CompileResult compiled = core::compile(model);
    if (!compiled.ok) {
      print(compiled.diagnostics, "error");
      return kBadInput;
    }
    // Continue from where the previous SIMULATE ended (bodies are never deactivated).
    if (last)
      solver::continueFrom(compiled.model, *last);
    const solver::Model& solverModel = compiled.model;
    const core::RequestOutputs requests(model, compiled.map, solverModel);
    std::optional<core::DerivedOutputs> derived;
    if (options.derived)
      derived.emplace(model, compiled.map);
    const double start = last ? last->state.t : 0.0;
    const double end = command.end ? *command.end : start + command.duration.value_or(0.0);
    // SIMULATE/STATICS with END= or DURATION= was read as Adams' quasi-static analysis: an
    // equilibrium at each output time (time-dependent motions and forces at their values then).
    const bool quasiStatic = command.analysis == core::AnalysisType::QuasiStatic;
    const bool span = command.analysis == core::AnalysisType::Dynamic ||
                      command.analysis == core::AnalysisType::Kinematic || quasiStatic;
    if (span && !(end > start)) {
      std::cerr << "mbsolve: error: " << command.file << ":" << command.line << ": SIMULATE: END = " << end
                << " s is not after the current time " << start << " s\n";
      return kBadInput;
    }
    const double step = command.outputStep ? *command.outputStep
                        : command.steps    ? (end - start) / *command.steps
                                           : (end - start) / std::max(settings.outputSteps, 1);
    core::AnalysisSettings simulate = settings;
    simulate.type = command.analysis;
    solver::AnalysisSettings run = core::toSolverSettings(simulate);
    run.startTime = start;
    run.endTime = end;
    run.outputStep = step;
    run.tolerance = options.tolerance.value_or(settings.errorTolerance);
    if (options.maxFrames)
      run.maxOutputFrames = std::size_t(*options.maxFrames);
    if (options.maxSteps)
      run.maxSteps = long(*options.maxSteps);
    if (options.minStep)
      run.minStep = *options.minStep;
    if (options.maxSpeed)
      run.maxSpeed = *options.maxSpeed;
    if (options.maxEnergyError)
      run.maxEnergyError = *options.maxEnergyError;
    // A dynamic run after another with the same elements starts from its end state as it is; after
    // an (de)activation that state no longer satisfies the constraints and is assembled again.
    run.solveInitialConditions = !last || changed;
    if (const solver::Status grid = solver::checkOutputGrid(run); span && !grid.ok()) {
      std::cerr << "mbsolve: error: " << command.file << ":" << command.line
                << ": SIMULATE: impossible output grid (END, DURATION, STEPS, DTOUT): " << grid.message
                << '\n';
      return kBadInput;
    }
    // Rows go to the file as the frames come (the store keeps only the last one). A span continuing
    // the previous one starts at its last output: that row is there already.
    solver::ResultStore results;
    table.beginRun(solver::ResultLayout::fromModel(solverModel), requests, derived ? &*derived : nullptr);
    results.setRetention(1);
    std::optional<solver::ResultFrame> firstFrame;  // (for the assembly's notes)
    results.setSink([&](const solver::ResultFrame& frame) {
      const bool repeats = !firstFrame && span && table.rows() > 0 &&
                           std::abs(frame.state.t - table.lastTime()) <= 1e-12 * std::max(1.0, end);
      if (!firstFrame)
        firstFrame = frame;
      if (!repeats)
        table.appendFrame(frame, requests, derived ? &*derived : nullptr);
      file.stream().flush();  // on disk frame by frame: a kill loses nothing computed
    });
    StopSignalMonitor monitor;
    const solver::Status status = solver::runAnalysis(solverModel, run, &monitor, results).status;
    if (status.code == solver::StatusCode::Cancelled && stopSignal())
      return interrupted(command.file + ":" + std::to_string(command.line) + " (SIMULATE/" +
                             std::string(core::toString(command.analysis)) + ")",
                         status.time);
    if (!options.quiet && run.solveInitialConditions && firstFrame &&
        command.analysis != core::AnalysisType::Static && !quasiStatic)
      for (const std::string& note : core::assemblyMoveNotes(
               solverModel, *firstFrame,
               last ? "by the assembly at t = " + number(start) + " s" : "by the initial assembly"))
        std::cerr << "mbsolve: note: " << note << '\n';
    for (const auto& warning : status.warnings)
      std::cerr << "mbsolve: warning: " << warning << '\n';
    for (const auto& note : status.notes)
      std::cerr << "mbsolve: note: " << note << '\n';
    if (!status.stoppedBySensor.empty())
      std::cerr << "mbsolve: " << command.file << ":" << command.line
                << ": SIMULATE ended at t = " << status.time << " s by SENSOR '" << status.stoppedBySensor
                << "' ("
                << (status.halted ? "HALT: the command file stops here" : "RETURN: the next command follows")
                << ")\n";
    std::cerr << "mbsolve: " << command.file << ":" << command.line << ": SIMULATE/"
              << core::toString(command.analysis) << " " << (status.ok() ? "finished" : "FAILED")
              << " at t = "
              << (!status.ok()     ? status.time
                  : results.size() ? results.frame(results.size() - 1).state.t
                                   : start)
              << " s, " << results.size() << " output frames\n";
    if (results.size() > 0)
      last = results.frame(results.size() - 1);
    lastAnalysis = command.analysis;
    changed = false;
    if (!status.ok()) {
      file.commit();  // the frames up to the failure help find its cause
      // The analysis's message says when it failed already; it is not repeated.
      if (status.message.find(" failed at t = ") != std::string::npos)
        std::cerr << "mbsolve: error: " << command.file << ":" << command.line << ": " << status.message
                  << '\n';
      else
        std::cerr << "mbsolve: error: " << command.file << ":" << command.line << ": "
                  << core::toString(command.analysis) << " analysis failed at t = " << status.time
                  << " s: " << status.message << '\n';
      return kAnalysisFailed;
    }
    if (status.halted)
      break;  // Adams' HALT: no further command runs
  }
  if (const auto error = file.commit()) {
    std::cerr << "mbsolve: error: " << *error << '\n';
    return kBadInput;
  }
  return kOk;
}

}  // namespace mbs::app
