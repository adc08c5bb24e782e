#include "analysis/JointInitialConditions.hpp"

#include <functional>
#include <memory>
#include <optional>
#include <utility>

#include "analysis/Redundancy.hpp"

namespace mbs::solver::detail {
namespace {

// x(t) = x0 + v0 (t − t0).
class LinearInTime final : public TimeFunction {
public:
  LinearInTime(double x0, double v0, double t0) : m_x0(x0), m_v0(v0), m_t0(t0) {}
  double value(double t) const override { return m_x0 + m_v0 * (t - m_t0); }
  double derivative(double, int order) const override { return order == 1 ? m_v0 : 0.0; }

private:
  double m_x0, m_v0, m_t0;
};

// (x0, v0) of the motion that holds one initial condition, or nullopt for none.
using Hold = std::function<std::optional<std::pair<double, double>>(const JointInitialCondition&, int index)>;

// The model without its joint initial conditions, plus the motions `hold` asks for (appended
// after the model's own motions, so their rows are the last ones).
Model withHoldingMotions(const Model& base, double t0, const Hold& hold)
{
  Model model = base;
  model.jointInitialConditions.clear();
  for (int k = 0; k < static_cast<int>(base.jointInitialConditions.size()); ++k) {
    const JointInitialCondition& ic = base.jointInitialConditions[k];
    const auto held = hold(ic, k);
    if (!held)
      continue;
    const Joint& joint = base.joints[ic.joint];
    Motion motion;
    motion.name = joint.name + " (initial condition)";
    motion.iMarker = joint.iMarker;
    motion.jMarker = joint.jMarker;
    motion.axis = ic.axis;
    motion.displacement = std::make_shared<LinearInTime>(held->first, held->second, t0);
    model.motions.push_back(std::move(motion));
  }
  return model;
}

// Joint coordinates of every initial condition at q: the residuals of zero motions.
Vec jointCoordinates(const Model& model, double t, const Vec& q)
{
  const System probe(withHoldingMotions(model, t, [](const JointInitialCondition&, int) {
    return std::optional<std::pair<double, double>>(std::pair(0.0, 0.0));
  }));
  Vec phi;
  probe.constraints(t, q, phi);
  const int count = static_cast<int>(model.jointInitialConditions.size());
  return phi.tail(count);
}

}  // namespace

Status solveWithJointInitialConditions(const System& system, State& state,
                                       const InitialConditionOptions& options)
{
  const Model& model = system.model();
  const double t = state.t;
  InitialConditionOptions passOptions = options;
  passOptions.computeAccelerations = false;
  passOptions.stopOnConflicts = false;  // (the real system is checked in step 3)

  // 1. Positions.
  const System positionSystem(withHoldingMotions(
      model, t, [](const JointInitialCondition& ic, int) -> std::optional<std::pair<double, double>> {
        if (!ic.displacement)
          return std::nullopt;
        return std::pair(*ic.displacement, 0.0);
      }));
  State assembled = state;
  Status status = solveInitialConditions(positionSystem, assembled, passOptions);
  if (!status.ok())
    return status;

  // 2. Velocities, from the assembled positions and the model's initial velocities.
  const Vec coordinates = jointCoordinates(model, t, assembled.q);
  const System velocitySystem(withHoldingMotions(
      model, t, [&](const JointInitialCondition& ic, int k) -> std::optional<std::pair<double, double>> {
        if (!ic.velocity)
          return std::nullopt;
        return std::pair(coordinates[k], *ic.velocity);
      }));
  assembled.qd = system.initialVelocities();
  passOptions.useStateAsGuess = true;
  status = solveInitialConditions(velocitySystem, assembled, passOptions);
  if (!status.ok())
    return status;

  // 3. Accelerations and multipliers of the real system.
  const RedundancyReport redundancy = analyzeRedundancy(system, assembled.q, t);
  if (!redundancy.conflict.ok())
    return redundancy.conflict;
  state.q = assembled.q;
  state.qd = assembled.qd;
  state.qdd = Vec::Zero(system.numCoordinates());
  state.lambda = Vec::Zero(system.numConstraints());
  Status result = Status::success();
  result.warnings = redundancy.warnings();
  if (options.computeAccelerations) {
    Status acc = solveAccelerationsAndMultipliers(system, state, redundancy.activeRows);
    if (!acc.ok()) {
      acc.warnings = result.warnings;
      return acc;
    }
  }
  return result;
}

}  // namespace mbs::solver::detail
