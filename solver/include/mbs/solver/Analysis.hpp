#pragma once
// The solver's entry point: runs one analysis of a compiled Model with its settings, reports
// progress to a ProgressMonitor and honours its cancel, records frames into a ResultStore and
// returns a status whose diagnostics name the model's entities. The GUI's worker thread and
// mbsolve (single runs and .acf command files) run every analysis through it, so the equations and
// integrators behind it (settings.formulation) can change without them knowing.
#include <complex>
#include <vector>

#include "mbs/solver/AnalysisSettings.hpp"
#include "mbs/solver/Model.hpp"
#include "mbs/solver/Progress.hpp"
#include "mbs/solver/Results.hpp"
#include "mbs/solver/State.hpp"
#include "mbs/solver/Status.hpp"

namespace mbs::solver {

// One mode of the linear analysis.
struct LinearMode {
  std::complex<double> eigenvalue;  // s = σ ± iω_d (one of each conjugate pair, ω_d ≥ 0)
  double naturalFrequency = 0.0;    // |s| / 2π [Hz]
  double dampingRatio = 0.0;        // −σ / |s|
  Vec shape;                        // real part of δq (all coordinates, as State::q), unit largest entry
};

struct AnalysisOutcome {
  // Ok, or what failed, when (status.time) and where (message and entity name the joint, motion or
  // body); warnings hold what did not stop the run (e.g. redundant equations removed).
  Status status;
  // Linear analysis: the static equilibrium it linearized about, its degrees of freedom and its
  // modes in ascending natural frequency.
  State operatingPoint;
  int linearDegreesOfFreedom = 0;
  std::vector<LinearMode> modes;
};

// Whether the model is consistent (indices, masses, inertias); BadInput naming the entity if not.
Status validateModel(const Model& model);

// Kinematic, quasi-static and dynamic runs: whether the output grid startTime + k·outputStep .. endTime is
// possible (finite times, positive step, at most settings.maxOutputFrames frames); BadInput
// saying which value is wrong otherwise. runAnalysis checks it first.
Status checkOutputGrid(const AnalysisSettings& settings);
// The number of frames of the output grid (for a grid that passes checkOutputGrid).
std::size_t outputFrameCount(const AnalysisSettings& settings);

// Runs settings.kind on model. `results` is reset with the model's names, receives one frame per
// output time (kinematic, quasi-static, dynamic) or the one frame of a single-frame analysis (the operating
// point of a linear one), and is finished with the outcome's status; the frames computed before a
// failure stay. Expected failures (invalid model, no convergence, singular equations, cancel) are
// statuses, never exceptions. `monitor` may be null.
AnalysisOutcome runAnalysis(const Model& model, const AnalysisSettings& settings, ProgressMonitor* monitor,
                            ResultStore& results);

// Makes `model` start where a previous run ended: the bodies' positions, orientations and velocities,
// the DIFF states (and an IMPLICIT one's rate), flexible bodies' modal coordinates and rates and the
// point-to-curve joints' contact points and speeds from its last frame. VARIABLEs are algebraic
// (evaluated from these), so they need nothing. What a run keeps only inside itself (stiction
// anchors, contact approach speeds, the integrator's history) starts afresh. The joint initial conditions,
// meant for the first run's start, are dropped. Run it next with startTime = last.state.t.
void continueFrom(Model& model, const ResultFrame& last);

}  // namespace mbs::solver
