#pragma once
// The rank-based part of the topology check for the Topology panel: the model without its
// motions is compiled and assembled, and the rank of Φ_q gives the true mobility and the
// redundant equations with the joints they belong to (as core::fillTopologyRank, plus the rows).
#include <QString>
#include <optional>
#include <vector>

#include "mbs/core/Ids.hpp"
#include "mbs/core/Model.hpp"

namespace mbs::ui {

struct RedundantEquation {
  core::EntityRef entity;  // the joint (or primitive) owning the equation
  QString description;     // "joint 'pin' (revolute), equation 4 of 5"
};

struct RankCheck {
  std::optional<int> dof;  // empty if the model does not compile
  bool assembled = false;  // false: the rank was taken at the initial positions
  std::vector<RedundantEquation> redundant;
};

RankCheck checkRank(const core::Model& model);

}  // namespace mbs::ui
