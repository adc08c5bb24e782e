#pragma once
#include "mbs/solver/Types.hpp"

namespace mbs::solver {

// The full state of the DAE at one instant. λ are the Lagrange multipliers of Φ's rows.
struct State {
  double t = 0.0;
  Vec q, qd, qdd, lambda;
  // Static equilibrium only: where the analysis started; joints with stiction measure their creep
  // from it (their friction outputs are read from the creep, not from q̇ = 0). Empty otherwise.
  Vec stictionStart;
};

}  // namespace mbs::solver
