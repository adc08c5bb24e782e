// System: the contacts of clearance joints (pin in hole, ball in socket, slider in guide), their
// exact Jacobians, step control onto contact onset and their outputs. docs/solver-notes.md, "Clearance
// joints".
//
// Either marker may follow an interface node of a flexible body: the contact then sees the deformed
// marker (x + Φ_t η, axes turned by Φ_r η, rates Φ η̇) and its load also acts on the modal
// coordinates, Q_η = Φ_tᵀ Aᵀ F + Φ_rᵀ Aᵀ M (M about the deformed node), as the force elements of
// solver/src/flexible/FlexibleForces.cpp do. The Jacobian stays exact: the node's deformation w and
// its rate ẇ are jet variables of their own, chained to η through Φ.
#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <type_traits>

#include "System.hpp"
#include "flexible/FlexibleForces.hpp"
#include "forces/ClearanceContact.hpp"

namespace mbs::solver {
namespace {

using detail::BodyVars;
using detail::Jet;
using detail::V3;

// Below this approach speed the damping term would blow up (a contact entered at rest, e.g. a pin
// starting on the bearing wall); the law is then nearly elastic, which is what it means there.
constexpr double kMinImpactSpeed = 1e-3;  // [m/s]

// Step onto contact: at most this fraction of the clearance into the wall (at the present rate).
constexpr double kOnsetDepth = 0.01;

// Jet variables of one side (marker) s: body q at 13 s + 0..6, node deformation w at 13 s + 7..12;
// the rates q̇, ẇ at 26 + the same.
constexpr int kSideVars = 13;
constexpr int kRateVars = 2 * kSideVars;
using ClearanceJet = Jet<2 * kRateVars, false>;

// The two sides of a clearance joint (I = journal, J = bearing), with the deformation they point to.
template <class T>
struct Sides {
  std::array<BodyVars<T>, 2> vars;
  std::array<std::array<T, 6>, 2> deformation{};
  std::array<int, 2> body{kGround, kGround};
  std::array<int, 2> marker{-1, -1};
  std::array<const FlexibleInterface*, 2> node{nullptr, nullptr};
  Sides() = default;
  Sides(const Sides&) = delete;  // vars point into deformation
};

template <class T>
T seed(double v, int index)
{
  if constexpr (std::is_same_v<T, double>) {
    return v;
  } else {
    return T::variable(v, index);
  }
}

// Fills `s` at (q, q̇): body variables and, on flexible markers, the deformed marker with its rate
// folded into ṙ and ṗ (as detail::markerBodyVars does for doubles).
template <class T>
void makeSides(const Model& model, const std::vector<int>& modalOffset, const Joint& joint, const Vec& q,
               const Vec& qd, Sides<T>& s)
{
  s.marker = {joint.iMarker, joint.jMarker};
  for (int k = 0; k < 2; ++k) {
    const int base = kSideVars * k;
    s.body[k] = model.markers[s.marker[k]].body;
    s.vars[k] = detail::bodyVars<T>(
        q, &qd, s.body[k], [base](double v, int i) { return seed<T>(v, base + i); },
        [base](double v, int i) { return seed<T>(v, kRateVars + base + i); });
    s.node[k] = detail::markerInterface(model, s.marker[k]);
    if (!s.node[k])
      continue;
    BodyVars<T>& b = s.vars[k];
    const int m = static_cast<int>(s.node[k]->shapes.cols()), o = modalOffset[s.body[k]];
    const Vec w = s.node[k]->shapes * q.segment(o, m), wd = s.node[k]->shapes * qd.segment(o, m);
    V3<T> rateT, rateR;  // ẇ (body frame)
    for (int i = 0; i < 6; ++i) {
      s.deformation[k][i] = seed<T>(w[i], base + 7 + i);
      (i < 3 ? rateT[i] : rateR[i - 3]) = seed<T>(wd[i], kRateVars + base + 7 + i);
    }
    b.deformation = &s.deformation[k];
    // Ground-frame rates of the node: dv = A ẇ_t, dω = A ẇ_r. ω = 2 E ṗ with E Eᵀ = I, so
    // ṗ += ½ Eᵀ dω adds dω; ṙ += dv − dω × (o − r) keeps ṙ + ω × (o − r) right at o.
    const V3<T> dv = b.A.applyVec(rateT), dw = b.A.applyVec(rateR);
    const V3<T> origin = detail::markerFrame(model.markers[s.marker[k]], b).o;
    b.rd = b.rd + dv - detail::cross(dw, origin - b.r);
    const V3<T> e{{b.p[1], b.p[2], b.p[3]}};
    b.pd[0] = b.pd[0] - detail::dot(e, dw) * 0.5;
    const V3<T> tail = (dw * b.p[0] - detail::cross(e, dw)) * 0.5;
    for (int i = 0; i < 3; ++i)
      b.pd[1 + i] = b.pd[1 + i] + tail[i];
  }
}

// Generalized loads of one contact: the 7 r–p entries of each side and, on a flexible marker, the
// node load g = (Aᵀ F, Aᵀ M) whose modal load is Φᵀ g.
template <class T>
struct SideLoads {
  std::array<std::array<T, 7>, 2> rigid{};
  std::array<std::array<T, 6>, 2> node{};
};

template <class T>
SideLoads<T> sideLoads(const Model& model, const Sides<T>& s, const detail::ClearanceContact<T>& c)
{
  SideLoads<T> out;
  for (int k = 0; k < 2; ++k) {
    const double sign = k == 0 ? 1.0 : -1.0;
    detail::addLoad(s.vars[k], sign, c.load, out.rigid[k].data());
    if (!s.node[k])
      continue;
    const BodyVars<T>& b = s.vars[k];
    const V3<T> at = detail::markerFrame(model.markers[s.marker[k]], b).o;
    const V3<T> f = c.load.force * sign;
    const V3<T> moment = c.load.torque * sign + detail::cross(c.load.point - at, f);
    const V3<T> fl = b.A.applyTransposed(f), ml = b.A.applyTransposed(moment);
    for (int i = 0; i < 3; ++i) {
      out.node[k][i] = fl[i];
      out.node[k][3 + i] = ml[i];
    }
  }
  return out;
}

void addBody(Vec& Q, int body, const std::array<double, 7>& q7)
{
  if (body != kGround)
    for (int k = 0; k < 7; ++k)
      Q[7 * body + k] += q7[k];
}

// δ̇⁻ of joint k's contact slots (kSlots per joint: a translational slider has one per end).
constexpr size_t kSlots = 2;
std::array<double, 2> impactSpeedsOf(const std::vector<double>& speeds, size_t k)
{
  std::array<double, 2> out;
  for (size_t slot = 0; slot < kSlots; ++slot) {
    const size_t i = kSlots * k + slot;
    out[slot] = std::max(i < speeds.size() ? speeds[i] : 0.0, kMinImpactSpeed);
  }
  return out;
}

}  // namespace

void System::addClearanceForces(const Vec& q, const Vec& qd, Vec& Q) const
{
  for (size_t k = 0; k < m_clearanceJoints.size(); ++k) {
    const Joint& j = m_model.joints[m_clearanceJoints[k]];
    Sides<double> s;
    makeSides(m_model, m_modalOffset, j, q, qd, s);
    const auto c =
        detail::clearanceContact(m_model, j, impactSpeedsOf(m_impactSpeed, k), s.vars[0], s.vars[1]);
    if (!(c.penetration > 0.0))
      continue;
    const SideLoads<double> loads = sideLoads(m_model, s, c);
    for (int side = 0; side < 2; ++side) {
      addBody(Q, s.body[side], loads.rigid[side]);
      if (s.node[side]) {
        const Eigen::Map<const Eigen::Matrix<double, 6, 1>> g(loads.node[side].data());
        Q.segment(m_modalOffset[s.body[side]], s.node[side]->shapes.cols()) +=
            s.node[side]->shapes.transpose() * g;
      }
    }
  }
}

void System::clearancePowers(const Vec& q, const Vec& qd, Vec& normal, Vec& friction) const
{
  const auto count = static_cast<Eigen::Index>(m_clearanceJoints.size());
  normal.setZero(count);
  friction.setZero(count);
  for (std::size_t k = 0; k < m_clearanceJoints.size(); ++k) {
    const Joint& j = m_model.joints[m_clearanceJoints[k]];
    Sides<double> s;
    makeSides(m_model, m_modalOffset, j, q, qd, s);
    const auto c =
        detail::clearanceContact(m_model, j, impactSpeedsOf(m_impactSpeed, k), s.vars[0], s.vars[1]);
    if (!(c.penetration > 0.0))
      continue;
    // Q·q̇ of the whole contact load (as addClearanceForces applies it), minus its friction part.
    const SideLoads<double> loads = sideLoads(m_model, s, c);
    double total = 0.0;
    for (int side = 0; side < 2; ++side) {
      if (s.body[side] == kGround)
        continue;
      for (int i = 0; i < 7; ++i)
        total += loads.rigid[side][i] * qd[7 * s.body[side] + i];
      if (s.node[side]) {
        const Eigen::Map<const Eigen::Matrix<double, 6, 1>> g(loads.node[side].data());
        const Mat& shapes = s.node[side]->shapes;
        total += g.dot(shapes * qd.segment(m_modalOffset[s.body[side]], shapes.cols()));
      }
    }
    const auto index = static_cast<Eigen::Index>(k);
    friction[index] = c.frictionPower;
    normal[index] = total - c.frictionPower;
  }
}

// Exact derivatives w.r.t. (q, w) of both sides and their rates; w = Φ η chains the node
// deformation to the modal coordinates. δ̇⁻ is held.
void System::addClearanceJacobians(const Vec& q, const Vec& qd, Triplets& dQdq, Triplets& dQdqd) const
{
  using J = ClearanceJet;
  for (size_t k = 0; k < m_clearanceJoints.size(); ++k) {
    const Joint& j = m_model.joints[m_clearanceJoints[k]];
    Sides<J> s;
    makeSides(m_model, m_modalOffset, j, q, qd, s);
    const auto c =
        detail::clearanceContact(m_model, j, impactSpeedsOf(m_impactSpeed, k), s.vars[0], s.vars[1]);
    if (!(c.penetration.v > 0.0))
      continue;
    const SideLoads<J> loads = sideLoads(m_model, s, c);
    // One generalized-force row's gradient into the global columns of both sides.
    auto emit = [&](int row, const J::Grad& g) {
      for (int col = 0; col < 2; ++col) {
        if (s.body[col] == kGround)
          continue;
        for (int rate = 0; rate < 2; ++rate) {
          Triplets& out = rate == 0 ? dQdq : dQdqd;
          const int base = rate * kRateVars + kSideVars * col;
          for (int i = 0; i < 7; ++i)
            if (g[base + i] != 0.0)
              out.emplace_back(row, 7 * s.body[col] + i, g[base + i]);
          if (!s.node[col])
            continue;
          const Vec modal = s.node[col]->shapes.transpose() * g.segment<6>(base + 7);
          for (int i = 0; i < modal.size(); ++i)
            if (modal[i] != 0.0)
              out.emplace_back(row, m_modalOffset[s.body[col]] + i, modal[i]);
        }
      }
    };
    for (int side = 0; side < 2; ++side) {
      if (s.body[side] == kGround)
        continue;
      for (int r = 0; r < 7; ++r)
        emit(7 * s.body[side] + r, loads.rigid[side][r].g);
      if (!s.node[side])
        continue;
      const Mat& shapes = s.node[side]->shapes;
      for (int mode = 0; mode < shapes.cols(); ++mode) {
        J::Grad g = J::Grad::Zero();
        for (int i = 0; i < 6; ++i)
          g += shapes(i, mode) * loads.node[side][i].g;
        emit(m_modalOffset[s.body[side]] + mode, g);
      }
    }
  }
}

// Called with each step's accepted starting state: each free contact slot (pin, ball, slider end)
// records its approach speed (the δ̇⁻ of the contact it is about to make), and an approaching one
// limits the step so that it enters the wall at most kOnsetDepth·c deep at its present rate (like
// IMPACT's ramp depth).
double System::clearanceStepLimit(const Vec& q, const Vec& qd) const
{
  double limit = std::numeric_limits<double>::infinity();
  if (m_impactSpeed.size() < kSlots * m_clearanceJoints.size())
    m_impactSpeed.resize(kSlots * m_clearanceJoints.size(), 0.0);
  const std::array<double, 2> elastic{kMinImpactSpeed, kMinImpactSpeed};
  for (size_t k = 0; k < m_clearanceJoints.size(); ++k) {
    const Joint& j = m_model.joints[m_clearanceJoints[k]];
    Sides<double> s;
    makeSides(m_model, m_modalOffset, j, q, qd, s);
    const auto c = detail::clearanceContact(m_model, j, elastic, s.vars[0], s.vars[1]);
    for (int slot = 0; slot < c.slots; ++slot) {
      const double delta = c.slotPenetration[slot], rate = c.slotRate[slot];
      if (delta > 0.0)
        continue;
      m_impactSpeed[kSlots * k + slot] = std::max(rate, 0.0);
      if (rate > 0.0)
        limit = std::min(limit, (kOnsetDepth * j.clearance->clearance - delta) / rate);
    }
  }
  return limit;
}

ClearanceOutput System::clearanceOutput(int joint, const Vec& q, const Vec& qd) const
{
  const auto it = std::find(m_clearanceJoints.begin(), m_clearanceJoints.end(), joint);
  const size_t k = static_cast<size_t>(it - m_clearanceJoints.begin());
  const Joint& j = m_model.joints.at(joint);
  Sides<double> s;
  makeSides(m_model, m_modalOffset, j, q, qd, s);
  const auto c = detail::clearanceContact(m_model, j, impactSpeedsOf(m_impactSpeed, k), s.vars[0], s.vars[1]);
  ClearanceOutput out;
  out.contact = c.penetration > 0.0;
  if (out.contact)
    out.force = detail::values(c.load.force);
  out.normalForce = c.normalForce;
  out.frictionForce = c.frictionForce;
  out.penetration = c.penetration;
  out.eccentricityX = c.ex;
  out.eccentricityY = c.ey;
  out.eccentricityZ = c.ez;
  return out;
}

}  // namespace mbs::solver
