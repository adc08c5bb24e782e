#pragma once
// Dynamic and kinematic analyses in the DMBS joint-coordinate formulation
// (AnalysisSettings::formulation = DMBS): the same initial conditions as the absolute formulation
// (assembly, joint initial values), then the tree's joint coordinates and rates integrated
// (GSTIFF/WSTIFF: Dormand–Prince 5(4) until it finds the model stiff, then the BDF; RKF45: Dormand–
// Prince 5(4) throughout) or, for a driven zero-DOF mechanism, solved at each
// output time (JointKinematics.hpp), and at every output time the same frame as the absolute
// formulation (body states, reactions of every joint and motion).
#include <vector>

#include "System.hpp"
#include "mbs/solver/AnalysisSettings.hpp"
#include "mbs/solver/Progress.hpp"
#include "mbs/solver/Results.hpp"

namespace mbs::solver::dmbs {

// Whether DMBS covers the model (Ok) or the BadInput naming what it does not cover.
Status checkModel(const Model& model);

// When GSTIFF/WSTIFF hand over to the BDF: once the explicit method finds the model stiff (the
// runs' choice), or from the start (tests of the BDF itself).
enum class BdfStart { WhenStiff, Immediately };

// Appends one frame per output time to `results` (reset first) and finishes it with the status.
Status runDynamics(const System& system, const AnalysisSettings& settings, ProgressMonitor* monitor,
                   ResultStore& results, BdfStart bdfStart = BdfStart::WhenStiff);

// Kinematic analysis at `times` (ascending, the first one the start): one frame per time.
Status runKinematics(const System& system, const AnalysisSettings& settings, const std::vector<double>& times,
                     ProgressMonitor* monitor, ResultStore& results);

}  // namespace mbs::solver::dmbs
