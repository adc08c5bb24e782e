#pragma once
// Rank-based counts of a TopologyReport from the solver: the model is compiled without its motions
// (the same basis as TopologyReport::dof), assembled, and Φ_q analysed for redundant equations
// (mbs::solver::analyzeRedundancy). Where the count-based DOF sees an overconstrained planar
// mechanism in space, rankDof gives its true mobility.
#include "mbs/core/Diagnostics.hpp"
#include "mbs/core/Model.hpp"
#include "mbs/core/Topology.hpp"

namespace mbs::core {

// Fills report.rankDof (6·n − rank of the joint, primitive and coupler equations) and
// report.redundantEquations. Returns false and leaves them empty if the model does not compile;
// if it does not assemble, the rank is taken at the initial positions and a warning is added.
bool fillTopologyRank(const Model& model, TopologyReport& report, Diagnostics* diagnostics = nullptr);

}  // namespace mbs::core
