#pragma once
// Joint and motion rows whose markers sit on flexible bodies. The rows are the rigid ones
// (constraints/ConstraintRows.hpp) with each flexible marker displaced by its interface node:
// per slot the jets carry 13 local variables, the body's 7 coordinates and the marker's 6
// deformation components w = Φ η (Φ = the node's 6 × m shapes). Because w is linear in η, the
// exact gradient and Hessian in the global coordinates follow by the chain rule: g = Tᵀ g_loc,
// H = Tᵀ H_loc T with T the constant local → global map.
#include <array>
#include <vector>

#include "constraints/ConstraintBlock.hpp"
#include "mbs/solver/Model.hpp"

namespace mbs::solver::detail {

class FlexibleBlocks {
public:
  FlexibleBlocks(const Model& model, const std::vector<int>& modalOffset)
      : m_model(model), m_modalOffset(modalOffset)
  {
  }

  // True if one of the block's markers follows an interface node of a flexible body.
  static bool involves(const Model& model, const ConstraintBlock& block);

  void rows(const ConstraintBlock& block, const Vec& q, double t, double* out) const;
  void jacobian(const ConstraintBlock& block, const Vec& q, double t, Triplets& triplets) const;
  void hessianSum(const ConstraintBlock& block, const Vec& q, double t, const Vec& lambda,
                  Triplets& triplets) const;
  // −(Φ_q q̇)_q q̇ per row (without the motion's f̈).
  void gamma(const ConstraintBlock& block, const Vec& q, const Vec& qd, double t, double* out) const;
  // −Φ_qᵀλ of the block restricted to the 7 rigid coordinates of each slot's body.
  std::array<Eigen::Matrix<double, 7, 1>, 4> bodyForces(const ConstraintBlock& block, const Vec& q,
                                                        const Vec& lambda) const;

private:
  struct Map {
    std::vector<int> columns;  // global coordinate of each local → global column
    Mat t;                     // local (13 per slot) × columns
  };
  Map localToGlobal(const ConstraintBlock& block) const;
  template <class T>
  void evaluate(const ConstraintBlock& block, const Vec& q, const Vec* qd, double t, T* out) const;

  const Model& m_model;
  const std::vector<int>& m_modalOffset;  // first modal coordinate per body, −1 for rigid bodies
};

// Markers of a block per slot (as blockBodies orders the bodies).
std::array<int, 4> blockMarkers(const Model& model, const ConstraintBlock& block);

}  // namespace mbs::solver::detail
