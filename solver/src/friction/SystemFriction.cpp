// System's joint friction: the λ-dependent generalized forces Q_λ of the Dae, their Jacobians and
// the friction outputs. ∂Q_λ/∂λ is exact through the reaction (linear in λ: R = A(q) λ_joint)
// times central differences of the contact/friction law in R; ∂Q_λ/∂q̇ is by central differences
// over the two bodies' velocities (the friction law is a cheap scalar function).
#include <algorithm>
#include <array>

#include "forces/ForceElements.hpp"
#include "friction/JointFriction.hpp"
#include "mbs/solver/System.hpp"

namespace mbs::solver {
namespace {

using Local = detail::FrictionForces14;

std::array<int, 2> jointBodies(const Model& m, const Joint& j)
{
  return {m.markers[j.iMarker].body, m.markers[j.jMarker].body};
}

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
  const Joint& j = m_model.joints.at(joint);
  if (!j.friction || !j.friction->active())
    return {};
  return detail::jointFriction(j, detail::jointMotion(m_model, j, q, qd), jointReaction(joint, q, lambda));
}

void System::reactionForces(double t, const Vec& q, const Vec& qd, const Vec& lambda, Vec& Q) const
{
  (void)t;
  Q.setZero(numCoordinates());
  for (int index : m_frictionJoints) {
    const Joint& j = m_model.joints[index];
    const Local g = detail::frictionLoadForces(m_model, j, q, detail::jointMotion(m_model, j, q, qd),
                                               jointReaction(index, q, lambda));
    const auto bodies = jointBodies(m_model, j);
    for (int s = 0; s < 2; ++s)
      if (bodies[s] != kGround)
        Q.segment<7>(7 * bodies[s]) += g.segment<7>(7 * s);
  }
}

void System::reactionForceJacobians(double t, const Vec& q, const Vec& qd, const Vec& lambda,
                                    SparseMat& dQdLambda, SparseMat& dQdqd) const
{
  (void)t;
  const int n = numCoordinates(), m = numConstraints();
  Triplets tl, tv;
  for (int index : m_frictionJoints) {
    const Joint& j = m_model.joints[index];
    const ConstraintBlock& block = jointBlock(m_blocks, index);
    const auto bodies = jointBodies(m_model, j);
    const detail::JointMotion motion = detail::jointMotion(m_model, j, q, qd);
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
    Vec v = qd;
    for (int s = 0; s < 2; ++s) {
      if (bodies[s] == kGround)
        continue;
      for (int r = 0; r < 7; ++r)
        for (int c = 0; c < block.rows; ++c)
          if (dl(7 * s + r, c) != 0.0)
            tl.emplace_back(7 * bodies[s] + r, block.firstRow + c, dl(7 * s + r, c));
      // Column 7·bodies[s] + k of ∂Q/∂q̇.
      for (int k = 0; k < 7; ++k) {
        const int col = 7 * bodies[s] + k;
        const double v0 = v[col], h = 1e-7 * std::max(1.0, std::abs(v0));
        v[col] = v0 + h;
        const Local gp =
            detail::frictionLoadForces(m_model, j, q, detail::jointMotion(m_model, j, q, v), reaction);
        v[col] = v0 - h;
        const Local gm =
            detail::frictionLoadForces(m_model, j, q, detail::jointMotion(m_model, j, q, v), reaction);
        v[col] = v0;
        const Local d = (gp - gm) / (2.0 * h);
        for (int s2 = 0; s2 < 2; ++s2)
          if (bodies[s2] != kGround)
            for (int r = 0; r < 7; ++r)
              if (d[7 * s2 + r] != 0.0)
                tv.emplace_back(7 * bodies[s2] + r, col, d[7 * s2 + r]);
      }
    }
  }
  dQdLambda.resize(n, m);
  dQdLambda.setFromTriplets(tl.begin(), tl.end());
  dQdqd.resize(n, n);
  dQdqd.setFromTriplets(tv.begin(), tv.end());
}

}  // namespace mbs::solver
