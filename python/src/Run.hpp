#pragma once
// One analysis of a Document's model from Python (mbstudio.Model.run): the same compile ->
// solver::runAnalysis -> core::ResultTable path as mbsolve, with the GIL released while the solver
// works, a progress callback called with the GIL held (at most every `progress_interval` s) and
// cancellation by a CancelToken, by the callback returning False, or by Ctrl+C in the main thread.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <atomic>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "Document.hpp"
#include "mbs/core/ResultTable.hpp"
#include "mbs/solver/Analysis.hpp"
#include "mbs/solver/Progress.hpp"

namespace mbs::python {

// Shared between the script and runs on other threads; cancel() is seen at the solver's next step.
class CancelToken {
public:
  void cancel() { m_cancelled.store(true); }
  bool cancelled() const { return m_cancelled.load(); }

private:
  std::atomic<bool> m_cancelled{false};
};

struct RunOptions {
  std::optional<std::string> analysis;  // initial | kinematic | static | dynamic | linear
  std::optional<double> end, outputStep, tolerance, maxStep;
  std::optional<std::string> integrator, formulation;
  pybind11::dict params;  // parameter name -> value, for this run only
  bool derived = true;    // the derived columns (mbsolve --derived)
  pybind11::object progress = pybind11::none();
  double progressInterval = 0.1;  // [s] wall time between progress calls
  std::shared_ptr<CancelToken> cancel;
};

class RunResult {
public:
  std::string analysis;
  solver::Status status;
  solver::StepInfo statistics;
  std::vector<std::string> compileWarnings;
  std::vector<solver::LinearMode> modes;
  int linearDegreesOfFreedom = 0;
  double wallTime = 0.0;
  std::unique_ptr<core::ResultTable> table;

  const std::vector<std::string>& columns() const { return table->columns(); }
  // rows x columns, the values the CSV holds.
  pybind11::array_t<double> data() const;
  void write(const std::string& path) const;
  pybind11::list linearModes() const;
};

std::unique_ptr<RunResult> runModel(const Document& doc, RunOptions options);

// The solver's analysis settings of `model` with the run's overrides (as mbsolve's command line).
solver::AnalysisSettings runSettings(core::Model& model, const RunOptions& options, std::string& analysis);

void registerRun(pybind11::module_& m);

}  // namespace mbs::python
