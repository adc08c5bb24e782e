#pragma once
// The dynamic run the clearance test files use: the model's System through the absolute
// formulation's runDynamics (SI2, GSTIFF) or the joint-coordinate one (DMBS: Dormand–Prince until
// the contact makes the model stiff, then the BDF), with a tight tolerance (1e-7) and a largest
// step, its frames and status kept.
#include "System.hpp"
#include "dmbs_TestRun.hpp"
#include "dynamics/DynamicAnalysis.hpp"
#include "mbs/solver/Results.hpp"

namespace mbs::solver::test {

struct ClearanceRun {
  ResultStore results;
  Status status;
};

inline void runClearance(const Model& m, double endTime, double outputStep, double hmax, ClearanceRun& r,
                         Formulation formulation = Formulation::SI2)
{
  const System sys(m);
  if (formulation == Formulation::DMBS) {
    r.status = runDmbsDynamics(sys, endTime, outputStep, 1e-7, hmax, r.results);
    return;
  }
  DynamicOptions options;
  options.endTime = endTime;
  options.outputStep = outputStep;
  options.integratorOptions.tolerance = 1e-7;
  options.integratorOptions.hmax = hmax;
  r.status = runDynamics(sys, options, nullptr, r.results);
}

}  // namespace mbs::solver::test
