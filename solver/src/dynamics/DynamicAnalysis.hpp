#pragma once
// Dynamic analysis of a System: initial conditions, then time integration with the chosen
// integrator and formulation, recording a frame at every output time into a ResultStore.
#include <memory>

#include "dynamics/Plausibility.hpp"
#include "integrators/Integrator.hpp"
#include "mbs/solver/AnalysisSettings.hpp"
#include "mbs/solver/Progress.hpp"
#include "mbs/solver/Status.hpp"

namespace mbs::solver {

class System;
class ResultStore;
class EnergyAccount;

// Builds an integrator of the given type on any DAE.
std::unique_ptr<Integrator> makeIntegrator(IntegratorType type, const Dae& dae,
                                           const IntegratorOptions& options);

struct DynamicOptions {
  double startTime = 0.0;
  double endTime = 1.0;
  double outputStep = 0.01;  // frames at startTime + k·outputStep (and at endTime)
  IntegratorType integrator = IntegratorType::Gstiff;
  IntegratorOptions integratorOptions;  // tolerance, hmax, hmin, hinit, maxOrder, formulation, α
  bool solveInitialConditions = true;   // false: start from System's initial q, q̇ as given
  PlausibilityBounds plausibility;      // the run stops when its state or energy balance passes them
};

// Runs the analysis and appends one frame per output time to `results` (reset first with the
// model's names). On failure the status names the time, step size, Newton residual and the
// constraint row (System::describeRow); frames computed so far stay in `results`. A successful
// run's notes are its energy balance (EnergyAccount::report); `energy` (built on `system`), if
// given, receives the account.
Status runDynamics(const System& system, const DynamicOptions& options, ProgressMonitor* monitor,
                   ResultStore& results, EnergyAccount* energy = nullptr);

}  // namespace mbs::solver
