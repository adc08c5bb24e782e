#include "dmbs/FrictionCoupling.hpp"

#include <Eigen/LU>
#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>
#include <stdexcept>

#include "System.hpp"
#include "dmbs/JointSpaceEquations.hpp"
#include "friction/JointFrictionElement.hpp"
#include "kinematics/EulerParameters.hpp"

namespace mbs::solver::dmbs {
namespace {

constexpr int kMaxIterations = 30;
constexpr double kConverged = 1e-12;  // |R − R₀ − C W(R)| relative to the largest reaction
constexpr double kAcceptable = 1e-8;  // still taken after kMaxIterations (a kink of the contact model)

}  // namespace

ReactionHost::ReactionHost(const System& system, const std::vector<int>& frictionJoints)
    : m_model(system.model()),
      m_coordinates(system.numCoordinates()),
      m_count(static_cast<int>(frictionJoints.size())),
      m_slot(system.model().joints.size(), -1),
      m_modal(system.model().bodies.size(), -1)
{
  for (int k = 0; k < m_count; ++k)
    m_slot[static_cast<std::size_t>(frictionJoints[k])] = k;
}

loads::RowRange ReactionHost::jointRows(int joint) const
{
  const int slot = m_slot.at(static_cast<std::size_t>(joint));
  if (slot < 0)
    throw std::out_of_range("dmbs::ReactionHost: joint " + std::to_string(joint) + " has no friction");
  return {6 * slot, 6};
}

Reaction ReactionHost::jointReaction(int joint, const Vec& q, const Vec& reactions) const
{
  (void)q;
  const loads::RowRange rows = jointRows(joint);
  return {reactions.segment<3>(rows.first), reactions.segment<3>(rows.first + 3)};
}

Reaction ReactionHost::motionReaction(int motion, const Vec& q, const Vec& lambda) const
{
  (void)q, (void)lambda;
  throw std::logic_error("dmbs::ReactionHost: no motion reactions (motion " + std::to_string(motion) + ")");
}

FrictionCoupling::FrictionCoupling(const System& system, const Topology& topology)
    : m_system(system), m_host(system, system.frictionJoints())
{
  const Model& model = system.model();
  const loads::Elements& elements = system.loadElements();
  for (std::size_t e = 0; e < elements.size(); ++e) {
    const auto* law = dynamic_cast<const JointFrictionElement*>(elements[e].get());
    if (!law)
      continue;
    FrictionJoint fj;
    fj.element = e;
    fj.law = law;
    fj.joint = law->joint();
    const Joint& joint = model.joints[fj.joint];
    fj.iMarker = joint.iMarker;
    fj.bodyI = model.markers[joint.iMarker].body;
    fj.bodyJ = model.markers[joint.jMarker].body;
    if (const int mob = topology.jointMobilizer[fj.joint]; mob >= 0)
      fj.childBody = topology.mobilizers[mob].child;
    fj.name = joint.name;
    m_stiction = m_stiction || law->dynamicStiction();
    m_joints.push_back(fj);
  }
  // (System::frictionJoints and the elements list the same joints in the same order.)
  m_scratch = Vec::Zero(system.numCoordinates());
}

Vec6 FrictionCoupling::frictionWrench(const JointSpaceEquations& eq, int k, double t, const Vec& reactions)
{
  const FrictionJoint& fj = m_joints[static_cast<std::size_t>(k)];
  const Vec& q = eq.m_qAbs;
  for (int b : {fj.bodyI, fj.bodyJ})
    if (b != kGround)
      m_scratch.segment<7>(7 * b).setZero();
  const loads::ElementHistory* slot = eq.m_history ? eq.m_history->slot(fj.element) : nullptr;
  fj.law->addForces({m_host, t, q, eq.m_qdAbs, &reactions, slot}, m_scratch);
  // The load on I's body (or, I on ground, the opposite of J's) as a wrench about the I marker.
  const int b = fj.bodyI != kGround ? fj.bodyI : fj.bodyJ;
  if (b == kGround)
    return Vec6::Zero();
  const Vec3 force = m_scratch.segment<3>(7 * b);
  const Vec3 moment = 0.5 * detail::matE(q.segment<4>(7 * b + 3)) * m_scratch.segment<4>(7 * b + 3);
  Vec6 atCm;
  atCm << moment, force;
  const Vec6 w = shiftForce(atCm, q.segment<3>(7 * b) - m_points[static_cast<std::size_t>(k)]);
  return fj.bodyI != kGround ? w : Vec6(-w);
}

void FrictionCoupling::reactions(const JointSpaceEquations& eq, const Vec& vd, const Vec& mu,
                                 const std::vector<Vec6>& loads, bool rest, Vec& out)
{
  const TreeDynamics& tree = eq.m_tree;
  const std::vector<TreeBody>& bodies = tree.bodies();
  const auto& mobs = tree.topology().mobilizers;
  const std::size_t nb = bodies.size();
  // Body accelerations about their CMs (rest: the linear part only, without Ṡv).
  m_accel.resize(nb);
  for (const Mobilizer& m : mobs) {
    const TreeBody& b = bodies[m.child];
    Vec6 a = m.parent == kGround ? Vec6::Zero() : shiftMotion(m_accel[m.parent], b.r - bodies[m.parent].r);
    if (!rest)
      a += b.c;
    if (m.nv > 0)
      a.noalias() += b.s * vd.segment(m.vOffset, m.nv);
    m_accel[m.child] = a;
  }
  // The cut equations' wrenches are loads on the bodies (w about O on I's body, −w on J's).
  m_transmitted.assign(nb, Vec6::Zero());
  const std::vector<int>& active = eq.m_active;
  for (std::size_t r = 0; r < active.size(); ++r) {
    const ConstraintRow& row = eq.m_rows[active[r]];
    if (row.form == RowForm::Coordinate)  // a generalized force the tree joint itself transmits
      continue;
    const Vec6 w = mu[static_cast<Eigen::Index>(r)] * eq.m_values[r].w;
    if (row.bodyI != kGround)
      m_transmitted[row.bodyI] -= shiftForce(w, -bodies[row.bodyI].r);
    if (row.bodyJ != kGround)
      m_transmitted[row.bodyJ] += shiftForce(w, -bodies[row.bodyJ].r);
  }
  // Newton–Euler from the leaves: what each tree joint exerts on its child (about the child's CM),
  // f_b = I_b a_b + v_b ×* I_b v_b − loads_b + Σ_children f_c (as DmbsAnalysis' treeFrame).
  for (std::size_t i = mobs.size(); i-- > 0;) {
    const Mobilizer& m = mobs[i];
    const TreeBody& b = bodies[m.child];
    const Vec6& a = m_accel[m.child];
    const Mat3 j = b.inertia.topLeftCorner<3, 3>();
    const double mass = b.inertia(3, 3);
    Vec6& f = m_transmitted[m.child];
    if (rest) {
      f.head<3>() += j * a.head<3>();
      f.tail<3>() += mass * a.tail<3>();
    } else {
      const Vec3 w = b.v.head<3>();
      f.head<3>() += j * a.head<3>() + w.cross(j * w);
      f.tail<3>() += mass * pointAcceleration(b.v, a, Vec3::Zero());
    }
    f -= loads[m.child];
    if (m.parent != kGround)
      m_transmitted[m.parent] += shiftForce(f, b.r - bodies[m.parent].r);
  }
  out.resize(6 * static_cast<Eigen::Index>(m_joints.size()));
  for (std::size_t k = 0; k < m_joints.size(); ++k) {
    const FrictionJoint& fj = m_joints[k];
    const Vec3& p = m_points[k];
    Vec6 w = Vec6::Zero();  // on I's body, about P
    if (fj.childBody >= 0) {
      // A tree joint: the wrench on its child, or the opposite when I is on the parent.
      const double sign = fj.bodyI == fj.childBody ? 1.0 : -1.0;
      w = sign * shiftForce(m_transmitted[fj.childBody], bodies[fj.childBody].r - p);
    } else {
      // A cut joint: its equations' multipliers, Σ μ w about O, moved to P.
      Vec6 atOrigin = Vec6::Zero();
      for (std::size_t r = 0; r < active.size(); ++r) {
        const ConstraintRow& row = eq.m_rows[active[r]];
        if (row.owner == ConstraintKind::Joint && row.entity == fj.joint)
          atOrigin += mu[static_cast<Eigen::Index>(r)] * eq.m_values[r].w;
      }
      w = shiftForce(atOrigin, -p);
    }
    out.segment<3>(6 * k) = w.tail<3>();
    out.segment<3>(6 * k + 3) = w.head<3>();
  }
}

bool FrictionCoupling::solve(JointSpaceEquations& eq, double t, const Vec& q, const Vec& v, Vec& vd)
{
  const TreeDynamics& tree = eq.m_tree;
  const std::vector<TreeBody>& bodies = tree.bodies();
  const int count = static_cast<int>(m_joints.size()), n6 = 6 * count;
  m_points.resize(m_joints.size());
  for (std::size_t k = 0; k < m_joints.size(); ++k) {
    Mat3 rot;
    tree.markerFrame(m_joints[k].iMarker, rot, m_points[k]);
  }
  // 1. Without friction: v̇₀, μ₀ and the reactions R₀.
  Vec vd0;
  eq.accelerations(t, q, v, eq.m_applied, vd0);
  const Vec mu0 = eq.m_mu;
  Vec r0;
  reactions(eq, vd0, mu0, eq.m_applied, false, r0);
  // 2. The exact linear responses to a unit friction wrench in each component: C = ∂R/∂W, D = ∂v̇/∂W.
  m_c.resize(n6, n6);
  m_d.resize(tree.topology().nv, n6);
  m_unitLoads.assign(bodies.size(), Vec6::Zero());
  Vec dvd, dmu, column;
  for (int k = 0; k < count; ++k) {
    const FrictionJoint& fj = m_joints[static_cast<std::size_t>(k)];
    for (int c = 0; c < 6; ++c) {
      const Vec6 w = shiftForce(Vec6::Unit(c), m_points[static_cast<std::size_t>(k)]);  // about O
      eq.linearResponse(fj.bodyI, fj.bodyJ, w, dvd, dmu);
      if (fj.bodyI != kGround)
        m_unitLoads[fj.bodyI] = shiftForce(w, -bodies[fj.bodyI].r);
      if (fj.bodyJ != kGround)
        m_unitLoads[fj.bodyJ] = -shiftForce(w, -bodies[fj.bodyJ].r);
      reactions(eq, dvd, dmu, m_unitLoads, true, column);
      for (int b : {fj.bodyI, fj.bodyJ})
        if (b != kGround)
          m_unitLoads[b].setZero();
      m_c.col(6 * k + c) = column;
      m_d.col(6 * k + c) = dvd;
    }
  }
  // 3. Newton on R = R₀ + C W(R).
  Vec reaction = r0, wrench(n6), residual;
  Mat jacobian;
  Eigen::Matrix<double, 6, 6> block;
  double size = 0.0, scale = 0.0;
  int iteration = 0;
  for (;; ++iteration) {
    for (int k = 0; k < count; ++k)
      wrench.segment<6>(6 * k) = frictionWrench(eq, k, t, reaction);
    residual = reaction - r0 - m_c * wrench;
    scale = std::max(reaction.lpNorm<Eigen::Infinity>(), r0.lpNorm<Eigen::Infinity>());
    size = residual.lpNorm<Eigen::Infinity>();
    if (!std::isfinite(size))
      break;
    if (size <= kConverged * scale || iteration == kMaxIterations)
      break;
    jacobian = Mat::Identity(n6, n6);
    for (int k = 0; k < count; ++k) {
      const double h = 1e-7 * std::max(1.0, reaction.segment<6>(6 * k).lpNorm<Eigen::Infinity>());
      Vec moved = reaction;
      for (int c = 0; c < 6; ++c) {
        const double r = reaction[6 * k + c];
        moved[6 * k + c] = r + h;
        const Vec6 plus = frictionWrench(eq, k, t, moved);
        moved[6 * k + c] = r - h;
        const Vec6 minus = frictionWrench(eq, k, t, moved);
        moved[6 * k + c] = r;
        block.col(c) = (plus - minus) / (2.0 * h);
      }
      jacobian.middleCols(6 * k, 6).noalias() -= m_c.middleCols(6 * k, 6) * block;
    }
    reaction -= jacobian.partialPivLu().solve(residual);
  }
  if (!(size <= kAcceptable * scale)) {
    int worst = 0;
    for (int k = 1; k < count; ++k)
      if (residual.segment<6>(6 * k).lpNorm<Eigen::Infinity>() >
          residual.segment<6>(6 * worst).lpNorm<Eigen::Infinity>())
        worst = k;
    std::ostringstream msg;
    msg << "joint '" << m_joints[static_cast<std::size_t>(worst)].name
        << "' friction: its load and the joint reaction it depends on did not converge in " << kMaxIterations
        << " Newton iterations at t = " << t << " s (reaction residual " << size << " N of " << scale
        << " N): the friction may lock the mechanism (a gain of μ times the lever arms above one)";
    m_failure = msg.str();
    return false;
  }
  // 4. v̇ and the friction's generalized forces at the solution.
  vd = vd0 + m_d * wrench;
  m_generalized.setZero(m_system.numCoordinates());
  for (const FrictionJoint& fj : m_joints) {
    const loads::ElementHistory* slot = eq.m_history ? eq.m_history->slot(fj.element) : nullptr;
    fj.law->addForces({m_host, t, eq.m_qAbs, eq.m_qdAbs, &reaction, slot}, m_generalized);
  }
  m_failure.clear();
  return true;
}

}  // namespace mbs::solver::dmbs
