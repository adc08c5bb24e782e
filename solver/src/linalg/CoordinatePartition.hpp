#pragma once
// Coordinate partitioning (Wehage–Haug) for the RKF45 integrator: which m of the n coordinates
// are dependent, recovered from Φ(q, t) = 0 through the block Φ_D of Φ_q, and how sensitive they
// are to the independent ones. Both work on the sparse Φ_q in memory linear in its size (no
// dense m × n matrix, as the full-pivoting LU that chose the partition before needed).
#include <optional>
#include <vector>

#include "linalg/LinearSolver.hpp"
#include "mbs/solver/Types.hpp"

namespace mbs::solver {

struct CoordinatePartition {
  std::vector<int> dependent;    // m coordinates, increasing: the columns of Φ_D
  std::vector<int> independent;  // the other n − m, increasing
};

// Chooses m dependent coordinates of Φ_q (m × n) whose block Φ_D is well conditioned. Nothing
// when Φ_q has rank below m (redundant constraints).
std::optional<CoordinatePartition> partitionCoordinates(const SparseMat& phiQ);

// Hager–Higham estimate (a lower bound, usually exact) of ‖Φ_D⁻¹ Φ_I‖₁, the largest response of the
// dependent coordinates to a unit change of one independent coordinate. `dependentSolver` holds
// Φ_D factored with its columns in partition.dependent order. A handful of solves with Φ_D and
// Φ_Dᵀ, against one solve per independent coordinate for the exact value.
double estimateDependentSensitivity(const SparseMat& phiQ, const CoordinatePartition& partition,
                                    const LinearSolver& dependentSolver);

}  // namespace mbs::solver
