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
  // Not ok when a dependent row is not implied by the independent ones over time: the rows agree
  // at t (so the rank check finds them dependent) but their velocities or later positions differ,
  // e.g. two motions with different functions on one joint. Such constraints conflict; removing
  // one would let the run follow the other with no error. Analyses stop with this status.
  Status conflict;
  // One warning per entity with redundant equations, e.g. "joint 'pin' (revolute): equations 4, 5
  // are redundant and were removed".
  std::vector<std::string> warnings() const;
};

// tolerance: a row is independent when its component orthogonal to the kept rows is larger than
// tolerance × its norm.
RedundancyReport analyzeRedundancy(const System& system, const Vec& q, double t, double tolerance = 1e-8);

// The conflict check of analyzeRedundancy (RedundancyConflicts.cpp): each dependent row must hold
// wherever the independent rows hold, at t (its residual), in its time derivative (Φ_t, through
// the velocity equations of the independent rows) and at later times (the independent rows solved
// by Newton at t + 10⁻³ … t + 1 s from q). Returns a failure naming the dependent row's entity and
// the independent one it duplicates.
Status checkDependentRowsConsistent(const System& system, const Vec& q, double t,
                                    const std::vector<int>& activeRows,
                                    const std::vector<RedundantRow>& redundant);

// The same during a run: the rows removed as dependent at tStart must still hold at (t, q), where
// the analysis keeps the independent ones (conflicts that appear only after the later times above,
// e.g. a motion that parts from another at t = 2 s). Not ok naming both entities when one has
// parted (its residual above 1e-3 of the coordinate scale and 100 times the kept rows' residuals).
Status checkDependentRowsDuringRun(const System& system, const Vec& q, double t, double tStart,
                                   const std::vector<int>& activeRows,
                                   const std::vector<RedundantRow>& redundant);

}  // namespace mbs::solver
