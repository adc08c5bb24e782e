#include "RankCheck.hpp"

#include "mbs/core/Compile.hpp"
#include "mbs/solver/Analysis.hpp"
#include "mbs/solver/Mobility.hpp"

namespace mbs::ui {

RankCheck checkRank(const core::Model& model)
{
  RankCheck result;
  if (model.parts().size() < 2)
    return result;
  core::CompileResult compiled = core::compile(model);
  if (!compiled.ok || !solver::validateModel(compiled.model).ok())
    return result;
  // Motions (and joint initial conditions, compiled as temporary motions) are left out, as in
  // the Gruebler count without motions.
  compiled.model.motions.clear();
  compiled.model.jointInitialConditions.clear();
  const solver::MobilityReport report = solver::analyzeMobility(compiled.model);
  result.assembled = report.assembly.ok();
  result.dof = report.dof;
  for (const auto& row : report.redundant)
    result.redundant.push_back(
        {model.findEntity(row.entity).value_or(core::EntityRef()), QString::fromStdString(row.description)});
  return result;
}

}  // namespace mbs::ui
