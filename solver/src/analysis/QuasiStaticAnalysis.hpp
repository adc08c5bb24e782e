#pragma once
// Quasi-static analysis (Adams SIMULATE/STATICS with END= or DURATION=; seed 000 §4.4.1): a static
// equilibrium (q̇ = q̈ = 0, StaticAnalysis.hpp) at each output time, with the motions and the
// time-dependent forces at their values then. The first is solved from the assembled initial
// conditions, each later one from the equilibrium before it, as Adams does; joints with stiction
// measure their creep from the first equilibrium's start for the whole series.
#include <vector>

#include "System.hpp"
#include "mbs/solver/Progress.hpp"
#include "mbs/solver/Results.hpp"
#include "mbs/solver/Status.hpp"

namespace mbs::solver {

// Appends one frame per equilibrium to `results` (times ascending). A time without equilibrium
// stops the series with a status naming that time (status.time) and the last time that had one;
// the frames before it stay. Warnings (e.g. redundant equations) are reported once, not per time.
Status runQuasiStatics(const System& system, const std::vector<double>& times, ProgressMonitor* monitor,
                       ResultStore& results);

}  // namespace mbs::solver
