#pragma once
// The outputs of every entity of the absolute equations at one full state: what the analyses
// append to the ResultStore (the DMBS formulation maps its joint-coordinate state onto it first).
#include "System.hpp"
#include "mbs/solver/Results.hpp"
#include "mbs/solver/State.hpp"

namespace mbs::solver {

// All outputs of `system` at a full state (λ of all the System's rows); the load elements read
// the run's history when there is one (a dynamic run).
ResultFrame computeFrame(const System& system, const State& state, const loads::History* history = nullptr);

}  // namespace mbs::solver
