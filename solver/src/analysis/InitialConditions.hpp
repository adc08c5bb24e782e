#pragma once
// Initial-condition (assembly) analysis, as Adams does it (seed 000):
//  1. positions: minimize ½(q−q0)ᵀW(q−q0) subject to Φ(q,t) = 0 by Newton on the Lagrangian;
//  2. velocities: minimize ½(q̇−q̇0)ᵀW(q̇−q̇0) subject to Φ_q q̇ = −Φ_t;
//  3. accelerations and multipliers from [M Φ_qᵀ; Φ_q 0][q̈; λ] = [Q; γ].
// W is 1 for free initial values and `exactWeight` for those marked exact on the Body. Redundant
// constraint rows are found at the assembled position and dropped from steps 2 and 3 (warning).
#include "System.hpp"
#include "mbs/solver/Progress.hpp"
#include "mbs/solver/State.hpp"
#include "mbs/solver/Status.hpp"

namespace mbs::solver {

struct RedundancyReport;

struct InitialConditionOptions {
  double positionTolerance = 1e-10;  // max |Φ| at convergence
  int maxIterations = 50;
  double exactWeight = 1e6;      // weight of values marked exact, relative to 1 for free values
  bool useStateAsGuess = false;  // start from state.q / state.qd instead of the Model's bodies
  bool computeAccelerations = true;
  // When set, receives the redundancy analysis at the assembled position (lets the dynamic
  // analysis reuse it instead of factorizing Φ_q again).
  RedundancyReport* redundancyOut = nullptr;
  // Stop on dependent rows that conflict over time (Redundancy.hpp). Off for the auxiliary
  // systems of joint initial conditions: their holding motions only matter at t itself, and the
  // real system is checked after them.
  bool stopOnConflicts = true;
  // Polled before every Newton iteration of the assembly (a Cancel in the GUI is honoured there,
  // not only between integrator steps); each iteration is reported as a step of the assembly.
  ProgressMonitor* monitor = nullptr;
};

// Fills state.q, qd, qdd and lambda at state.t. On failure the message names the constraint rows
// with the largest residuals.
Status solveInitialConditions(const System& system, State& state,
                              const InitialConditionOptions& options = {});

// Step 3 alone (also used by the kinematic and dynamic start): q̈ and λ at (t, q, q̇), with the
// given active rows (all rows if empty); λ of the other rows is zero.
Status solveAccelerationsAndMultipliers(const System& system, State& state,
                                        const std::vector<int>& activeRows = {});

}  // namespace mbs::solver
