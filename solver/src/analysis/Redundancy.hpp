#pragma once
// Redundant constraint equations from the rank of Φ_q (seed 001 / Adams "redundant constraints").
// Rows are scanned in order (normalization, joints, motions); a row that does not raise the rank
// of the rows kept before it is redundant. Analyses drop those rows, solve with the rest and set
// the multipliers of the dropped rows to zero (their reactions are carried by the kept rows).
#include <string>
#include <vector>

#include "System.hpp"
#include "mbs/solver/Mobility.hpp"  // RedundantRow

namespace mbs::solver {

struct RedundancyReport {
  int rank = 0;                 // rank of Φ_q (all rows, normalization included)
  int dof = 0;                  // 7·nb − rank = 6·nb − (rank − nb)
  std::vector<int> activeRows;  // independent rows, ascending
  std::vector<RedundantRow> redundant;
  // One warning per entity with redundant equations, e.g. "joint 'pin' (revolute): equations 4, 5
  // are redundant and were removed".
  std::vector<std::string> warnings() const;
};

// tolerance: a row is independent when its component orthogonal to the kept rows is larger than
// tolerance × its norm.
RedundancyReport analyzeRedundancy(const System& system, const Vec& q, double t, double tolerance = 1e-8);

}  // namespace mbs::solver
