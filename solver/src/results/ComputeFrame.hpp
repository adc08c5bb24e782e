#pragma once
// The outputs of every entity of the absolute equations at one full state: what the analyses
// append to the ResultStore (the DMBS formulation maps its joint-coordinate state onto it first).
#include "System.hpp"
#include "mbs/solver/Results.hpp"
#include "mbs/solver/State.hpp"

namespace mbs::solver {

// All outputs of `system` at a full state (λ of all the System's rows).
ResultFrame computeFrame(const System& system, const State& state);

}  // namespace mbs::solver
