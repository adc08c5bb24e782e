#include "dynamics/Plausibility.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "System.hpp"
#include "dynamics/EnergyAccount.hpp"

namespace mbs::solver {
namespace {

std::string number(double v)
{
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.3g", v);
  return buffer;
}

Status implausible(std::string message, std::string entity, double t)
{
  return Status::failure(StatusCode::Implausible, std::move(message), std::move(entity), t);
}

}  // namespace

double energyCheckScale(const EnergyAccount& account)
{
  const MechanicalEnergy& a = account.initialEnergy();
  const MechanicalEnergy& b = account.finalEnergy();
  const double reached = std::max({std::abs(a.kinetic), std::abs(a.gravity), std::abs(a.strain),
                                   std::abs(b.kinetic), std::abs(b.gravity), std::abs(b.strain)});
  return std::max(account.scale(), 1e-2 * reached);
}

Status checkPlausibleState(const System& system, const State& state, const PlausibilityBounds& bounds)
{
  for (const Vec* v : {&state.q, &state.qd})
    for (Eigen::Index k = 0; k < v->size(); ++k)
      if (!std::isfinite((*v)[k])) {
        const std::string& part = system.coordinateOwner(static_cast<int>(k));
        return implausible(
            std::string("the ") + (v == &state.q ? "position" : "velocity") + " of part '" + part + "'" +
                " is not finite: the solution has diverged (look for an element with an extreme stiffness, "
                "mass or initial velocity)",
            part, state.t);
      }
  // A contact point past an open curve's end has no curve to stay on (Adams stops): a
  // point-to-curve joint's point, either contact point of a curve-to-curve joint (α on I's curve).
  const auto& joints = system.model().joints;
  for (std::size_t j = 0; j < joints.size(); ++j) {
    const int c = system.curveCoordinate(static_cast<int>(j));
    if (c < 0)
      continue;
    const bool pair = joints[j].type == JointType::CurveCurve;
    for (int k = 0; k < curveParameterCount(joints[j].type); ++k) {
      const Curve& curve = pair && k == 0 ? *joints[j].iCurve : *joints[j].curve;
      if (c + k >= state.q.size() || curve.inRange(state.q[c + k]))
        continue;
      const std::string what = !pair    ? "the point left the open curve"
                               : k == 0 ? "the contact point left the open I curve"
                                        : "the contact point left the open J curve";
      return Status::failure(StatusCode::BadInput,
                             "joint '" + joints[j].name + "': " + what + " at t = " + number(state.t) +
                                 " s (curve parameter " + number(state.q[c + k]) +
                                 ", the curve runs from -1 to 1): extend the curve or close it",
                             joints[j].name, state.t);
    }
  }
  if (!(bounds.maxSpeed > 0.0))
    return Status::success();
  for (int b = 0; b < system.numBodies(); ++b) {
    const double speed = state.qd.segment<3>(7 * b).norm();
    if (speed > bounds.maxSpeed) {
      const std::string& part = system.model().bodies[b].name;
      return implausible(
          "implausible state: part '" + part + "' moves at " + number(speed) +
              " m/s, more than the plausibility bound of " + number(bounds.maxSpeed) + " m/s" +
              (bounds.maxSpeed == PlausibilityBounds{}.maxSpeed ? " (the speed of light)" : "") +
              ": check its initial velocity, its mass and the forces "
              "on it for a unit or exponent error (the bound is mbsolve --max-speed)",
          part, state.t);
    }
  }
  return Status::success();
}

Status checkPlausibleEnergy(const EnergyAccount& account, const PlausibilityBounds& bounds)
{
  if (!(bounds.maxEnergyError > 0.0))
    return Status::success();
  const double error = account.residual();
  const double scale = energyCheckScale(account);
  const double t = account.endTime();
  if (std::isfinite(error) && scale > 0.0 && std::abs(error) <= bounds.maxEnergyError * scale)
    return Status::success();
  if (std::isfinite(error) && !(scale > 0.0))
    return Status::success();  // nothing moved and nothing did work
  // The element that did the most work: where the energy came from or went.
  const WorkTerm* largest = nullptr;
  for (const WorkTerm& term : account.terms())
    if (!largest || !(std::abs(term.work) <= std::abs(largest->work)))
      largest = &term;
  std::string message = "implausible result: the energy balance error is " + number(error) + " J, " +
                        number(std::abs(error) / scale) + " of the run's energy scale " + number(scale) +
                        " J (the plausibility bound is " + number(bounds.maxEnergyError) +
                        "): the integration no longer follows the equations of motion (mechanical energy " +
                        number(account.initialEnergy().total()) + " → " +
                        number(account.finalEnergy().total()) + " J";
  if (largest && largest->work != 0.0)
    message += ", the most work by '" + largest->name + "': " + number(largest->work) + " J";
  message +=
      "). Check the model for extreme values (initial velocities, stiffnesses, masses) or tighten the "
      "tolerance; if such an error is expected, raise the bound (mbsolve --max-energy-error)";
  return implausible(std::move(message), largest ? largest->name : std::string(), t);
}

}  // namespace mbs::solver
