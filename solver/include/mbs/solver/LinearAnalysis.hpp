#pragma once
// Linearization about an operating point (normally a static equilibrium from solveStatics):
//   M δq̈ + C δq̇ + K δq = 0,  K = ∂(Φ_qᵀλ)/∂q − ∂Q/∂q,  C = −∂Q/∂q̇,
// restricted to the tangent space of the constraints, δq = N z with N an orthonormal basis of the
// null space of Φ_q (independent coordinates z), then eigenvalues and mode shapes of the reduced
// first-order system.
#include <complex>
#include <vector>

#include "mbs/solver/State.hpp"
#include "mbs/solver/Status.hpp"
#include "mbs/solver/System.hpp"

namespace mbs::solver {

struct LinearMode {
  std::complex<double> eigenvalue;  // s = σ ± iω_d (one of each conjugate pair, ω_d ≥ 0)
  double naturalFrequency = 0.0;    // |s| / 2π [Hz]
  double dampingRatio = 0.0;        // −σ / |s|
  Vec shape;                        // real part of δq (all coordinates), unit largest entry
};

struct LinearSystem {
  Mat basis;                      // N (n × dof)
  Mat M, C, K;                    // reduced matrices (dof × dof)
  std::vector<LinearMode> modes;  // ascending natural frequency
};

Status linearize(const System& system, const State& operatingPoint, LinearSystem& result);

}  // namespace mbs::solver
