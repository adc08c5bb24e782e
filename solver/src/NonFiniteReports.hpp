#pragma once
// The element functions that gave NaN or infinity on this thread (reportNonFiniteFunction), for
// runAnalysis to blame a failure on.
#include <optional>
#include <string>

namespace mbs::solver::detail {

struct NonFiniteReport {
  std::string element;  // "force 'F'", "motion 'M'", "VARIABLE 'V'"
  std::string detail;   // what was evaluated
  double time = 0.0;
};

void clearNonFiniteReports();
// The report to blame a failure on: of the latest evaluation time, if that is at or after
// `since` (the last output frame's time: older reports came from states the run recovered from).
std::optional<NonFiniteReport> nonFiniteBlame(double since);

}  // namespace mbs::solver::detail
