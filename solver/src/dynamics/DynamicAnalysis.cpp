#include "dynamics/DynamicAnalysis.hpp"

#include <algorithm>
#include <cmath>
#include <memory>
#include <optional>
#include <sstream>

#include "System.hpp"
#include "analysis/ActiveRowsDae.hpp"
#include "analysis/InitialConditions.hpp"
#include "analysis/Redundancy.hpp"
#include "dynamics/EnergyAccount.hpp"
#include "dynamics/HistoryDae.hpp"
#include "dynamics/SensorMonitor.hpp"
#include "mbs/solver/Results.hpp"
#include "results/ComputeFrame.hpp"

namespace mbs::solver {
namespace {

std::vector<double> outputTimes(const DynamicOptions& options)
{
  std::vector<double> times;
  const double span = options.endTime - options.startTime;
  const long count = static_cast<long>(std::floor(span / options.outputStep + 1e-9));
  for (long k = 0; k <= count; ++k)
    times.push_back(options.startTime + k * options.outputStep);
  if (options.endTime - times.back() > 1e-9 * std::max(1.0, std::abs(options.endTime)))
    times.push_back(options.endTime);
  return times;
}

// Adds the integrator's failure location to the status, naming the constraint row's entity.
Status describeFailure(Status st, const Integrator& integrator, const System& system,
                       const std::vector<int>& rows)
{
  if (st.code == StatusCode::Cancelled)
    return st;
  const IntegratorFailure& f = integrator.lastFailure();
  std::ostringstream msg;
  // lastFailure() describes this status only if the integrator's fail() made it (same time; it may
  // hold an earlier, recovered failure); other statuses (the work limit, an output's failure) carry
  // their time themselves.
  const bool located = f.stepSize > 0.0 && f.time == st.time;
  const double time = located ? f.time : st.time;
  msg << "dynamic analysis (" << integrator.name() << ") failed at t = " << time << " s";
  if (located)
    msg << ", step " << f.stepSize << " s";
  msg << ": " << st.message;
  if (located && f.constraintRow >= 0) {
    const int row = rows.empty() ? f.constraintRow : rows[f.constraintRow];
    msg << "; Newton residual " << f.residual << " largest in " << system.describeRow(row);
    for (const ConstraintBlock& b : system.constraintBlocks())
      if (row >= b.firstRow && row < b.firstRow + b.rows) {
        if (b.kind == ConstraintKind::Joint)
          st.entity = system.model().joints[b.entity].name;
        else if (b.kind == ConstraintKind::Motion)
          st.entity = system.model().motions[b.entity].name;
        else
          st.entity = system.model().bodies[b.entity].name;
      }
  }
  st.message = msg.str();
  st.time = time;
  return st;
}

}  // namespace

Status runDynamics(const System& system, const DynamicOptions& options, ProgressMonitor* monitor,
                   ResultStore& results, EnergyAccount* energy)
{
  results.reset(ResultLayout::fromModel(system.model()));
  auto finish = [&](Status st) {
    results.finish(st);
    return st;
  };
  if (!(options.endTime > options.startTime) || !(options.outputStep > 0.0))
    return finish(
        Status::failure(StatusCode::BadInput,
                        "dynamic analysis: end time must exceed start time and the output step be positive"));

  // 1. Initial conditions (assembly, velocities, accelerations and multipliers).
  State state;
  state.t = options.startTime;
  std::vector<std::string> warnings;
  std::optional<RedundancyReport> assembled;
  if (options.solveInitialConditions) {
    InitialConditionOptions icOptions;
    icOptions.monitor = monitor;
    // (Joint initial conditions assemble through auxiliary systems: analyse again below.)
    if (system.model().jointInitialConditions.empty())
      icOptions.redundancyOut = &assembled.emplace();
    Status st = solveInitialConditions(system, state, icOptions);
    if (!st.ok())
      return finish(st);
    warnings = st.warnings;
  } else {
    state.q = system.initialPositions();
    state.qd = system.initialVelocities();
  }

  // 2. Redundant rows are dropped: the integrators' Newton matrices would be singular.
  // The initial-condition analysis already did it at this very q and t.
  const RedundancyReport redundancy =
      assembled ? std::move(*assembled) : analyzeRedundancy(system, state.q, state.t);
  if (!redundancy.conflict.ok())
    return finish(redundancy.conflict);
  // The run's history of the load elements (stiction anchors at the initial configuration,
  // contact approach speeds): owned here, read and advanced through `withHistory`.
  loads::History history;
  const HistoryDae withHistory(system, history);
  std::unique_ptr<ActiveRowsDae> reduced;
  const Dae* dae = &withHistory;
  if (!redundancy.redundant.empty()) {
    reduced = std::make_unique<ActiveRowsDae>(withHistory, redundancy.activeRows);
    dae = reduced.get();
    for (const std::string& w : redundancy.warnings())
      if (std::find(warnings.begin(), warnings.end(), w) == warnings.end())
        warnings.push_back(w);
  }
  const std::vector<int> rows = reduced ? redundancy.activeRows : std::vector<int>{};
  auto fullLambda = [&](const Vec& lambda) { return reduced ? reduced->fullMultipliers(lambda) : lambda; };

  dae->startHistory(state.t, state.q);
  LinearSolver outputSolver;  // one matrix pattern all run: KLU refactors with the kept pivots
  outputSolver.setMethod(LinearSolver::Method::KluRefactor);
  {
    Status st = solveAccelerations(*dae, state.t, state.q, state.qd, state.qdd, state.lambda, outputSolver);
    if (!st.ok())
      return finish(st);
  }

  // 3. Integration; at each output time q̈ and λ come from the index-1 equations at the
  // integrated (or interpolated) q, q̇, so reactions do not carry the integrator's λ noise.
  // A failed run still reports what the set-up found (e.g. redundant joints removed): it often
  // explains the failure.
  auto failed = [&](Status st) {
    st.warnings.insert(st.warnings.begin(), warnings.begin(), warnings.end());
    return finish(st);
  };
  if (Status plausible = checkPlausibleState(system, state, options.plausibility); !plausible.ok())
    return failed(plausible);  // (before any step: the initial velocities)
  std::unique_ptr<Integrator> integrator =
      makeIntegrator(options.integrator, *dae, options.integratorOptions);
  Status st = integrator->initialize(state);
  if (!st.ok())
    return failed(describeFailure(st, *integrator, system, rows));
  // The energy account follows every accepted step (impacts last a few steps between frames).
  std::optional<EnergyAccount> ownAccount;
  EnergyAccount& account = energy ? *energy : ownAccount.emplace(system);
  account.start(state.t, state.q, state.qd, fullLambda(state.lambda), &history);
  // With the integrator's own λ (the BDF's are not under its error control; docs/solver-notes.md,
  // "Energy balance"): recomputing them from the equations of motion cost 40 % of the run.
  const auto accepted = [&](const State& s) {
    account.accept(s.t, s.q, s.qd, fullLambda(s.lambda), &history);
    return checkPlausibleState(system, s, options.plausibility);
  };
  const auto output = [&](double t, const Vec& q, const Vec& qd) {
    // The balance up to the last accepted step (at or past t): a frame is written only while the
    // run is still plausible. Not in the first tenth of the run: there the energies can be as
    // small as the errors the tolerance allows (a pendulum released from rest).
    if (t >= options.startTime + 0.1 * (options.endTime - options.startTime))
      if (Status plausible = checkPlausibleEnergy(account, options.plausibility); !plausible.ok())
        return plausible;
    if (Status kept = checkDependentRowsDuringRun(system, q, t, options.startTime, redundancy.activeRows,
                                                  redundancy.redundant);
        !kept.ok())
      return kept;
    State s;
    s.t = t;
    s.q = q;
    s.qd = qd;
    Vec lambda;
    Status out = solveAccelerations(*dae, t, q, qd, s.qdd, lambda, outputSolver);
    if (!out.ok())
      return out;
    s.lambda = fullLambda(lambda);
    results.append(computeFrame(system, s, &history));
    return Status::success();
  };
  SensorMonitor sensors(system.model());
  sensors.start(state.t, state.q, state.qd);
  const EventFunction events = [&](Integrator& i) { return sensors.check(i); };
  st = integrate(*integrator, outputTimes(options), monitor, output, accepted,
                 sensors.empty() ? EventFunction{} : events);
  if (!st.ok()) {
    st.notes.insert(st.notes.begin(), sensors.notes().begin(), sensors.notes().end());
    st.sensorFirings = sensors.firings();
    return failed(describeFailure(st, *integrator, system, rows));
  }
  if (const std::string stiff = integrator->stiffnessNote(); !stiff.empty())
    warnings.push_back(stiff);  // finished, but an implicit integrator would have been cheaper
  st.warnings = warnings;
  st.notes = sensors.notes();
  st.sensorFirings = sensors.firings();
  for (const std::string& n : account.report())
    st.notes.push_back(n);
  if (!sensors.stoppedBy().empty()) {
    st.stoppedBySensor = sensors.stoppedBy();
    st.halted = sensors.halted();
    st.time = results.size() > 0 ? results.frame(results.size() - 1).state.t : st.time;
  }
  return finish(st);
}

}  // namespace mbs::solver
