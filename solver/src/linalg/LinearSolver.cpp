#include "linalg/LinearSolver.hpp"

#include <umfpack.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace mbs::solver {

// Direct use of UMFPACK's C interface (Eigen's wrapper hides the condition estimate).
struct LinearSolver::Impl {
  void* symbolic = nullptr;
  void* numeric = nullptr;
  double control[UMFPACK_CONTROL];
  double info[UMFPACK_INFO];

  Impl() { umfpack_di_defaults(control); }
  ~Impl()
  {
    freeNumeric();
    freeSymbolic();
  }
  void freeNumeric()
  {
    if (numeric)
      umfpack_di_free_numeric(&numeric);
    numeric = nullptr;
  }
  void freeSymbolic()
  {
    if (symbolic)
      umfpack_di_free_symbolic(&symbolic);
    symbolic = nullptr;
  }
};

LinearSolver::LinearSolver() : m_impl(std::make_unique<Impl>()) {}
LinearSolver::~LinearSolver() = default;
LinearSolver::LinearSolver(LinearSolver&&) noexcept = default;
LinearSolver& LinearSolver::operator=(LinearSolver&&) noexcept = default;

bool LinearSolver::samePattern(const SparseMat& A) const
{
  if (!m_analyzed || A.rows() != m_matrix.rows() || A.cols() != m_matrix.cols() ||
      A.nonZeros() != m_matrix.nonZeros())
    return false;
  const auto n = A.cols();
  return std::equal(A.outerIndexPtr(), A.outerIndexPtr() + n + 1, m_matrix.outerIndexPtr()) &&
         std::equal(A.innerIndexPtr(), A.innerIndexPtr() + A.nonZeros(), m_matrix.innerIndexPtr());
}

bool LinearSolver::factorize(const SparseMat& A)
{
  return factorize(A, 0);
}

bool LinearSolver::factorize(const SparseMat& A, std::uint64_t patternKey)
{
  if (A.rows() != A.cols())
    throw std::invalid_argument("LinearSolver::factorize: matrix is not square");
  bool reuse = false;
  if (patternKey != 0 && patternKey == m_patternKey && m_analyzed && A.isCompressed() &&
      A.nonZeros() == m_matrix.nonZeros() && A.rows() == m_matrix.rows()) {
    std::copy(A.valuePtr(), A.valuePtr() + A.nonZeros(), m_matrix.valuePtr());
    reuse = true;
  } else {
    SparseMat copy = A;
    copy.makeCompressed();
    reuse = samePattern(copy);
    m_matrix = std::move(copy);
  }
  m_patternKey = patternKey;
  m_factorized = false;
  m_rcond = 0.0;
  m_impl->freeNumeric();
  const int n = static_cast<int>(m_matrix.rows());
  if (n == 0) {
    m_factorized = true;
    m_rcond = 1.0;
    return true;
  }
  const int* Ap = m_matrix.outerIndexPtr();
  const int* Ai = m_matrix.innerIndexPtr();
  const double* Ax = m_matrix.valuePtr();
  if (!reuse) {
    m_impl->freeSymbolic();
    ++m_analyses;
    const int status =
        umfpack_di_symbolic(n, n, Ap, Ai, Ax, &m_impl->symbolic, m_impl->control, m_impl->info);
    m_analyzed = status == UMFPACK_OK;
    if (!m_analyzed) {
      m_patternKey = 0;
      return false;
    }
  }
  ++m_factorizations;
  const int status =
      umfpack_di_numeric(Ap, Ai, Ax, m_impl->symbolic, &m_impl->numeric, m_impl->control, m_impl->info);
  if (status != UMFPACK_OK)  // includes UMFPACK_WARNING_singular_matrix
    return false;
  m_rcond = m_impl->info[UMFPACK_RCOND];
  if (!(m_rcond >= m_singularThreshold))
    return false;
  m_factorized = true;
  return true;
}

Vec LinearSolver::solve(const Vec& b, Refinement refinement) const
{
  if (!m_factorized)
    throw std::logic_error("LinearSolver::solve called without a successful factorization");
  const int n = static_cast<int>(m_matrix.rows());
  if (b.size() != n)
    throw std::invalid_argument("LinearSolver::solve: right-hand side has the wrong size");
  Vec x(n);
  if (n == 0)
    return x;
  double info[UMFPACK_INFO];
  double control[UMFPACK_CONTROL];
  std::copy(std::begin(m_impl->control), std::end(m_impl->control), control);
  if (refinement == Refinement::None)
    control[UMFPACK_IRSTEP] = 0;
  umfpack_di_solve(UMFPACK_A, m_matrix.outerIndexPtr(), m_matrix.innerIndexPtr(), m_matrix.valuePtr(),
                   x.data(), b.data(), m_impl->numeric, control, info);
  return x;
}

}  // namespace mbs::solver
