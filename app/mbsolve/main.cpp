// mbsolve: the batch solver (contract in docs/mbsolve.md).
#include <algorithm>
#include <cctype>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <optional>
#include <sstream>

#include "CommandFileRun.hpp"
#include "Options.hpp"
#include "StateMatrixFiles.hpp"
#include "StopSignals.hpp"
#include "StudyCommand.hpp"
#include "mbs/core/AdmExport.hpp"
#include "mbs/core/AdmImport.hpp"
#include "mbs/core/AtomicFile.hpp"
#include "mbs/core/Compile.hpp"
#include "mbs/core/ModelFile.hpp"
#include "mbs/core/ModelNotes.hpp"
#include "mbs/core/RequestOutputs.hpp"
#include "mbs/core/ResultTable.hpp"
#include "mbs/core/SolverSettings.hpp"
#include "mbs/fmu/FmuExport.hpp"
#include "mbs/solver/Analysis.hpp"
#include "mbs/solver/Plant.hpp"

namespace {

using namespace mbs;

constexpr int kOk = 0, kAnalysisFailed = 1, kBadInput = 2;

// Prints progress at most every half second of wall time and keeps the last statistics.
class TerminalMonitor : public solver::ProgressMonitor {
public:
  explicit TerminalMonitor(bool quiet) : m_quiet(quiet) {}
  bool cancelRequested() const override { return app::stopSignal() != 0 || writeFailed; }
  bool writeFailed = false;  // the result file could not be written: stop rather than compute on
  void onStep(const solver::StepInfo& info) override
  {
    if (info.phase != solver::Phase::Steps)  // (Newton iterations of the assembly or statics)
      return;
    last = info;
    const auto now = std::chrono::steady_clock::now();
    if (m_quiet || now - m_lastPrint < std::chrono::milliseconds(500))
      return;
    m_lastPrint = now;
    std::fprintf(stderr, "\rt = %-12.6g / %-10.4g steps %-8ld h = %-10.3g order %d", info.time, info.endTime,
                 info.steps, info.stepSize, info.order);
    m_printed = true;
  }
  void endLine() const
  {
    if (m_printed)
      std::fputc('\n', stderr);
  }
  solver::StepInfo last;

private:
  bool m_quiet;
  bool m_printed = false;
  std::chrono::steady_clock::time_point m_lastPrint{};
};

void printDiagnostics(const core::Diagnostics& diagnostics, const char* kind)
{
  for (const auto& d : diagnostics)
    std::cerr << "mbsolve: " << kind << ": " << d.toString() << '\n';
}

// Import warnings are printed with --quiet too: they say what of the input was not used.
// `units`: set to a dataset's UNITS (SI for native files).
std::optional<core::Model> loadModel(const std::string& path, bool allowUnsupported, core::UnitSystem& units)
{
  if (!std::filesystem::exists(path)) {
    std::cerr << "mbsolve: error: " << path << ": no such file\n";
    return std::nullopt;
  }
  if (std::filesystem::path(path).extension() == ".adm") {
    auto result = core::importAdm(path, {.allowUnsupported = allowUnsupported});
    printDiagnostics(result.warnings, "warning");
    printDiagnostics(result.errors, "error");
    units = result.units;
    return std::move(result.model);
  }
  auto result = core::loadModel(path);
  printDiagnostics(result.errors, "error");
  return std::move(result.model);
}

// --export-adm: the model as an Adams dataset; what Adams cannot express is an error (exit 2).
int exportAdams(const core::Model& model, const std::string& path)
{
  const core::AdmExportResult exported = core::exportAdm(model);
  printDiagnostics(exported.warnings, "warning");
  if (!exported.ok()) {
    printDiagnostics(exported.errors, "error");
    return kBadInput;
  }
  // Written aside and renamed: a failed export leaves the previous file whole.
  if (const auto error = core::writeFileAtomically(path, exported.text)) {
    std::cerr << "mbsolve: error: " << *error << '\n';
    return kBadInput;
  }
  return kOk;
}

// --export-fmu: the control plant as an FMI 2.0 Co-Simulation FMU, with the FMU binary installed
// beside this executable (exit 2 when the model is no plant or the binary is missing).
int exportFmu(const core::Model& model, const std::string& path)
{
  std::error_code ec;
  const std::string self = std::filesystem::read_symlink("/proc/self/exe", ec).string();
  fmu::FmuExportOptions options;
  options.binaryPath = ec ? std::string() : fmu::locateFmuBinary(self);
  if (const std::string error = fmu::exportFmu(model, path, options); !error.empty()) {
    std::cerr << "mbsolve: error: " << error;
    if (options.binaryPath.empty())
      std::cerr << " (looked beside " << (ec ? std::string("mbsolve") : self)
                << " and in its install location)";
    std::cerr << '\n';
    return kBadInput;
  }
  std::cerr << "mbsolve: wrote " << path << '\n';
  return kOk;
}

// The model's analysis settings, overridden by the command line.
solver::AnalysisSettings runSettings(const app::SolveOptions& o, const core::AnalysisSettings& model,
                                     const std::string& analysis)
{
  solver::AnalysisSettings s = core::toSolverSettings(model);
  if (analysis == "initial")
    s.kind = solver::AnalysisKind::InitialConditions;
  else if (analysis == "kinematic")
    s.kind = solver::AnalysisKind::Kinematic;
  else if (analysis == "static")
    s.kind = solver::AnalysisKind::Static;
  else if (analysis == "quasi-static")
    s.kind = solver::AnalysisKind::QuasiStatic;
  else if (analysis == "linear")
    s.kind = solver::AnalysisKind::Linear;
  else
    s.kind = solver::AnalysisKind::Dynamic;
  s.endTime = o.endTime.value_or(model.endTime);
  s.outputStep = o.outputStep.value_or(s.endTime / std::max(model.outputSteps, 1));
  s.tolerance = o.tolerance.value_or(model.errorTolerance);
  if (o.integrator) {
    if (*o.integrator == "wstiff")
      s.integrator = solver::IntegratorType::Wstiff;
    else if (*o.integrator == "hht" || *o.integrator == "hht_alpha")
      s.integrator = solver::IntegratorType::Hht;
    else if (*o.integrator == "rkf45")
      s.integrator = solver::IntegratorType::Rkf45;
    else if (*o.integrator == "constant_bdf")
      s.integrator = solver::IntegratorType::ConstantBdf;
    else if (*o.integrator == "dstiff")
      s.integrator = solver::IntegratorType::Dstiff;
    else if (*o.integrator == "abam")
      s.integrator = solver::IntegratorType::Abam;
    else
      s.integrator = solver::IntegratorType::Gstiff;
  }
  if (o.maxFrames)
    s.maxOutputFrames = std::size_t(*o.maxFrames);
  if (o.maxSteps)
    s.maxSteps = long(*o.maxSteps);
  if (o.minStep)
    s.minStep = *o.minStep;
  if (o.maxSpeed)
    s.maxSpeed = *o.maxSpeed;
  if (o.maxEnergyError)
    s.maxEnergyError = *o.maxEnergyError;
  if (o.formulation)
    s.formulation = *o.formulation == "si2"    ? solver::Formulation::SI2
                    : *o.formulation == "dmbs" ? solver::Formulation::DMBS
                    : *o.formulation == "auto" ? solver::Formulation::Auto
                                               : solver::Formulation::I3;
  return s;
}

// The linear analysis's table on stdout.
void printLinearModes(const solver::AnalysisOutcome& linear, std::ostream& out)
{
  out << "# linear analysis about the static equilibrium: " << linear.modes.size() << " modes, "
      << linear.linearDegreesOfFreedom << " degrees of freedom\n";
  out << "mode,real,imag,frequency_hz,damping_ratio\n";
  out << std::setprecision(10);
  int index = 1;
  for (const auto& mode : linear.modes) {
    out << index++ << ',' << mode.eigenvalue.real() << ',' << mode.eigenvalue.imag() << ','
        << mode.naturalFrequency << ',' << mode.dampingRatio + 0.0 << '\n';
  }
}

std::string analysisName(const app::SolveOptions& o, const core::AnalysisSettings& model)
{
  if (o.analysis)
    return *o.analysis;
  switch (model.type) {
    case core::AnalysisType::InitialConditions:
      return "initial";
    case core::AnalysisType::Kinematic:
      return "kinematic";
    case core::AnalysisType::Static:
      return "static";
    case core::AnalysisType::QuasiStatic:
      return "quasi-static";
    case core::AnalysisType::Dynamic:
      return "dynamic";
  }
  return "dynamic";
}

// --out while the run goes on: every frame is written (and flushed) as it is computed into
// FILE.partial, which replaces FILE when the run ends; the store keeps only the last frame, so
// memory does not grow with the run's length. An interrupted run keeps its frames in FILE and
// leaves FILE.partial saying where it stopped; a killed one leaves its frames in FILE.partial.
class ResultStream {
public:
  ResultStream(const std::string& path, const solver::ResultLayout& layout,
               const core::RequestOutputs& requests, const core::DerivedOutputs* derived)
      : m_file(path, path + ".partial"), m_table(layout, requests, derived)
  {
    m_file.keepTemporary();  // whatever ends the run, the frames so far stay on disk
    if (m_file.isOpen())
      m_table.streamTo(m_file.stream());
    m_table.beginRun(layout, requests, derived);
  }
  bool isOpen() const { return m_file.isOpen(); }
  const std::string& path() const { return m_file.path(); }
  // The ResultStore sink; false once a write failed.
  bool write(const solver::ResultFrame& frame, const core::RequestOutputs& requests,
             const core::DerivedOutputs* derived)
  {
    m_table.appendFrame(frame, requests, derived);
    m_file.stream().flush();  // on disk frame by frame: a kill loses nothing computed
    return bool(m_file.stream());
  }
  std::size_t rows() const { return m_table.rows(); }
  // The run ended (finished or failed): FILE.partial becomes FILE.
  std::optional<std::string> commit() { return m_file.commit(); }
  // Interrupted: the frames go to FILE all the same (a loadable CSV) and FILE.partial says why.
  std::optional<std::string> commitPartial(const std::string& reason)
  {
    if (auto error = m_file.commit())
      return error;
    std::ofstream marker(m_file.path() + ".partial", std::ios::trunc);
    marker << "partial: " << reason << "; " << m_table.rows() << " frames in " << m_file.path() << '\n';
    return marker.flush() ? std::nullopt : std::optional<std::string>("cannot write the marker file");
  }

private:
  core::AtomicFileWriter m_file;
  core::ResultTable m_table;
};

int solveModel(const app::SolveOptions& options, std::chrono::steady_clock::time_point start)
{
  core::UnitSystem units;
  std::optional<core::Model> model = loadModel(options.modelPath, options.allowUnsupported, units);
  if (!model)
    return kBadInput;
  if (!options.exportAdmPath.empty())
    return exportAdams(*model, options.exportAdmPath);
  if (!options.exportFmuPath.empty())
    return exportFmu(*model, options.exportFmuPath);
  core::CompileResult compiled = core::compile(*model);
  if (!compiled.ok) {
    printDiagnostics(compiled.diagnostics, "error");
    return kBadInput;
  }
  if (!options.quiet)
    printDiagnostics(compiled.diagnostics, "warning");
  if (const solver::Status valid = solver::validateModel(compiled.model); !valid.ok()) {
    std::cerr << "mbsolve: error: " << options.modelPath << ": " << valid.message << '\n';
    return kBadInput;
  }
  if (!options.quiet)
    if (const auto dof = core::degreesOfFreedomNote(*model))
      std::cerr << "mbsolve: note: " << options.modelPath << ": " << *dof << '\n';
  const solver::Model solverModel = std::move(compiled.model);
  const core::RequestOutputs requests(*model, compiled.map, solverModel);
  if (!requests.ok()) {
    printDiagnostics(requests.diagnostics(), "error");
    return kBadInput;
  }
  const std::string analysis = analysisName(options, model->analysis);
  const solver::AnalysisSettings settings = runSettings(options, model->analysis, analysis);
  if (analysis == "kinematic" || analysis == "dynamic" || analysis == "quasi-static") {
    // Refused before anything runs, naming what sets the grid (the solver checks it again).
    if (const solver::Status grid = solver::checkOutputGrid(settings); !grid.ok()) {
      std::cerr << "mbsolve: error: " << options.modelPath << ": impossible output grid: " << grid.message
                << " (set by --end, --output-step and the model's analysis settings; the frame limit by "
                   "--max-frames)\n";
      return kBadInput;
    }
  }

  // --state-matrices: u and y from the named plant input and output.
  solver::StateMatrixRequest request;
  request.lengthUnit = units.length;
  request.timeUnit = units.time;
  if (!options.stateMatricesPrefix.empty()) {
    if (analysis != "linear") {
      std::cerr << "mbsolve: error: --state-matrices needs the linear analysis (--analysis linear)\n";
      return kBadInput;
    }
    for (const bool inputs : {true, false}) {
      const std::optional<std::string>& wanted = inputs ? options.plantInput : options.plantOutput;
      if (!wanted)
        continue;
      const auto& ports = inputs ? model->plantInputs : model->plantOutputs;
      std::string names;
      for (std::size_t k = 0; k < ports.size(); ++k) {
        names += (k ? ", '" : "'") + ports[k].name + "'";
        if (core::Model::isValidName(*wanted) && ports[k].name.size() == wanted->size() &&
            std::equal(ports[k].name.begin(), ports[k].name.end(), wanted->begin(), [](char a, char b) {
              return std::toupper(static_cast<unsigned char>(a)) ==
                     std::toupper(static_cast<unsigned char>(b));
            }))
          (inputs ? request.input : request.output) =
              &(inputs ? compiled.plantInputs : compiled.plantOutputs)[k];
      }
      if (!(inputs ? request.input : request.output)) {
        std::cerr << "mbsolve: error: " << options.modelPath << ": no plant " << (inputs ? "input" : "output")
                  << " '" << *wanted << "' ("
                  << (names.empty() ? "the model has none" : "the model has " + names) << ")\n";
        return kBadInput;
      }
    }
  }

  TerminalMonitor monitor(options.quiet);
  solver::ResultStore results;
  std::optional<core::DerivedOutputs> derived;
  if (options.derived)
    derived.emplace(*model, compiled.map);
  std::optional<ResultStream> csv;
  if (!options.outPath.empty() && analysis != "linear") {
    csv.emplace(options.outPath, solver::ResultLayout::fromModel(solverModel), requests,
                derived ? &*derived : nullptr);
    if (!csv->isOpen()) {
      std::cerr << "mbsolve: error: cannot open result file '" << options.outPath
                << ".partial' for writing\n";
      return kBadInput;
    }
  }
  std::optional<solver::ResultFrame> firstFrame;  // the assembled start, for the assembly's notes
  results.setSink([&](const solver::ResultFrame& frame) {
    if (!firstFrame)
      firstFrame = frame;
    if (csv && !csv->write(frame, requests, derived ? &*derived : nullptr))
      monitor.writeFailed = true;
  });
  results.setRetention(1);  // frames go to the CSV as they come; the summary needs only the last
  solver::AnalysisOutcome outcome;
  solver::StateMatrices matrices;
  try {
    outcome = options.stateMatricesPrefix.empty()
                  ? solver::runAnalysis(solverModel, settings, &monitor, results)
                  : solver::runAnalysis(solverModel, settings, &monitor, results, request, matrices);
  } catch (const std::bad_alloc&) {
    // The frames so far are on disk; say so rather than abort.
    outcome.status = solver::Status::failure(solver::StatusCode::ResourceLimit,
                                             "out of memory (the model or the run is too large for this "
                                             "machine's memory)",
                                             {}, monitor.last.time);
  }
  const solver::Status& status = outcome.status;
  monitor.endLine();
  if (analysis == "linear" && status.ok())
    printLinearModes(outcome, std::cout);
  if (!options.stateMatricesPrefix.empty() && status.ok()) {
    const std::string unitText = app::stateUnitsText(units.length, units.time);
    if (const auto error = app::writeStateMatrices(
            matrices, options.stateMatricesPrefix,
            "state matrices of " + options.modelPath + " about its static equilibrium (mbsolve)", unitText)) {
      std::cerr << "mbsolve: error: " << *error << '\n';
      return kBadInput;
    }
    std::cerr << "mbsolve: state matrices: " << matrices.states.size() << " states, "
              << matrices.inputs.size() << " inputs, " << matrices.outputs.size() << " outputs (" << unitText
              << ") in " << options.stateMatricesPrefix << "_A.csv ... " << options.stateMatricesPrefix
              << ".m\n";
  }
  // The first frame of these is the assembled start: where the assembly moved the parts.
  if (!options.quiet && firstFrame &&
      (analysis == "dynamic" || analysis == "kinematic" || analysis == "initial"))
    for (const std::string& note : core::assemblyMoveNotes(solverModel, *firstFrame))
      std::cerr << "mbsolve: note: " << note << '\n';

  // Warnings are not progress: --quiet keeps them (docs/mbsolve.md).
  for (const auto& warning : status.warnings)
    std::cerr << "mbsolve: warning: " << warning << '\n';
  if (!options.quiet)  // what the run chose (e.g. the DMBS cut joints): progress-like information
    for (const auto& note : status.notes)
      std::cerr << "mbsolve: note: " << note << '\n';
  if (!status.stoppedBySensor.empty())  // the end of the results is the sensor's, not the end time
    std::cerr << "mbsolve: the run ended at t = " << status.time << " s: SENSOR '" << status.stoppedBySensor
              << "' fired (" << (status.halted ? "HALT" : "RETURN") << ")\n";
  const int stopSignal = app::stopSignal();
  const bool interrupted = status.code == solver::StatusCode::Cancelled && stopSignal != 0;
  if (csv) {
    // Written even after a failure: the frames up to the failure help find its cause.
    std::optional<std::string> error;
    if (monitor.writeFailed)
      error = "error while writing result file '" + options.outPath + ".partial' (disk full?)";
    else if (interrupted) {
      std::ostringstream reason;
      reason << "interrupted by " << app::signalName(stopSignal) << " at t = " << status.time << " s";
      error = csv->commitPartial(reason.str());
    } else
      error = csv->commit();
    if (error) {
      std::cerr << "mbsolve: error: " << *error << '\n';
      return kBadInput;
    }
  }
  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const auto& s = monitor.last;
  const std::size_t frames = analysis == "linear" ? 0 : results.size();  // linear prints modes, not frames
  std::fprintf(stderr,
               "mbsolve: %s analysis %s: %zu output frames, %ld steps, %ld Newton iterations, %ld Jacobian "
               "evaluations, %ld factorizations, wall time %.3f s\n",
               analysis.c_str(),
               status.ok()   ? "finished"
               : interrupted ? "INTERRUPTED"
                             : "FAILED",
               frames, s.steps, s.newtonIterations, s.jacobianEvaluations, s.factorizations, wall);
  if (interrupted) {
    std::cerr << "mbsolve: error: " << analysis << " analysis interrupted by " << app::signalName(stopSignal)
              << " at t = " << status.time << " s";
    if (csv)
      std::cerr << "; the " << frames << " frames so far are in " << options.outPath << " (partial: see "
                << options.outPath << ".partial)";
    std::cerr << '\n';
    return 128 + stopSignal;
  }
  if (!status.ok()) {
    std::cerr << "mbsolve: error: " << analysis << " analysis failed at t = " << status.time
              << " s: " << status.message << '\n';
    return kAnalysisFailed;
  }
  return kOk;
}

}  // namespace

int main(int argc, char** argv)
{
  app::catchStopSignals(true);  // before anything else: see StopSignals.hpp
  // Running out of memory (a huge model, an endless input) is reported, never an abort.
  try {
    if (argc >= 2 && std::string(argv[1]) == "study")  // design studies (docs/design-studies.md)
      return app::runStudyCommand(argc - 1, argv + 1);
    const auto parsed = app::parseCommandLine(argc, argv);
    if (parsed.options.help) {
      std::cout << app::usageText();
      return kOk;
    }
    if (!parsed.error.empty()) {
      std::cerr << "mbsolve: " << parsed.error << "\n\n" << app::usageText();
      return kBadInput;
    }
    const app::SolveOptions& options = parsed.options;
    const auto start = std::chrono::steady_clock::now();
    if (std::filesystem::path(options.modelPath).extension() == ".acf") {
      // An Adams command file: its SIMULATE and INTEGRATOR commands say what to run.
      if (options.analysis || options.endTime || options.outputStep || options.integrator ||
          options.formulation) {
        std::cerr << "mbsolve: --analysis, --end, --output-step, --integrator and --formulation do not apply "
                     "to a command file (its SIMULATE and INTEGRATOR commands say what to run)\n";
        return kBadInput;
      }
      return app::runCommandFile(options);
    }
    return solveModel(options, start);
  } catch (const std::bad_alloc&) {
    std::fflush(stderr);
    std::cerr << "\nmbsolve: error: out of memory: the model or the run needs more memory than this machine "
                 "has (docs/mbsolve.md, \"Limits\")\n";
    return kAnalysisFailed;
  } catch (const std::exception& e) {
    std::cerr << "\nmbsolve: error: internal error: " << e.what() << '\n';
    return kAnalysisFailed;
  }
}
