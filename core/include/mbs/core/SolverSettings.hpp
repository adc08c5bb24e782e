#pragma once
// The model's analysis settings as the solver's entry point takes them (mbs/solver/Analysis.hpp).
#include "mbs/core/AnalysisSettings.hpp"
#include "mbs/solver/AnalysisSettings.hpp"

namespace mbs::core {

// Kind from settings.type, output step endTime / outputSteps, initialStepSize as the integrator's
// first step (CONSTANT_BDF's step when there is no maxStepSize); the solver does not use
// maxIterations yet.
solver::AnalysisSettings toSolverSettings(const AnalysisSettings& settings);

}  // namespace mbs::core
