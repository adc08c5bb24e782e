#pragma once
// Linearization about an operating point (normally a static equilibrium from solveStatics):
//   M δq̈ + C δq̇ + K δq = 0,  K = ∂(Φ_qᵀλ)/∂q − ∂Q/∂q,  C = −∂Q/∂q̇,
// restricted to the tangent space of the constraints, δq = N z with N an orthonormal basis of the
// null space of Φ_q (independent coordinates z), then eigenvalues and mode shapes of the reduced
// first-order system.
#include <vector>

#include "System.hpp"
#include "mbs/solver/Analysis.hpp"  // LinearMode
#include "mbs/solver/State.hpp"
#include "mbs/solver/Status.hpp"

namespace mbs::solver {

struct LinearSystem {
  Mat basis;                      // N (n × dof)
  Mat M, C, K;                    // reduced matrices (dof × dof)
  std::vector<LinearMode> modes;  // ascending natural frequency
};

Status linearize(const System& system, const State& operatingPoint, LinearSystem& result);

}  // namespace mbs::solver
