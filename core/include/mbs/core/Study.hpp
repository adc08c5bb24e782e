#pragma once
// A design study (docs/design-studies.md): a model, the values of some of its parameters per run
// (a list, a full factorial or a Latin hypercube), the analysis and the responses to collect. This
// file holds the study file's contents and the runs it designs; StudyRun.hpp runs one of them and
// StudyFiles.hpp keeps the work directory. Qt-free: mbsolve and the GUI both use it.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "mbs/core/Diagnostics.hpp"
#include "mbs/core/Parameters.hpp"

namespace mbs::core {

// A study variable: a model parameter (or one the study adds, with `bindings`) and its values.
struct StudyVariable {
  std::string name;
  std::vector<double> values;           // list and full factorial designs
  double minimum = 0.0, maximum = 0.0;  // Latin hypercube
  // Fields this variable drives in addition to the model's own bindings of the parameter (so a
  // study can vary a field of a model that has no parameters): entity name ("" = the model) and
  // JSON pointer field.
  struct Bind {
    std::string entity, field;
  };
  std::vector<Bind> bindings;
};

enum class StudyDesign {
  List,            // run k takes the k-th value of every variable (all lists as long)
  FullFactorial,   // every combination; the first variable changes slowest
  LatinHypercube,  // `samples` runs, each variable's range cut in `samples` strata used once each
};

enum class ResponseStatistic { Max, Min, MaxAbs, Rms, Mean, Final, AtTime };
const char* toString(ResponseStatistic statistic);

// One number per run from one result column (docs/mbsolve.md, "Results CSV").
struct StudyResponse {
  std::string name;
  std::string column;
  ResponseStatistic statistic = ResponseStatistic::Max;
  double time = 0.0;  // AtTime: linear interpolation between output times
};

// The analysis of every run; unset values come from the model's analysis settings.
struct StudyAnalysis {
  std::optional<std::string> type;  // initial | kinematic | static | dynamic
  std::optional<double> endTime;
  std::optional<int> outputSteps;
  std::optional<std::string> integrator;   // gstiff | wstiff | hht | rkf45
  std::optional<std::string> formulation;  // i3 | si2 | dmbs
  std::optional<double> tolerance;
  bool derived = false;  // add the derived columns (mbsolve --derived)
};

// sbatch resources of `mbsolve study --slurm`.
struct StudySlurm {
  std::string partition;               // empty: the cluster's default
  std::string timeLimit = "00:30:00";  // per array task
  std::string memory;                  // e.g. "2G"; empty: the cluster's default
  int cpusPerTask = 1;
  int runsPerTask = 1;  // runs per array task, done one after the other
  std::string account;
  std::vector<std::string> extraOptions;  // further #SBATCH lines, e.g. "--qos=short"
};

struct Study {
  std::string file;       // the study file (absolute)
  std::string modelPath;  // absolute (relative paths in the file are relative to it)
  StudyDesign design = StudyDesign::FullFactorial;
  int samples = 0;         // Latin hypercube
  std::uint64_t seed = 1;  // Latin hypercube
  std::vector<StudyVariable> variables;
  StudyAnalysis analysis;
  std::vector<StudyResponse> responses;
  StudySlurm slurm;

  // The variables' values of every run (runs × variables).
  std::vector<std::vector<double>> runs() const;
};

struct StudyLoad {
  std::optional<Study> study;
  Diagnostics errors;  // field = JSON pointer into the study file ("/variables/1/values")
  bool ok() const { return study.has_value(); }
};
StudyLoad studyFromString(const std::string& text, const std::string& file);
// The study file's text (what studyFromString reads back); `model` is written as given.
std::string studyToString(const Study& study, const std::string& model);
StudyLoad loadStudy(const std::string& path);

}  // namespace mbs::core
