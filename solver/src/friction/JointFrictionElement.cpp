#include "friction/JointFrictionElement.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

#include "forces/ForceElements.hpp"
#include "friction/JointFriction.hpp"
#include "friction/Stiction.hpp"

namespace mbs::solver {
namespace {

using Local = detail::FrictionForces14;

Eigen::Matrix<double, 6, 1> stack(const Reaction& r)
{
  Eigen::Matrix<double, 6, 1> v;
  v << r.force, r.torque;
  return v;
}

Reaction unstack(const Eigen::Matrix<double, 6, 1>& v)
{
  return {v.head<3>(), v.tail<3>()};
}

// Dynamic stiction: the relative pose of I in J where the joint's bristles are undeformed, at the
// end (anchor) and at the start (previous) of the last accepted step.
struct StictionHistory final : loads::ElementHistory {
  double time = 0.0;  // end of the last accepted step
  StictionAnchor anchor, previous;
};

// The anchor valid at t, or null (no dynamic stiction, or no history: statics, a bare System).
const StictionAnchor* anchorAt(const loads::ElementHistory* history, double t)
{
  const auto* h = dynamic_cast<const StictionHistory*>(history);
  if (!h)
    return nullptr;
  // Times inside the last accepted step (interpolated outputs) use the anchor at its start.
  const bool inside = t < h->time - 1e-12 * std::max(1.0, std::abs(h->time));
  return inside ? &h->previous : &h->anchor;
}

// What the friction law reads at c: the joint's relative motion, plus the bristle term.
detail::JointMotion frictionMotion(const Model& model, const Joint& j, const StictionAnchor* anchor,
                                   const Vec& q, const Vec& qd)
{
  if (anchor)
    return detail::bristleMotion(model, j, q, qd, *anchor);
  return detail::jointMotion(model, j, q, qd);
}

void addToBodies(const std::array<int, 2>& bodies, const Local& g, Vec& Q)
{
  for (int s = 0; s < 2; ++s)
    if (bodies[s] != kGround)
      Q.segment<7>(7 * bodies[s]) += g.segment<7>(7 * s);
}

}  // namespace

Status JointFrictionElement::validate(const Model& model)
{
  auto onFlexibleNode = [&](int marker) {
    return marker >= 0 && marker < static_cast<int>(model.markers.size()) &&
           model.markers[marker].interfaceNode >= 0;
  };
  for (const Joint& j : model.joints) {
    if (!j.friction || !j.friction->active())
      continue;
    if (j.type != JointType::Coupler && (onFlexibleNode(j.iMarker) || onFlexibleNode(j.jMarker)))
      return Status::failure(StatusCode::BadInput,
                             "joint '" + j.name + "': friction on a flexible-body marker is not supported",
                             j.name);
    if (const std::string problem = detail::frictionProblem(j); !problem.empty())
      return Status::failure(StatusCode::BadInput, "joint '" + j.name + "': friction: " + problem, j.name);
  }
  return Status::success();
}

void JointFrictionElement::build(const Model& model, const loads::Host& host, loads::Elements& out)
{
  (void)host;
  int slot = 0;
  for (int j = 0; j < static_cast<int>(model.joints.size()); ++j) {
    const Joint& joint = model.joints[j];
    if (joint.friction && joint.friction->active())
      out.push_back(
          std::make_unique<JointFrictionElement>(j, slot++, joint.name, detail::holdsDynamically(joint)));
  }
}

std::string JointFrictionElement::describe() const
{
  return "joint '" + m_name + "' friction";
}

std::vector<int> JointFrictionElement::reads(const loads::Host& host) const
{
  std::vector<int> columns;
  for (int b : detail::jointBodies(host.model(), host.model().joints[m_joint]))
    if (b != kGround)
      for (int k = 0; k < 7; ++k)
        columns.push_back(7 * b + k);
  std::sort(columns.begin(), columns.end());
  return columns;
}

void JointFrictionElement::addForces(const loads::Context& c, Vec& Q) const
{
  const Model& model = c.host.model();
  const Joint& j = model.joints[m_joint];
  const StictionAnchor* anchor = anchorAt(c.history, c.t);
  const Local g = detail::frictionLoadForces(model, j, c.q, frictionMotion(model, j, anchor, c.q, c.qd),
                                             c.host.jointReaction(m_joint, c.q, *c.lambda));
  addToBodies(detail::jointBodies(model, j), g, Q);
}

std::vector<loads::WorkChannel> JointFrictionElement::workChannels() const
{
  return {{loads::WorkKind::JointFriction, m_joint, m_name}};
}

void JointFrictionElement::powers(const loads::Context& c, double* out) const
{
  const Model& model = c.host.model();
  const Joint& j = model.joints[m_joint];
  const StictionAnchor* anchor = anchorAt(c.history, c.t);
  const Local g = detail::frictionLoadForces(model, j, c.q, frictionMotion(model, j, anchor, c.q, c.qd),
                                             c.host.jointReaction(m_joint, c.q, *c.lambda));
  const auto bodies = detail::jointBodies(model, j);
  double p = 0.0;
  for (int s = 0; s < 2; ++s)
    if (bodies[s] != kGround)
      p += g.segment<7>(7 * s).dot(c.qd.segment<7>(7 * bodies[s]));
  out[0] = p;
}

void JointFrictionElement::addJacobians(const loads::Context& c, const loads::Jacobians& out) const
{
  const Model& model = c.host.model();
  const Joint& j = model.joints[m_joint];
  const auto bodies = detail::jointBodies(model, j);
  const StictionAnchor* anchor = anchorAt(c.history, c.t);
  const Vec& lambda = *c.lambda;
  if (out.dq && anchor) {
    // The bristle stiffness: steps well inside the bristle's range (translations δ_max, rotations
    // δ_max/R).
    auto load = [&](const Vec& x) {
      return detail::frictionLoadForces(model, j, x, detail::bristleMotion(model, j, x, c.qd, *anchor),
                                        c.host.jointReaction(m_joint, x, lambda));
    };
    const double range = j.friction->maxStictionDeformation / std::max(1.0, j.friction->pinRadius);
    detail::addJointLoadDifferences(
        bodies, c.q, load,
        [&](double x0) { return std::min(1e-7 * std::max(1.0, std::abs(x0)), 1e-3 * range); }, *out.dq);
  }
  if (!out.dlambda && !out.dqd)
    return;
  const detail::JointMotion motion = frictionMotion(model, j, anchor, c.q, c.qd);
  const loads::RowRange block = c.host.jointRows(m_joint);
  // A(q): the reaction per unit multiplier of each row of the joint.
  Eigen::Matrix<double, 6, Eigen::Dynamic> a(6, block.count);
  Vec unit = Vec::Zero(c.host.numConstraints());
  for (int r = 0; r < block.count; ++r) {
    unit[block.first + r] = 1.0;
    a.col(r) = stack(c.host.jointReaction(m_joint, c.q, unit));
    unit[block.first + r] = 0.0;
  }
  const Eigen::Matrix<double, 6, 1> r0 = a * lambda.segment(block.first, block.count);
  if (out.dlambda) {
    Eigen::Matrix<double, 14, 6> dR;
    for (int k = 0; k < 6; ++k) {
      const double h = 1e-7 * std::max(1.0, r0.norm());
      Eigen::Matrix<double, 6, 1> rp = r0, rm = r0;
      rp[k] += h;
      rm[k] -= h;
      dR.col(k) = (detail::frictionLoadForces(model, j, c.q, motion, unstack(rp)) -
                   detail::frictionLoadForces(model, j, c.q, motion, unstack(rm))) /
                  (2.0 * h);
    }
    const Eigen::Matrix<double, 14, Eigen::Dynamic> dl = dR * a;
    for (int col = 0; col < block.count; ++col)
      detail::addJointColumn(bodies, dl.col(col), block.first + col, *out.dlambda);
  }
  if (out.dqd) {
    // ∂Q/∂q̇ over the two bodies' velocities.
    const Reaction reaction = unstack(r0);
    detail::addJointLoadDifferences(
        bodies, c.qd,
        [&](const Vec& v) {
          return detail::frictionLoadForces(model, j, c.q, frictionMotion(model, j, anchor, c.q, v),
                                            reaction);
        },
        [](double v0) { return 1e-7 * std::max(1.0, std::abs(v0)); }, *out.dqd);
  }
}

std::unique_ptr<loads::ElementHistory> JointFrictionElement::startHistory(const loads::Host& host, double t,
                                                                          const Vec& q) const
{
  if (!m_dynamicStiction)
    return nullptr;
  auto h = std::make_unique<StictionHistory>();
  h->time = t;
  h->anchor = h->previous = detail::anchorAt(host.model(), host.model().joints[m_joint], q);
  return h;
}

void JointFrictionElement::acceptStep(const loads::Host& host, double t, const Vec& q,
                                      loads::ElementHistory& history) const
{
  auto& h = dynamic_cast<StictionHistory&>(history);
  h.previous = h.anchor;
  h.time = t;
  h.anchor = detail::slideAnchor(host.model(), host.model().joints[m_joint], q, h.anchor);
}

double JointFrictionElement::endStepLimit(const loads::Context& c) const
{
  const auto* h = dynamic_cast<const StictionHistory*>(c.history);
  if (!h)
    return std::numeric_limits<double>::infinity();
  const Joint& joint = c.host.model().joints[m_joint];
  // Held through the last step: its anchor did not slide at the step's end.
  const bool held = h->anchor.position == h->previous.position && h->anchor.rotation == h->previous.rotation;
  if (!held || !detail::pastStaticPeak(c.host.model(), joint, c.q, c.qd, h->anchor))
    return std::numeric_limits<double>::infinity();
  const double limit =
      0.1 * joint.friction->maxStictionDeformation / joint.friction->stictionTransitionVelocity;
  return c.t - h->time > limit ? limit : std::numeric_limits<double>::infinity();
}

void JointFrictionElement::output(const loads::Context& c, ResultFrame& frame) const
{
  const Model& model = c.host.model();
  const Joint& j = model.joints[m_joint];
  FrictionOutput& out = frame.friction[static_cast<std::size_t>(m_slot)];
  if (!c.lambda)
    return;  // without the reactions its friction is unknown (System::forceOutput without λ)
  if (const StictionAnchor* anchor = anchorAt(c.history, c.t)) {
    out = detail::bristleOutput(c.host, m_joint, c.q, c.qd, *c.lambda, *anchor);
    return;
  }
  out = detail::jointFriction(j, detail::jointMotion(model, j, c.q, c.qd),
                              c.host.jointReaction(m_joint, c.q, *c.lambda));
}

}  // namespace mbs::solver
