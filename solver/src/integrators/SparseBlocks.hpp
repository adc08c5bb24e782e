#pragma once
// Assembling block matrices from sparse pieces (Newton matrices of the integrators).
#include <algorithm>
#include <atomic>
#include <cstdint>

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

// A square block matrix whose pattern is kept between assemblies: each block's entries are added
// into the kept column's value slot (binary search in the column), so a Newton matrix is not
// re-sorted from triplets at every factorization, and LinearSolver can skip its pattern
// comparison (patternKey()). An entry outside the pattern grows it once (the union is kept, zeros
// included), so patterns that drop exact zeros from one evaluation to the next settle.
class KeptPatternMatrix {
public:
  // Starts an assembly of a size × size matrix with all values zero.
  void begin(int size)
  {
    if (m_matrix.rows() != size) {
      m_matrix.resize(size, size);
      m_matrix.makeCompressed();
      m_key = 0;
    }
    std::fill(m_matrix.valuePtr(), m_matrix.valuePtr() + m_matrix.nonZeros(), 0.0);
    m_missing.clear();
  }
  void add(int row, int col, double value)
  {
    const int* first = m_matrix.innerIndexPtr() + m_matrix.outerIndexPtr()[col];
    const int* last = m_matrix.innerIndexPtr() + m_matrix.outerIndexPtr()[col + 1];
    const int* it = std::lower_bound(first, last, row);
    if (it != last && *it == row)
      m_matrix.valuePtr()[it - m_matrix.innerIndexPtr()] += value;
    else
      m_missing.emplace_back(row, col, value);
  }
  // Adds scale·A (or scale·Aᵀ) with its top-left corner at (row0, col0).
  void addBlock(const SparseMat& A, int row0, int col0, double scale, bool transpose = false)
  {
    for (int k = 0; k < A.outerSize(); ++k)
      for (SparseMat::InnerIterator it(A, k); it; ++it) {
        const int r = static_cast<int>(transpose ? it.col() : it.row());
        const int c = static_cast<int>(transpose ? it.row() : it.col());
        add(row0 + r, col0 + c, scale * it.value());
      }
  }
  // The assembled matrix; its pattern grows here when an entry fell outside it.
  const SparseMat& finish()
  {
    if (!m_missing.empty() || m_key == 0) {
      Triplets all = std::move(m_missing);
      m_missing = Triplets();
      all.reserve(all.size() + static_cast<std::size_t>(m_matrix.nonZeros()));
      for (int k = 0; k < m_matrix.outerSize(); ++k)
        for (SparseMat::InnerIterator it(m_matrix, k); it; ++it)
          all.emplace_back(static_cast<int>(it.row()), static_cast<int>(it.col()), it.value());
      SparseMat grown(m_matrix.rows(), m_matrix.cols());
      grown.setFromTriplets(all.begin(), all.end());  // keeps explicit zeros
      grown.makeCompressed();
      m_matrix = std::move(grown);
      m_key = nextKey();
    }
    return m_matrix;
  }
  // Changes whenever the pattern does (never 0 after finish()).
  std::uint64_t patternKey() const { return m_key; }

private:
  static std::uint64_t nextKey()
  {
    static std::atomic<std::uint64_t> counter{0};
    return ++counter;
  }
  SparseMat m_matrix;
  Triplets m_missing;
  std::uint64_t m_key = 0;
};

}  // namespace mbs::solver::detail
