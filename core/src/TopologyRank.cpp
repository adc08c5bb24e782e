#include "mbs/core/TopologyRank.hpp"

#include "mbs/core/Compile.hpp"
#include "mbs/solver/InitialConditions.hpp"
#include "mbs/solver/Redundancy.hpp"
#include "mbs/solver/System.hpp"

namespace mbs::core {

bool fillTopologyRank(const Model& model, TopologyReport& report, Diagnostics* diagnostics)
{
  report.rankDof.reset();
  report.redundantEquations.reset();
  CompileResult compiled = compile(model);
  if (!compiled.ok) {
    if (diagnostics)
      diagnostics->insert(diagnostics->end(), compiled.diagnostics.begin(), compiled.diagnostics.end());
    return false;
  }
  // Motions (and the temporary motions of joint initial conditions) are left out, as in
  // TopologyReport::dof.
  compiled.model.motions.clear();
  compiled.model.jointInitialConditions.clear();
  const mbs::solver::System system(compiled.model);

  mbs::solver::State state;
  state.t = 0.0;
  mbs::solver::InitialConditionOptions options;
  options.computeAccelerations = false;
  const mbs::solver::Status assembled = mbs::solver::solveInitialConditions(system, state, options);
  if (!assembled.ok()) {
    state.q = system.initialPositions();
    if (diagnostics)
      diagnostics->push_back({{},
                              0,
                              {},
                              assembled.entity,
                              "rank DOF taken at the initial positions: the model does not assemble (" +
                                  assembled.message + ")"});
  }
  const mbs::solver::RedundancyReport redundancy = mbs::solver::analyzeRedundancy(system, state.q, state.t);
  report.rankDof = redundancy.dof;
  report.redundantEquations = static_cast<int>(redundancy.redundant.size());
  return true;
}

}  // namespace mbs::core
