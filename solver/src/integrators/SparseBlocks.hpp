#pragma once
// Assembling block matrices from sparse pieces (Newton matrices of the integrators).
#include "mbs/solver/Types.hpp"

namespace mbs::solver::detail {

// Appends scale·A (or scale·Aᵀ) with its top-left corner at (row0, col0).
inline void addBlock(Triplets& trip, const SparseMat& A, int row0, int col0, double scale,
                     bool transpose = false)
{
  for (int k = 0; k < A.outerSize(); ++k)
    for (SparseMat::InnerIterator it(A, k); it; ++it) {
      const int r = transpose ? static_cast<int>(it.col()) : static_cast<int>(it.row());
      const int c = transpose ? static_cast<int>(it.row()) : static_cast<int>(it.col());
      trip.emplace_back(row0 + r, col0 + c, scale * it.value());
    }
}

}  // namespace mbs::solver::detail
