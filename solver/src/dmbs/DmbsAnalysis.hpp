#pragma once
// Dynamic analysis in the DMBS joint-coordinate formulation (AnalysisSettings::formulation =
// DMBS): the same initial conditions as the absolute formulation (assembly, joint initial values),
// then the tree's joint coordinates and rates integrated by an error-controlled Runge–Kutta 5(4), and at
// every output time the same frame as the absolute formulation (body states, reactions of every
// joint and motion from the multipliers of the absolute equations at that state).
#include "mbs/solver/AnalysisSettings.hpp"
#include "mbs/solver/Progress.hpp"
#include "mbs/solver/Results.hpp"
#include "mbs/solver/System.hpp"

namespace mbs::solver::dmbs {

// Whether DMBS covers the model (Ok) or the BadInput naming what it does not cover.
Status checkModel(const Model& model);

// Appends one frame per output time to `results` (reset first) and finishes it with the status.
Status runDynamics(const System& system, const AnalysisSettings& settings, ProgressMonitor* monitor,
                   ResultStore& results);

}  // namespace mbs::solver::dmbs
