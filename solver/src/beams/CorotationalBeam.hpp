#pragma once
// The deformations of a co-rotational beam element (mbs/solver/Model.hpp, BeamElement) from the
// r–p coordinates of its two node bodies, for any scalar type T of Jet.hpp so that jets give
// their exact first and second derivatives (docs/solver-notes.md, "FE beams").
//
// The element frame E follows the nodes: the mean of the two nodes' carried axes (half of the
// relative rotation, as Crisfield's co-rotational elements take it), turned by the smallest
// rotation that lays its x axis on the chord A→B. In E the nodes' rotations θA, θB are small as
// elements grow, and the deformations
//     X = (l − L, −L θA,z, L θA,y, θB − θA)
// are those of a cantilever clamped at A (translation of B from A's rotated tip position, and the
// relative rotation), so ½ Xᵀ K X with beamStiffness's K is the element's strain energy. All of
// it is written with quaternions: no angles, no singularity for rigid rotations of any size.
#include <array>
#include <cmath>

#include "kinematics/Jet.hpp"

namespace mbs::solver::detail {

template <class T>
using Quat4 = std::array<T, 4>;  // (w, x, y, z), Hamilton product, as Euler parameters

template <class T>
Quat4<T> quatProduct(const Quat4<T>& a, const Quat4<T>& b)
{
  return {a[0] * b[0] - a[1] * b[1] - a[2] * b[2] - a[3] * b[3],
          a[0] * b[1] + a[1] * b[0] + a[2] * b[3] - a[3] * b[2],
          a[0] * b[2] - a[1] * b[3] + a[2] * b[0] + a[3] * b[1],
          a[0] * b[3] + a[1] * b[2] - a[2] * b[1] + a[3] * b[0]};
}

template <class T>
Quat4<T> quatConjugate(const Quat4<T>& a)
{
  return {a[0], -a[1], -a[2], -a[3]};
}

template <class T>
Quat4<T> quatNormalized(const Quat4<T>& a)
{
  using std::sqrt;
  const T inv = T(1.0) / sqrt(a[0] * a[0] + a[1] * a[1] + a[2] * a[2] + a[3] * a[3]);
  return {a[0] * inv, a[1] * inv, a[2] * inv, a[3] * inv};
}

// The same rotation with w ≥ 0 (q and −q are one rotation; the logarithm wants the short way).
template <class T>
Quat4<T> quatShortest(const Quat4<T>& a)
{
  if (value(a[0]) >= 0.0)
    return a;
  return {-a[0], -a[1], -a[2], -a[3]};
}

// Rotation vector of a unit quaternion with w ≥ 0: 2 atan(s/w)/s · v with s = |v|. Near the
// identity (where s has no derivative) the series of atan(x)/x in x² = s²/w², exact to 1e-22.
template <class T>
std::array<T, 3> quatLog(const Quat4<T>& q)
{
  using std::atan2;
  using std::sqrt;
  const T s2 = q[1] * q[1] + q[2] * q[2] + q[3] * q[3];
  T f;
  if (value(s2) < 1e-4 * value(q[0]) * value(q[0])) {
    const T x2 = s2 / (q[0] * q[0]);
    f = (T(1.0) + x2 * (T(-1.0 / 3.0) + x2 * (T(1.0 / 5.0) + x2 * (T(-1.0 / 7.0) + x2 * (1.0 / 9.0))))) /
        q[0];
  } else {
    const T s = sqrt(s2);
    f = atan2(s, q[0]) / s;
  }
  return {q[1] * f * 2.0, q[2] * f * 2.0, q[3] * f * 2.0};
}

// The six deformations X of one element. Node k (0 = A, 1 = B) has position r[k] and Euler
// parameters p[k] (normalized here, so that X does not change along p and the generalized forces
// −∂U/∂p are the moments' 2 Eᵀ n); axes[k] are the element's undeformed axes in that node's frame
// (a unit quaternion), length the undeformed chord L.
template <class T>
std::array<T, 6> corotationalDeformations(const std::array<std::array<T, 3>, 2>& r,
                                          const std::array<Quat4<T>, 2>& p,
                                          const std::array<Quat4<double>, 2>& axes, double length)
{
  using std::sqrt;
  std::array<Quat4<T>, 2> carried;  // the element's axes as each node carries them, in ground
  for (int k = 0; k < 2; ++k) {
    const Quat4<double>& c = axes[k];
    carried[k] = quatProduct(quatNormalized(p[k]), Quat4<T>{T(c[0]), T(c[1]), T(c[2]), T(c[3])});
  }
  // Mean axes: A's turned by half of the rotation from A's to B's.
  const Quat4<T> rel = quatShortest(quatProduct(quatConjugate(carried[0]), carried[1]));
  const Quat4<T> mean =
      quatProduct(carried[0], quatNormalized(Quat4<T>{rel[0] + 1.0, rel[1], rel[2], rel[3]}));
  // Its x axis laid on the chord by the smallest rotation (1 + m·e, m × e), normalized.
  const std::array<T, 3> d{r[1][0] - r[0][0], r[1][1] - r[0][1], r[1][2] - r[0][2]};
  const T l = sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
  const T inv = T(1.0) / l;
  const std::array<T, 3> e{d[0] * inv, d[1] * inv, d[2] * inv};
  const T &w = mean[0], &x = mean[1], &y = mean[2], &z = mean[3];
  const std::array<T, 3> m{w * w + x * x - y * y - z * z, (x * y + w * z) * 2.0, (x * z - w * y) * 2.0};
  const Quat4<T> align =
      quatNormalized(Quat4<T>{T(1.0) + m[0] * e[0] + m[1] * e[1] + m[2] * e[2], m[1] * e[2] - m[2] * e[1],
                              m[2] * e[0] - m[0] * e[2], m[0] * e[1] - m[1] * e[0]});
  const Quat4<T> frame = quatConjugate(quatProduct(align, mean));
  const std::array<T, 3> ta = quatLog(quatShortest(quatProduct(frame, carried[0])));
  const std::array<T, 3> tb = quatLog(quatShortest(quatProduct(frame, carried[1])));
  return {l - length, ta[2] * -length, ta[1] * length, tb[0] - ta[0], tb[1] - ta[1], tb[2] - ta[2]};
}

}  // namespace mbs::solver::detail
