#pragma once
// The point-to-curve joint (Adams PTCV): I's origin lies on a curve fixed in J's marker frame
// (J = Adams RM) at the curve parameter α, which is a coordinate of the System of its own
// (System::curveCoordinate). Three rows, in ground axes:
//   Φ = o_I − (o_J + A_J c(α)),   c(α) the curve point in J's axes (mbs/solver/Curve.hpp),
// so the joint removes two degrees of freedom (three rows, one coordinate more). Written once for
// any scalar type: the derivatives in α come from c', c'' by the chain rule, so Φ_q, the Hessians
// and γ are exact.
#include <array>

#include "kinematics/FrameT.hpp"
#include "mbs/solver/Model.hpp"

namespace mbs::solver::detail {

// A curve coordinate of α as the scalar T (c(α), c'(α), c''(α) are the value and derivatives).
template <class T>
T curveCoordinate(double c, const T& alpha, double d1, double d2)
{
  if constexpr (std::is_same_v<T, double>)
    return c;
  else
    return chain(c, alpha, d1, d2);
}

// A curve's point c(α) in its marker's axes (frame f), to ground: A c(α) (the point less f's origin).
template <class T>
V3<T> curveOffset(const FrameT<T>& f, const CurvePoint& c, const T& alpha)
{
  std::array<T, 3> local;
  for (int k = 0; k < 3; ++k)
    local[k] = curveCoordinate(c.position[k], alpha, c.first[k], c.second[k]);
  return f.x * local[0] + f.y * local[1] + f.z * local[2];
}

template <class T>
void pointCurveRows(const Model& model, const Joint& joint, const BodyVars<T>* vars, const T& alpha, T* out)
{
  const FrameT<T> fi = markerFrame(model.markers[joint.iMarker], vars[0]);
  const FrameT<T> fj = markerFrame(model.markers[joint.jMarker], vars[1]);
  const V3<T> c = curveOffset(fj, joint.curve->evaluate(value(alpha)), alpha);
  for (int k = 0; k < 3; ++k)
    out[k] = fi.o[k] - fj.o[k] - c[k];
}

}  // namespace mbs::solver::detail
