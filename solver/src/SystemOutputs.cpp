// Output functions of System: body results and constraint reactions.
#include <span>
#include <stdexcept>

#include "System.hpp"
#include "constraints/ConstraintRows.hpp"
#include "constraints/CurveJointBlocks.hpp"
#include "flexible/FlexibleConstraints.hpp"
#include "kinematics/EulerParameters.hpp"

namespace mbs::solver {
namespace {

using detail::BlockBodies;

// −Φ_qᵀλ of one block, summed per slot into the 7 generalized forces of that slot's body.
template <int N>
std::array<Eigen::Matrix<double, 7, 1>, 4> blockForces(const Model& model, const ConstraintBlock& block,
                                                       const BlockBodies& bb, const Vec& q, const Vec& lambda)
{
  using J = detail::Jet<N, false>;
  std::array<detail::BodyVars<J>, 4> vars;
  for (int s = 0; s < bb.count; ++s)
    vars[s] = detail::positionVars<J>(q, bb.body[s], s);
  std::array<J, 6> rows;
  // Time only shifts a motion's row, not its gradient.
  detail::blockRows(model, block, vars.data(), 0.0, rows.data());
  std::array<Eigen::Matrix<double, 7, 1>, 4> out;
  for (int s = 0; s < 4; ++s)
    out[s].setZero();
  for (int r = 0; r < block.rows; ++r)
    for (int s = 0; s < bb.count; ++s)
      out[s] -= lambda[block.firstRow + r] * rows[r].g.template segment<7>(7 * s);
  return out;
}

// Force and moment about `point` (ground frame) equivalent to an r–p generalized force on a body:
// n' = ½ G Q_p is the moment about the CM in the body frame.
Reaction toReaction(const Eigen::Matrix<double, 7, 1>& g, const Vec& q, int body, const Vec3& point)
{
  const Vec4 p = q.segment<4>(7 * body + 3);
  Reaction r;
  r.force = g.head<3>();
  const Vec3 nCm = detail::rotationMatrix(p) * (0.5 * detail::matG(p) * g.tail<4>());
  r.torque = nCm + (q.segment<3>(7 * body) - point).cross(r.force);
  return r;
}

Vec3 markerPoint(const Model& model, int marker, const Vec& q, const std::vector<int>& modalOffset)
{
  const Marker& m = model.markers[marker];
  if (m.body == kGround)
    return m.position;
  Vec3 local = m.position;
  if (m.interfaceNode >= 0) {  // flexible: the interface node's translation
    const Mat& shapes = model.bodies[m.body].flexible->interfaces[m.interfaceNode].shapes;
    local += shapes.topRows<3>() * q.segment(modalOffset[m.body], shapes.cols());
  }
  return q.segment<3>(7 * m.body) + detail::rotationMatrix(q.segment<4>(7 * m.body + 3)) * local;
}

// Reaction of a block on the body of slot 0 at `point`; if that body is ground, minus the reaction
// on the body of slot 1 (action and reaction through the same point).
Reaction blockReaction(const Model& model, const ConstraintBlock& block, const Vec& q, const Vec& lambda,
                       const Vec3& point, const std::vector<int>& modalOffset,
                       const std::vector<int>& curveCoordinate)
{
  const BlockBodies bb = detail::blockBodies(model, block);
  const auto forces = detail::CurveJointBlocks::involves(model, block)
                          ? detail::CurveJointBlocks(model, curveCoordinate).bodyForces(block, q, lambda)
                      : detail::FlexibleBlocks::involves(model, block)
                          ? detail::FlexibleBlocks(model, modalOffset).bodyForces(block, q, lambda)
                      : bb.count <= 2 ? blockForces<14>(model, block, bb, q, lambda)
                                      : blockForces<28>(model, block, bb, q, lambda);
  const bool onGround = bb.body[0] == kGround;
  const int target = onGround ? bb.body[1] : bb.body[0];
  if (target == kGround)
    return {};
  Eigen::Matrix<double, 7, 1> g = Eigen::Matrix<double, 7, 1>::Zero();
  // A body that appears in several slots (couplers) collects all of them.
  for (int s = 0; s < bb.count; ++s)
    if (bb.body[s] == target)
      g += forces[s];
  Reaction r = toReaction(g, q, target, point);
  if (onGround) {
    r.force = -r.force;
    r.torque = -r.torque;
  }
  return r;
}

}  // namespace

const ConstraintBlock& System::blockOfRow(int row) const
{
  for (const ConstraintBlock& b : m_blocks)
    if (row >= b.firstRow && row < b.firstRow + b.rows)
      return b;
  throw std::out_of_range("System::blockOfRow: row " + std::to_string(row));
}

std::string System::entityName(const ConstraintBlock& block) const
{
  switch (block.kind) {
    case ConstraintKind::Joint:
      return m_model.joints[block.entity].name;
    case ConstraintKind::Motion:
      return m_model.motions[block.entity].name;
    case ConstraintKind::Normalization:
      return m_model.bodies[block.entity].name;
  }
  return {};
}

BodyOutput System::bodyOutput(int body, const Vec& q, const Vec& qd, const Vec& qdd) const
{
  const int o = 7 * body;
  const Vec4 p = q.segment<4>(o + 3);
  const detail::Mat34 e = detail::matE(p);
  BodyOutput out;
  out.position = q.segment<3>(o);
  out.velocity = qd.segment<3>(o);
  out.acceleration = qdd.segment<3>(o);
  out.orientation = detail::toQuat(p);
  out.angularVelocity = 2.0 * e * qd.segment<4>(o + 3);
  // ω̇ = 2 Ė ṗ + 2 E p̈ and Ė ṗ = E(ṗ) ṗ = 0.
  out.angularAcceleration = 2.0 * e * qdd.segment<4>(o + 3);
  return out;
}

namespace {

// The constructor numbers the blocks: one normalization per body, then the joints, then the
// motions in order, so an entity's block is found by index (a scan per joint and output frame was
// O(N²): 11 G of a 10,000-link chain's 38 G instructions). Null if the layout differs.
const ConstraintBlock* blockAt(const std::vector<ConstraintBlock>& blocks, std::size_t index,
                               ConstraintKind kind, int entity)
{
  return index < blocks.size() && blocks[index].kind == kind && blocks[index].entity == entity
             ? &blocks[index]
             : nullptr;
}

}  // namespace

Reaction System::jointReaction(int joint, const Vec& q, const Vec& lambda) const
{
  const ConstraintBlock* direct =
      blockAt(m_blocks, static_cast<std::size_t>(numBodies() + joint), ConstraintKind::Joint, joint);
  for (const ConstraintBlock& b : direct ? std::span(direct, 1) : std::span(m_blocks)) {
    if (b.kind != ConstraintKind::Joint || b.entity != joint)
      continue;
    const Joint& j = m_model.joints[joint];
    const int marker = j.type == JointType::Coupler ? m_model.joints[j.coupledJoints[0]].iMarker : j.iMarker;
    return blockReaction(m_model, b, q, lambda, markerPoint(m_model, marker, q, m_modalOffset), m_modalOffset,
                         m_curveCoordinate);
  }
  throw std::out_of_range("System::jointReaction: joint " + std::to_string(joint));
}

Reaction System::motionReaction(int motion, const Vec& q, const Vec& lambda) const
{
  const ConstraintBlock* direct = blockAt(
      m_blocks, static_cast<std::size_t>(numBodies() + static_cast<int>(m_model.joints.size()) + motion),
      ConstraintKind::Motion, motion);
  for (const ConstraintBlock& b : direct ? std::span(direct, 1) : std::span(m_blocks)) {
    if (b.kind != ConstraintKind::Motion || b.entity != motion)
      continue;
    return blockReaction(m_model, b, q, lambda,
                         markerPoint(m_model, m_model.motions[motion].iMarker, q, m_modalOffset),
                         m_modalOffset, m_curveCoordinate);
  }
  throw std::out_of_range("System::motionReaction: motion " + std::to_string(motion));
}

double System::motionPower(int motion, const Vec& q, const Vec& qd, const Vec& lambda) const
{
  const ConstraintBlock* direct = blockAt(
      m_blocks, static_cast<std::size_t>(numBodies() + static_cast<int>(m_model.joints.size()) + motion),
      ConstraintKind::Motion, motion);
  for (const ConstraintBlock& b : direct ? std::span(direct, 1) : std::span(m_blocks)) {
    if (b.kind != ConstraintKind::Motion || b.entity != motion)
      continue;
    // The power of the constraint force −Φ_qᵀλ of the motion's rows (whose reaction motionReaction
    // reports) on the velocities: −λᵀ Φ_q q̇.
    if (detail::FlexibleBlocks::involves(m_model, b)) {
      Triplets jacobian;
      detail::FlexibleBlocks(m_model, m_modalOffset).jacobian(b, q, 0.0, jacobian);
      double power = 0.0;
      for (const auto& e : jacobian)
        power -= lambda[e.row()] * e.value() * qd[e.col()];
      return power;
    }
    // Φ_q q̇ of the rows as their derivative along q̇ (as accelerationRhs differentiates them):
    // cheaper than their gradients (blockForces) at every accepted step.
    const BlockBodies bb = detail::blockBodies(m_model, b);
    std::array<detail::BodyVars<detail::Taylor2>, 4> vars;
    for (int s = 0; s < bb.count; ++s)
      vars[s] = detail::directionalVars(q, qd, bb.body[s]);
    std::array<detail::Taylor2, 6> rows;
    detail::blockRows(m_model, b, vars.data(), 0.0, rows.data());
    double power = 0.0;
    for (int r = 0; r < b.rows; ++r)
      power -= lambda[b.firstRow + r] * rows[r].d;
    return power;
  }
  throw std::out_of_range("System::motionPower: motion " + std::to_string(motion));
}

}  // namespace mbs::solver
