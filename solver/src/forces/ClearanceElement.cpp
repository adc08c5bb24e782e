// The contacts of clearance joints (pin in hole, ball in socket, slider in guide), their
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

#include "forces/ClearanceElement.hpp"

#include "flexible/FlexibleForces.hpp"
#include "forces/ClearanceContact.hpp"
#include "forces/ClearanceKinds.hpp"

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

// δ̇⁻ per contact slot (a translational slider has one per end), from the run's history.
constexpr int kSlots = 2;
struct ImpactSpeeds final : loads::ElementHistory {
  std::array<double, kSlots> speed{0.0, 0.0};
};

std::array<double, 2> impactSpeedsOf(const loads::ElementHistory* history)
{
  std::array<double, 2> out{kMinImpactSpeed, kMinImpactSpeed};
  if (const auto* h = dynamic_cast<const ImpactSpeeds*>(history))
    for (int slot = 0; slot < kSlots; ++slot)
      out[slot] = std::max(h->speed[slot], kMinImpactSpeed);
  return out;
}

// What is wrong with a joint's clearance settings (empty: nothing).
std::string clearanceProblem(const Joint& j)
{
  const ClearanceParameters& p = *j.clearance;
  if (std::string kind = detail::clearanceKindProblem(j); !kind.empty())
    return kind;
  if (j.friction && j.friction->active())
    return "a clearance joint has its own friction (set it in the clearance, not as joint friction)";
  if (!(p.clearance > 0.0))
    return "the radial clearance must be positive";
  if (!(p.stiffness > 0.0))
    return "the contact stiffness must be positive";
  if (!(p.exponent >= 1.0))
    return "the force exponent must be at least 1";
  if (p.law == ClearanceLaw::LankaraniNikravesh && !(p.restitution > 0.0 && p.restitution <= 1.0))
    return "the coefficient of restitution must be in (0, 1]";
  if (p.law == ClearanceLaw::PolynomialDamping && !(p.linearDamping >= 0.0 && p.quadraticDamping >= 0.0))
    return "the damping coefficients d1 and d2 must not be negative";
  if (!(p.staticCoefficient >= 0.0 && p.dynamicCoefficient >= 0.0))
    return "friction coefficients must not be negative";
  if ((p.staticCoefficient > 0.0 || p.dynamicCoefficient > 0.0) && !(p.transitionVelocity > 0.0))
    return "the friction transition velocity must be positive";
  return {};
}

}  // namespace

Status ClearanceElement::validate(const Model& model)
{
  for (const Joint& j : model.joints) {
    if (!j.clearance)
      continue;
    if (const std::string problem = clearanceProblem(j); !problem.empty())
      return Status::failure(StatusCode::BadInput, "joint '" + j.name + "': clearance: " + problem, j.name);
  }
  return Status::success();
}

void ClearanceElement::build(const Model& model, const loads::Host& host, loads::Elements& out)
{
  (void)host;
  int slot = 0;
  for (int j = 0; j < static_cast<int>(model.joints.size()); ++j)
    if (model.joints[j].clearance)
      out.push_back(std::make_unique<ClearanceElement>(j, slot++, model.joints[j].name));
}

std::string ClearanceElement::describe() const
{
  return "joint '" + m_name + "' clearance contact";
}

std::vector<int> ClearanceElement::reads(const loads::Host& host) const
{
  const Model& model = host.model();
  const Joint& joint = model.joints[m_joint];
  std::vector<int> columns;
  for (int marker : {joint.iMarker, joint.jMarker}) {
    const int b = model.markers[marker].body;
    if (b == kGround)
      continue;
    for (int k = 0; k < 7; ++k)
      columns.push_back(7 * b + k);
    if (host.modalOffset(b) >= 0)
      for (int k = 0; k < model.bodies[b].flexible->modeCount(); ++k)
        columns.push_back(host.modalOffset(b) + k);
  }
  std::sort(columns.begin(), columns.end());
  columns.erase(std::unique(columns.begin(), columns.end()), columns.end());
  return columns;
}

void ClearanceElement::addForces(const loads::Context& c, Vec& Q) const
{
  const Model& model = c.host.model();
  const std::vector<int>& modalOffset = c.host.modalOffsets();
  const Joint& j = model.joints[m_joint];
  Sides<double> s;
  makeSides(model, modalOffset, j, c.q, c.qd, s);
  const auto contact = detail::clearanceContact(model, j, impactSpeedsOf(c.history), s.vars[0], s.vars[1]);
  if (!(contact.penetration > 0.0))
    return;
  const SideLoads<double> loads = sideLoads(model, s, contact);
  for (int side = 0; side < 2; ++side) {
    addBody(Q, s.body[side], loads.rigid[side]);
    if (s.node[side]) {
      const Eigen::Map<const Eigen::Matrix<double, 6, 1>> g(loads.node[side].data());
      Q.segment(modalOffset[s.body[side]], s.node[side]->shapes.cols()) +=
          s.node[side]->shapes.transpose() * g;
    }
  }
}

std::vector<loads::WorkChannel> ClearanceElement::workChannels() const
{
  return {{loads::WorkKind::ClearanceContact, m_joint, m_name},
          {loads::WorkKind::ClearanceFriction, m_joint, m_name}};
}

void ClearanceElement::powers(const loads::Context& c, double* out) const
{
  out[0] = out[1] = 0.0;
  const Model& model = c.host.model();
  const std::vector<int>& modalOffset = c.host.modalOffsets();
  const Joint& j = model.joints[m_joint];
  Sides<double> s;
  makeSides(model, modalOffset, j, c.q, c.qd, s);
  const auto contact = detail::clearanceContact(model, j, impactSpeedsOf(c.history), s.vars[0], s.vars[1]);
  if (!(contact.penetration > 0.0))
    return;
  // Q·q̇ of the whole contact load (as addForces applies it), minus its friction part.
  const SideLoads<double> loads = sideLoads(model, s, contact);
  double total = 0.0;
  for (int side = 0; side < 2; ++side) {
    if (s.body[side] == kGround)
      continue;
    for (int i = 0; i < 7; ++i)
      total += loads.rigid[side][i] * c.qd[7 * s.body[side] + i];
    if (s.node[side]) {
      const Eigen::Map<const Eigen::Matrix<double, 6, 1>> g(loads.node[side].data());
      const Mat& shapes = s.node[side]->shapes;
      total += g.dot(shapes * c.qd.segment(modalOffset[s.body[side]], shapes.cols()));
    }
  }
  out[0] = total - contact.frictionPower;
  out[1] = contact.frictionPower;
}

// Exact derivatives w.r.t. (q, w) of both sides and their rates; w = Φ η chains the node
// deformation to the modal coordinates. δ̇⁻ is held.
void ClearanceElement::addJacobians(const loads::Context& c, const loads::Jacobians& out) const
{
  using J = ClearanceJet;
  if (!out.dq || !out.dqd) {
    loads::Element::addJacobians(c, out);
    return;
  }
  Triplets& dQdq = *out.dq;
  Triplets& dQdqd = *out.dqd;
  const Model& model = c.host.model();
  const std::vector<int>& modalOffset = c.host.modalOffsets();
  const Joint& j = model.joints[m_joint];
  Sides<J> s;
  makeSides(model, modalOffset, j, c.q, c.qd, s);
  const auto contact = detail::clearanceContact(model, j, impactSpeedsOf(c.history), s.vars[0], s.vars[1]);
  if (!(contact.penetration.v > 0.0))
    return;
  const SideLoads<J> loads = sideLoads(model, s, contact);
  // One generalized-force row's gradient into the global columns of both sides.
  auto emit = [&](int row, const J::Grad& g) {
    for (int col = 0; col < 2; ++col) {
      if (s.body[col] == kGround)
        continue;
      for (int rate = 0; rate < 2; ++rate) {
        Triplets& target = rate == 0 ? dQdq : dQdqd;
        const int base = rate * kRateVars + kSideVars * col;
        for (int i = 0; i < 7; ++i)
          if (g[base + i] != 0.0)
            target.emplace_back(row, 7 * s.body[col] + i, g[base + i]);
        if (!s.node[col])
          continue;
        const Vec modal = s.node[col]->shapes.transpose() * g.segment<6>(base + 7);
        for (int i = 0; i < modal.size(); ++i)
          if (modal[i] != 0.0)
            target.emplace_back(row, modalOffset[s.body[col]] + i, modal[i]);
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
      emit(modalOffset[s.body[side]] + mode, g);
    }
  }
}

std::unique_ptr<loads::ElementHistory> ClearanceElement::startHistory(const loads::Host& host, double t,
                                                                      const Vec& q) const
{
  (void)host, (void)t, (void)q;
  return std::make_unique<ImpactSpeeds>();
}

// Called with each step's accepted starting state: each free contact slot (pin, ball, slider end)
// records its approach speed (the δ̇⁻ of the contact it is about to make), and an approaching one
// limits the step so that it enters the wall at most kOnsetDepth·c deep at its present rate (like
// IMPACT's ramp depth).
double ClearanceElement::startStep(const loads::Context& c, loads::ElementHistory* history,
                                   double bound) const
{
  (void)bound;  // every slot records its approach speed, so none is skipped
  double limit = std::numeric_limits<double>::infinity();
  const Model& model = c.host.model();
  const std::array<double, 2> elastic{kMinImpactSpeed, kMinImpactSpeed};
  const Joint& j = model.joints[m_joint];
  Sides<double> s;
  makeSides(model, c.host.modalOffsets(), j, c.q, c.qd, s);
  const auto contact = detail::clearanceContact(model, j, elastic, s.vars[0], s.vars[1]);
  auto* speeds = dynamic_cast<ImpactSpeeds*>(history);
  for (int slot = 0; slot < contact.slots; ++slot) {
    const double delta = contact.slotPenetration[slot], rate = contact.slotRate[slot];
    if (delta > 0.0)
      continue;
    if (speeds)
      speeds->speed[slot] = std::max(rate, 0.0);
    if (rate > 0.0)
      limit = std::min(limit, (kOnsetDepth * j.clearance->clearance - delta) / rate);
  }
  return limit;
}

void ClearanceElement::output(const loads::Context& c, ResultFrame& frame) const
{
  const Model& model = c.host.model();
  const Joint& j = model.joints[m_joint];
  Sides<double> s;
  makeSides(model, c.host.modalOffsets(), j, c.q, c.qd, s);
  const auto contact = detail::clearanceContact(model, j, impactSpeedsOf(c.history), s.vars[0], s.vars[1]);
  ClearanceOutput& out = frame.clearance[static_cast<std::size_t>(m_slot)];
  out = {};
  out.contact = contact.penetration > 0.0;
  if (out.contact)
    out.force = detail::values(contact.load.force);
  out.normalForce = contact.normalForce;
  out.frictionForce = contact.frictionForce;
  out.penetration = contact.penetration;
  out.eccentricityX = contact.ex;
  out.eccentricityY = contact.ey;
  out.eccentricityZ = contact.ez;
}

}  // namespace mbs::solver
