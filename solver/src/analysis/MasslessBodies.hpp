#pragma once
// Massless bodies (Adams parts without MASS, or MASS = 0 and IP = 0: dummy and connector parts),
// and bodies with mass but no inertia (IP = 0, 0, 0). Their equations of motion along the
// directions without inertia are the constraint equations alone, which is sound only when the
// joints and motions fix those degrees of freedom relative to bodies with inertia or the ground:
// then the saddle-point matrices of every analysis stay regular.
#include "System.hpp"

namespace mbs::solver::detail {

bool isMassless(const Body& body);
bool hasNoRotaryInertia(const Body& body);

// Checks the condition at the initial configuration (the rank of Φ_q over the massless bodies'
// velocities): a failure names the body and a degree of freedom the constraints leave free.
Status checkMasslessBodies(const System& system);

}  // namespace mbs::solver::detail
