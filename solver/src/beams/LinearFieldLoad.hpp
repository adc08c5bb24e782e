#pragma once
// The load of a linear field (Adams FIELD, and BEAM compiled to one; mbs/solver/Model.hpp,
// LinearField) from the I and J marker frames, for any scalar type T so that jets give its exact
// Jacobian. Self-contained: the caller applies the force and torque at I's origin on I's body and
// the opposite load at the same point on J's body (Adams' J reaction with its moment arm).
#include "kinematics/FrameT.hpp"

namespace mbs::solver::detail {

template <class T>
struct LinearFieldLoad {
  V3<T> force, torque;  // on I, ground frame (torque about I's origin)
  V3<T> point;          // I's origin
  T length = 0.0;       // distance J → I
  T rate = 0.0;         // its rate
};

// Displacements X and rates V (J's axes) of I relative to J; see LinearField.
template <class T>
void linearFieldMeasures(const FrameT<T>& fi, const FrameT<T>& fj, const V3<T>& vi, const V3<T>& vj,
                         const V3<T>& wi, const V3<T>& wj, std::array<T, 6>& x, std::array<T, 6>& v)
{
  const V3<T> d = fi.o - fj.o;
  // Rate of d as seen from J: a rigid rotation of the whole field deforms nothing.
  const V3<T> dRel = vi - vj - cross(wj, d);
  const V3<T> wRel = wi - wj;
  const V3<T> theta{{(dot(fj.z, fi.y) - dot(fj.y, fi.z)) * 0.5, (dot(fj.x, fi.z) - dot(fj.z, fi.x)) * 0.5,
                     (dot(fj.y, fi.x) - dot(fj.x, fi.y)) * 0.5}};
  for (int k = 0; k < 3; ++k) {
    const V3<T>& a = fj.axis(k);
    x[k] = dot(a, d);
    x[3 + k] = theta[k];
    v[k] = dot(a, dRel);
    v[3 + k] = dot(a, wRel);
  }
}

template <class T>
LinearFieldLoad<T> linearFieldLoad(const LinearField& field, const FrameT<T>& fi, const FrameT<T>& fj,
                                   const V3<T>& vi, const V3<T>& vj, const V3<T>& wi, const V3<T>& wj)
{
  using std::sqrt;
  std::array<T, 6> x, v;
  linearFieldMeasures(fi, fj, vi, vj, wi, wj, x, v);
  std::array<T, 6> f;
  for (int r = 0; r < 6; ++r) {
    f[r] = T(field.preload[r]);
    for (int c = 0; c < 6; ++c) {
      // Zero entries skipped: a beam's matrix is mostly zeros and jets are not cheap.
      if (const double k = field.stiffness(r, c); k != 0.0)
        f[r] = f[r] - (x[c] - field.reference[c]) * k;
      if (const double cv = field.damping(r, c); cv != 0.0)
        f[r] = f[r] - v[c] * cv;
    }
  }
  LinearFieldLoad<T> load;
  load.point = fi.o;
  for (int k = 0; k < 3; ++k) {
    load.force = load.force + fj.axis(k) * f[k];
    load.torque = load.torque + fj.axis(k) * f[3 + k];
  }
  const V3<T> d = fi.o - fj.o;
  load.length = sqrt(dot(d, d) + 1e-300);
  load.rate = dot(d, vi - vj) * (T(1.0) / load.length);
  return load;
}

}  // namespace mbs::solver::detail
