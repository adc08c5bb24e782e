#pragma once
// Spatial (6-D) vectors of the DMBS tree, in ground axes, referred to a point P: a twist
// V = [ω; v_P] (v_P = velocity of the body point at P), a wrench f = [n_P; F]. The cut-joint
// equations use P = O (the ground origin); the recursions refer each body's quantities to its CM,
// so that parent and child differ by a mere shift of reference point (no rotation).
#include "mbs/solver/Types.hpp"

namespace mbs::solver::dmbs {

using Vec6 = Eigen::Matrix<double, 6, 1>;
using Mat6 = Eigen::Matrix<double, 6, 6>;
// Motion subspace of one joint (6 × nv, nv ≤ 6) and its small square blocks, without heap use.
using Mat6X = Eigen::Matrix<double, 6, Eigen::Dynamic, 0, 6, 6>;
using MatX6 = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, 0, 6, 6>;
using VecX6 = Eigen::Matrix<double, Eigen::Dynamic, 1, 0, 6, 1>;

inline Mat3 skew(const Vec3& a)
{
  Mat3 s;
  s << 0.0, -a.z(), a.y(), a.z(), 0.0, -a.x(), -a.y(), a.x(), 0.0;
  return s;
}

// V ×ₘ m: derivative of a motion vector m fixed in a body moving with twist V.
inline Vec6 crossMotion(const Vec6& v, const Vec6& m)
{
  Vec6 out;
  const Vec3 w = v.head<3>(), vo = v.tail<3>(), ma = m.head<3>(), ml = m.tail<3>();
  out.head<3>() = w.cross(ma);
  out.tail<3>() = vo.cross(ma) + w.cross(ml);
  return out;
}

// V ×_f f: rate of a wrench carried by a body moving with twist V.
inline Vec6 crossForce(const Vec6& v, const Vec6& f)
{
  Vec6 out;
  const Vec3 w = v.head<3>(), vo = v.tail<3>(), fn = f.head<3>(), ff = f.tail<3>();
  out.head<3>() = w.cross(fn) + vo.cross(ff);
  out.tail<3>() = w.cross(ff);
  return out;
}

// Rigid-body spatial inertia about O: mass m, inertia icm about the CM c (ground axes).
inline Mat6 spatialInertia(double m, const Mat3& icm, const Vec3& c)
{
  const Mat3 cx = skew(c);
  Mat6 out;
  out.topLeftCorner<3, 3>() = icm + m * cx * cx.transpose();
  out.topRightCorner<3, 3>() = m * cx;
  out.bottomLeftCorner<3, 3>() = m * cx.transpose();
  out.bottomRightCorner<3, 3>() = m * Mat3::Identity();
  return out;
}

// Unit rotation about the line through `point` along `axis`; unit translation along `axis`.
inline Vec6 rotationColumn(const Vec3& axis, const Vec3& point)
{
  Vec6 s;
  s << axis, point.cross(axis);
  return s;
}
inline Vec6 translationColumn(const Vec3& axis)
{
  Vec6 s;
  s << Vec3::Zero(), axis;
  return s;
}

// Velocity of the body point at `p` for twist V; its acceleration for spatial acceleration A.
inline Vec3 pointVelocity(const Vec6& v, const Vec3& p)
{
  return v.tail<3>() + v.head<3>().cross(p);
}
inline Vec3 pointAcceleration(const Vec6& v, const Vec6& a, const Vec3& p)
{
  return a.tail<3>() + a.head<3>().cross(p) + v.head<3>().cross(pointVelocity(v, p));
}

// A twist or spatial acceleration at point A, moved to point B = A + d (world axes).
inline Vec6 shiftMotion(const Vec6& m, const Vec3& d)
{
  Vec6 out;
  out << m.head<3>(), m.tail<3>() + m.head<3>().cross(d);
  return out;
}

// A wrench at point B = A + d, moved to point A.
inline Vec6 shiftForce(const Vec6& f, const Vec3& d)
{
  Vec6 out;
  out << f.head<3>() + d.cross(f.tail<3>()), f.tail<3>();
  return out;
}

// Tᵀ I T for a symmetric inertia I at B = A + d moved to A (T: twist at A → twist at B), with
// I = [a b; bᵀ e]: [a + d×bᵀ − (b + d×e)d×, b + d×e; (b + d×e)ᵀ, e], where d×M crosses d with each
// column of M (18 multiplications instead of a 3×3 product's 27).
inline Mat6 shiftInertia(const Mat6& i, const Vec3& d)
{
  auto crossColumns = [&d](const Mat3& m) {
    Mat3 out;
    for (int k = 0; k < 3; ++k)
      out.col(k) = d.cross(m.col(k));
    return out;
  };
  const Mat3 b2 = i.topRightCorner<3, 3>() + crossColumns(i.bottomRightCorner<3, 3>());
  const Mat3 a2 = i.topLeftCorner<3, 3>() + crossColumns(i.bottomLeftCorner<3, 3>());
  // M d× = −(d× Mᵀ)ᵀ.
  const Mat3 b2dx = -crossColumns(b2.transpose()).transpose();
  Mat6 out;
  out.topLeftCorner<3, 3>() = a2 - b2dx;
  out.topRightCorner<3, 3>() = b2;
  out.bottomLeftCorner<3, 3>() = b2.transpose();
  out.bottomRightCorner<3, 3>() = i.bottomRightCorner<3, 3>();
  return out;
}

// A wrench of force F acting at point p plus a couple n.
inline Vec6 wrenchAt(const Vec3& force, const Vec3& couple, const Vec3& p)
{
  Vec6 f;
  f << couple + p.cross(force), force;
  return f;
}

}  // namespace mbs::solver::dmbs
