#pragma once
// Joint initial conditions (Model::jointInitialConditions) in the initial-condition analysis. Each
// one is held by a temporary motion on the joint's markers, x(t) = x0 + v0 (t − t0), in two passes:
//  1. positions, with motions fixing the given joint displacements;
//  2. velocities, with motions through the assembled joint coordinates at the given joint
//     velocities (joints with a displacement only are free to move again);
// then the original system gives accelerations and multipliers. The temporary motions are named
// after their joint, so a failure names the joint.
#include "analysis/InitialConditions.hpp"

namespace mbs::solver::detail {

Status solveWithJointInitialConditions(const System& system, State& state,
                                       const InitialConditionOptions& options);

}  // namespace mbs::solver::detail
