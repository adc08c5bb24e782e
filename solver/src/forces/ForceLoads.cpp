// The generalized forces of one force element (spring-damper, bushing, SFORCE, GFORCE), their
// exact Jacobians on rigid bodies, outputs and contact step limits; the load elements of
// SpringDamperElement.cpp and FunctionForceElement.cpp are built on them.
#include "forces/ForceLoads.hpp"

#include <algorithm>
#include <array>
#include <limits>
#include <optional>

#include "beams/MultiPointForceElement.hpp"
#include "flexible/FlexibleForces.hpp"
#include "forces/ModelStateView.hpp"

namespace mbs::solver {
namespace {

using detail::BodyVars;
using detail::isFunctionDriven;
using detail::Jet;
using detail::Load;
using detail::markerBody;
using detail::V3;

double plain(double v, int)
{
  return v;
}

void addBody(Vec& Q, int body, const double* q7)
{
  if (body != kGround)
    for (int k = 0; k < 7; ++k)
      Q[7 * body + k] += q7[k];
}

// Flexible-body markers (modal loads, solver/src/flexible/FlexibleForces.hpp): the load acts at
// the deformed I marker and loads the interface nodes' modal coordinates.
void addModalLoads(const Model& model, const std::vector<int>& modalOffset, const Force& f, const Vec& q,
                   const Load<double>& load, Vec& Q)
{
  const Vec3 force = detail::values(load.force), torque = detail::values(load.torque);
  const Vec3 point = detail::values(load.point);
  detail::addModalLoad(model, modalOffset, f.iMarker, q, force, torque, point, Q);
  if (load.reaction)
    detail::addModalLoad(model, modalOffset, f.jMarker, q, -force, -torque, point, Q);
}

// Spring-damper or bushing with a marker on a flexible body: the load from the deformed marker
// frames and rates, on the floating frames and the modal coordinates.
Load<double> flexibleSpringDamper(const Model& model, const std::vector<int>& modalOffset, const Force& f,
                                  const Vec& q, const Vec& qd, Vec* Q)
{
  std::array<double, 6> wi{}, wj{};
  const auto vi = detail::markerBodyVars(model, modalOffset, f.iMarker, q, qd, wi);
  const auto vj = detail::markerBodyVars(model, modalOffset, f.jMarker, q, qd, wj);
  const Load<double> load = detail::springDamperLoad(model, f, vi, vj);
  if (Q) {
    std::array<double, 7> qi{}, qj{};
    detail::addLoad(vi, 1.0, load, qi.data());
    detail::addLoad(vj, -1.0, load, qj.data());
    addBody(*Q, markerBody(model, f.iMarker), qi.data());
    addBody(*Q, markerBody(model, f.jMarker), qj.data());
    addModalLoads(model, modalOffset, f, q, load, *Q);
  }
  return load;
}

}  // namespace

// The load of a function-driven force, its functions evaluated at `view` (double only).
Load<double> detail::functionLoad(const Model& model, const Force& force, const StateView& view)
{
  Load<double> load;
  load.point = detail::constant<double>(view.position(force.iMarker));
  load.reaction = !force.actionOnly && force.jMarker != kGround;
  auto eval = [&](int k) { return force.functions[k] ? force.functions[k]->evaluate(view) : 0.0; };
  if (force.type == ForceType::SingleComponent) {
    // Adams SFORCE: an action-reaction force acts along the line of sight from J to I (positive
    // pushes I away from J); an action-only force and every torque act along/about J's z axis.
    const bool lineOfSight = !force.rotational && load.reaction;
    Vec3 axis = view.orientation(force.jMarker != kGround ? force.jMarker : force.iMarker).col(2);
    if (lineOfSight) {
      const Vec3 d = view.position(force.iMarker) - view.position(force.jMarker);
      if (d.norm() > 0.0)
        axis = d.normalized();
    }
    const double f = eval(0);
    load.length = f;
    (force.rotational ? load.torque : load.force) = detail::constant<double>(f * axis);
  } else {
    const Mat3 r = view.orientation(force.referenceMarker);
    load.force = detail::constant<double>(r * Vec3(eval(0), eval(1), eval(2)));
    load.torque = detail::constant<double>(r * Vec3(eval(3), eval(4), eval(5)));
  }
  return load;
}

// Generalized force of one function-driven element.
void detail::addFunctionForce(const Model& model, const std::vector<int>& modalOffset, const Force& f,
                              double t, const Vec& q, const Vec& qd, Vec& Q)
{
  applyFunctionLoad(model, modalOffset, f, functionLoad(model, f, detail::ModelStateView(model, t, q, qd)), q,
                    qd, Q);
}

// Generalized force of a function-driven element's load (rigid and flexible markers).
void detail::applyFunctionLoad(const Model& model, const std::vector<int>& modalOffset, const Force& f,
                               Load<double> load, const Vec& q, const Vec& qd, Vec& Q)
{
  const bool flexible = detail::forceOnFlexibleMarker(model, f);
  if (flexible) {
    std::array<double, 6> w{};
    const auto vi = detail::markerBodyVars(model, modalOffset, f.iMarker, q, qd, w);
    load.point = detail::markerFrame(model.markers[f.iMarker], vi).o;
  }
  const int bi = markerBody(model, f.iMarker), bj = markerBody(model, f.jMarker);
  std::array<double, 7> qi{}, qj{};
  detail::addLoad(detail::bodyVars<double>(q, &qd, bi, plain, plain), 1.0, load, qi.data());
  addBody(Q, bi, qi.data());
  if (load.reaction) {
    detail::addLoad(detail::bodyVars<double>(q, &qd, bj, plain, plain), -1.0, load, qj.data());
    addBody(Q, bj, qj.data());
  }
  if (flexible)
    addModalLoads(model, modalOffset, f, q, load, Q);
}

// Generalized force of a spring-damper or bushing (on rigid or flexible markers).
void detail::addSpringDamper(const Model& model, const std::vector<int>& modalOffset, const Force& f,
                             const Vec& q, const Vec& qd, Vec& Q)
{
  if (detail::forceOnFlexibleMarker(model, f)) {
    flexibleSpringDamper(model, modalOffset, f, q, qd, &Q);
    return;
  }
  const int bi = markerBody(model, f.iMarker), bj = markerBody(model, f.jMarker);
  const auto vi = detail::bodyVars<double>(q, &qd, bi, plain, plain);
  const auto vj = detail::bodyVars<double>(q, &qd, bj, plain, plain);
  const Load<double> load = detail::springDamperLoad(model, f, vi, vj);
  std::array<double, 7> qi{}, qj{};
  detail::addLoad(vi, 1.0, load, qi.data());
  detail::addLoad(vj, -1.0, load, qj.data());
  addBody(Q, bi, qi.data());
  addBody(Q, bj, qj.data());
}

// Coordinates a flexible spring-damper depends on: both bodies' 7 and their modal coordinates.
std::vector<int> detail::forceColumns(const Model& model, const std::vector<int>& modalOffset, const Force& f)
{
  std::vector<int> columns;
  for (int marker : {f.iMarker, f.jMarker}) {
    const int b = markerBody(model, marker);
    if (b == kGround)
      continue;
    for (int k = 0; k < 7; ++k)
      columns.push_back(7 * b + k);
    if (model.bodies[b].flexible)
      for (int k = 0; k < model.bodies[b].flexible->modeCount(); ++k)
        columns.push_back(modalOffset[b] + k);
  }
  std::sort(columns.begin(), columns.end());
  columns.erase(std::unique(columns.begin(), columns.end()), columns.end());
  return columns;
}

void detail::addRigidSpringDamperJacobians(const Model& model, const Force& f, const Vec& q, const Vec& qd,
                                           Triplets& tq, Triplets& tqd)
{
  auto put = [](Triplets& trip, int row, int col, double v) {
    if (v != 0.0)
      trip.emplace_back(row, col, v);
  };
  // Exact derivatives w.r.t. (q_I, q_J) = vars 0..13 and (q̇_I, q̇_J) = vars 14..27.
  using J = Jet<28, false>;
  const std::array<int, 2> bodies{markerBody(model, f.iMarker), markerBody(model, f.jMarker)};
  std::array<BodyVars<J>, 2> vars;
  for (int s = 0; s < 2; ++s)
    vars[s] = detail::bodyVars<J>(
        q, &qd, bodies[s], [s](double v, int k) { return J::variable(v, 7 * s + k); },
        [s](double v, int k) { return J::variable(v, 14 + 7 * s + k); });
  const Load<J> load = detail::springDamperLoad(model, f, vars[0], vars[1]);
  for (int s = 0; s < 2; ++s) {
    if (bodies[s] == kGround)
      continue;
    std::array<J, 7> q7{};
    detail::addLoad(vars[s], s == 0 ? 1.0 : -1.0, load, q7.data());
    for (int r = 0; r < 7; ++r)
      for (int c = 0; c < 2; ++c) {
        if (bodies[c] == kGround)
          continue;
        for (int k = 0; k < 7; ++k) {
          put(tq, 7 * bodies[s] + r, 7 * bodies[c] + k, q7[r].g[7 * c + k]);
          put(tqd, 7 * bodies[s] + r, 7 * bodies[c] + k, q7[r].g[14 + 7 * c + k]);
        }
      }
  }
}

double detail::functionContactStepLimit(const Model& model, const Force& f, double t, const Vec& q,
                                        const Vec& qd)
{
  double limit = std::numeric_limits<double>::infinity();
  std::vector<ContactSample> samples;
  std::optional<detail::ModelStateView> view;
  for (const auto& function : f.functions) {
    if (!function || !function->hasContacts())
      continue;
    if (!view)
      view.emplace(model, t, q, qd);
    function->contacts(*view, samples);
    for (const ContactSample& c : samples) {
      // Free and approaching: reach the stop and go at most the ramp depth d into it (at the
      // present rate; a contact that is already touching is left to the error control).
      if (!(c.penetration < 0.0) || !(c.rate > 0.0) || !(c.rampDepth > 0.0))
        continue;
      limit = std::min(limit, (c.rampDepth - c.penetration) / c.rate);
    }
  }
  return limit;
}

std::string detail::forceMarkerProblem(const Model& model, const Force& f)
{
  auto valid = [&](int marker) { return marker >= 0 && marker < static_cast<int>(model.markers.size()); };
  if (!valid(f.iMarker))
    return "I marker index out of range";
  const bool needsJ = f.type == ForceType::TranslationalSpringDamper ||
                      f.type == ForceType::RotationalSpringDamper || f.type == ForceType::Bushing ||
                      f.type == ForceType::Beam || f.type == ForceType::Field ||
                      f.type == ForceType::MultiPoint;
  if ((needsJ && !valid(f.jMarker)) || (f.jMarker != kGround && !valid(f.jMarker)))
    return "J marker index out of range";
  if (f.referenceMarker != kGround && !valid(f.referenceMarker))
    return "reference marker index out of range";
  return {};
}

ForceOutput detail::forceOutput(const Model& model, const std::vector<int>& modalOffset, const Force& f,
                                double t, const Vec& q, const Vec& qd)
{
  if (f.type == ForceType::MultiPoint) {  // one entry of an NFORCE: evaluate the whole field
    const int index = static_cast<int>(&f - model.forces.data());
    std::vector<ForceOutput> outputs(model.forces.size());
    addMultiPointForces(model, modalOffset, index - f.multiPointMember, q, qd, nullptr, &outputs);
    return outputs[static_cast<std::size_t>(index)];
  }
  Load<double> load;
  if (isFunctionDriven(f)) {
    load = functionLoad(model, f, detail::ModelStateView(model, t, q, qd));
  } else if (detail::forceOnFlexibleMarker(model, f)) {
    load = flexibleSpringDamper(model, modalOffset, f, q, qd, nullptr);
  } else {
    const auto vi = detail::bodyVars<double>(q, &qd, markerBody(model, f.iMarker), plain, plain);
    const auto vj = detail::bodyVars<double>(q, &qd, markerBody(model, f.jMarker), plain, plain);
    load = detail::springDamperLoad(model, f, vi, vj);
  }
  ForceOutput out;
  out.force = detail::values(load.force);
  out.torque = detail::values(load.torque);
  out.length = load.length;
  out.rate = load.rate;
  return out;
}

}  // namespace mbs::solver
