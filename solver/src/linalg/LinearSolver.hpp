#pragma once
// Sparse LU (SuiteSparse UMFPACK) for the Newton and saddle-point systems of the analyses.
// The symbolic analysis is kept while the sparsity pattern does not change, so repeated
// factorizations during a run cost only the numeric phase.
#include <cstdint>
#include <memory>
#include <vector>

#include "mbs/solver/Types.hpp"

namespace mbs::solver {

class LinearSolver {
public:
  LinearSolver();
  ~LinearSolver();
  LinearSolver(LinearSolver&&) noexcept;
  LinearSolver& operator=(LinearSolver&&) noexcept;

  // Factors A (square). Returns false when A is structurally or numerically singular (or its
  // reciprocal condition estimate is below the threshold); the solver is then not usable.
  bool factorize(const SparseMat& A);
  // The same, for a caller that keeps its matrix's pattern and names it by a key that changes
  // whenever the pattern does (KeptPatternMatrix): with the key of the last symbolic analysis only
  // the values are copied, without comparing the pattern. Key 0 means unknown.
  bool factorize(const SparseMat& A, std::uint64_t patternKey);
  // x = A⁻¹ b with the last successful factorization. Requires factorized(). With Refinement::None
  // UMFPACK skips its iterative refinement (2–3 extra L/U passes): for Newton iterations, whose
  // next residual corrects the solve's error anyway — it was ~30% of a dynamic run's instructions.
  enum class Refinement { Iterative, None };
  Vec solve(const Vec& b, Refinement refinement = Refinement::Iterative) const;
  // x = A⁻ᵀ b with the same factorization, without iterative refinement (for estimates such as
  // the 1-norm of A⁻¹ products, which need no more than a digit or two).
  Vec solveTransposed(const Vec& b) const;

  // UMFPACK searches its pivots anew at each numeric factorization. KLU (Gilbert–Peierls, BTF and
  // AMD ordering) keeps the pivot sequence of its last full factorization and refactors with it
  // while the pivots stay sound (reciprocal pivot growth, condition estimate), which on the sparse
  // Newton and [M Φ_qᵀ; Φ_q 0] matrices of a dynamic run costs a fraction of a new pivot search.
  enum class Method { Umfpack, KluRefactor };
  void setMethod(Method method);
  Method method() const { return m_method; }

  bool factorized() const { return m_factorized; }
  int size() const { return static_cast<int>(m_matrix.rows()); }
  // UMFPACK's reciprocal condition estimate of the last factorization (0 when singular).
  double reciprocalCondition() const { return m_rcond; }
  // Matrices with rcond below this are reported singular (default 1e-14).
  void setSingularThreshold(double rcond) { m_singularThreshold = rcond; }

  long factorizations() const { return m_factorizations; }
  long symbolicAnalyses() const { return m_analyses; }
  // Factorizations that searched their pivots (all of them with UMFPACK).
  long pivotSearches() const { return m_method == Method::Umfpack ? m_factorizations : m_fullFactorizations; }

private:
  bool samePattern(const SparseMat& A) const;
  bool factorizeUmfpack(bool reuse);
  bool factorizeKlu(bool reuse);
  Vec solveKlu(const Vec& b, Refinement refinement) const;

  struct Impl;
  std::unique_ptr<Impl> m_impl;
  SparseMat m_matrix;  // UMFPACK keeps pointers into the factored matrix: own a copy
  bool m_analyzed = false;
  std::uint64_t m_patternKey = 0;  // of the analysed pattern (0: unknown)
  bool m_factorized = false;
  double m_rcond = 0.0;
  double m_singularThreshold = 1e-14;
  Method m_method = Method::Umfpack;
  long m_factorizations = 0;
  long m_fullFactorizations = 0;  // KLU: with a new pivot search
  long m_analyses = 0;
};

}  // namespace mbs::solver
