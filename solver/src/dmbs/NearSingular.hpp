#pragma once
// Whether H = G M⁻¹ Gᵀ of the cut-joint multipliers is near singular (the equations' Jacobian G
// about to lose rank, as at the flat parallelogram four-bar), so that the multipliers need the
// damped least-squares solve (JointSpaceEquations.hpp). Two conditions, both needed:
//
// - a pivot of H's LDLᵀ below kPivotSpread of the largest: a pivot is what is left of an
//   equation once the others are accounted for (in the metric M⁻¹), so a loop losing rank shows
//   there. Alone it is not enough: pivots also spread with the equations' units and lever arms.
// - the smallest eigenvalue of H below kNearSingular of the largest, from a few steps of inverse
//   iteration with that LDLᵀ and Gershgorin's bound on the largest (max_i Σ_j |H_ij|). Every pivot
//   of a positive definite H lies between its extreme eigenvalues, so a pivot spread alone says
//   the eigenvalues spread at least as far, but not that one is small enough for the damping to
//   matter; this confirms it.
//
// The eigenvalue test alone is not used: a chain of N loops has a spectrum like a discrete
// Laplacian's, λ_min/λ_max ~ 1/N² at regular positions with all pivots O(1) (the N = 100 four-bar
// chain: 1e-5, pivots 0.2..6), and the damping (δ = 1e-7 of the largest eigenvalue) would then
// act on the chain's soft global mode, which is not singular. Measured on the four-bar chain
// (bench_dynamics, N = 10 and 100, 1 s): every evaluation whose pivots spread beyond 1e4 lies on
// its passage near the flat configuration, with λ_min/λ_max between 1e-5 and 6e-9.
#include <cmath>

#include "mbs/solver/Types.hpp"

namespace mbs::solver::dmbs {

// The smallest pivot above this fraction of the largest: no equation is close to depending on
// the others.
inline constexpr double kPivotSpread = 1e-4;
// The smallest eigenvalue below this fraction of the largest (its Gershgorin bound). Set from the
// damped solve's δ = 1e-7 of the largest eigenvalue (Stabilization::singularDamping): an
// eigenvalue s enters the damped μ as s/(s² + δ²), so above 1e-5 the damping would change its
// share by less than 1e-4 and the plain solve is the same answer, exact and cheaper.
inline constexpr double kNearSingular = 1e-5;
// Inverse iteration steps. Near a lost rank the smallest eigenvalue is far below the next and one
// step finds it; for a cluster (N loops losing rank together) the Rayleigh quotient after three
// steps is within (λ₁/λ₂)⁶ of it.
inline constexpr int kInverseIterations = 3;

// `pivots` = D of H's LDLᵀ; `rowSums()` = (Σ_j |H_ij|)_i; `solve(x)` = H⁻¹ x with that LDLᵀ.
// True if H is near singular (or its factorization broke down).
template <class RowSums, class Solve>
bool nearSingular(const Vec& pivots, const RowSums& rowSums, const Solve& solve)
{
  const int n = static_cast<int>(pivots.size());
  // A zero, negative or non-finite pivot: H (positive semi-definite) is singular to working
  // precision, or the factorization broke down.
  if (n == 0 || !(pivots.minCoeff() > 0.0) || !pivots.allFinite())
    return true;
  if (pivots.minCoeff() > kPivotSpread * pivots.maxCoeff())
    return false;
  const double largest = Vec(rowSums()).maxCoeff();
  // A start with a share of every eigenvector in general (not orthogonal to the smallest one).
  Vec x(n);
  for (int i = 0; i < n; ++i)
    x[i] = 1.0 + 0.5 * std::sin(1.0 + i);
  x.normalize();
  double inverse = 0.0;  // Rayleigh quotient of H⁻¹: ≈ 1 / λ_min, from below
  for (int k = 0; k < kInverseIterations; ++k) {
    const Vec y = solve(x);
    inverse = x.dot(y);
    const double norm = y.norm();
    if (!std::isfinite(norm) || !(inverse > 0.0))
      return true;
    x = y / norm;
  }
  return 1.0 < kNearSingular * largest * inverse;
}

}  // namespace mbs::solver::dmbs
