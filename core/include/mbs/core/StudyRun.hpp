#pragma once
// Runs the variants of a design study in this process (docs/design-studies.md): the model is
// loaded and checked once (StudyPlan::prepare), then each run sets its parameter values, compiles
// its own copy and calls solver::runAnalysis. Runs share no model data, but expressions are compiled
// by muparser, whose concurrent use is not documented as safe: the GUI runs the variants one after
// the other on one worker thread, mbsolve runs them in separate processes (which also keeps a
// crashing run from taking the others with it).
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "mbs/core/Model.hpp"
#include "mbs/core/ResultTable.hpp"
#include "mbs/core/Study.hpp"
#include "mbs/solver/Progress.hpp"

namespace mbs::core {

struct StudyRunOutcome {
  std::size_t index = 0;          // 0-based; the summary numbers runs from 1
  std::vector<double> variables;  // in Study::variables order
  // In Study::responses order; NaN where the run gave none (failed, or a column this variant lacks,
  // e.g. friction columns when a friction coefficient is 0).
  std::vector<double> responses;
  bool ok = false;
  std::string message;  // why it failed, or warnings of a run that finished
};

// One response from a result table (the values the per-run CSV holds). NaN if the table has no
// rows; nullopt if it has no such column.
std::optional<double> responseValue(const StudyResponse& response, const ResultTable& table);

// The result columns a run of `model` writes (with the derived ones if asked), for choosing
// responses; empty with `errors` if the model does not compile.
std::vector<std::string> resultColumns(const Model& model, bool derived, Diagnostics& errors);

class StudyPlan {
public:
  // Loads the study's model (native or .adm), adds the study's own bindings, and checks that every
  // variable is a parameter of the model and every response column exists. Errors name the
  // study-file field ("/variables/1/name", "/responses/0/column").
  static std::optional<StudyPlan> prepare(const Study& study, Diagnostics& errors);
  // The same for a model in memory (the GUI's open model); study.modelPath is not read.
  static std::optional<StudyPlan> prepare(const Study& study, Model model, Diagnostics& errors);

  const Study& study() const { return m_study; }
  const Model& model() const { return m_model; }  // with the study's bindings, base values
  const std::vector<std::vector<double>>& runs() const { return m_runs; }
  // The result columns every run writes (for choosing responses).
  const std::vector<std::string>& columns() const { return m_columns; }

  // Runs variant `index`; writes its results to `resultCsv` unless empty (also after a failure:
  // the frames up to it). Failures are in the outcome, never exceptions. `monitor` may cancel.
  StudyRunOutcome run(std::size_t index, const std::string& resultCsv,
                      solver::ProgressMonitor* monitor = nullptr) const;

private:
  Study m_study;
  Model m_model;
  std::vector<std::vector<double>> m_runs;
  std::vector<std::string> m_columns;
};

}  // namespace mbs::core
