#pragma once
// The point-to-curve joint (Adams PTCV): I's origin lies on a curve fixed in J's marker frame
// (J = Adams RM) at the curve parameter α, which is a coordinate of the System of its own
// (System::curveCoordinate). Three rows, in ground axes:
//   Φ = o_I − (o_J + A_J c(α)),   c(α) the curve point in J's axes (mbs/solver/Curve.hpp),
// so the joint removes two degrees of freedom (three rows, one coordinate more). Written once for
// any scalar type: the derivatives in α come from c', c'' by the chain rule, so Φ_q, the Hessians
// and γ are exact.
#include <array>

#include "constraints/ConstraintBlock.hpp"
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

template <class T>
void pointCurveRows(const Model& model, const Joint& joint, const BodyVars<T>* vars, const T& alpha, T* out)
{
  const FrameT<T> fi = markerFrame(model.markers[joint.iMarker], vars[0]);
  const FrameT<T> fj = markerFrame(model.markers[joint.jMarker], vars[1]);
  const CurvePoint c = joint.curve->evaluate(value(alpha));
  std::array<T, 3> local;
  for (int k = 0; k < 3; ++k)
    local[k] = curveCoordinate(c.position[k], alpha, c.first[k], c.second[k]);
  for (int k = 0; k < 3; ++k)
    out[k] = fi.o[k] - fj.o[k] - (fj.x[k] * local[0] + fj.y[k] * local[1] + fj.z[k] * local[2]);
}

// The rows of the point-to-curve blocks and their derivatives in the global coordinates (the two
// bodies' 7 each and the joint's α), as System needs them.
class PointCurveBlocks {
public:
  // curveCoordinate[j]: the coordinate of joint j's α (−1: not a point-to-curve joint).
  PointCurveBlocks(const Model& model, const std::vector<int>& curveCoordinate)
      : m_model(model), m_curveCoordinate(curveCoordinate)
  {
  }
  static bool involves(const Model& model, const ConstraintBlock& block)
  {
    return block.kind == ConstraintKind::Joint && model.joints[block.entity].type == JointType::PointCurve;
  }

  void rows(const ConstraintBlock& block, const Vec& q, double* out) const;
  void jacobian(const ConstraintBlock& block, const Vec& q, Triplets& triplets) const;
  // Σ λ_r ∂²Φ_r/∂q², and (velocityRows non-null) the rows ∂(Φ_q v)_r/∂q = (∂²Φ_r/∂q²) v.
  void hessianSum(const ConstraintBlock& block, const Vec& q, const Vec& lambda, Triplets& hessian,
                  const Vec* v = nullptr, Triplets* velocityRows = nullptr) const;
  // −(Φ_q q̇)_q q̇ per row.
  void gamma(const ConstraintBlock& block, const Vec& q, const Vec& qd, double* out) const;
  // −Φ_qᵀλ of the block on the 7 coordinates of each slot's body (slots 0, 1).
  std::array<Eigen::Matrix<double, 7, 1>, 4> bodyForces(const ConstraintBlock& block, const Vec& q,
                                                        const Vec& lambda) const;

private:
  template <class T>
  void evaluate(const ConstraintBlock& block, const Vec& q, const Vec* qd, T* out) const;
  // Global column of local variable k (0..13 the slots' bodies, 14 α); −1 for ground.
  int column(const ConstraintBlock& block, int k) const;

  const Model& m_model;
  const std::vector<int>& m_curveCoordinate;
};

}  // namespace mbs::solver::detail
