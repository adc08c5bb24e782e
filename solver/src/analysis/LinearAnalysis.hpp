#pragma once
// Linearization about an operating point (normally a static equilibrium from solveStatics):
//   M δq̈ + C δq̇ + K δq = 0,  K = ∂(Φ_qᵀλ)/∂q − ∂Q/∂q,  C = −∂Q/∂q̇,
// restricted to the tangent space of the constraints, δq = N z with N an orthonormal basis of the
// null space of Φ_q (independent coordinates z), then eigenvalues and mode shapes of the reduced
// first-order system. First-order states x (Adams DIFF: the velocities of the last coordinates,
// System::differentialOffset) enter as states of their own, ẋ = f linearized:
//   M z̈ + C ż + K z = G δx,  δẋ = F_q z + F_v ż + F_x δx,
// so the first-order system is [z; ż; δx] (the states' own coordinates, whose position nothing
// reads, are left out of the basis).
#include <vector>

#include "System.hpp"
#include "mbs/solver/Analysis.hpp"  // LinearMode
#include "mbs/solver/State.hpp"
#include "mbs/solver/Status.hpp"

namespace mbs::solver {

struct LinearSystem {
  Mat basis;                      // N (n × dof), zero in the states' rows
  Mat M, C, K;                    // reduced matrices (dof × dof)
  Mat G;                          // dof × s: Nᵀ ∂Q/∂x (the states' loads on the parts)
  Mat Fq, Fv, Fx;                 // s × dof, s × dof, s × s: ∂f/∂q N, ∂f/∂q̇ N, ∂f/∂x
  std::vector<LinearMode> modes;  // ascending natural frequency
  int states() const { return static_cast<int>(Fx.rows()); }
  // The first-order matrix of [z; ż; δx]; M must be positive definite (else false).
  bool stateMatrix(Mat& out) const;
};

Status linearize(const System& system, const State& operatingPoint, LinearSystem& result);

}  // namespace mbs::solver
