#pragma once
// The state matrices of a linear analysis (Adams' LINEAR/STATEMAT): x' = A x + B u, y = C x + D u
// about a static operating point, on the independent coordinates of linearize() expressed as a
// subset of the parts' physical coordinates (docs/solver-notes.md, "State matrices").
#include "System.hpp"
#include "analysis/LinearAnalysis.hpp"
#include "mbs/solver/Plant.hpp"

namespace mbs::solver {

// The inputs are held at their operating values u0 while the plant is linearized (an input's own
// function never feeds back into A), and at u0 ± h for B and D.
Status computeStateMatrices(const System& system, const State& operatingPoint,
                            const StateMatrixRequest& request, StateMatrices& out);

}  // namespace mbs::solver
