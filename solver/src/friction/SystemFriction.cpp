// System's joint friction: the λ-dependent generalized forces Q_λ of the Dae, their Jacobians and
// the friction outputs. ∂Q_λ/∂λ is exact through the reaction (linear in λ: R = A(q) λ_joint)
// times central differences of the contact/friction law in R; ∂Q_λ/∂q̇ is by central differences
// over the two bodies' velocities (the friction law is a cheap scalar function). Joints with
// dynamic stiction read their bristle deflection (friction/Stiction.hpp) from the anchors of the
// current step; their ∂Q_λ/∂q (the bristle stiffness) is by central differences as well.
#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

#include "System.hpp"
#include "forces/ForceElements.hpp"
#include "friction/JointFriction.hpp"
#include "friction/Stiction.hpp"

namespace mbs::solver {
namespace {

using Local = detail::FrictionForces14;

const ConstraintBlock& jointBlock(const std::vector<ConstraintBlock>& blocks, int joint)
{
  for (const ConstraintBlock& b : blocks)
    if (b.kind == ConstraintKind::Joint && b.entity == joint)
      return b;
  return blocks.front();  // unreachable: every joint has a block
}

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

}  // namespace

FrictionOutput System::frictionOutput(int joint, const Vec& q, const Vec& qd, const Vec& lambda) const
{
  return frictionOutput(joint, m_stiction.time, q, qd, lambda);
}

FrictionOutput System::frictionOutput(int joint, double t, const Vec& q, const Vec& qd,
                                      const Vec& lambda) const
{
  const Joint& j = m_model.joints.at(joint);
  if (!j.friction || !j.friction->active())
    return {};
  if (const StictionAnchor* anchor = stictionAnchor(joint, t))
    return detail::bristleOutput(*this, joint, q, qd, lambda, *anchor);
  return detail::jointFriction(j, detail::jointMotion(m_model, j, q, qd), jointReaction(joint, q, lambda));
}

const StictionAnchor* System::stictionAnchor(int joint, double t) const
{
  if (!m_stiction.active || !detail::holdsDynamically(m_model.joints[joint]))
    return nullptr;
  // Times inside the last accepted step (interpolated outputs) use the anchors at its start.
  const bool inside = t < m_stiction.time - 1e-12 * std::max(1.0, std::abs(m_stiction.time));
  return inside ? &m_stiction.previous[joint] : &m_stiction.anchors[joint];
}

void System::startHistory(double t, const Vec& q) const
{
  m_stiction = {};
  if (!std::any_of(m_frictionJoints.begin(), m_frictionJoints.end(),
                   [&](int j) { return detail::holdsDynamically(m_model.joints[j]); }))
    return;
  m_stiction.active = true;
  m_stiction.time = t;
  m_stiction.anchors.resize(m_model.joints.size());
  for (int j : m_frictionJoints)
    if (detail::holdsDynamically(m_model.joints[j]))
      m_stiction.anchors[j] = detail::anchorAt(m_model, m_model.joints[j], q);
  m_stiction.previous = m_stiction.anchors;
}

void System::acceptStep(double t, const Vec& q) const
{
  if (!m_stiction.active)
    return;
  m_stiction.previous = m_stiction.anchors;
  m_stiction.time = t;
  for (int j : m_frictionJoints)
    if (detail::holdsDynamically(m_model.joints[j]))
      m_stiction.anchors[j] = detail::slideAnchor(m_model, m_model.joints[j], q, m_stiction.anchors[j]);
}

void System::endHistory() const
{
  m_stiction = {};
}

double System::stictionStepLimit(double t, const Vec& q, const Vec& qd) const
{
  double limit = std::numeric_limits<double>::infinity();
  if (!m_stiction.active)
    return limit;
  for (int j : m_frictionJoints) {
    const Joint& joint = m_model.joints[j];
    if (!detail::holdsDynamically(joint))
      continue;
    // Held through the last step: its anchor did not slide at the step's end.
    const StictionAnchor& anchor = m_stiction.anchors[j];
    const StictionAnchor& before = m_stiction.previous[j];
    const bool held = anchor.position == before.position && anchor.rotation == before.rotation;
    if (held && detail::pastStaticPeak(m_model, joint, q, qd, anchor))
      limit = std::min(
          limit, 0.1 * joint.friction->maxStictionDeformation / joint.friction->stictionTransitionVelocity);
  }
  return t - m_stiction.time > limit ? limit : std::numeric_limits<double>::infinity();
}

detail::JointMotion System::frictionMotion(int joint, double t, const Vec& q, const Vec& qd) const
{
  const Joint& j = m_model.joints[joint];
  if (const StictionAnchor* anchor = stictionAnchor(joint, t))
    return detail::bristleMotion(m_model, j, q, qd, *anchor);
  return detail::jointMotion(m_model, j, q, qd);
}

void System::reactionForcePositionJacobian(double t, const Vec& q, const Vec& qd, const Vec& lambda,
                                           SparseMat& dQdq) const
{
  const int n = numCoordinates();
  Triplets tq;
  for (int index : m_frictionJoints) {
    const StictionAnchor* anchor = stictionAnchor(index, t);
    if (!anchor)
      continue;
    const Joint& j = m_model.joints[index];
    const auto bodies = detail::jointBodies(m_model, j);
    auto load = [&](const Vec& x) {
      return detail::frictionLoadForces(m_model, j, x, detail::bristleMotion(m_model, j, x, qd, *anchor),
                                        jointReaction(index, x, lambda));
    };
    // Steps well inside the bristle's range (translations δ_max, rotations δ_max/R).
    const double range = j.friction->maxStictionDeformation / std::max(1.0, j.friction->pinRadius);
    detail::addJointLoadDifferences(
        bodies, q, load,
        [&](double x0) { return std::min(1e-7 * std::max(1.0, std::abs(x0)), 1e-3 * range); }, tq);
  }
  addLoadReadingJacobians(t, q, qd, lambda, nullptr, &tq, nullptr);
  dQdq.resize(n, n);
  dQdq.setFromTriplets(tq.begin(), tq.end());
}

void System::reactionForces(double t, const Vec& q, const Vec& qd, const Vec& lambda, Vec& Q) const
{
  Q.setZero(numCoordinates());
  for (int index : m_frictionJoints) {
    const Joint& j = m_model.joints[index];
    const Local g = detail::frictionLoadForces(m_model, j, q, frictionMotion(index, t, q, qd),
                                               jointReaction(index, q, lambda));
    const auto bodies = detail::jointBodies(m_model, j);
    for (int s = 0; s < 2; ++s)
      if (bodies[s] != kGround)
        Q.segment<7>(7 * bodies[s]) += g.segment<7>(7 * s);
  }
  addLoadReadingForces(t, q, qd, lambda, Q);
}

void System::frictionPowers(double t, const Vec& q, const Vec& qd, const Vec& lambda, Vec& power) const
{
  power.setZero(static_cast<Eigen::Index>(m_frictionJoints.size()));
  for (std::size_t k = 0; k < m_frictionJoints.size(); ++k) {
    const int index = m_frictionJoints[k];
    const Joint& j = m_model.joints[index];
    const Local g = detail::frictionLoadForces(m_model, j, q, frictionMotion(index, t, q, qd),
                                               jointReaction(index, q, lambda));
    const auto bodies = detail::jointBodies(m_model, j);
    double p = 0.0;
    for (int s = 0; s < 2; ++s)
      if (bodies[s] != kGround)
        p += g.segment<7>(7 * s).dot(qd.segment<7>(7 * bodies[s]));
    power[static_cast<Eigen::Index>(k)] = p;
  }
}

void System::reactionForceJacobians(double t, const Vec& q, const Vec& qd, const Vec& lambda,
                                    SparseMat& dQdLambda, SparseMat& dQdqd) const
{
  const int n = numCoordinates(), m = numConstraints();
  Triplets tl, tv;
  for (int index : m_frictionJoints) {
    const Joint& j = m_model.joints[index];
    const ConstraintBlock& block = jointBlock(m_blocks, index);
    const auto bodies = detail::jointBodies(m_model, j);
    const detail::JointMotion motion = frictionMotion(index, t, q, qd);
    // A(q): the reaction per unit multiplier of each row of the joint.
    Eigen::Matrix<double, 6, Eigen::Dynamic> a(6, block.rows);
    Vec unit = Vec::Zero(m);
    for (int r = 0; r < block.rows; ++r) {
      unit[block.firstRow + r] = 1.0;
      a.col(r) = stack(jointReaction(index, q, unit));
      unit[block.firstRow + r] = 0.0;
    }
    const Eigen::Matrix<double, 6, 1> r0 = a * lambda.segment(block.firstRow, block.rows);
    Eigen::Matrix<double, 14, 6> dR;
    for (int k = 0; k < 6; ++k) {
      const double h = 1e-7 * std::max(1.0, r0.norm());
      Eigen::Matrix<double, 6, 1> rp = r0, rm = r0;
      rp[k] += h;
      rm[k] -= h;
      dR.col(k) = (detail::frictionLoadForces(m_model, j, q, motion, unstack(rp)) -
                   detail::frictionLoadForces(m_model, j, q, motion, unstack(rm))) /
                  (2.0 * h);
    }
    const Eigen::Matrix<double, 14, Eigen::Dynamic> dl = dR * a;
    const Reaction reaction = unstack(r0);
    for (int c = 0; c < block.rows; ++c)
      detail::addJointColumn(bodies, dl.col(c), block.firstRow + c, tl);
    // ∂Q/∂q̇ over the two bodies' velocities.
    detail::addJointLoadDifferences(
        bodies, qd,
        [&](const Vec& v) {
          return detail::frictionLoadForces(m_model, j, q, frictionMotion(index, t, q, v), reaction);
        },
        [](double v0) { return 1e-7 * std::max(1.0, std::abs(v0)); }, tv);
  }
  addLoadReadingJacobians(t, q, qd, lambda, &tl, nullptr, &tv);
  dQdLambda.resize(n, m);
  dQdLambda.setFromTriplets(tl.begin(), tl.end());
  dQdqd.resize(n, n);
  dQdqd.setFromTriplets(tv.begin(), tv.end());
}

}  // namespace mbs::solver
