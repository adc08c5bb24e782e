#include "dmbs/TreeDynamics.hpp"

namespace mbs::solver::dmbs {

TreeDynamics::TreeDynamics(const Model& model, const Topology& topology)
    : m_model(model),
      m_topology(topology),
      m_bodies(model.bodies.size()),
      m_fixedInI(topology.mobilizers.size()),
      m_scratchForce(model.bodies.size(), Vec6::Zero())
{
}

void TreeDynamics::markerFrame(int marker, Mat3& rot, Vec3& origin) const
{
  const Marker& m = m_model.markers[marker];
  if (m.body == kGround) {
    rot = m.orientation;
    origin = m.position;
    return;
  }
  const TreeBody& b = m_bodies[m.body];
  rot = b.rot * m.orientation;
  origin = b.r + b.rot * m.position;
}

void TreeDynamics::initialize(const std::vector<Mat3>& rot, const std::vector<Vec3>& r,
                              const std::vector<Vec6>& twist, Vec& q, Vec& v)
{
  q.setZero(m_topology.nq);
  v.setZero(m_topology.nv);
  auto pose = [&](int body, Mat3& R, Vec3& p) {
    R = body == kGround ? Mat3::Identity() : rot[body];
    p = body == kGround ? Vec3::Zero() : r[body];
  };
  auto twistOf = [&](int body) { return body == kGround ? Vec6::Zero() : twist[body]; };
  for (Mobilizer& m : m_topology.mobilizers) {
    const int bodyJ = m.reversed ? m.child : m.parent, bodyI = m.reversed ? m.parent : m.child;
    Mat3 rJ, rI;
    Vec3 pJ, pI;
    pose(bodyJ, rJ, pJ);
    pose(bodyI, rI, pI);
    const Mat3 frameJ = rJ * m.rotJ, frameI = rI * m.rotI;
    const Vec3 oJ = pJ + rJ * m.posJ, oI = pI + rI * m.posI;
    if (m.kind != MobilizerKind::Free) {
      m.r0 = frameJ.transpose() * frameI;
      m.p0 = frameJ.transpose() * (oI - oJ);
    }
    zeroCoordinates(m, r[m.child], rot[m.child], q.data() + m.qOffset);
    if (m.nv == 0)
      continue;
    Mat6X s;
    std::array<bool, 6> fixedInI;
    motionColumns(m, frameJ, oJ, frameI, oI, s, fixedInI);
    const Vec6 relative = twistOf(bodyI) - twistOf(bodyJ);
    const MatX6 sts = s.transpose() * s;
    v.segment(m.vOffset, m.nv) = sts.ldlt().solve(s.transpose() * relative);
  }
}

void TreeDynamics::kinematics(const Vec& q, const Vec& v)
{
  const auto& mobs = m_topology.mobilizers;
  for (std::size_t i = 0; i < mobs.size(); ++i) {
    const Mobilizer& m = mobs[i];
    Mat3 rp = Mat3::Identity();
    Vec3 pp = Vec3::Zero();
    Vec6 vp = Vec6::Zero();
    if (m.parent != kGround) {
      const TreeBody& p = m_bodies[m.parent];
      rp = p.rot, pp = p.r, vp = p.v;
    }
    Mat3 rRel;
    Vec3 pRel;
    relativePose(m, q.data() + m.qOffset, rRel, pRel);
    Mat3 rJ, rI;
    Vec3 oJ, oI;
    TreeBody& c = m_bodies[m.child];
    if (!m.reversed) {
      rJ = rp * m.rotJ;
      oJ = pp + rp * m.posJ;
      rI = rJ * rRel;
      oI = oJ + rJ * pRel;
      c.rot = rI * m.rotI.transpose();
      c.r = oI - c.rot * m.posI;
    } else {
      rI = rp * m.rotI;
      oI = pp + rp * m.posI;
      rJ = rI * rRel.transpose();
      oJ = oI - rJ * pRel;
      c.rot = rJ * m.rotJ.transpose();
      c.r = oJ - c.rot * m.posJ;
    }
    std::array<bool, 6>& fixedInI = m_fixedInI[i];
    motionColumns(m, rJ, oJ, rI, oI, c.s, fixedInI);
    if (m.reversed)
      c.s = -c.s;
    const auto rates = v.segment(m.vOffset, m.nv);
    c.v = vp;
    if (m.nv > 0)
      c.v.noalias() += c.s * rates;
    // Ṡ v: each column turns with the body it is fixed in (I's or J's).
    c.c.setZero();
    for (int k = 0; k < m.nv; ++k) {
      const bool onChild = fixedInI[k] != m.reversed;
      c.c += crossMotion(onChild ? c.v : vp, c.s.col(k)) * rates[k];
    }
    const Body& body = m_model.bodies[m.child];
    c.inertia = spatialInertia(body.mass, c.rot * body.inertia * c.rot.transpose(), c.r);
  }
}

void TreeDynamics::forwardDynamics(const std::vector<Vec6>& applied, Vec& vdot)
{
  const auto& mobs = m_topology.mobilizers;
  vdot.resize(m_topology.nv);
  for (const Mobilizer& m : mobs) {
    TreeBody& b = m_bodies[m.child];
    b.articulated = b.inertia;
    b.bias = crossForce(b.v, b.inertia * b.v) - applied[m.child];
  }
  for (std::size_t i = mobs.size(); i-- > 0;) {
    const Mobilizer& m = mobs[i];
    TreeBody& b = m_bodies[m.child];
    Mat6 ia = b.articulated;
    Vec6 pa = b.bias + b.articulated * b.c;
    if (m.nv > 0) {
      b.u.noalias() = b.articulated * b.s;
      const MatX6 d = b.s.transpose() * b.u;
      b.dInverse = d.inverse();
      b.uForce = -b.s.transpose() * b.bias;
      const Mat6X udi = b.u * b.dInverse;
      ia.noalias() -= udi * b.u.transpose();
      pa = b.bias + ia * b.c + udi * b.uForce;
    }
    if (m.parent != kGround) {
      TreeBody& p = m_bodies[m.parent];
      p.articulated += ia;
      p.bias += pa;
    }
  }
  for (const Mobilizer& m : mobs) {
    TreeBody& b = m_bodies[m.child];
    const Vec6 ap = (m.parent == kGround ? Vec6::Zero() : m_bodies[m.parent].a) + b.c;
    b.a = ap;
    if (m.nv > 0) {
      const VecX6 acc = b.dInverse * (b.uForce - b.u.transpose() * ap);
      vdot.segment(m.vOffset, m.nv) = acc;
      b.a.noalias() += b.s * acc;
    }
  }
}

void TreeDynamics::accelerations(const Vec& vd)
{
  for (const Mobilizer& m : m_topology.mobilizers) {
    TreeBody& b = m_bodies[m.child];
    b.a = (m.parent == kGround ? Vec6::Zero() : m_bodies[m.parent].a) + b.c;
    if (m.nv > 0)
      b.a.noalias() += b.s * vd.segment(m.vOffset, m.nv);
  }
}

void TreeDynamics::unitResponse(int bodyI, int bodyJ, const Vec6& w, int coordinate, Vec& vdot,
                                std::vector<Vec6>& accel)
{
  const auto& mobs = m_topology.mobilizers;
  vdot.setZero(m_topology.nv);
  accel.resize(m_bodies.size());
  std::vector<Vec6>& bias = m_scratchForce;
  for (Vec6& f : bias)
    f.setZero();
  if (coordinate < 0) {
    if (bodyI != kGround)
      bias[bodyI] -= w;
    if (bodyJ != kGround)
      bias[bodyJ] += w;
  }
  // Backward: only the loads' ancestors carry a bias; u = τ − Sᵀp.
  std::vector<VecX6>& u = m_scratchRates;
  u.resize(mobs.size());
  for (std::size_t i = mobs.size(); i-- > 0;) {
    const Mobilizer& m = mobs[i];
    const TreeBody& b = m_bodies[m.child];
    const Vec6& p = bias[m.child];
    if (m.nv == 0) {
      if (m.parent != kGround)
        bias[m.parent] += p;
      continue;
    }
    u[i] = -b.s.transpose() * p;
    if (coordinate >= m.vOffset && coordinate < m.vOffset + m.nv)
      u[i][coordinate - m.vOffset] += 1.0;
    if (m.parent != kGround)
      bias[m.parent] += p + b.u * (b.dInverse * u[i]);
  }
  for (std::size_t i = 0; i < mobs.size(); ++i) {
    const Mobilizer& m = mobs[i];
    const TreeBody& b = m_bodies[m.child];
    const Vec6 ap = m.parent == kGround ? Vec6::Zero() : accel[m.parent];
    accel[m.child] = ap;
    if (m.nv > 0) {
      const VecX6 acc = b.dInverse * (u[i] - b.u.transpose() * ap);
      vdot.segment(m.vOffset, m.nv) = acc;
      accel[m.child] += b.s * acc;
    }
  }
}

}  // namespace mbs::solver::dmbs
