#pragma once
// The work directory of a design study (docs/design-studies.md):
//   DIR/design.json          what was planned (model, variables, runs, analysis, responses): a restart
//                            with a different study is refused instead of mixing results
//   DIR/runs/run_0001.csv    the results of run 1 (as mbsolve --out writes them)
//   DIR/runs/run_0001.json   its outcome; a run is finished when this file exists (written whole:
//                            temporary file + rename), so a killed study restarts where it stopped
//   DIR/summary.csv          run, variables, responses, status, message: one row per run
// Any process may finish runs (local workers, Slurm array tasks); the summary is built from the
// outcome files.
#include <optional>
#include <string>
#include <vector>

#include "mbs/core/StudyRun.hpp"

namespace mbs::core {

class StudyWorkdir {
public:
  // Creates or reopens `dir` for `plan`. Fails with a message if it cannot be created or holds the
  // runs of a different study.
  static std::optional<StudyWorkdir> open(const std::string& dir, const StudyPlan& plan, std::string& error);

  const std::string& directory() const { return m_dir; }
  std::string resultPath(std::size_t index) const;
  std::string outcomePath(std::size_t index) const;
  std::string summaryPath() const;
  // The marker beside a run's CSV whose run was interrupted (SIGINT, SIGTERM): "CSV.partial", one
  // line saying when; the CSV then holds the frames so far and the run stays pending.
  static std::string partialMarkerPath(const std::string& resultPath) { return resultPath + ".partial"; }

  std::optional<StudyRunOutcome> readOutcome(std::size_t index) const;
  // Atomic: a reader sees the whole outcome or none. False if it cannot be written.
  bool writeOutcome(const StudyRunOutcome& outcome) const;
  // Runs without an outcome, in order.
  std::vector<std::size_t> pending() const;

  // Writes summary.csv from the outcomes (unfinished runs: status "pending", or "interrupted" with
  // their partial marker's text). Returns the number of finished runs, or nullopt (and `error`) if
  // the file cannot be written.
  std::optional<std::size_t> writeSummary(std::string& error) const;

private:
  StudyWorkdir(std::string dir, const StudyPlan& plan) : m_dir(std::move(dir)), m_plan(&plan) {}
  std::string m_dir;
  const StudyPlan* m_plan;
};

// The summary table as text (header + one row per run; missing outcomes are "pending", or
// "interrupted" with the text of `interrupted[k]` when that is not empty).
std::string studySummaryCsv(const Study& study, const std::vector<std::vector<double>>& runs,
                            const std::vector<std::optional<StudyRunOutcome>>& outcomes,
                            const std::vector<std::string>& interrupted = {});

// The sbatch script of a Slurm job array: task k runs `mbsolve study STUDY --workdir DIR
// --slurm-list LIST --slurm-task k`, which does the k-th group of runs of LIST (this submission's
// unfinished runs, DIR/slurm/pending_N.txt: a line "runs_per_task n", then run numbers).
// Every path is single-quoted for the shell; a value with a line break or NUL (which would start a
// command line of its own) is refused: nullopt and `error` names the value.
std::optional<std::string> slurmScript(const Study& study, const std::string& mbsolve,
                                       const std::string& workdir, const std::string& runList,
                                       std::size_t tasks, std::string& error);
// The argument vector that submits `script` (run without a shell, core/ExternalProgram.hpp): the
// task logs go to DIR/slurm/task_<job>_<task>.out.
std::vector<std::string> slurmSubmitArguments(const std::string& script, const std::string& workdir);

}  // namespace mbs::core
