#include "RankCheck.hpp"

#include "mbs/core/Compile.hpp"
#include "mbs/solver/InitialConditions.hpp"
#include "mbs/solver/Redundancy.hpp"
#include "mbs/solver/System.hpp"

namespace mbs::ui {

RankCheck checkRank(const core::Model& model)
{
  RankCheck result;
  if (model.parts().size() < 2)
    return result;
  core::CompileResult compiled = core::compile(model);
  if (!compiled.ok || !solver::System::validate(compiled.model).ok())
    return result;
  // Motions (and joint initial conditions, compiled as temporary motions) are left out, as in
  // the Gruebler count without motions.
  compiled.model.motions.clear();
  compiled.model.jointInitialConditions.clear();
  const solver::System system(compiled.model);
  solver::State state;
  solver::InitialConditionOptions options;
  options.computeAccelerations = false;
  result.assembled = solver::solveInitialConditions(system, state, options).ok();
  if (!result.assembled)
    state.q = system.initialPositions();
  const solver::RedundancyReport report = solver::analyzeRedundancy(system, state.q, state.t);
  result.dof = report.dof;
  for (const auto& row : report.redundant)
    result.redundant.push_back(
        {model.findEntity(row.entity).value_or(core::EntityRef()), QString::fromStdString(row.description)});
  return result;
}

}  // namespace mbs::ui
