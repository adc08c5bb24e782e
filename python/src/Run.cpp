#include "Run.hpp"

#include <pybind11/stl.h>

#include <chrono>
#include <complex>

#include "Errors.hpp"
#include "mbs/core/Compile.hpp"
#include "mbs/core/DerivedQuantities.hpp"
#include "mbs/core/Parameters.hpp"
#include "mbs/core/RequestOutputs.hpp"
#include "mbs/core/SolverSettings.hpp"

namespace py = pybind11;
using Clock = std::chrono::steady_clock;

namespace mbs::python {
namespace {

bool onMainThread()
{
  const py::module_ threading = py::module_::import("threading");
  return threading.attr("current_thread")().is(threading.attr("main_thread")());
}

// Progress and cancel for one run. The solver calls it with the GIL released; it takes the GIL
// only to call the script's callback or to look for Ctrl+C, each at most every interval.
class PythonMonitor : public solver::ProgressMonitor {
public:
  PythonMonitor(py::object progress, double interval, std::shared_ptr<CancelToken> token, bool mainThread)
      : m_progress(std::move(progress)),
        m_interval(interval),
        m_token(std::move(token)),
        m_mainThread(mainThread)
  {
  }

  void onStep(const solver::StepInfo& info) override
  {
    last = info;
    if (m_progress.is_none() || m_stop)
      return;
    const auto now = Clock::now();
    if (m_called && std::chrono::duration<double>(now - m_lastCall).count() < m_interval)
      return;
    m_called = true;
    m_lastCall = now;
    py::gil_scoped_acquire gil;
    try {
      const py::object answer = m_progress(info);
      if (answer.is(py::bool_(false)))
        m_stop = true;
    } catch (py::error_already_set& e) {
      error = std::make_unique<py::error_already_set>(std::move(e));
      m_stop = true;
    }
  }

  bool cancelRequested() const override
  {
    if (m_stop || (m_token && m_token->cancelled()))
      return true;
    if (!m_mainThread)
      return false;
    const auto now = Clock::now();
    if (now - m_lastSignalCheck < std::chrono::milliseconds(50))
      return false;
    m_lastSignalCheck = now;
    py::gil_scoped_acquire gil;
    if (PyErr_CheckSignals() != 0) {  // Ctrl+C: KeyboardInterrupt once the run has stopped
      error = std::make_unique<py::error_already_set>();
      m_stop = true;
    }
    return m_stop;
  }

  solver::StepInfo last;
  mutable std::unique_ptr<py::error_already_set> error;  // raised after the run

private:
  py::object m_progress;
  double m_interval;
  std::shared_ptr<CancelToken> m_token;
  bool m_mainThread;
  mutable bool m_stop = false;
  bool m_called = false;
  Clock::time_point m_lastCall{};
  mutable Clock::time_point m_lastSignalCheck = Clock::now();
};

[[noreturn]] void badOption(const std::string& what)
{
  throw py::value_error(what);
}

}  // namespace

solver::AnalysisSettings runSettings(core::Model& model, const RunOptions& o, std::string& analysis)
{
  core::AnalysisSettings& a = model.analysis;
  analysis = o.analysis.value_or(core::toString(a.type));
  if (analysis == "initial")
    analysis = "initial_conditions";
  if (analysis == "quasi-static")  // mbsolve's spelling
    analysis = "quasi_static";
  if (analysis != "linear") {
    const auto type = core::analysisTypeFromString(analysis);
    if (!type)
      badOption("unknown analysis '" + analysis +
                "' (initial, kinematic, static, quasi_static, dynamic, linear)");
    a.type = *type;
  }
  if (o.end) {
    if (!(*o.end > 0.0))
      badOption("end must be positive");
    a.endTime = *o.end;
  }
  if (o.integrator) {
    const auto integrator = core::integratorFromString(*o.integrator == "hht_alpha" ? "hht" : *o.integrator);
    if (!integrator)
      badOption("unknown integrator '" + *o.integrator +
                "' (gstiff, wstiff, hht, rkf45, constant_bdf, dstiff, abam)");
    a.integrator = *integrator;
  }
  if (o.formulation) {
    const auto formulation = core::formulationFromString(*o.formulation);
    if (!formulation)
      badOption("unknown formulation '" + *o.formulation + "' (i3, si2, dmbs)");
    a.formulation = *formulation;
  }
  if (o.tolerance) {
    if (!(*o.tolerance > 0.0))
      badOption("tol must be positive");
    a.errorTolerance = *o.tolerance;
  }
  solver::AnalysisSettings s = core::toSolverSettings(a);
  if (analysis == "linear")
    s.kind = solver::AnalysisKind::Linear;
  if (o.outputStep) {
    if (!(*o.outputStep > 0.0))
      badOption("output_step must be positive");
    s.outputStep = *o.outputStep;
  }
  if (o.maxStep) {
    if (!(*o.maxStep >= 0.0))
      badOption("max_step must not be negative");
    s.maxStep = *o.maxStep;
  }
  return s;
}

py::array_t<double> RunResult::data() const
{
  const std::size_t rows = table->rows(), cols = table->columns().size();
  py::array_t<double> out({rows, cols});
  auto view = out.mutable_unchecked<2>();
  for (std::size_t r = 0; r < rows; ++r) {
    const std::vector<double> values = table->row(r);
    for (std::size_t c = 0; c < cols && c < values.size(); ++c)
      view(r, c) = values[c];
  }
  return out;
}

void RunResult::write(const std::string& path) const
{
  if (const solver::Status written = table->write(path); !written.ok())
    throw DiagnosticsError("ModelError", "cannot write the results", {{path, 0, {}, {}, written.message}});
}

py::list RunResult::linearModes() const
{
  py::list out;
  for (const auto& mode : modes) {
    py::dict d;
    d["eigenvalue"] = mode.eigenvalue;
    d["frequency_hz"] = mode.naturalFrequency;
    d["damping_ratio"] = mode.dampingRatio;
    d["shape"] = py::array_t<double>(mode.shape.size(), mode.shape.data());
    out.append(d);
  }
  return out;
}

std::unique_ptr<RunResult> runModel(const Document& doc, RunOptions o)
{
  core::Model model = doc.model();
  if (doc.multiStepCommands() && !o.analysis && !o.end)
    throw DiagnosticsError(
        "ModelError", "the command file's commands are not one run",
        {{doc.source(),
          0,
          {},
          {},
          "it has several SIMULATE commands (and what comes between them): run the sequence with "
          "mbstudio.run_command_file('" +
              doc.source() + "') (mbsolve), or give run() the analysis and end time of one run"}});
  // Parameters of this run, through the command the parameter table uses (bindings re-evaluated).
  for (const auto& [key, value] : o.params) {
    const std::string name = py::str(key);
    if (!core::findParameter(model, name)) {
      std::string known;
      for (const auto& p : model.parameters)
        known += (known.empty() ? "" : ", ") + p.name;
      throw DiagnosticsError("ModelError", "no parameter named '" + name + "'",
                             {{{},
                               0,
                               "params",
                               name,
                               "the model has no parameter '" + name + "' (its parameters: " +
                                   (known.empty() ? std::string("none") : known) + ")"}});
    }
    core::Diagnostics errors;
    auto command = core::makeSetParameterValue(model, name, value.cast<double>());
    if (!command->redo(model, errors))
      throw DiagnosticsError("ModelError", "cannot set parameter '" + name + "'", errors);
  }
  auto result = std::make_unique<RunResult>();
  const solver::AnalysisSettings settings = runSettings(model, o, result->analysis);
  core::CompileResult compiled = core::compile(model);
  throwIfAny("ModelError", "the model does not compile",
             compiled.ok ? core::Diagnostics{} : compiled.diagnostics);
  for (const auto& d : compiled.diagnostics)
    result->compileWarnings.push_back(d.toString());
  if (const solver::Status valid = solver::validateModel(compiled.model); !valid.ok())
    throw DiagnosticsError("ModelError", "the compiled model is not valid",
                           {{{}, 0, {}, valid.entity, valid.message}});
  const solver::Model solverModel = std::move(compiled.model);
  const core::RequestOutputs requests(model, compiled.map, solverModel);
  throwIfAny("ModelError", "the output requests do not compile", requests.diagnostics());
  std::optional<core::DerivedOutputs> derived;
  if (o.derived)
    derived.emplace(model, compiled.map);

  PythonMonitor monitor(o.progress, o.progressInterval, o.cancel, onMainThread());
  {
    py::gil_scoped_release release;
    const auto start = Clock::now();
    solver::ResultStore results;
    solver::AnalysisOutcome outcome = solver::runAnalysis(solverModel, settings, &monitor, results);
    result->table =
        std::make_unique<core::ResultTable>(results.layout(), requests, derived ? &*derived : nullptr);
    if (result->analysis != "linear")
      result->table->append(results, requests, derived ? &*derived : nullptr);
    result->status = std::move(outcome.status);
    result->modes = std::move(outcome.modes);
    result->linearDegreesOfFreedom = outcome.linearDegreesOfFreedom;
    result->wallTime = std::chrono::duration<double>(Clock::now() - start).count();
  }
  result->statistics = monitor.last;
  if (monitor.error)  // the progress callback raised, or Ctrl+C
    throw std::move(*monitor.error);
  return result;
}

void registerRun(py::module_& m)
{
  py::class_<CancelToken, std::shared_ptr<CancelToken>>(m, "CancelToken",
                                                        "Cancels runs from any thread: cancel(), cancelled.")
      .def(py::init<>())
      .def("cancel", &CancelToken::cancel, "Asks every run holding this token to stop at its next step.")
      .def_property_readonly("cancelled", &CancelToken::cancelled, "Whether cancel() was called.");

  py::class_<solver::StepInfo>(m, "StepInfo", "Progress of a run, as passed to the progress callback.")
      .def_readonly("time", &solver::StepInfo::time, "simulated time reached [s]")
      .def_readonly("end_time", &solver::StepInfo::endTime, "end time of the analysis [s]")
      .def_readonly("step_size", &solver::StepInfo::stepSize, "last accepted step [s]")
      .def_readonly("order", &solver::StepInfo::order, "integrator order of the last step")
      .def_readonly("steps", &solver::StepInfo::steps, "accepted steps")
      .def_readonly("rejected_steps", &solver::StepInfo::rejectedSteps, "rejected steps")
      .def_readonly("newton_iterations", &solver::StepInfo::newtonIterations, "corrector iterations so far")
      .def_readonly("jacobian_evaluations", &solver::StepInfo::jacobianEvaluations,
                    "Jacobian evaluations so far")
      .def_readonly("factorizations", &solver::StepInfo::factorizations, "matrix factorizations so far")
      .def_property_readonly(
          "fraction",
          [](const solver::StepInfo& s) {
            return s.endTime > 0.0 ? std::min(1.0, std::max(0.0, s.time / s.endTime)) : 0.0;
          },
          "time / end_time, from 0 to 1")
      .def("__repr__", [](const solver::StepInfo& s) {
        return "StepInfo(time=" + std::to_string(s.time) + ", end_time=" + std::to_string(s.endTime) +
               ", steps=" + std::to_string(s.steps) + ")";
      });

  py::class_<RunResult>(m, "_RunResult")
      .def_readonly("analysis", &RunResult::analysis)
      .def_property_readonly("ok", [](const RunResult& r) { return r.status.ok(); })
      .def_property_readonly("status",
                             [](const RunResult& r) { return std::string(solver::toString(r.status.code)); })
      .def_property_readonly("message", [](const RunResult& r) { return r.status.message; })
      .def_property_readonly("entity", [](const RunResult& r) { return r.status.entity; })
      .def_property_readonly("failure_time", [](const RunResult& r) { return r.status.time; })
      .def_property_readonly("warnings",
                             [](const RunResult& r) {
                               std::vector<std::string> all = r.compileWarnings;
                               all.insert(all.end(), r.status.warnings.begin(), r.status.warnings.end());
                               return all;
                             })
      .def_property_readonly("notes", [](const RunResult& r) { return r.status.notes; })
      .def_readonly("statistics", &RunResult::statistics)
      .def_readonly("wall_time", &RunResult::wallTime)
      .def_readonly("linear_dof", &RunResult::linearDegreesOfFreedom)
      .def_property_readonly("columns", &RunResult::columns)
      .def("data", &RunResult::data)
      .def("write", &RunResult::write, py::arg("path"))
      .def("modes", &RunResult::linearModes);

  m.def(
      "_run",
      [](const Document& doc, std::optional<std::string> analysis, std::optional<double> end,
         std::optional<double> outputStep, std::optional<std::string> integrator,
         std::optional<std::string> formulation, std::optional<double> tol, std::optional<double> maxStep,
         py::dict params, bool derived, py::object progress, double progressInterval,
         std::shared_ptr<CancelToken> cancel) {
        RunOptions o;
        o.analysis = std::move(analysis);
        o.end = end;
        o.outputStep = outputStep;
        o.integrator = std::move(integrator);
        o.formulation = std::move(formulation);
        o.tolerance = tol;
        o.maxStep = maxStep;
        o.params = std::move(params);
        o.derived = derived;
        o.progress = std::move(progress);
        o.progressInterval = progressInterval;
        o.cancel = std::move(cancel);
        return runModel(doc, std::move(o));
      },
      py::arg("doc"), py::arg("analysis"), py::arg("end"), py::arg("output_step"), py::arg("integrator"),
      py::arg("formulation"), py::arg("tol"), py::arg("max_step"), py::arg("params"), py::arg("derived"),
      py::arg("progress"), py::arg("progress_interval"), py::arg("cancel"));
}

}  // namespace mbs::python
