#pragma once
// The true mobility of a model from the rank of its constraint Jacobian at the assembled position,
// and the redundant equations with the entities they belong to (the topology check of the GUI and
// of core::fillTopologyRank; Gruebler's count cannot see redundancy).
#include <string>
#include <vector>

#include "mbs/solver/Model.hpp"
#include "mbs/solver/Status.hpp"

namespace mbs::solver {

struct RedundantRow {
  int row = -1;
  std::string entity;       // name of the joint / motion
  std::string description;  // "joint 'pin' (revolute), equation 4 of 5"
};

struct MobilityReport {
  // Of the initial positions; when it fails the rank is taken at the bodies' initial positions.
  Status assembly;
  int dof = 0;  // degrees of freedom: coordinates less the rank of Φ_q
  std::vector<RedundantRow> redundant;
};

// The model must be valid (validateModel in Analysis.hpp); throws std::invalid_argument otherwise.
MobilityReport analyzeMobility(const Model& model);

}  // namespace mbs::solver
