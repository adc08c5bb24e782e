#pragma once
// Which joints the DMBS formulation will cut, for the Topology panel: the model is compiled and the
// solver's own tree builder (solver::dmbsTree) asked, so the graph shows the cuts a DMBS run uses
// (the user's constraint elements first, then one joint per remaining loop by DMBS's rule).
#include <QString>
#include <map>

#include "mbs/core/Model.hpp"
#include "mbs/solver/DmbsTree.hpp"

namespace mbs::ui {

struct DmbsCuts {
  bool known = false;  // false: the model does not compile (`why` says why)
  QString why;
  std::map<core::JointId, solver::CutReason> cuts;
};

DmbsCuts findDmbsCuts(const core::Model& model);

}  // namespace mbs::ui
