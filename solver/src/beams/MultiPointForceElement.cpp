#include "beams/MultiPointForceElement.hpp"

#include <algorithm>
#include <array>
#include <cmath>

#include "flexible/FlexibleForces.hpp"
#include "forces/ForceLoads.hpp"
#include "loads/FiniteDifferences.hpp"

namespace mbs::solver {
namespace {

using detail::BodyVars;
using detail::FrameT;
using detail::Load;
using detail::markerBody;
using detail::V3;

const MultiPointField& fieldOf(const Model& model, int first)
{
  return *model.forces[first].multiPoint;
}

void addBody(Vec& Q, int body, const double* q7)
{
  if (body != kGround)
    for (int k = 0; k < 7; ++k)
      Q[7 * body + k] += q7[k];
}

// The load of 6-vector `f` (J's axes: force, torque) on an I marker at `point`.
template <class T, class Components>
Load<T> loadAlongJ(const FrameT<T>& fj, const V3<T>& point, const Components& f)
{
  Load<T> load;
  load.point = point;
  for (int a = 0; a < 3; ++a) {
    load.force = load.force + fj.axis(a) * f[a];
    load.torque = load.torque + fj.axis(a) * f[3 + a];
  }
  return load;
}

bool anyFlexibleMarker(const Model& model, int first)
{
  const MultiPointField& f = fieldOf(model, first);
  if (detail::markerInterface(model, model.forces[first].jMarker))
    return true;
  return std::any_of(f.iMarkers.begin(), f.iMarkers.end(),
                     [&](int m) { return detail::markerInterface(model, m) != nullptr; });
}

// Exact dQ/dq and dQ/dq̇ between rigid bodies, block by block (see the header).
void addRigidJacobians(const Model& model, int first, const Vec& q, const Vec& qd, Triplets* tq,
                       Triplets* tqd)
{
  using J = detail::Jet<42, false>;  // q and q̇ of the slots I_k, I_l, J
  const Force& lead = model.forces[first];
  const MultiPointField& f = fieldOf(model, first);
  const int n = static_cast<int>(f.iMarkers.size());
  auto put = [](Triplets* trip, int row, int col, double v) {
    if (trip && v != 0.0)
      trip->emplace_back(row, col, v);
  };
  for (int k = 0; k < n; ++k)
    for (int l = 0; l < n; ++l) {
      const auto kb = f.stiffness.block<6, 6>(6 * k, 6 * l);
      const auto cb = f.damping.block<6, 6>(6 * k, 6 * l);
      const bool preload = k == l && !f.preload.segment<6>(6 * k).isZero(0.0);
      if (kb.isZero(0.0) && cb.isZero(0.0) && !preload)
        continue;
      const std::array<int, 3> bodies{markerBody(model, f.iMarkers[k]), markerBody(model, f.iMarkers[l]),
                                      markerBody(model, lead.jMarker)};
      std::array<BodyVars<J>, 3> vars;
      for (int s = 0; s < 3; ++s)
        vars[s] = detail::bodyVars<J>(
            q, &qd, bodies[s], [s](double v, int i) { return J::variable(v, 7 * s + i); },
            [s](double v, int i) { return J::variable(v, 21 + 7 * s + i); });
      const FrameT<J> fk = detail::markerFrame(model.markers[f.iMarkers[k]], vars[0]);
      const FrameT<J> fl = detail::markerFrame(model.markers[f.iMarkers[l]], vars[1]);
      const FrameT<J> fj = detail::markerFrame(model.markers[lead.jMarker], vars[2]);
      std::array<J, 6> x, v;
      detail::linearFieldMeasures(fl, fj, detail::pointVelocity(vars[1], fl.o),
                                  detail::pointVelocity(vars[2], fj.o), detail::angularVelocity(vars[1]),
                                  detail::angularVelocity(vars[2]), x, v);
      std::array<J, 6> t;
      for (int r = 0; r < 6; ++r) {
        t[r] = preload ? J(f.preload[6 * k + r]) : J(0.0);
        for (int c = 0; c < 6; ++c) {
          if (const double kv = kb(r, c); kv != 0.0)
            t[r] = t[r] - (x[c] - f.reference[6 * l + c]) * kv;
          if (const double cv = cb(r, c); cv != 0.0)
            t[r] = t[r] - v[c] * cv;
        }
      }
      const Load<J> load = loadAlongJ(fj, fk.o, t);
      for (int s : {0, 2}) {
        if (bodies[s] == kGround)
          continue;
        std::array<J, 7> q7{};
        detail::addLoad(vars[s], s == 0 ? 1.0 : -1.0, load, q7.data());
        for (int r = 0; r < 7; ++r)
          for (int c = 0; c < 3; ++c) {
            if (bodies[c] == kGround)
              continue;
            for (int i = 0; i < 7; ++i) {
              put(tq, 7 * bodies[s] + r, 7 * bodies[c] + i, q7[r].g[7 * c + i]);
              put(tqd, 7 * bodies[s] + r, 7 * bodies[c] + i, q7[r].g[21 + 7 * c + i]);
            }
          }
      }
    }
}

}  // namespace

void detail::addMultiPointForces(const Model& model, const std::vector<int>& modalOffset, int first,
                                 const Vec& q, const Vec& qd, Vec* Q, std::vector<ForceOutput>* outputs)
{
  const Force& lead = model.forces[first];
  const MultiPointField& f = fieldOf(model, first);
  const int n = static_cast<int>(f.iMarkers.size());
  // Deformations of markers on flexible bodies (markerBodyVars keeps pointers into it).
  std::vector<std::array<double, 6>> storage(static_cast<std::size_t>(n) + 1);
  const BodyVars<double> jv = markerBodyVars(model, modalOffset, lead.jMarker, q, qd, storage[n]);
  const FrameT<double> fj = markerFrame(model.markers[lead.jMarker], jv);
  const V3<double> vj = pointVelocity(jv, fj.o), wj = angularVelocity(jv);
  std::vector<BodyVars<double>> iv(n);
  std::vector<FrameT<double>> fi(n);
  Vec x(6 * n), v(6 * n);
  for (int k = 0; k < n; ++k) {
    iv[k] = markerBodyVars(model, modalOffset, f.iMarkers[k], q, qd, storage[k]);
    fi[k] = markerFrame(model.markers[f.iMarkers[k]], iv[k]);
    std::array<double, 6> xk, vk;
    linearFieldMeasures(fi[k], fj, pointVelocity(iv[k], fi[k].o), vj, angularVelocity(iv[k]), wj, xk, vk);
    for (int r = 0; r < 6; ++r)
      x[6 * k + r] = xk[r], v[6 * k + r] = vk[r];
  }
  const Vec load6 = f.preload - f.stiffness * (x - f.reference) - f.damping * v;
  for (int k = 0; k < n; ++k) {
    const Load<double> load = loadAlongJ(fj, fi[k].o, load6.segment<6>(6 * k));
    if (Q) {
      std::array<double, 7> qi{}, qj{};
      addLoad(iv[k], 1.0, load, qi.data());
      addLoad(jv, -1.0, load, qj.data());
      addBody(*Q, markerBody(model, f.iMarkers[k]), qi.data());
      addBody(*Q, markerBody(model, lead.jMarker), qj.data());
      const Vec3 force = values(load.force), torque = values(load.torque), point = values(load.point);
      addModalLoad(model, modalOffset, f.iMarkers[k], q, force, torque, point, *Q);
      addModalLoad(model, modalOffset, lead.jMarker, q, -force, -torque, point, *Q);
    }
    if (outputs) {
      ForceOutput& out = (*outputs)[static_cast<std::size_t>(first + k)];
      out.force = values(load.force);
      out.torque = values(load.torque);
      const Vec3 d = values(fi[k].o - fj.o);
      out.length = d.norm();
      out.rate = out.length > 0.0 ? d.dot(values(pointVelocity(iv[k], fi[k].o) - vj)) / out.length : 0.0;
    }
  }
}

Status MultiPointForceElement::validate(const Model& model)
{
  const int count = static_cast<int>(model.forces.size());
  for (int k = 0; k < count; ++k) {
    const Force& lead = model.forces[k];
    if (lead.type != ForceType::MultiPoint)
      continue;
    auto fail = [&](const std::string& why) {
      return Status::failure(StatusCode::BadInput, "multi-point force '" + lead.name + "': " + why,
                             lead.name);
    };
    if (!lead.multiPoint || lead.multiPointMember != 0)
      return fail("its entries do not start with the first I marker's");
    const MultiPointField& f = *lead.multiPoint;
    const int n = static_cast<int>(f.iMarkers.size());
    if (n < 1)
      return fail("it has no I marker");
    if (f.stiffness.rows() != 6 * n || f.stiffness.cols() != 6 * n || f.damping.rows() != 6 * n ||
        f.damping.cols() != 6 * n || f.reference.size() != 6 * n || f.preload.size() != 6 * n)
      return fail("its matrices are not 6n × 6n and 6n (n = " + std::to_string(n) + " I markers)");
    if (!(f.stiffness.allFinite() && f.damping.allFinite() && f.reference.allFinite() &&
          f.preload.allFinite()))
      return fail("its stiffness, damping, reference or preload is not finite");
    for (int m = 0; m < n; ++m) {
      if (k + m >= count)
        return fail("an entry per I marker is missing");
      const Force& e = model.forces[k + m];
      if (e.type != ForceType::MultiPoint || e.multiPoint != lead.multiPoint || e.multiPointMember != m ||
          e.iMarker != f.iMarkers[m] || e.jMarker != lead.jMarker)
        return fail("entry " + std::to_string(m + 1) + " does not match I marker " + std::to_string(m + 1));
      if (const std::string problem = detail::forceMarkerProblem(model, e); !problem.empty())
        return fail(problem);
    }
    k += n - 1;
  }
  return Status::success();
}

void MultiPointForceElement::build(const Model& model, const loads::Host& host, loads::Elements& out)
{
  (void)host;
  for (int k = 0; k < static_cast<int>(model.forces.size()); ++k)
    if (model.forces[k].type == ForceType::MultiPoint && model.forces[k].multiPointMember == 0)
      out.push_back(std::make_unique<MultiPointForceElement>(k, model.forces[k].name));
}

std::string MultiPointForceElement::describe() const
{
  return "multi-point force '" + m_name + "'";
}

std::vector<int> MultiPointForceElement::reads(const loads::Host& host) const
{
  const Model& model = host.model();
  std::vector<int> columns;
  const int n = static_cast<int>(fieldOf(model, m_first).iMarkers.size());
  for (int k = 0; k < n; ++k) {
    const auto c = detail::forceColumns(model, host.modalOffsets(), model.forces[m_first + k]);
    columns.insert(columns.end(), c.begin(), c.end());
  }
  std::sort(columns.begin(), columns.end());
  columns.erase(std::unique(columns.begin(), columns.end()), columns.end());
  return columns;
}

void MultiPointForceElement::addForces(const loads::Context& c, Vec& Q) const
{
  detail::addMultiPointForces(c.host.model(), c.host.modalOffsets(), m_first, c.q, c.qd, &Q, nullptr);
}

void MultiPointForceElement::addJacobians(const loads::Context& c, const loads::Jacobians& out) const
{
  if (anyFlexibleMarker(c.host.model(), m_first)) {
    loads::Element::addJacobians(c, out);  // differences over all bodies' 7 + modal coordinates
    return;
  }
  if (out.dq || out.dqd)
    addRigidJacobians(c.host.model(), m_first, c.q, c.qd, out.dq, out.dqd);
}

std::vector<loads::WorkChannel> MultiPointForceElement::workChannels() const
{
  return {{loads::WorkKind::Force, m_first, m_name}};
}

void MultiPointForceElement::powers(const loads::Context& c, double* out) const
{
  out[0] = loads::forcePower(*this, c);
}

void MultiPointForceElement::output(const loads::Context& c, ResultFrame& frame) const
{
  detail::addMultiPointForces(c.host.model(), c.host.modalOffsets(), m_first, c.q, c.qd, nullptr,
                              &frame.forces);
}

}  // namespace mbs::solver
