#pragma once
// Joint friction settings (DMBS model of seed 001, named as the Adams FRICTION statement).
// core keeps the solver's parameter set so compile() passes it through unchanged.
#include "mbs/solver/Model.hpp"

namespace mbs::core {

using FrictionParameters = mbs::solver::FrictionParameters;
// Radial clearance of a revolute joint (issue 14): the joint becomes a pin-in-hole contact.
using ClearanceParameters = mbs::solver::ClearanceParameters;
using ClearanceLaw = mbs::solver::ClearanceLaw;

}  // namespace mbs::core
