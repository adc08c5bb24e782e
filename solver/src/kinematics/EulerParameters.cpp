#include "kinematics/EulerParameters.hpp"

namespace mbs::solver::detail {
namespace {

Mat3 skew(const Vec3& a)
{
  Mat3 s;
  s << 0.0, -a.z(), a.y(), a.z(), 0.0, -a.x(), -a.y(), a.x(), 0.0;
  return s;
}

}  // namespace

Mat34 matG(const Vec4& p)
{
  const Vec3 e = p.tail<3>();
  Mat34 g;
  g.col(0) = -e;
  g.rightCols<3>() = -skew(e) + p[0] * Mat3::Identity();
  return g;
}

Mat34 matE(const Vec4& p)
{
  const Vec3 e = p.tail<3>();
  Mat34 m;
  m.col(0) = -e;
  m.rightCols<3>() = skew(e) + p[0] * Mat3::Identity();
  return m;
}

Mat3 rotationMatrix(const Vec4& p)
{
  return matE(p) * matG(p).transpose();
}

Vec4 eulerParameters(const Quat& q)
{
  return {q.w(), q.x(), q.y(), q.z()};
}

Quat toQuat(const Vec4& p)
{
  return Quat(p[0], p[1], p[2], p[3]);
}

Vec4 pdotFromOmega(const Vec4& p, const Vec3& omega)
{
  return 0.5 * matE(p).transpose() * omega;
}

}  // namespace mbs::solver::detail
