#pragma once
// The curve-to-curve joint (Adams CVCV): a planar curve c_I fixed in I's marker frame (I = Adams
// IRM) touches a planar curve c_J fixed in J's marker frame (J = JRM) and is tangent to it there;
// both curves lie in their marker's xy plane. The contact points' parameters α (on c_I) and β (on
// c_J) are coordinates of the System of their own. Five rows:
//   (P_I − P_J)·x_J = 0, (P_I − P_J)·y_J = 0     the contact points coincide in J's plane
//   (t_I × t_J)·z_J / (|t_I| |t_J|) = 0           the tangents are parallel (sine of their angle)
//   z_I·x_J = 0, z_I·y_J = 0                      the curves' planes are parallel
// with P = o + A c(α), t = A c'(α) in ground axes. Five rows on two coordinates more: the joint
// removes three degrees of freedom (the in-plane approach of the curves and the two tilts out of
// the plane); the offset of the planes along z_J stays free, as in Adams. The derivatives in α, β
// come from c', c'', c''' by the chain rule, so Φ_q, the Hessians and γ are exact.
#include <cmath>

#include "constraints/PointCurveRows.hpp"

namespace mbs::solver::detail {

// The tangent A c'(α) of a curve in its marker's axes (frame f), in ground axes.
template <class T>
V3<T> curveTangent(const FrameT<T>& f, const CurvePoint& c, const T& alpha)
{
  std::array<T, 3> local;
  for (int k = 0; k < 3; ++k)
    local[k] = curveCoordinate(c.first[k], alpha, c.second[k], c.third[k]);
  return f.x * local[0] + f.y * local[1] + f.z * local[2];
}

template <class T>
void curveCurveRows(const Model& model, const Joint& joint, const BodyVars<T>* vars, const T& alpha,
                    const T& beta, T* out)
{
  using std::sqrt;
  const FrameT<T> fi = markerFrame(model.markers[joint.iMarker], vars[0]);
  const FrameT<T> fj = markerFrame(model.markers[joint.jMarker], vars[1]);
  const CurvePoint ci = joint.iCurve->evaluate(value(alpha)), cj = joint.curve->evaluate(value(beta));
  const V3<T> d = fi.o + curveOffset(fi, ci, alpha) - fj.o - curveOffset(fj, cj, beta);
  const V3<T> ti = curveTangent(fi, ci, alpha), tj = curveTangent(fj, cj, beta);
  out[0] = dot(d, fj.x);
  out[1] = dot(d, fj.y);
  out[2] = dot(cross(ti, tj), fj.z) / sqrt(dot(ti, ti) * dot(tj, tj));
  out[3] = dot(fi.z, fj.x);
  out[4] = dot(fi.z, fj.y);
}

}  // namespace mbs::solver::detail
