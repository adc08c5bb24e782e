// System::forces, its Jacobians and forceOutput: gravity, the quadratic-velocity term of the r–p
// equations (8 Ġᵀ J' Ġ p) and the force elements.
#include <algorithm>
#include <numeric>

#include <limits>
#include "System.hpp"
#include "flexible/FlexibleForces.hpp"
#include "forces/ElementForces.hpp"
#include "forces/ForceElements.hpp"
#include "forces/LoadReadingForces.hpp"
#include "forces/ModelStateView.hpp"

namespace mbs::solver {
namespace {

using detail::BodyVars;
using detail::Jet;
using detail::Load;
using detail::V3;

double plain(double v, int)
{
  return v;
}

bool isFunctionDriven(const Force& f)
{
  return f.type == ForceType::SingleComponent || f.type == ForceType::General;
}

int markerBody(const Model& m, int marker)
{
  return marker < 0 ? kGround : m.markers[marker].body;
}

// 8 Ġᵀ J' Ġ p for one body, with Ġ = G(ṗ).
template <class T>
std::array<T, 4> quadraticVelocityForce(const std::array<T, 4>& p, const std::array<T, 4>& pd, const Mat3& j)
{
  const V3<T> e{{p[1], p[2], p[3]}}, ed{{pd[1], pd[2], pd[3]}};
  const V3<T> gp = ed * p[0] * -1.0 + e * pd[0] - cross(ed, e);  // Ġ p
  V3<T> w;
  for (int i = 0; i < 3; ++i)
    w[i] = gp[0] * j(i, 0) + gp[1] * j(i, 1) + gp[2] * j(i, 2);
  const V3<T> tail = cross(ed, w) + w * pd[0];
  return {dot(ed, w) * -8.0, tail[0] * 8.0, tail[1] * 8.0, tail[2] * 8.0};
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

// Generalized force of one function-driven element's load.
void addFunctionLoad(const Model& model, const std::vector<int>& modalOffset, const Force& f,
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

void addFunctionForce(const Model& model, const std::vector<int>& modalOffset, const Force& f, double t,
                      const Vec& q, const Vec& qd, Vec& Q)
{
  addFunctionLoad(model, modalOffset, f,
                  detail::functionLoad(model, f, detail::ModelStateView(model, t, q, qd)), q, qd, Q);
}

// Generalized forces of the function-driven elements only (their Jacobian is by differences).
// Those reading solved loads need the multipliers: System::reactionForces adds them.
void functionForces(const Model& model, const std::vector<int>& modalOffset, double t, const Vec& q,
                    const Vec& qd, Vec& Q)
{
  for (const Force& f : model.forces)
    if (isFunctionDriven(f) && !detail::readsLoads(f))
      addFunctionForce(model, modalOffset, f, t, q, qd, Q);
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

// Generalized force of a spring-damper or bushing (on rigid or flexible markers).
void addSpringDamper(const Model& model, const std::vector<int>& modalOffset, const Force& f, const Vec& q,
                     const Vec& qd, Vec& Q)
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
std::vector<int> forceColumns(const Model& model, const std::vector<int>& modalOffset, const Force& f)
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

// Central differences of forces(q, q̇, Q) into dQ/dq and dQ/dq̇, over the coordinates the forces
// depend on (rows and columns).
template <class Forces>
void centralDifferences(const Vec& q, const Vec& qd, const std::vector<int>& coordinates, Forces forces,
                        Triplets& tq, Triplets& tqd)
{
  Vec x = q, xd = qd, fp = Vec::Zero(q.size()), fm = Vec::Zero(q.size());
  for (int k : coordinates)
    for (int which = 0; which < 2; ++which) {
      Vec& v = which == 0 ? x : xd;
      const double v0 = v[k], h = 1e-6 * std::max(1.0, std::abs(v0));
      fp.setZero();
      fm.setZero();
      v[k] = v0 + h;
      forces(x, xd, fp);
      v[k] = v0 - h;
      forces(x, xd, fm);
      v[k] = v0;
      for (int r : coordinates) {
        const double d = (fp[r] - fm[r]) / (2 * h);
        if (d != 0.0)
          (which == 0 ? tq : tqd).emplace_back(r, k, d);
      }
    }
}

}  // namespace

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

void detail::applyFunctionLoad(const Model& model, const std::vector<int>& modalOffset, const Force& force,
                               const Load<double>& load, const Vec& q, const Vec& qd, Vec& Q)
{
  addFunctionLoad(model, modalOffset, force, load, q, qd, Q);
}

void detail::elementForces(const Model& model, double t, const Vec& q, const Vec& qd, Vec& Q)
{
  Q.setZero(q.size());
  const std::vector<int> rigid(model.bodies.size(), -1);
  for (const Force& f : model.forces)
    if (!isFunctionDriven(f))
      addSpringDamper(model, rigid, f, q, qd, Q);
  functionForces(model, rigid, t, q, qd, Q);
}

void System::forces(double t, const Vec& q, const Vec& qd, Vec& Q) const
{
  Q.setZero(numCoordinates());
  for (int b = 0; b < numBodies(); ++b) {
    const Body& body = m_model.bodies[b];
    if (body.flexible) {
      addFlexibleForces(b, q, qd, Q);
      continue;
    }
    Q.segment<3>(7 * b) += body.mass * m_model.gravity;
    std::array<double, 4> p, pd;
    for (int k = 0; k < 4; ++k)
      p[k] = q[7 * b + 3 + k], pd[k] = qd[7 * b + 3 + k];
    const auto qv = quadraticVelocityForce(p, pd, body.inertia);
    for (int k = 0; k < 4; ++k)
      Q[7 * b + 3 + k] += qv[k];
  }
  for (const Force& f : m_model.forces)
    if (!isFunctionDriven(f))
      addSpringDamper(m_model, m_modalOffset, f, q, qd, Q);
  functionForces(m_model, m_modalOffset, t, q, qd, Q);
  addClearanceForces(q, qd, Q);
  addSolidContactForces(q, qd, Q);
}

void System::forcePowers(double t, const Vec& q, const Vec& qd, Vec& power, const Vec* lambda) const
{
  const auto loadReading =
      lambda && !m_loadForces.empty() ? loadReadingLoads(t, q, qd, *lambda) : std::vector<Load<double>>();
  power.setZero(static_cast<Eigen::Index>(m_model.forces.size()));
  // Each element's load goes into a zero scratch vector; only its bodies' entries are read back
  // (and cleared), so the cost is one force evaluation, not one n-vector per element.
  Vec Q = Vec::Zero(numCoordinates());
  for (std::size_t k = 0; k < m_model.forces.size(); ++k) {
    const Force& f = m_model.forces[k];
    if (detail::readsLoads(f)) {
      // Without the multipliers its load is unknown: no power is booked (EnergyAccount passes them).
      if (!loadReading.empty())
        addFunctionLoad(m_model, m_modalOffset, f, loadReading[k], q, qd, Q);
    } else if (isFunctionDriven(f))
      addFunctionForce(m_model, m_modalOffset, f, t, q, qd, Q);
    else
      addSpringDamper(m_model, m_modalOffset, f, q, qd, Q);
    double p = 0.0;
    auto collect = [&](int first, int count) {
      p += Q.segment(first, count).dot(qd.segment(first, count));
      Q.segment(first, count).setZero();
    };
    for (int marker : {f.iMarker, f.jMarker}) {
      const int b = markerBody(m_model, marker);
      if (b == kGround)
        continue;
      collect(7 * b, 7);
      if (m_modalOffset[b] >= 0)
        collect(m_modalOffset[b], modeCount(b));
    }
    power[static_cast<Eigen::Index>(k)] = p;
  }
}

void System::forceJacobians(double t, const Vec& q, const Vec& qd, SparseMat& dQdq, SparseMat& dQdqd) const
{
  const int n = numCoordinates();
  Triplets tq, tqd;
  auto put = [](Triplets& trip, int row, int col, double v) {
    if (v != 0.0)
      trip.emplace_back(row, col, v);
  };
  // Quadratic-velocity term: exact derivatives w.r.t. p (vars 0..3) and ṗ (vars 4..7).
  for (int b = 0; b < numBodies(); ++b) {
    if (m_model.bodies[b].flexible) {
      addFlexibleForceJacobians(b, q, qd, tq, tqd);
      continue;
    }
    using J = Jet<8, false>;
    std::array<J, 4> p, pd;
    for (int k = 0; k < 4; ++k) {
      p[k] = J::variable(q[7 * b + 3 + k], k);
      pd[k] = J::variable(qd[7 * b + 3 + k], 4 + k);
    }
    const auto qv = quadraticVelocityForce(p, pd, m_model.bodies[b].inertia);
    for (int r = 0; r < 4; ++r)
      for (int k = 0; k < 4; ++k) {
        put(tq, 7 * b + 3 + r, 7 * b + 3 + k, qv[r].g[k]);
        put(tqd, 7 * b + 3 + r, 7 * b + 3 + k, qv[r].g[4 + k]);
      }
  }
  // Spring-dampers: exact derivatives w.r.t. (q_I, q_J) = vars 0..13 and (q̇_I, q̇_J) = vars 14..27.
  bool anyFunction = false;
  for (const Force& f : m_model.forces) {
    if (isFunctionDriven(f)) {
      anyFunction = true;
      continue;
    }
    if (detail::forceOnFlexibleMarker(m_model, f)) {
      // Central differences over the coordinates of the two bodies (7 + modal each).
      centralDifferences(
          q, qd, forceColumns(m_model, m_modalOffset, f),
          [&](const Vec& x, const Vec& xd, Vec& Q) {
            flexibleSpringDamper(m_model, m_modalOffset, f, x, xd, &Q);
          },
          tq, tqd);
      continue;
    }
    using J = Jet<28, false>;
    const std::array<int, 2> bodies{markerBody(m_model, f.iMarker), markerBody(m_model, f.jMarker)};
    std::array<BodyVars<J>, 2> vars;
    for (int s = 0; s < 2; ++s)
      vars[s] = detail::bodyVars<J>(
          q, &qd, bodies[s], [s](double v, int k) { return J::variable(v, 7 * s + k); },
          [s](double v, int k) { return J::variable(v, 14 + 7 * s + k); });
    const Load<J> load = detail::springDamperLoad(m_model, f, vars[0], vars[1]);
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
  // User functions may read any marker: central differences over all coordinates.
  if (anyFunction) {
    std::vector<int> all(n);
    std::iota(all.begin(), all.end(), 0);
    centralDifferences(
        q, qd, all,
        [&](const Vec& x, const Vec& xd, Vec& Q) { functionForces(m_model, m_modalOffset, t, x, xd, Q); }, tq,
        tqd);
  }
  addClearanceJacobians(q, qd, tq, tqd);
  addSolidContactJacobians(q, qd, tq, tqd);
  dQdq.resize(n, n);
  dQdq.setFromTriplets(tq.begin(), tq.end());
  dQdqd.resize(n, n);
  dQdqd.setFromTriplets(tqd.begin(), tqd.end());
}

ForceOutput System::forceOutput(int force, double t, const Vec& q, const Vec& qd, const Vec* lambda) const
{
  const Force& f = m_model.forces.at(force);
  Load<double> load;
  if (detail::readsLoads(f)) {
    // Its functions read solved loads: the fixed point at the multipliers (NaN without them).
    if (lambda) {
      load = loadReadingLoads(t, q, qd, *lambda)[std::size_t(force)];
    } else {
      const double nan = std::numeric_limits<double>::quiet_NaN();
      load.force = load.torque = detail::constant<double>(Vec3::Constant(nan));
      load.length = nan;
    }
  } else if (isFunctionDriven(f)) {
    load = detail::functionLoad(m_model, f, detail::ModelStateView(m_model, t, q, qd));
  } else if (detail::forceOnFlexibleMarker(m_model, f)) {
    load = flexibleSpringDamper(m_model, m_modalOffset, f, q, qd, nullptr);
  } else {
    const auto vi = detail::bodyVars<double>(q, &qd, markerBody(m_model, f.iMarker), plain, plain);
    const auto vj = detail::bodyVars<double>(q, &qd, markerBody(m_model, f.jMarker), plain, plain);
    load = detail::springDamperLoad(m_model, f, vi, vj);
  }
  ForceOutput out;
  out.force = detail::values(load.force);
  out.torque = detail::values(load.torque);
  out.length = load.length;
  out.rate = load.rate;
  return out;
}

}  // namespace mbs::solver
