#include "dmbs/TreeDynamics.hpp"

namespace mbs::solver::dmbs {
namespace {

// The articulated-body steps of one joint with nv rates, in fixed-size types for the common nv
// (1: revolute, translational; 2; 3: spherical; 6: free): small dynamic-size products are several
// times slower.
template <int NV>
void articulate(TreeBody& b, Mat6& ia, Vec6& pa)
{
  using S6 = Eigen::Matrix<double, 6, NV>;
  using SS = Eigen::Matrix<double, NV, NV>;
  const S6 s = b.s;
  const S6 u = b.articulated * s;
  const SS d = s.transpose() * u;
  const SS di = d.inverse();
  const Eigen::Matrix<double, NV, 1> uf = -(s.transpose() * b.bias);
  const S6 udi = u * di;
  ia.noalias() = b.articulated - udi * u.transpose();
  pa.noalias() = b.bias + ia * b.c + udi * uf;
  b.u = u;
  b.dInverse = di;
  b.uForce = uf;
}

template <int NV>
void accelerate(const TreeBody& b, const Vec6& ap, const VecX6& u, double* vdot, Vec6& a)
{
  using S6 = Eigen::Matrix<double, 6, NV>;
  const S6 s = b.s, uu = b.u;
  const Eigen::Matrix<double, NV, NV> di = b.dInverse;
  const Eigen::Matrix<double, NV, 1> acc = di * (Eigen::Matrix<double, NV, 1>(u) - uu.transpose() * ap);
  Eigen::Map<Eigen::Matrix<double, NV, 1>> out(vdot);
  out = acc;
  a.noalias() = ap + s * acc;
}

// The child's twist V = V_parent + S v and the velocity-product term Ṡ v (each column turns
// with the body it is fixed in, I's or J's), in fixed-size types for the common rate counts.
template <int NV>
void velocityTermsFixed(TreeBody& c, const Vec6& parentHere, const double* rates,
                        const std::array<bool, 6>& fixedInI, bool reversed)
{
  const Eigen::Matrix<double, 6, NV> s = c.s;
  const Eigen::Map<const Eigen::Matrix<double, NV, 1>> v(rates);
  // V × (s v) is linear in s v: one cross product per body the columns are fixed in.
  Vec6 onChild = Vec6::Zero(), onParent = Vec6::Zero();
  for (int k = 0; k < NV; ++k)
    (fixedInI[k] != reversed ? onChild : onParent) += s.col(k) * v[k];
  c.v.noalias() = parentHere + onChild + onParent;
  c.c = crossMotion(parentHere, onParent);
  if (!onChild.isZero(0.0))
    c.c += crossMotion(c.v, onChild);
}

void velocityTerms(TreeBody& c, const Vec6& parentHere, const double* rates,
                   const std::array<bool, 6>& fixedInI, bool reversed)
{
  switch (c.s.cols()) {
    case 0:
      c.v = parentHere;
      c.c.setZero();
      return;
    case 1:
      return velocityTermsFixed<1>(c, parentHere, rates, fixedInI, reversed);
    case 2:
      return velocityTermsFixed<2>(c, parentHere, rates, fixedInI, reversed);
    case 3:
      return velocityTermsFixed<3>(c, parentHere, rates, fixedInI, reversed);
    default:
      return velocityTermsFixed<6>(c, parentHere, rates, fixedInI, reversed);
  }
}

// A ball joint's three rotations about its point P span the same subspace as [1; 0] about P, and
// the articulated-body quantities do not depend on the basis: about P, with the articulated
// inertia [A B; Bᵀ E], the joint passes on [0 0; 0 E − BᵀA⁻¹B] and the bias [0; F − (A⁻¹B)ᵀ n]
// (+ the Ṡv term). About a third of the flops of the general kernel, and the 1000-link chain is
// all ball joints. Returns ia and pa about P (the caller moves them on to the parent's CM).
void articulateBall(TreeBody& b, Mat6& ia, Vec6& pa)
{
  const Vec3 pc = b.jointPoint;
  const Mat6 ip = shiftInertia(b.articulated, -pc);  // about P
  const Mat3 a = ip.topLeftCorner<3, 3>(), bb = ip.topRightCorner<3, 3>();
  b.aInverse = a.inverse();
  b.aInverseB = b.aInverse * bb;
  const Mat3 e = ip.bottomRightCorner<3, 3>() - bb.transpose() * b.aInverseB;
  const Vec6 p = shiftForce(b.bias, -pc);  // about P
  const Vec6 c = shiftMotion(b.c, pc);
  b.uForce = p.head<3>();
  ia.setZero();
  ia.bottomRightCorner<3, 3>() = e;
  pa << Vec3::Zero(), p.tail<3>() - b.aInverseB.transpose() * p.head<3>() + e * c.tail<3>();
}

// The ball joint's accelerations for the parent's acceleration ap (+ Ṡv, about the CM) and the
// moment n about P of what the child carries: Ω = −(A⁻¹n + α + A⁻¹B a_P) in ground axes.
void accelerateBall(const TreeBody& b, const Vec6& ap, const Vec3& n, double* vdot, Vec6& a)
{
  const Vec6 apP = shiftMotion(ap, b.jointPoint);
  const Vec3 omega = -(b.aInverse * n + apP.head<3>() + b.aInverseB * apP.tail<3>());
  // The rates are ω in J's axes: S's rotational block is ±(J's axes), orthonormal.
  Eigen::Map<Vec3> out(vdot);
  out = b.s.topRows<3>().transpose() * omega;
  Vec6 inc;
  inc << omega, Vec3::Zero();
  a = ap + shiftMotion(inc, -b.jointPoint);
}

void articulateAny(TreeBody& b, Mat6& ia, Vec6& pa)
{
  if (b.ball)
    return articulateBall(b, ia, pa);
  switch (b.s.cols()) {
    case 1:
      return articulate<1>(b, ia, pa);
    case 2:
      return articulate<2>(b, ia, pa);
    case 3:
      return articulate<3>(b, ia, pa);
    case 6:
      return articulate<6>(b, ia, pa);
    default: {
      b.u.noalias() = b.articulated * b.s;
      const MatX6 d = b.s.transpose() * b.u;
      b.dInverse = d.inverse();
      b.uForce = -b.s.transpose() * b.bias;
      const Mat6X udi = b.u * b.dInverse;
      ia.noalias() = b.articulated - udi * b.u.transpose();
      pa = b.bias + ia * b.c + udi * b.uForce;
    }
  }
}

void accelerateAny(const TreeBody& b, const Vec6& ap, const VecX6& u, double* vdot, Vec6& a)
{
  if (b.ball)
    return accelerateBall(b, ap, u.head<3>(), vdot, a);
  switch (b.s.cols()) {
    case 1:
      return accelerate<1>(b, ap, u, vdot, a);
    case 2:
      return accelerate<2>(b, ap, u, vdot, a);
    case 3:
      return accelerate<3>(b, ap, u, vdot, a);
    case 6:
      return accelerate<6>(b, ap, u, vdot, a);
    default: {
      const VecX6 acc = b.dInverse * (u - b.u.transpose() * ap);
      Eigen::Map<Vec> out(vdot, acc.size());
      out = acc;
      a = ap + b.s * acc;
    }
  }
}

}  // namespace

TreeDynamics::TreeDynamics(const Model& model, const Topology& topology)
    : m_model(model),
      m_topology(topology),
      m_bodies(model.bodies.size()),
      m_fixedInI(topology.mobilizers.size()),
      m_scratchForce(model.bodies.size(), Vec6::Zero())
{
  for (std::size_t b = 0; b < m_bodies.size(); ++b) {
    m_bodies[b].inertia.setZero();
    m_bodies[b].inertia.bottomRightCorner<3, 3>().diagonal().setConstant(model.bodies[b].mass);
  }
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
      m.r0Identity = m.r0 == Mat3::Identity();
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
    // (marker frames are often parallel to their body's: skip those products)
    auto times = [](const Mat3& a, const Mat3& b, bool bIdentity) { return bIdentity ? a : Mat3(a * b); };
    auto timesT = [](const Mat3& a, const Mat3& b, bool bIdentity) {
      return bIdentity ? a : Mat3(a * b.transpose());
    };
    if (!m.reversed) {
      rJ = times(rp, m.rotJ, m.rotJIdentity);
      oJ = pp + rp * m.posJ;
      rI = rJ * rRel;
      oI = oJ + rJ * pRel;
      c.rot = timesT(rI, m.rotI, m.rotIIdentity);
      c.r = oI - c.rot * m.posI;
    } else {
      rI = times(rp, m.rotI, m.rotIIdentity);
      oI = pp + rp * m.posI;
      rJ = rI * rRel.transpose();
      oJ = oI - rJ * pRel;
      c.rot = timesT(rJ, m.rotJ, m.rotJIdentity);
      c.r = oJ - c.rot * m.posJ;
    }
    // Everything of the child is referred to its CM (world axes).
    std::array<bool, 6>& fixedInI = m_fixedInI[i];
    motionColumns(m, rJ, oJ - c.r, rI, oI - c.r, c.s, fixedInI);
    c.ball = m.kind == MobilizerKind::Spherical;
    c.jointPoint = oI - c.r;
    if (m.reversed)
      c.s = -c.s;
    const Vec6 parentHere = shiftMotion(vp, c.r - pp);
    velocityTerms(c, parentHere, v.data() + m.vOffset, fixedInI, m.reversed);
    // (the mass block and the zero blocks were set by the constructor)
    const Mat3 turned = c.rot * m_model.bodies[m.child].inertia;
    c.inertia.topLeftCorner<3, 3>().noalias() = turned * c.rot.transpose();
  }
}

Vec6 TreeDynamics::bodyTwist(int body) const
{
  if (body == kGround)
    return Vec6::Zero();
  return shiftMotion(m_bodies[body].v, -m_bodies[body].r);
}

Vec6 TreeDynamics::bodyAcceleration(int body) const
{
  if (body == kGround)
    return Vec6::Zero();
  return shiftMotion(m_bodies[body].a, -m_bodies[body].r);
}

void TreeDynamics::forwardDynamics(const std::vector<Vec6>& applied, Vec& vdot)
{
  const auto& mobs = m_topology.mobilizers;
  vdot.resize(m_topology.nv);
  for (const Mobilizer& m : mobs) {
    TreeBody& b = m_bodies[m.child];
    b.articulated = b.inertia;
    // V ×* (I V) for the CM inertia diag(J, m): [ω × Jω; ω × m v] (the v × m v term vanishes).
    const Vec3 w = b.v.head<3>();
    b.bias.head<3>() = w.cross(b.inertia.topLeftCorner<3, 3>() * w) - applied[m.child].head<3>();
    b.bias.tail<3>() = b.inertia(3, 3) * w.cross(b.v.tail<3>()) - applied[m.child].tail<3>();
  }
  for (std::size_t i = mobs.size(); i-- > 0;) {
    const Mobilizer& m = mobs[i];
    TreeBody& b = m_bodies[m.child];
    Mat6 ia;
    Vec6 pa;
    if (m.nv > 0) {
      articulateAny(b, ia, pa);
    } else {
      ia = b.articulated;
      pa = b.bias + b.articulated * b.c;
    }
    if (m.parent != kGround) {
      TreeBody& p = m_bodies[m.parent];
      // (a ball joint's ia and pa are about its point, the others' about the child's CM)
      const Vec3 d = b.r - p.r + (b.ball ? b.jointPoint : Vec3::Zero());
      // Kept exactly symmetric: the round-off of a long chain otherwise grows along it.
      if (b.ball) {
        // [0 0; 0 E] about the ball's point: moved, it is [−(d×E)d×, d×E; (d×E)ᵀ, E].
        const Mat3 e = 0.5 * (ia.bottomRightCorner<3, 3>() + ia.bottomRightCorner<3, 3>().transpose());
        Mat3 dxe;
        for (int k = 0; k < 3; ++k)
          dxe.col(k) = d.cross(e.col(k));
        Mat3 dxeT = dxe.transpose(), tl;
        for (int k = 0; k < 3; ++k)
          tl.col(k) = d.cross(dxeT.col(k));  // −(d×E)d× = (d×(d×E)ᵀ)ᵀ
        p.articulated.topLeftCorner<3, 3>() += tl.transpose();
        p.articulated.topRightCorner<3, 3>() += dxe;
        p.articulated.bottomLeftCorner<3, 3>() += dxe.transpose();
        p.articulated.bottomRightCorner<3, 3>() += e;
      } else {
        const Mat6 sym = 0.5 * (ia + ia.transpose());
        p.articulated += shiftInertia(sym, d);
      }
      p.bias += shiftForce(pa, d);
    }
  }
  for (const Mobilizer& m : mobs) {
    TreeBody& b = m_bodies[m.child];
    const Vec6 ap =
        (m.parent == kGround ? Vec6::Zero() : shiftMotion(m_bodies[m.parent].a, b.r - m_bodies[m.parent].r)) +
        b.c;
    if (m.nv > 0)
      accelerateAny(b, ap, b.uForce, vdot.data() + m.vOffset, b.a);
    else
      b.a = ap;
  }
}

void TreeDynamics::accelerations(const Vec& vd)
{
  for (const Mobilizer& m : m_topology.mobilizers) {
    TreeBody& b = m_bodies[m.child];
    b.a =
        (m.parent == kGround ? Vec6::Zero() : shiftMotion(m_bodies[m.parent].a, b.r - m_bodies[m.parent].r)) +
        b.c;
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
  // The load w is a wrench about O; each body's recursion works about its CM.
  if (coordinate < 0) {
    if (bodyI != kGround)
      bias[bodyI] -= shiftForce(w, -m_bodies[bodyI].r);
    if (bodyJ != kGround)
      bias[bodyJ] += shiftForce(w, -m_bodies[bodyJ].r);
  }
  // Backward: only the loads' ancestors carry a bias; u = τ − Sᵀp.
  std::vector<VecX6>& u = m_scratchRates;
  u.resize(mobs.size());
  for (std::size_t i = mobs.size(); i-- > 0;) {
    const Mobilizer& m = mobs[i];
    const TreeBody& b = m_bodies[m.child];
    Vec6 p = bias[m.child];
    if (b.ball) {
      // (no generalized force on a ball joint: coordinate loads are on revolute/prismatic rates)
      const Vec6 pP = shiftForce(p, -b.jointPoint);
      u[i] = pP.head<3>();
      Vec6 paP;
      paP << Vec3::Zero(), pP.tail<3>() - b.aInverseB.transpose() * pP.head<3>();
      p = shiftForce(paP, b.jointPoint);
    } else if (m.nv > 0) {
      u[i] = -b.s.transpose() * p;
      if (coordinate >= m.vOffset && coordinate < m.vOffset + m.nv)
        u[i][coordinate - m.vOffset] += 1.0;
      p += b.u * (b.dInverse * u[i]);
    }
    if (m.parent != kGround)
      bias[m.parent] += shiftForce(p, b.r - m_bodies[m.parent].r);
  }
  for (std::size_t i = 0; i < mobs.size(); ++i) {
    const Mobilizer& m = mobs[i];
    const TreeBody& b = m_bodies[m.child];
    const Vec6 ap =
        m.parent == kGround ? Vec6::Zero() : shiftMotion(accel[m.parent], b.r - m_bodies[m.parent].r);
    if (m.nv > 0)
      accelerateAny(b, ap, u[i], vdot.data() + m.vOffset, accel[m.child]);
    else
      accel[m.child] = ap;
  }
  // Report about O, as the cut-joint equations use them.
  for (std::size_t b = 0; b < m_bodies.size(); ++b)
    accel[b] = shiftMotion(accel[b], -m_bodies[b].r);
}

}  // namespace mbs::solver::dmbs
