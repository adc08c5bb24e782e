#pragma once
// The rows of the joints whose curve parameters are coordinates of the System (point-to-curve,
// constraints/PointCurveRows.hpp; curve-to-curve, constraints/CurveCurveRows.hpp) and their
// derivatives in the global coordinates: the two bodies' 7 each and the joint's α (and β), as
// System needs them. The derivatives come from jets over these 16 local variables.
#include <array>

#include "constraints/ConstraintBlock.hpp"
#include "mbs/solver/Model.hpp"

namespace mbs::solver::detail {

class CurveJointBlocks {
public:
  // curveCoordinate[j]: the coordinate of joint j's first curve parameter, the second (a
  // curve-to-curve joint's β) the next one; −1: a joint without curve parameters.
  CurveJointBlocks(const Model& model, const std::vector<int>& curveCoordinate)
      : m_model(model), m_curveCoordinate(curveCoordinate)
  {
  }
  static bool involves(const Model& model, const ConstraintBlock& block)
  {
    return block.kind == ConstraintKind::Joint && curveParameterCount(model.joints[block.entity].type) > 0;
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

  static constexpr int kMaxRows = 5;

private:
  template <class T>
  void evaluate(const ConstraintBlock& block, const Vec& q, const Vec* qd, T* out) const;
  // Global column of local variable k (0..13 the slots' bodies, 14 α, 15 β); −1 for ground and
  // for a point-to-curve joint's 15.
  int column(const ConstraintBlock& block, int k) const;

  const Model& m_model;
  const std::vector<int>& m_curveCoordinate;
};

}  // namespace mbs::solver::detail
