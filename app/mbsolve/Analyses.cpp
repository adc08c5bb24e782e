#include "Analyses.hpp"

#include <cmath>
#include <iomanip>

#include "mbs/solver/InitialConditions.hpp"
#include "mbs/solver/KinematicAnalysis.hpp"
#include "mbs/solver/LinearAnalysis.hpp"
#include "mbs/solver/StaticAnalysis.hpp"

namespace mbs::app {

using solver::ResultLayout;
using solver::State;
using solver::Status;

namespace {

std::vector<double> outputTimes(double endTime, double step)
{
  std::vector<double> times;
  const long count = std::lround(std::ceil(endTime / step - 1e-9));
  for (long k = 0; k <= count; ++k)
    times.push_back(std::min(k * step, endTime));
  return times;
}

// Single-frame analyses record their state as the one frame of the run.
Status recordSingle(const solver::System& system, const State& state, const Status& status,
                    solver::ResultStore& results)
{
  if (status.ok())
    results.append(solver::computeFrame(system, state));
  results.finish(status);
  return status;
}

}  // namespace

Status runInitial(const solver::System& system, solver::ResultStore& results)
{
  results.reset(ResultLayout::fromModel(system.model()));
  State state;
  const Status status = solver::solveInitialConditions(system, state);
  return recordSingle(system, state, status, results);
}

Status runKinematic(const solver::System& system, const RunSettings& settings,
                    solver::ProgressMonitor& monitor, solver::ResultStore& results)
{
  results.reset(ResultLayout::fromModel(system.model()));
  State state;
  Status status = solver::solveInitialConditions(system, state);
  if (status.ok()) {
    status = solver::runKinematics(
        system, state, outputTimes(settings.endTime, settings.outputStep),
        [&](const State& s) {
          results.append(solver::computeFrame(system, s));
          return Status::success();
        },
        &monitor);
  }
  results.finish(status);
  return status;
}

Status runStatic(const solver::System& system, solver::ResultStore& results)
{
  results.reset(ResultLayout::fromModel(system.model()));
  State state;
  Status status = solver::solveInitialConditions(system, state);
  if (status.ok())
    status = solver::solveStatics(system, state);
  return recordSingle(system, state, status, results);
}

Status runDynamic(const solver::System& system, const RunSettings& settings, solver::ProgressMonitor& monitor,
                  solver::ResultStore& results)
{
  solver::DynamicOptions options;
  options.endTime = settings.endTime;
  options.outputStep = settings.outputStep;
  options.integrator = settings.integrator;
  options.integratorOptions.tolerance = settings.tolerance;
  options.integratorOptions.formulation = settings.formulation;
  options.integratorOptions.hmax = settings.maxStep > 0.0 ? settings.maxStep : settings.outputStep;
  return solver::runDynamics(system, options, &monitor, results);
}

Status runLinear(const solver::System& system, std::ostream& out)
{
  State state;
  Status status = solver::solveInitialConditions(system, state);
  if (status.ok())
    status = solver::solveStatics(system, state);
  if (!status.ok()) {
    status.message = "static equilibrium for the linear analysis: " + status.message;
    return status;
  }
  solver::LinearSystem linear;
  status = solver::linearize(system, state, linear);
  if (!status.ok())
    return status;
  out << "# linear analysis about the static equilibrium: " << linear.modes.size() << " modes, "
      << linear.basis.cols() << " degrees of freedom\n";
  out << "mode,real,imag,frequency_hz,damping_ratio\n";
  out << std::setprecision(10);
  int index = 1;
  for (const auto& mode : linear.modes) {
    out << index++ << ',' << mode.eigenvalue.real() << ',' << mode.eigenvalue.imag() << ','
        << mode.naturalFrequency << ',' << mode.dampingRatio + 0.0 << '\n';
  }
  return status;
}

}  // namespace mbs::app
