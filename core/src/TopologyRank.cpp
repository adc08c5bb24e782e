#include "mbs/core/TopologyRank.hpp"

#include "mbs/core/Compile.hpp"
#include "mbs/solver/Mobility.hpp"

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
  const mbs::solver::MobilityReport mobility = mbs::solver::analyzeMobility(compiled.model);
  if (!mobility.assembly.ok() && diagnostics)
    diagnostics->push_back({{},
                            0,
                            {},
                            mobility.assembly.entity,
                            "rank DOF taken at the initial positions: the model does not assemble (" +
                                mobility.assembly.message + ")"});
  report.rankDof = mobility.dof;
  report.redundantEquations = static_cast<int>(mobility.redundant.size());
  return true;
}

}  // namespace mbs::core
