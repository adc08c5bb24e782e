#pragma once
// The dynamic run both clearance test files use: the model's System through runDynamics with a
// tight tolerance (1e-7) and a largest step, its frames and status kept.
#include "System.hpp"
#include "dynamics/DynamicAnalysis.hpp"
#include "mbs/solver/Results.hpp"

namespace mbs::solver::test {

struct ClearanceRun {
  ResultStore results;
  Status status;
};

inline void runClearance(const Model& m, double endTime, double outputStep, double hmax, ClearanceRun& r)
{
  const System sys(m);
  DynamicOptions options;
  options.endTime = endTime;
  options.outputStep = outputStep;
  options.integratorOptions.tolerance = 1e-7;
  options.integratorOptions.hmax = hmax;
  r.status = runDynamics(sys, options, nullptr, r.results);
}

}  // namespace mbs::solver::test
