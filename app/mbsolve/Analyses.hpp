#pragma once
// The analyses mbsolve runs, each on a compiled model, filling a ResultStore (one frame per output
// time) or printing what it computes (linear).
#include <ostream>
#include <string>

#include "mbs/solver/DynamicAnalysis.hpp"
#include "mbs/solver/Progress.hpp"
#include "mbs/solver/Results.hpp"
#include "mbs/solver/System.hpp"

namespace mbs::app {

struct RunSettings {
  double endTime = 1.0;
  double outputStep = 0.01;
  solver::IntegratorType integrator = solver::IntegratorType::Gstiff;
  solver::Formulation formulation = solver::Formulation::SI2;
  double tolerance = 1e-6;
  double maxStep = 0.0;
};

solver::Status runInitial(const solver::System& system, solver::ResultStore& results);
solver::Status runKinematic(const solver::System& system, const RunSettings& settings,
                            solver::ProgressMonitor& monitor, solver::ResultStore& results);
solver::Status runStatic(const solver::System& system, solver::ResultStore& results);
solver::Status runDynamic(const solver::System& system, const RunSettings& settings,
                          solver::ProgressMonitor& monitor, solver::ResultStore& results);
// Static equilibrium, then the eigenvalues of the linearized system printed to `out`.
solver::Status runLinear(const solver::System& system, std::ostream& out);

}  // namespace mbs::app
