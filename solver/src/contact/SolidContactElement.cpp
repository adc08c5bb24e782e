#include "contact/SolidContactElement.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <utility>

#include "contact/ContactLaw.hpp"
#include "kinematics/EulerParameters.hpp"
#include "mbs/solver/Status.hpp"

namespace mbs::solver::contact {
namespace {

// Generalized force of a load (force f at the CM, moment n about it, ground frame) on one body's
// r and p: Q_r = f, Q_p = 2 Eᵀ n (the virtual work of δπ = 2 E δp).
void addBodyLoad(const Vec4& p, const Vec3& f, const Vec3& n, double* q7)
{
  for (int k = 0; k < 3; ++k)
    q7[k] += f[k];
  const Vec4 qp = 2.0 * detail::matE(p).transpose() * n;
  for (int k = 0; k < 4; ++k)
    q7[3 + k] += qp[k];
}

}  // namespace

SolidContactElement::SolidContactElement(SolidContact contact, int index)
    : m_contact(std::move(contact)),
      m_index(index),
      m_shapes(std::make_unique<CollisionShapes>(m_contact.iShapes, m_contact.jShapes))
{
}

SolidContactElement::SolidContactElement(const SolidContactElement& other)
    : loads::Element(), m_contact(other.m_contact), m_index(other.m_index)
{
}

SolidContactElement::~SolidContactElement() = default;

CollisionShapes& SolidContactElement::shapes() const
{
  if (!m_shapes)
    m_shapes = std::make_unique<CollisionShapes>(m_contact.iShapes, m_contact.jShapes);
  return *m_shapes;
}

SolidContactElement::BodyState SolidContactElement::bodyState(int body, const Vec& q, const Vec& qd) const
{
  BodyState s;
  if (body == kGround)
    return s;
  s.ground = false;
  s.r = q.segment<3>(7 * body);
  s.p = q.segment<4>(7 * body + 3);
  s.v = qd.segment<3>(7 * body);
  s.w = 2.0 * detail::matE(s.p) * qd.segment<4>(7 * body + 3);
  const double norm = s.p.norm();
  s.rotation = detail::rotationMatrix(norm > 0.0 ? Vec4(s.p / norm) : Vec4(1, 0, 0, 0));
  return s;
}

double SolidContactElement::sphereGap(const BodyState& i, const BodyState& j) const
{
  const CollisionShapes& s = shapes();
  return (i.r - j.r).norm() - s.iRadius() - s.jRadius();
}

double SolidContactElement::sphereGap(const Vec& q) const
{
  const auto origin = [&](int body) {
    return body == kGround ? Vec3(Vec3::Zero()) : Vec3(q.segment<3>(7 * body));
  };
  const CollisionShapes& s = shapes();
  return (origin(m_contact.iBody) - origin(m_contact.jBody)).norm() - s.iRadius() - s.jRadius();
}

double SolidContactElement::approachSpeedBound(const Vec& qd) const
{
  const CollisionShapes& s = shapes();
  const auto velocity = [&](int body) {
    return body == kGround ? Vec3(Vec3::Zero()) : Vec3(qd.segment<3>(7 * body));
  };
  const auto spin = [&](int body, double radius) {
    return body == kGround || radius == 0.0 ? 0.0 : 2.0 * qd.segment<4>(7 * body + 3).norm() * radius;
  };
  return (velocity(m_contact.iBody) - velocity(m_contact.jBody)).norm() + spin(m_contact.iBody, s.iRadius()) +
         spin(m_contact.jBody, s.jRadius());
}

SolidContactElement::Evaluation SolidContactElement::evaluate(const BodyState& i, const BodyState& j) const
{
  Evaluation e;
  if (sphereGap(i, j) > 0.0) {
    m_points.clear();
    return e;
  }
  CollisionShapes& s = shapes();
  s.setPoses({i.rotation, i.r}, {j.rotation, j.r});
  m_points.clear();
  if (!s.boxesOverlap(0.0))
    return e;
  s.contacts(m_points);
  // The points of one shape pair share its law: each carries 1/n of it, so a face resting on a
  // face settles at the single-point penetration and the points give the patch its moment.
  std::map<int, int> perGroup;
  for (const ContactPoint& c : m_points)
    ++perGroup[c.group];
  for (const ContactPoint& c : m_points) {
    const double weight = 1.0 / perGroup[c.group];
    const Vec3 vRel = i.pointVelocity(c.point) - j.pointVelocity(c.point);
    const double rate = -c.normal.dot(vRel);
    const double fn = weight * normalForce(m_contact, c.depth, rate);
    const Vec3 vt = vRel - c.normal * c.normal.dot(vRel);
    const double w = std::sqrt(vt.squaredNorm() + 1e-300);
    const double mu = frictionCoefficient(m_contact, w);
    const Vec3 ft = vt * (-mu * fn / w);
    const Vec3 f = c.normal * fn + ft;
    e.force += f;
    e.momentI += (c.point - i.r).cross(f);
    e.momentJ += (c.point - j.r).cross(-f);
    e.normalForce += fn;
    e.frictionForce += ft;
    e.normalPower += fn * c.normal.dot(vRel);
    e.frictionPower += ft.dot(vRel);
    if (fn > 0.0)
      ++e.points;
    if (c.depth > e.depth) {
      e.depth = c.depth;
      e.slip = w;
      e.point = c.point;
      e.normal = c.normal;
    }
  }
  return e;
}

void SolidContactElement::generalized(const BodyState& i, const BodyState& j, const Evaluation& e,
                                      double* q14) const
{
  std::fill(q14, q14 + 14, 0.0);
  if (!i.ground)
    addBodyLoad(i.p, e.force, e.momentI, q14);
  if (!j.ground)
    addBodyLoad(j.p, -e.force, e.momentJ, q14 + 7);
}

void SolidContactElement::addForces(const Vec& q, const Vec& qd, Vec& Q) const
{
  if (!active() || sphereGap(q) > 0.0)
    return;
  const BodyState i = bodyState(m_contact.iBody, q, qd), j = bodyState(m_contact.jBody, q, qd);
  const Evaluation e = evaluate(i, j);
  if (e.points == 0 && e.frictionForce.isZero())
    return;
  double q14[14];
  generalized(i, j, e, q14);
  const int bodies[2] = {m_contact.iBody, m_contact.jBody};
  for (int side = 0; side < 2; ++side)
    if (bodies[side] != kGround)
      for (int k = 0; k < 7; ++k)
        Q[7 * bodies[side] + k] += q14[7 * side + k];
}

void SolidContactElement::addJacobians(const Vec& q, const Vec& qd, Triplets& dQdq, Triplets& dQdqd) const
{
  if (!active())
    return;
  const int bodies[2] = {m_contact.iBody, m_contact.jBody};
  {
    // Nothing touches and nothing can within the differences' reach: no entries.
    if (sphereGap(q) > 1e-6)
      return;
    const BodyState i = bodyState(bodies[0], q, qd), j = bodyState(bodies[1], q, qd);
    CollisionShapes& s = shapes();
    s.setPoses({i.rotation, i.r}, {j.rotation, j.r});
    if (!s.boxesOverlap(1e-6))
      return;
  }
  Vec qq = q, vv = qd;
  double plus[14], minus[14];
  auto loads = [&](double* out) {
    const BodyState i = bodyState(bodies[0], qq, vv), j = bodyState(bodies[1], qq, vv);
    generalized(i, j, evaluate(i, j), out);
  };
  for (int which = 0; which < 2; ++which) {  // 0: ∂/∂q, 1: ∂/∂q̇
    Vec& x = which == 0 ? qq : vv;
    Triplets& out = which == 0 ? dQdq : dQdqd;
    for (int side = 0; side < 2; ++side) {
      if (bodies[side] == kGround)
        continue;
      for (int k = 0; k < 7; ++k) {
        const int col = 7 * bodies[side] + k;
        const double x0 = x[col];
        const double h = (which == 0 ? 1e-7 : 1e-6) * std::max(1.0, std::abs(x0));
        x[col] = x0 + h;
        loads(plus);
        x[col] = x0 - h;
        loads(minus);
        x[col] = x0;
        for (int rowSide = 0; rowSide < 2; ++rowSide) {
          if (bodies[rowSide] == kGround)
            continue;
          for (int r = 0; r < 7; ++r) {
            const double d = (plus[7 * rowSide + r] - minus[7 * rowSide + r]) / (2.0 * h);
            if (d != 0.0)
              out.emplace_back(7 * bodies[rowSide] + r, col, d);
          }
        }
      }
    }
  }
}

void SolidContactElement::powers(const Vec& q, const Vec& qd, double& normal, double& friction) const
{
  normal = friction = 0.0;
  if (!active() || sphereGap(q) > 0.0)
    return;
  const Evaluation e = evaluate(bodyState(m_contact.iBody, q, qd), bodyState(m_contact.jBody, q, qd));
  normal = e.normalPower;
  friction = e.frictionPower;
}

double SolidContactElement::stepLimit(const Vec& q, const Vec& qd, double bound) const
{
  constexpr double kNone = std::numeric_limits<double>::infinity();
  if (!active())
    return kNone;
  // Broad phase: the spheres' gap, then the boxes', over the fastest approach the bodies' motion
  // allows.
  const double speed = approachSpeedBound(qd);
  if (!(speed > 0.0) || !std::isfinite(speed) || sphereGap(q) >= speed * bound)
    return kNone;
  const BodyState i = bodyState(m_contact.iBody, q, qd), j = bodyState(m_contact.jBody, q, qd);
  CollisionShapes& s = shapes();
  s.setPoses({i.rotation, i.r}, {j.rotation, j.r});
  const double gap = s.boxGap();
  if (gap >= speed * bound)
    return kNone;
  s.contacts(m_points);
  if (!m_points.empty())
    return kNone;  // touching: left to the error control
  const Separation sep = s.separation();
  if (!(sep.distance > 0.0) || !std::isfinite(sep.distance))
    return kNone;
  const Vec3 u = (sep.pointI - sep.pointJ) / sep.distance;  // from J towards I
  const double rate = -u.dot(i.pointVelocity(sep.pointI) - j.pointVelocity(sep.pointJ));
  if (!(rate > 0.0))
    return kNone;
  const double size = std::min(s.iRadius(), s.jRadius());
  return (sep.distance + onsetDepth(m_contact, size)) / rate;
}

SolidContactOutput SolidContactElement::output(const Vec& q, const Vec& qd) const
{
  SolidContactOutput out;
  if (!active())
    return out;
  const BodyState i = bodyState(m_contact.iBody, q, qd), j = bodyState(m_contact.jBody, q, qd);
  const Evaluation e = evaluate(i, j);
  out.force = e.force;
  out.torqueI = e.momentI;
  out.torqueJ = e.momentJ;
  out.normalForce = e.normalForce;
  out.frictionForce = e.frictionForce.norm();
  out.points = e.points;
  if (!m_points.empty()) {
    out.penetration = e.depth;
    out.slipVelocity = e.slip;
    out.point = e.point;
    out.normal = e.normal;
    return out;
  }
  if (sphereGap(i, j) > 0.0)
    shapes().setPoses({i.rotation, i.r}, {j.rotation, j.r});  // evaluate() left them unposed
  const Separation sep = shapes().separation();
  if (std::isfinite(sep.distance)) {
    out.penetration = -sep.distance;
    out.point = sep.pointI;
  }
  return out;
}

// --- loads::Element ---------------------------------------------------------------------------

Status SolidContactElement::validate(const Model& model)
{
  for (const SolidContact& c : model.contacts)
    if (const std::string problem = contactProblem(model, c); !problem.empty())
      return Status::failure(StatusCode::BadInput, "contact '" + c.name + "': " + problem, c.name);
  return Status::success();
}

void SolidContactElement::build(const Model& model, const loads::Host& host, loads::Elements& out)
{
  (void)host;
  for (std::size_t k = 0; k < model.contacts.size(); ++k)
    out.push_back(std::make_unique<SolidContactElement>(model.contacts[k], static_cast<int>(k)));
}

std::string SolidContactElement::describe() const
{
  return "contact '" + m_contact.name + "'";
}

std::vector<int> SolidContactElement::reads(const loads::Host& host) const
{
  (void)host;
  std::vector<int> columns;
  for (int body : {m_contact.iBody, m_contact.jBody})
    if (body != kGround)
      for (int k = 0; k < 7; ++k)
        columns.push_back(7 * body + k);
  std::sort(columns.begin(), columns.end());
  return columns;
}

void SolidContactElement::addForces(const loads::Context& c, Vec& Q) const
{
  addForces(c.q, c.qd, Q);
}

void SolidContactElement::addJacobians(const loads::Context& c, const loads::Jacobians& out) const
{
  // Its own central differences (FCL has no derivatives): the position step is finer than the
  // shared fallback's and nothing is evaluated while the boxes are apart.
  if (out.dq && out.dqd) {
    addJacobians(c.q, c.qd, *out.dq, *out.dqd);
    return;
  }
  Triplets unused;
  if (out.dq || out.dqd)
    addJacobians(c.q, c.qd, out.dq ? *out.dq : unused, out.dqd ? *out.dqd : unused);
}

std::vector<loads::WorkChannel> SolidContactElement::workChannels() const
{
  return {{loads::WorkKind::SolidContact, m_index, m_contact.name},
          {loads::WorkKind::SolidContactFriction, m_index, m_contact.name}};
}

void SolidContactElement::powers(const loads::Context& c, double* out) const
{
  powers(c.q, c.qd, out[0], out[1]);
}

double SolidContactElement::startStep(const loads::Context& c, loads::ElementHistory* history,
                                      double bound) const
{
  (void)history;
  return stepLimit(c.q, c.qd, bound);
}

void SolidContactElement::output(const loads::Context& c, ResultFrame& frame) const
{
  frame.contacts[static_cast<std::size_t>(m_index)] = output(c.q, c.qd);
}

std::string contactProblem(const Model& model, const SolidContact& c)
{
  const int nb = static_cast<int>(model.bodies.size());
  for (int body : {c.iBody, c.jBody}) {
    if (body < kGround || body >= nb)
      return "body index out of range";
    if (body != kGround && model.bodies[body].flexible)
      return "contact on the flexible body '" + model.bodies[body].name +
             "' is not supported (its solids would not deform with it)";
  }
  if (c.iBody == c.jBody)
    return "both sides are on the same body";
  if (c.iShapes.empty() || c.jShapes.empty())
    return "each side needs at least one solid";
  for (const auto* side : {&c.iShapes, &c.jShapes})
    for (const ContactShape& s : *side)
      if (const std::string why = shapeProblem(s); !why.empty())
        return "solid '" + s.name + "': " + why;
  for (const ContactShape& a : c.iShapes)
    for (const ContactShape& b : c.jShapes)
      if (a.kind == ContactShapeKind::Plane && b.kind == ContactShapeKind::Plane)
        return "a plane against a plane ('" + a.name + "', '" + b.name + "') has no contact points";
  const auto finite = [](double v) { return std::isfinite(v); };
  if (c.law == ContactNormalLaw::Impact) {
    if (!(finite(c.stiffness) && c.stiffness >= 0.0 && finite(c.exponent) && c.exponent >= 1.0 &&
          finite(c.damping) && c.damping >= 0.0 && finite(c.dmax) && c.dmax > 0.0))
      return "IMPACT needs STIFFNESS ≥ 0, EXPONENT ≥ 1, DAMPING ≥ 0 and DMAX > 0";
  } else if (!(finite(c.penalty) && c.penalty > 0.0 && c.restitution >= 0.0 && c.restitution <= 1.0 &&
               c.normalTransitionVelocity > 0.0 && finite(c.normalTransitionVelocity))) {
    return "POISSON needs PENALTY > 0, 0 ≤ RESTITUTION_COEFFICIENT ≤ 1 and a normal transition velocity > 0";
  }
  if (c.friction == ContactFrictionMode::On &&
      !(c.muStatic >= 0.0 && c.muDynamic >= 0.0 && finite(c.muStatic) && finite(c.muDynamic) &&
        c.stictionVelocity > 0.0 && c.frictionVelocity > c.stictionVelocity && finite(c.frictionVelocity)))
    return "friction needs MU_STATIC, MU_DYNAMIC ≥ 0 and FRICTION_TRANSITION_VELOCITY > "
           "STICTION_TRANSITION_VELOCITY > 0";
  if (c.friction == ContactFrictionMode::DynamicsOnly &&
      !(c.muDynamic >= 0.0 && finite(c.muDynamic) && c.frictionVelocity > 0.0 && finite(c.frictionVelocity)))
    return "friction needs MU_DYNAMIC ≥ 0 and FRICTION_TRANSITION_VELOCITY > 0";
  return "";
}

}  // namespace mbs::solver::contact
