#pragma once
#include "mbs/solver/Types.hpp"

namespace mbs::solver {

// The full state of the DAE at one instant. λ are the Lagrange multipliers of Φ's rows.
struct State {
  double t = 0.0;
  Vec q, qd, qdd, lambda;
};

}  // namespace mbs::solver
