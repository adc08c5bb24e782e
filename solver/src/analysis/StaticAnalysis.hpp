#pragma once
// Static equilibrium (q̇ = q̈ = 0): Newton with a backtracking line search on
//     R(q, λ) = [Q(t, q, 0) − Φ_qᵀλ; Φ(q, t)] = 0,
// Jacobian [∂Q/∂q − ∂(Φ_qᵀλ)/∂q, −Φ_qᵀ; Φ_q, 0]. Starts from state.q (assembled first if it does
// not satisfy Φ); redundant rows are dropped (warning) and get zero multipliers. Joints with
// friction and a maximum stiction deformation add their stiction forces (friction/Stiction.hpp).
#include "System.hpp"
#include "mbs/solver/Progress.hpp"
#include "mbs/solver/State.hpp"
#include "mbs/solver/Status.hpp"

namespace mbs::solver {

struct StaticOptions {
  double forceTolerance = 1e-8;      // max |Q − Φ_qᵀλ| (generalized force units)
  double positionTolerance = 1e-10;  // max |Φ|
  int maxIterations = 100;
  double maxStep = 0.5;  // largest change of any coordinate per iteration (damping of far steps)
  ProgressMonitor* monitor = nullptr;  // polled (cancel) and told (Phase::Statics) every iteration
  // Where joints with stiction measure their creep from (empty: state.q as the solve starts); a
  // quasi-static series keeps the one of its first equilibrium.
  Vec stictionStart;
};

Status solveStatics(const System& system, State& state, const StaticOptions& options = {});

}  // namespace mbs::solver
