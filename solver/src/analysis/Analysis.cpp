#include "mbs/solver/Analysis.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <string>

#include "NonFiniteReports.hpp"
#include "System.hpp"
#include "analysis/AutoFormulation.hpp"
#include "analysis/InitialConditions.hpp"
#include "analysis/KinematicAnalysis.hpp"
#include "analysis/LinearAnalysis.hpp"
#include "analysis/MasslessBodies.hpp"
#include "analysis/QuasiStaticAnalysis.hpp"
#include "analysis/StateMatrices.hpp"
#include "analysis/StaticAnalysis.hpp"
#include "dmbs/DmbsAnalysis.hpp"
#include "dynamics/DynamicAnalysis.hpp"
#include "results/ComputeFrame.hpp"

namespace mbs::solver {
namespace {

// The state matrices a linear analysis also computes (Plant.hpp), and where they go.
struct PlantRun {
  const StateMatrixRequest* request = nullptr;
  StateMatrices* matrices = nullptr;
};

// Kinematic and quasi-static output times: startTime + k·outputStep, the last one clamped to endTime.
std::vector<double> kinematicOutputTimes(const AnalysisSettings& settings)
{
  std::vector<double> times;
  const double span = settings.endTime - settings.startTime;
  const long count = std::lround(std::ceil(span / settings.outputStep - 1e-9));
  for (long k = 0; k <= count; ++k)
    times.push_back(std::min(settings.startTime + k * settings.outputStep, settings.endTime));
  return times;
}

// Initial conditions, then static equilibrium for Static; the state is the run's one frame.
Status runSingleFrame(const System& system, const AnalysisSettings& settings, ProgressMonitor* monitor,
                      ResultStore& results)
{
  State state;
  state.t = settings.startTime;
  InitialConditionOptions assembly;
  assembly.monitor = monitor;
  Status status = solveInitialConditions(system, state, assembly);
  StaticOptions statics;
  statics.monitor = monitor;
  if (status.ok() && settings.kind == AnalysisKind::Static)
    status = solveStatics(system, state, statics);
  if (status.ok())
    results.append(computeFrame(system, state));
  return status;
}

Status runKinematic(const System& system, const AnalysisSettings& settings, ProgressMonitor* monitor,
                    ResultStore& results)
{
  if (!(settings.outputStep > 0.0))
    return Status::failure(StatusCode::BadInput, "kinematic analysis: the output step must be positive");
  if (settings.formulation == Formulation::DMBS)
    return dmbs::runKinematics(system, settings, kinematicOutputTimes(settings), monitor, results);
  State state;
  state.t = settings.startTime;
  InitialConditionOptions assembly;
  assembly.monitor = monitor;
  Status status = solveInitialConditions(system, state, assembly);
  if (!status.ok())
    return status;
  // First-order states (DIFF) are integrated between the output times under the run's tolerance.
  KinematicOptions options;
  options.stateTolerance = settings.tolerance;
  options.maxStep = settings.maxStep;
  return runKinematics(
      system, state, kinematicOutputTimes(settings),
      [&](const State& s) {
        results.append(computeFrame(system, s));
        return Status::success();
      },
      monitor, options);
}

Status runDynamic(const System& system, const AnalysisSettings& settings, ProgressMonitor* monitor,
                  ResultStore& results)
{
  if (settings.formulation == Formulation::DMBS) {
    if (!system.model().sensors.empty())
      return Status::failure(StatusCode::BadInput,
                             "sensor '" + system.model().sensors.front().name +
                                 "': sensors are evaluated by the I3 and SI2 formulations, not by DMBS",
                             system.model().sensors.front().name);
    if (settings.integrator == IntegratorType::ConstantBdf || settings.integrator == IntegratorType::Dstiff ||
        settings.integrator == IntegratorType::Abam)
      return Status::failure(
          StatusCode::BadInput,
          std::string("the DMBS (joint-coordinate) formulation integrates with GSTIFF, WSTIFF "
                      "or RKF45; ") +
              toString(settings.integrator) + " runs in the absolute formulations (" +
              (settings.integrator == IntegratorType::Dstiff ? "I3" : "I3 or SI2") + ")");
    // (ABAM, like RKF45, integrates the independent coordinates whatever the formulation says.)
    return dmbs::runDynamics(system, settings, monitor, results);
  }
  DynamicOptions options;
  options.startTime = settings.startTime;
  options.endTime = settings.endTime;
  options.outputStep = settings.outputStep;
  options.integrator = settings.integrator;
  options.integratorOptions.tolerance = settings.tolerance;
  options.integratorOptions.formulation = settings.formulation;
  options.integratorOptions.hmax = settings.maxStep > 0.0 ? settings.maxStep : settings.outputStep;
  options.integratorOptions.hmin = settings.minStep;
  options.integratorOptions.maxSteps = settings.maxSteps;
  options.integratorOptions.hinit = settings.initialStep;
  options.integratorOptions.maxOrder = settings.maxOrder;
  options.integratorOptions.maxNewtonIterations = settings.maxIterations;
  if (settings.integrator == IntegratorType::ConstantBdf) {
    // Adams' CONSTANT_BDF steps at HMAX (seed 000 §4.5: "HMAX too large: inaccurate; too small:
    // slow"); without HMAX at HINIT, without both at the output step.
    const double h = settings.maxStep > 0.0       ? settings.maxStep
                     : settings.initialStep > 0.0 ? settings.initialStep
                                                  : settings.outputStep;
    options.integratorOptions.hinit = options.integratorOptions.hmax = h;
  }
  if (settings.integrator == IntegratorType::Dstiff && settings.formulation != Formulation::I3)
    return Status::failure(
        StatusCode::BadInput,
        std::string("DSTIFF is posed in the I3 formulation only (as Adams' DSTIFF), not in ") +
            toString(settings.formulation) + "; for a variable-coefficient BDF in SI2 use WSTIFF");
  options.plausibility.maxSpeed = settings.maxSpeed;
  options.plausibility.maxEnergyError = settings.maxEnergyError;
  options.solveInitialConditions = settings.solveInitialConditions;
  return runDynamics(system, options, monitor, results);
}

// Static equilibrium (the one frame), then its linearization.
Status runLinear(const System& system, const AnalysisSettings& settings, ProgressMonitor* monitor,
                 ResultStore& results, AnalysisOutcome& outcome, const PlantRun* plant)
{
  State state;
  state.t = settings.startTime;
  InitialConditionOptions assembly;
  assembly.monitor = monitor;
  Status status = solveInitialConditions(system, state, assembly);
  StaticOptions statics;
  statics.monitor = monitor;
  if (status.ok())
    status = solveStatics(system, state, statics);
  if (!status.ok()) {
    status.message = "static equilibrium for the linear analysis: " + status.message;
    return status;
  }
  results.append(computeFrame(system, state));
  const ScopedAnalysisMode mode(AnalysisMode::Linear);
  LinearSystem linear;
  status = linearize(system, state, linear);
  if (!status.ok())
    return status;
  outcome.operatingPoint = state;
  outcome.linearDegreesOfFreedom = static_cast<int>(linear.basis.cols());
  outcome.modes = std::move(linear.modes);
  if (plant && plant->request) {
    Status s = computeStateMatrices(system, state, *plant->request, *plant->matrices);
    if (!s.ok())
      return s;
  }
  return status;
}

}  // namespace

const char* toString(AnalysisKind kind)
{
  switch (kind) {
    case AnalysisKind::InitialConditions:
      return "initial conditions";
    case AnalysisKind::Kinematic:
      return "kinematic";
    case AnalysisKind::Static:
      return "static";
    case AnalysisKind::Dynamic:
      return "dynamic";
    case AnalysisKind::Linear:
      return "linear";
    case AnalysisKind::QuasiStatic:
      return "quasi-static";
  }
  return "unknown";
}

const char* toString(Formulation formulation)
{
  switch (formulation) {
    case Formulation::I3:
      return "I3";
    case Formulation::SI2:
      return "SI2";
    case Formulation::DMBS:
      return "DMBS";
    case Formulation::Auto:
      return "automatic";
  }
  return "unknown";
}

Status validateModel(const Model& model)
{
  return System::validate(model);
}

Status checkOutputGrid(const AnalysisSettings& s)
{
  auto refuse = [](const std::string& what) { return Status::failure(StatusCode::BadInput, what); };
  auto text = [](double v) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%g", v);
    return std::string(buffer);
  };
  if (!std::isfinite(s.startTime) || !std::isfinite(s.endTime))
    return refuse("the end time " + text(s.endTime) + " s is not a finite number");
  if (!(s.endTime > s.startTime))
    return refuse("the end time " + text(s.endTime) + " s is not after the start time " + text(s.startTime) +
                  " s");
  if (!std::isfinite(s.outputStep) || !(s.outputStep > 0.0))
    return refuse("the output step " + text(s.outputStep) + " s is not a positive finite number");
  const double intervals = (s.endTime - s.startTime) / s.outputStep;
  if (!std::isfinite(intervals) || intervals + 2.0 > double(s.maxOutputFrames))
    return refuse("the output step " + text(s.outputStep) + " s over " + text(s.startTime) + " .. " +
                  text(s.endTime) + " s makes " + text(std::floor(intervals) + 1.0) +
                  " output frames, more than the limit of " + std::to_string(s.maxOutputFrames) +
                  " (raise the limit if the frames are really wanted)");
  // The grid's times must differ in double precision (an output step below the spacing of
  // doubles near the end time would repeat times).
  if (s.startTime + s.outputStep == s.startTime || s.endTime - s.outputStep == s.endTime)
    return refuse("the output step " + text(s.outputStep) + " s is below the resolution of the time " +
                  text(s.endTime) + " s");
  return Status::success();
}

std::size_t outputFrameCount(const AnalysisSettings& s)
{
  return std::size_t(std::floor((s.endTime - s.startTime) / s.outputStep + 1e-9)) + 2;
}

namespace {

AnalysisOutcome runWithPlant(const Model& model, const AnalysisSettings& settings, ProgressMonitor* monitor,
                             ResultStore& results, const PlantRun* plant)
{
  results.reset(ResultLayout::fromModel(model));
  detail::clearNonFiniteReports();
  AnalysisOutcome outcome;
  outcome.status = System::validate(model);
  if (outcome.status.ok() &&
      (settings.kind == AnalysisKind::Kinematic || settings.kind == AnalysisKind::Dynamic ||
       settings.kind == AnalysisKind::QuasiStatic)) {
    outcome.status = checkOutputGrid(settings);
    if (!outcome.status.ok())
      outcome.status.message = std::string(toString(settings.kind)) + " analysis: " + outcome.status.message;
  }
  // DELAY reads the past of its signal, which only a dynamic run records; a static equilibrium
  // (at rest: its past is its present) and the initial conditions (before the start: the history
  // expression) need none. Kinematic and quasi-static runs move without a record, and a linear
  // analysis would need Adams' Padé approximant of the delay.
  if (outcome.status.ok() && !model.recordedSignals.empty() &&
      (settings.kind == AnalysisKind::Kinematic || settings.kind == AnalysisKind::QuasiStatic ||
       settings.kind == AnalysisKind::Linear))
    outcome.status = Status::failure(
        StatusCode::BadInput, std::string(toString(settings.kind)) +
                                  " analysis: " + model.recordedSignals.front()->describe() +
                                  " reads the past of its expression, which only a dynamic analysis records" +
                                  (settings.kind == AnalysisKind::Linear
                                       ? " (a linear analysis would need a Padé approximant of the delay)"
                                       : ""));
  // The automatic formulation is resolved here, once: the analyses below see I3, SI2 or DMBS.
  AnalysisSettings chosen = settings;
  std::string choiceNote;
  if (outcome.status.ok()) {
    FormulationChoice choice = chooseFormulation(model, settings);
    chosen.formulation = choice.formulation;
    choiceNote = std::move(choice.note);
  }
  if (outcome.status.ok()) {
    // I3 and SI2 work on absolute coordinates and differ in how the BDF integrators pose the DAE
    // (IntegratorOptions::formulation); DMBS poses the dynamic and kinematic analyses in joint
    // coordinates (solver/src/dmbs), the other analyses being the same in every formulation.
    // Contacts marked INACTIVE_DURING = STATIC are off in the analyses that find an equilibrium.
    const bool statics = settings.kind == AnalysisKind::Static || settings.kind == AnalysisKind::Linear ||
                         settings.kind == AnalysisKind::QuasiStatic;
    Model withoutStaticContacts;
    const Model* used = &model;
    if (statics && std::any_of(model.contacts.begin(), model.contacts.end(),
                               [](const SolidContact& c) { return c.active && c.inactiveInStatics; })) {
      withoutStaticContacts = model;
      for (SolidContact& c : withoutStaticContacts.contacts)
        c.active = c.active && !c.inactiveInStatics;
      used = &withoutStaticContacts;
    }
    const System system(*used);
    outcome.status = detail::checkMasslessBodies(system);
    // MODE: what the run does (its initial conditions, static and linear phases set their own).
    const ScopedAnalysisMode mode(settings.kind == AnalysisKind::InitialConditions
                                      ? AnalysisMode::InitialConditions
                                  : settings.kind == AnalysisKind::Kinematic   ? AnalysisMode::Kinematics
                                  : settings.kind == AnalysisKind::QuasiStatic ? AnalysisMode::QuasiStatics
                                  : settings.kind == AnalysisKind::Dynamic     ? AnalysisMode::Dynamics
                                                                               : AnalysisMode::Statics);
    if (outcome.status.ok()) {
      switch (settings.kind) {
        case AnalysisKind::InitialConditions:
        case AnalysisKind::Static:
          outcome.status = runSingleFrame(system, chosen, monitor, results);
          break;
        case AnalysisKind::Kinematic:
          outcome.status = runKinematic(system, chosen, monitor, results);
          break;
        case AnalysisKind::Dynamic:
          outcome.status = runDynamic(system, chosen, monitor, results);
          break;
        case AnalysisKind::Linear:
          outcome.status = runLinear(system, chosen, monitor, results, outcome, plant);
          break;
        case AnalysisKind::QuasiStatic:  // the same in every formulation, like statics
          outcome.status = runQuasiStatics(system, kinematicOutputTimes(settings), monitor, results);
          break;
      }
    }
  }
  // A NaN or infinite element function stops a run where its value lands (a joint's equation, a
  // body's normalization); the failure is blamed on the element that produced it.
  const double lastFrame =
      results.size() ? results.frame(results.size() - 1).state.t : -std::numeric_limits<double>::infinity();
  if (!outcome.status.ok() && outcome.status.code != StatusCode::Cancelled)
    if (const auto blame = detail::nonFiniteBlame(lastFrame)) {
      char at[48];
      std::snprintf(at, sizeof at, "%.6g", blame->time);
      outcome.status.message = blame->element +
                               " evaluated to a non-finite value (NaN or infinity) at t = " + at + ": " +
                               blame->detail + "; the analysis then failed: " + outcome.status.message;
      outcome.status.entity = blame->element;
      results.finish(outcome.status);
    }
  if (!choiceNote.empty())
    outcome.status.notes.insert(outcome.status.notes.begin(), choiceNote);
  // (The dynamic analysis finishes the store itself; the choice's note is added to its status.)
  if (!results.finished() || !choiceNote.empty())
    results.finish(outcome.status);
  return outcome;
}

}  // namespace

AnalysisOutcome runAnalysis(const Model& model, const AnalysisSettings& settings, ProgressMonitor* monitor,
                            ResultStore& results)
{
  return runWithPlant(model, settings, monitor, results, nullptr);
}

AnalysisOutcome runAnalysis(const Model& model, const AnalysisSettings& settings, ProgressMonitor* monitor,
                            ResultStore& results, const StateMatrixRequest& request, StateMatrices& matrices)
{
  if (settings.kind != AnalysisKind::Linear) {
    results.reset(ResultLayout::fromModel(model));
    AnalysisOutcome outcome;
    outcome.status =
        Status::failure(StatusCode::BadInput, "state matrices are computed by a linear analysis");
    results.finish(outcome.status);
    return outcome;
  }
  const PlantRun plant{&request, &matrices};
  return runWithPlant(model, settings, monitor, results, &plant);
}

void continueFrom(Model& model, const ResultFrame& last)
{
  for (std::size_t k = 0; k < model.bodies.size() && k < last.bodies.size(); ++k) {
    Body& body = model.bodies[k];
    const BodyOutput& was = last.bodies[k];
    body.position = was.position;
    body.orientation = was.orientation;
    body.velocity = was.velocity;
    body.angularVelocity = was.angularVelocity;
  }
  for (std::size_t k = 0; k < model.differentials.size(); ++k)  // (a state goes on from its last value)
    if (static_cast<Eigen::Index>(k) < last.differentials.size()) {
      model.differentials[k].initialValue = last.differentials[static_cast<Eigen::Index>(k)];
      if (static_cast<Eigen::Index>(k) < last.differentialRates.size())  // IMPLICIT: the root search's start
        model.differentials[k].initialRate = last.differentialRates[static_cast<Eigen::Index>(k)];
    }
  // The other coordinates of the frame's state (laid out as the System of this model lays them):
  // flexible bodies' modal coordinates and rates, and each point-to-curve joint's contact point and
  // speed along the curve (DISP and VEL at the new start), so a restart loses none of them.
  if (last.state.q.size() > 0 && last.state.qd.size() == last.state.q.size() &&
      System::validate(model).ok()) {
    const System system(model);
    if (system.numCoordinates() == last.state.q.size()) {
      for (int b = 0; b < system.numBodies(); ++b)
        if (system.modalOffset(b) >= 0) {
          model.bodies[std::size_t(b)].modalCoordinates =
              last.state.q.segment(system.modalOffset(b), system.modeCount(b));
          model.bodies[std::size_t(b)].modalVelocities =
              last.state.qd.segment(system.modalOffset(b), system.modeCount(b));
        }
      for (std::size_t j = 0; j < model.joints.size(); ++j) {
        const int c = system.curveCoordinate(int(j));
        Joint& joint = model.joints[j];
        if (c < 0 || !joint.curve)
          continue;
        // α̇ = VEL / |c'(α)|; a curve-to-curve joint's α on I's curve, β (J's) next.
        auto restart = [&](const Curve& curve, int k, std::optional<Vec3>& start,
                           std::optional<double>& speed) {
          const CurvePoint p = curve.evaluate(last.state.q[k]);
          start = p.position;
          speed = last.state.qd[k] * p.first.norm();
        };
        if (joint.type == JointType::CurveCurve) {
          restart(*joint.iCurve, c, joint.iCurveStart, joint.iCurveVelocity);
          restart(*joint.curve, c + 1, joint.curveStart, joint.curveVelocity);
        } else {
          restart(*joint.curve, c, joint.curveStart, joint.curveVelocity);
        }
      }
    }
  }
  model.jointInitialConditions.clear();
}

}  // namespace mbs::solver
