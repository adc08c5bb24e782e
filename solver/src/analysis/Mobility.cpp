#include "mbs/solver/Mobility.hpp"

#include "System.hpp"
#include "analysis/InitialConditions.hpp"
#include "analysis/Redundancy.hpp"

namespace mbs::solver {

MobilityReport analyzeMobility(const Model& model)
{
  const System system(model);
  State state;
  InitialConditionOptions options;
  options.computeAccelerations = false;  // positions are all the rank needs
  MobilityReport report;
  report.assembly = solveInitialConditions(system, state, options);
  if (!report.assembly.ok())
    state.q = system.initialPositions();
  RedundancyReport redundancy = analyzeRedundancy(system, state.q, state.t);
  if (report.assembly.ok() && !redundancy.conflict.ok())
    report.assembly = redundancy.conflict;
  report.dof = redundancy.dof;
  report.redundant = std::move(redundancy.redundant);
  return report;
}

}  // namespace mbs::solver
