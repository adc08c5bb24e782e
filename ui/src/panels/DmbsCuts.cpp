#include "DmbsCuts.hpp"

#include "mbs/core/Compile.hpp"
#include "mbs/solver/Analysis.hpp"

namespace mbs::ui {

DmbsCuts findDmbsCuts(const core::Model& model)
{
  DmbsCuts result;
  core::CompileResult compiled = core::compile(model);
  if (!compiled.ok) {
    result.why = compiled.diagnostics.empty() ? QString()
                                              : QString::fromStdString(compiled.diagnostics.front().reason);
    return result;
  }
  if (const solver::Status valid = solver::validateModel(compiled.model); !valid.ok()) {
    result.why = QString::fromStdString(valid.message);
    return result;
  }
  const solver::DmbsTree tree = solver::dmbsTree(compiled.model);
  if (!tree.status.ok()) {
    result.why = QString::fromStdString(tree.status.message);
    return result;
  }
  result.known = true;
  for (const solver::CutJoint& cut : tree.cuts)
    result.cuts[compiled.map.jointIds[cut.joint]] = cut.reason;
  return result;
}

}  // namespace mbs::ui
