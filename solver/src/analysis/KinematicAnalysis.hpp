#pragma once
// Kinematic analysis of a zero-DOF (fully driven) mechanism: Newton–Raphson on Φ(q,t) = 0, then
// Φ_q q̇ = −Φ_t and Φ_q q̈ = γ, and the multipliers (reactions) from the inverse dynamics
// Φ_qᵀλ = Q − M q̈. Redundant rows are dropped (warning) and their multipliers are zero.
// First-order states (DIFF) are integrated over time while the motions drive the bodies, as
// Adams' kinematics does (docs/solver-notes.md, "First-order states").
#include <functional>
#include <vector>

#include "System.hpp"
#include "mbs/solver/Progress.hpp"
#include "mbs/solver/State.hpp"
#include "mbs/solver/Status.hpp"

namespace mbs::solver {

struct KinematicOptions {
  double positionTolerance = 1e-10;  // max |Φ|
  int maxIterations = 25;
  bool computeReactions = true;  // inverse dynamics for λ
  // First-order states: the error tolerance of their integration and its largest step
  // (0: the output interval, as Adams' KINEMATICS/HMAX).
  double stateTolerance = 1e-6;
  double maxStep = 0.0;
};

// Solves at state.t starting from state.q (sized numCoordinates(); else the Model's initial
// positions). Fails with BadInput when the model has degrees of freedom left.
Status solveKinematics(const System& system, State& state, const KinematicOptions& options = {});

// Runs solveKinematics at each output time (ascending), each from the previous solution
// extrapolated with its velocity, and calls onOutput after each; a non-ok status returned by the
// callback stops the run and is returned. First-order states start from state.qd's tail (else
// their IC) and are integrated from one output time to the next (Dormand–Prince 5(4), each stage
// a kinematic solve at its time).
using KinematicCallback = std::function<Status(const State&)>;
Status runKinematics(const System& system, State& state, const std::vector<double>& times,
                     const KinematicCallback& onOutput, ProgressMonitor* monitor = nullptr,
                     const KinematicOptions& options = {});

}  // namespace mbs::solver
