#pragma once
// Body and marker kinematics in the r–p coordinates, written for any scalar type T of Jet.hpp
// (double for values, jets for exact derivatives). A(p) is used in its homogeneous quadratic form
// A = E Gᵀ = (e0² − eᵀe) I + 2 e eᵀ + 2 e0 ẽ, so its derivatives are those of Haug's B(p, a) matrix.
#include <array>
#include <type_traits>

#include "kinematics/Jet.hpp"
#include "mbs/solver/Model.hpp"

namespace mbs::solver::detail {

template <class T>
struct V3 {
  std::array<T, 3> c{};
  T& operator[](int i) { return c[i]; }
  const T& operator[](int i) const { return c[i]; }
};

template <class T>
V3<T> constant(const Vec3& a)
{
  return {{T(a.x()), T(a.y()), T(a.z())}};
}
template <class T>
V3<T> operator+(const V3<T>& a, const V3<T>& b)
{
  return {{a[0] + b[0], a[1] + b[1], a[2] + b[2]}};
}
template <class T>
V3<T> operator-(const V3<T>& a, const V3<T>& b)
{
  return {{a[0] - b[0], a[1] - b[1], a[2] - b[2]}};
}
template <class T, class S>
V3<T> operator*(const V3<T>& a, const S& s)
{
  return {{a[0] * s, a[1] * s, a[2] * s}};
}
template <class T>
T dot(const V3<T>& a, const V3<T>& b)
{
  return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}
template <class T>
V3<T> cross(const V3<T>& a, const V3<T>& b)
{
  return {{a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]}};
}
template <class T>
Vec3 values(const V3<T>& a)
{
  return {value(a[0]), value(a[1]), value(a[2])};
}

// Rotation matrix A(p) (row-major) of one body.
template <class T>
struct Rot {
  std::array<T, 9> a{};
  V3<T> apply(const Vec3& s) const
  {
    V3<T> r;
    for (int i = 0; i < 3; ++i)
      r[i] = combine3(a[3 * i], s.x(), a[3 * i + 1], s.y(), a[3 * i + 2], s.z());
    return r;
  }
  V3<T> applyVec(const V3<T>& s) const
  {
    V3<T> r;
    for (int i = 0; i < 3; ++i)
      r[i] = a[3 * i] * s[0] + a[3 * i + 1] * s[1] + a[3 * i + 2] * s[2];
    return r;
  }
  V3<T> applyTransposed(const V3<T>& s) const
  {
    V3<T> r;
    for (int i = 0; i < 3; ++i)
      r[i] = a[i] * s[0] + a[3 + i] * s[1] + a[6 + i] * s[2];
    return r;
  }
};

template <class T>
Rot<T> rotation(const std::array<T, 4>& p)
{
  const T &e0 = p[0], &e1 = p[1], &e2 = p[2], &e3 = p[3];
  const T d = e0 * e0 - e1 * e1 - e2 * e2 - e3 * e3;
  const T e12 = e1 * e2 * 2.0, e13 = e1 * e3 * 2.0, e23 = e2 * e3 * 2.0;
  const T e01 = e0 * e1 * 2.0, e02 = e0 * e2 * 2.0, e03 = e0 * e3 * 2.0;
  Rot<T> r;
  r.a = {d + e1 * e1 * 2.0, e12 - e03,         e13 + e02,  //
         e12 + e03,         d + e2 * e2 * 2.0, e23 - e01,  //
         e13 - e02,         e23 + e01,         d + e3 * e3 * 2.0};
  return r;
}

// Positions (and, for forces, rates) of one body; ground has no variables.
template <class T>
struct BodyVars {
  bool ground = true;
  V3<T> r, rd;
  std::array<T, 4> p{}, pd{};
  Rot<T> A;
  // Flexible bodies: the marker's interface-node translation and small rotation (body frame),
  // set per slot by solver/src/flexible; null on rigid bodies.
  const std::array<T, 6>* deformation = nullptr;
};

// seedQ(value, k) / seedQd(value, k) make the scalar of coordinate k (0..6) of this body and of
// its rate; rates that are not needed may be seeded as constants.
template <class T, class SeedQ, class SeedQd>
BodyVars<T> bodyVars(const Vec& q, const Vec* qd, int body, SeedQ seedQ, SeedQd seedQd)
{
  BodyVars<T> b;
  if (body == kGround)
    return b;
  b.ground = false;
  const int o = 7 * body;
  for (int k = 0; k < 3; ++k)
    b.r[k] = seedQ(q[o + k], k);
  for (int k = 0; k < 4; ++k)
    b.p[k] = seedQ(q[o + 3 + k], 3 + k);
  if (qd) {
    for (int k = 0; k < 3; ++k)
      b.rd[k] = seedQd((*qd)[o + k], k);
    for (int k = 0; k < 4; ++k)
      b.pd[k] = seedQd((*qd)[o + 3 + k], 3 + k);
  }
  b.A = rotation(b.p);
  return b;
}

// Positions only, seeded for gradients/Hessians w.r.t. slot·7 + k.
template <class T>
BodyVars<T> positionVars(const Vec& q, int body, int slot)
{
  auto seed = [slot](double v, int k) {
    if constexpr (std::is_same_v<T, double>) {
      return v;
    } else {
      return T::variable(v, 7 * slot + k);
    }
  };
  return bodyVars<T>(q, nullptr, body, seed, seed);
}

// Positions moving along q̇ (Taylor2) for γ = −(Φ_q q̇)_q q̇.
inline BodyVars<Taylor2> directionalVars(const Vec& q, const Vec& qd, int body)
{
  BodyVars<Taylor2> b;
  if (body == kGround)
    return b;
  b.ground = false;
  const int o = 7 * body;
  for (int k = 0; k < 3; ++k)
    b.r[k] = Taylor2(q[o + k], qd[o + k], 0.0);
  for (int k = 0; k < 4; ++k)
    b.p[k] = Taylor2(q[o + 3 + k], qd[o + 3 + k], 0.0);
  b.A = rotation(b.p);
  return b;
}

// A marker frame in ground coordinates.
template <class T>
struct FrameT {
  V3<T> o, x, y, z;
  const V3<T>& axis(int i) const { return i == 0 ? x : (i == 1 ? y : z); }
};

template <class T>
FrameT<T> markerFrame(const Marker& m, const BodyVars<T>& b)
{
  FrameT<T> f;
  if (b.ground) {
    f.o = constant<T>(m.position);
    f.x = constant<T>(m.orientation.col(0));
    f.y = constant<T>(m.orientation.col(1));
    f.z = constant<T>(m.orientation.col(2));
    return f;
  }
  if (b.deformation) {
    // Linear FFR marker: x + δ, axes a + θ × a (first order in θ), then to ground.
    const std::array<T, 6>& w = *b.deformation;
    const V3<T> delta{{w[0], w[1], w[2]}}, theta{{w[3], w[4], w[5]}};
    auto local = [&](const Vec3& a) { return b.A.applyVec(constant<T>(a) + cross(theta, constant<T>(a))); };
    f.o = b.r + b.A.applyVec(constant<T>(m.position) + delta);
    f.x = local(m.orientation.col(0));
    f.y = local(m.orientation.col(1));
    f.z = local(m.orientation.col(2));
    return f;
  }
  f.o = b.r + b.A.apply(m.position);
  f.x = b.A.apply(m.orientation.col(0));
  f.y = b.A.apply(m.orientation.col(1));
  f.z = b.A.apply(m.orientation.col(2));
  return f;
}

// Angular velocity in the ground frame, ω = 2 E(p) ṗ.
template <class T>
V3<T> angularVelocity(const BodyVars<T>& b)
{
  if (b.ground)
    return {};
  const V3<T> e{{b.p[1], b.p[2], b.p[3]}}, ed{{b.pd[1], b.pd[2], b.pd[3]}};
  return (e * (-b.pd[0]) + cross(e, ed) + ed * b.p[0]) * 2.0;
}

// Velocity of a point fixed on the body at s (CM frame), ground frame.
template <class T>
V3<T> pointVelocity(const BodyVars<T>& b, const V3<T>& pointGround)
{
  if (b.ground)
    return {};
  return b.rd + cross(angularVelocity(b), pointGround - b.r);
}

}  // namespace mbs::solver::detail
