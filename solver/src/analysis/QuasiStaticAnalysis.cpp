#include "analysis/QuasiStaticAnalysis.hpp"

#include <algorithm>
#include <cstdio>
#include <string>

#include "analysis/InitialConditions.hpp"
#include "analysis/StaticAnalysis.hpp"
#include "results/ComputeFrame.hpp"

namespace mbs::solver {
namespace {

std::string seconds(double t)
{
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.6g", t);
  return buffer;
}

void addOnce(std::vector<std::string>& to, const std::vector<std::string>& from)
{
  for (const std::string& w : from)
    if (std::find(to.begin(), to.end(), w) == to.end())
      to.push_back(w);
}

}  // namespace

Status runQuasiStatics(const System& system, const std::vector<double>& times, ProgressMonitor* monitor,
                       ResultStore& results)
{
  if (times.empty())
    return Status::failure(StatusCode::BadInput, "quasi-static analysis: no output times");
  State state;
  state.t = times.front();
  InitialConditionOptions assembly;
  assembly.monitor = monitor;
  Status status = solveInitialConditions(system, state, assembly);
  if (!status.ok()) {
    status.message =
        "quasi-static analysis: initial conditions at t = " + seconds(state.t) + " s: " + status.message;
    return status;
  }
  std::vector<std::string> warnings = status.warnings;
  StaticOptions options;
  options.monitor = monitor;  // Cancel is polled in every Newton iteration, as in statics
  StepInfo info;
  info.endTime = times.back();
  for (std::size_t k = 0; k < times.size(); ++k) {
    if (monitor && monitor->cancelRequested())
      return Status::failure(StatusCode::Cancelled, "quasi-static analysis: cancelled", {}, state.t);
    const double previous = state.t;
    state.t = times[k];  // from the equilibrium before (the assembled start for the first)
    status = solveStatics(system, state, options);
    if (status.code == StatusCode::Cancelled)
      return Status::failure(StatusCode::Cancelled, "quasi-static analysis: cancelled", {}, times[k]);
    if (!status.ok()) {
      status.message = "no static equilibrium at t = " + seconds(times[k]) + " s" +
                       (k > 0 ? " (the " + std::to_string(k) + " equilibria up to t = " + seconds(previous) +
                                    " s are kept)"
                              : std::string()) +
                       ": " + status.message;
      status.time = times[k];
      addOnce(status.warnings, warnings);
      return status;
    }
    if (k == 0)
      options.stictionStart = state.stictionStart;  // the creep of the whole series
    addOnce(warnings, status.warnings);
    results.append(computeFrame(system, state));
    info.time = state.t;
    info.stepSize = state.t - previous;
    info.steps = static_cast<long>(k + 1);
    if (monitor)
      monitor->onStep(info);
  }
  Status done = Status::success();
  done.warnings = std::move(warnings);
  return done;
}

}  // namespace mbs::solver
