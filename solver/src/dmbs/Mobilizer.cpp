#include "dmbs/Mobilizer.hpp"

#include <cmath>

namespace mbs::solver::dmbs {
namespace {

Mat3 rotZ(double angle)
{
  return Eigen::AngleAxisd(angle, Vec3::UnitZ()).toRotationMatrix();
}

// The unit quaternion of coordinates q (integration lets their length drift slightly).
Quat quat(const double* q)
{
  return Quat(q[0], q[1], q[2], q[3]).normalized();
}

// Quaternion rate ½ (0, ω) ⊗ Q (ω in the outer frame) or ½ Q ⊗ (0, ω) (ω in the inner frame).
void quaternionRate(const double* q, const Vec3& w, bool outer, double* qd)
{
  const Quat wq(0.0, w.x(), w.y(), w.z());
  const Quat r = outer ? wq * quat(q) : quat(q) * wq;
  qd[0] = 0.5 * r.w();
  qd[1] = 0.5 * r.x();
  qd[2] = 0.5 * r.y();
  qd[3] = 0.5 * r.z();
}

void normalizeQuaternion(double* q)
{
  const double n = std::sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
  for (int k = 0; k < 4; ++k)
    q[k] /= n;
}

}  // namespace

int coordinateCount(MobilizerKind kind)
{
  switch (kind) {
    case MobilizerKind::Revolute:
    case MobilizerKind::Translational:
      return 1;
    case MobilizerKind::Cylindrical:
    case MobilizerKind::Universal:
      return 2;
    case MobilizerKind::Spherical:
      return 4;
    case MobilizerKind::Planar:
      return 3;
    case MobilizerKind::Fixed:
      return 0;
    case MobilizerKind::Free:
      return 7;
  }
  return 0;
}

int rateCount(MobilizerKind kind)
{
  switch (kind) {
    case MobilizerKind::Spherical:
      return 3;
    case MobilizerKind::Free:
      return 6;
    default:
      return coordinateCount(kind);
  }
}

bool mobilizerKind(JointType type, MobilizerKind& kind)
{
  switch (type) {
    case JointType::Revolute:
      kind = MobilizerKind::Revolute;
      return true;
    case JointType::Translational:
      kind = MobilizerKind::Translational;
      return true;
    case JointType::Cylindrical:
      kind = MobilizerKind::Cylindrical;
      return true;
    case JointType::Universal:
      kind = MobilizerKind::Universal;
      return true;
    case JointType::Spherical:
    case JointType::AtPoint:
      kind = MobilizerKind::Spherical;
      return true;
    case JointType::Planar:
      kind = MobilizerKind::Planar;
      return true;
    case JointType::Fixed:
      kind = MobilizerKind::Fixed;
      return true;
    default:
      return false;
  }
}

void relativePose(const Mobilizer& m, const double* q, Mat3& r, Vec3& p)
{
  switch (m.kind) {
    case MobilizerKind::Revolute: {
      const Mat3 z = rotZ(q[0]);
      r = z * m.r0;
      p = z * m.p0;
      return;
    }
    case MobilizerKind::Translational:
      r = m.r0;
      p = m.p0 + q[0] * Vec3::UnitZ();
      return;
    case MobilizerKind::Cylindrical: {
      const Mat3 z = rotZ(q[0]);
      r = z * m.r0;
      p = z * m.p0 + q[1] * Vec3::UnitZ();
      return;
    }
    case MobilizerKind::Universal: {
      const Mat3 z = rotZ(q[0]);
      r = z * m.r0 * rotZ(q[1]);
      p = z * m.p0;
      return;
    }
    case MobilizerKind::Spherical:
      r = quat(q).toRotationMatrix();
      if (!m.r0Identity)
        r = r * m.r0;
      p = m.p0;
      return;
    case MobilizerKind::Planar:
      r = rotZ(q[2]) * m.r0;
      p = m.p0 + Vec3(q[0], q[1], 0.0);
      return;
    case MobilizerKind::Fixed:
      r = m.r0;
      p = m.p0;
      return;
    case MobilizerKind::Free:
      r = quat(q + 3).toRotationMatrix();
      p = Vec3(q[0], q[1], q[2]);
      return;
  }
}

void motionColumns(const Mobilizer& m, const Mat3& rJ, const Vec3& oJ, const Mat3& rI, const Vec3& oI,
                   Mat6X& s, std::array<bool, 6>& fixedInI)
{
  s.resize(6, m.nv);
  fixedInI.fill(false);
  const Vec3 zJ = rJ.col(2);
  switch (m.kind) {
    case MobilizerKind::Revolute:
      s.col(0) = rotationColumn(zJ, oJ);
      return;
    case MobilizerKind::Translational:
      s.col(0) = translationColumn(zJ);
      return;
    case MobilizerKind::Cylindrical:
      s.col(0) = rotationColumn(zJ, oJ);
      s.col(1) = translationColumn(zJ);
      return;
    case MobilizerKind::Universal:
      s.col(0) = rotationColumn(zJ, oJ);
      s.col(1) = rotationColumn(rI.col(2), oI);
      fixedInI[1] = true;
      return;
    case MobilizerKind::Spherical:
      // I's origin stays where it is in J (p = p0), so these columns are fixed in J.
      for (int k = 0; k < 3; ++k)
        s.col(k) = rotationColumn(rJ.col(k), oI);
      return;
    case MobilizerKind::Planar:
      s.col(0) = translationColumn(rJ.col(0));
      s.col(1) = translationColumn(rJ.col(1));
      s.col(2) = rotationColumn(zJ, oI);  // z_I ∥ z_J, through I's origin: fixed in I
      fixedInI[2] = true;
      return;
    case MobilizerKind::Fixed:
      return;
    case MobilizerKind::Free:
      for (int k = 0; k < 3; ++k) {
        s.col(k) = translationColumn(Vec3::Unit(k));  // fixed in ground (J)
        s.col(3 + k) = rotationColumn(rI.col(k), oI);
        fixedInI[3 + k] = true;
      }
      return;
  }
}

void coordinateRates(const Mobilizer& m, const double* q, const double* v, double* qd)
{
  switch (m.kind) {
    case MobilizerKind::Spherical:
      quaternionRate(q, Vec3(v[0], v[1], v[2]), true, qd);
      return;
    case MobilizerKind::Free:
      for (int k = 0; k < 3; ++k)
        qd[k] = v[k];
      quaternionRate(q + 3, Vec3(v[3], v[4], v[5]), false, qd + 3);
      return;
    default:
      for (int k = 0; k < m.nq; ++k)
        qd[k] = v[k];
  }
}

void zeroCoordinates(const Mobilizer& m, const Vec3& r, const Mat3& rot, double* q)
{
  for (int k = 0; k < m.nq; ++k)
    q[k] = 0.0;
  if (m.kind == MobilizerKind::Spherical)
    q[0] = 1.0;
  if (m.kind == MobilizerKind::Free) {
    const Quat o(rot);
    q[0] = r.x(), q[1] = r.y(), q[2] = r.z();
    q[3] = o.w(), q[4] = o.x(), q[5] = o.y(), q[6] = o.z();
  }
}

void normalizeCoordinates(const Mobilizer& m, double* q)
{
  if (m.kind == MobilizerKind::Spherical)
    normalizeQuaternion(q);
  else if (m.kind == MobilizerKind::Free)
    normalizeQuaternion(q + 3);
}

bool normalizeDriftedQuaternions(const std::vector<Mobilizer>& mobilizers, double* q)
{
  bool any = false;
  for (const Mobilizer& m : mobilizers) {
    const int at = m.kind == MobilizerKind::Spherical ? 0 : m.kind == MobilizerKind::Free ? 3 : -1;
    if (at < 0)
      continue;
    const double* p = q + m.qOffset + at;
    const double norm2 = p[0] * p[0] + p[1] * p[1] + p[2] * p[2] + p[3] * p[3];
    if (std::abs(norm2 - 1.0) > 2e-9) {
      normalizeCoordinates(m, q + m.qOffset);
      any = true;
    }
  }
  return any;
}

}  // namespace mbs::solver::dmbs
