#include "linalg/LinearSolver.hpp"

#include <klu.h>
#include <umfpack.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

namespace mbs::solver {

// Direct use of UMFPACK's and KLU's C interfaces (Eigen's wrappers hide the condition estimate
// and KLU's refactorization).
struct LinearSolver::Impl {
  void* symbolic = nullptr;
  void* numeric = nullptr;
  double control[UMFPACK_CONTROL];
  double info[UMFPACK_INFO];
  klu_common klu;
  klu_symbolic* kluSymbolic = nullptr;
  klu_numeric* kluNumeric = nullptr;
  double fullGrowth = 0.0;  // KLU reciprocal pivot growth of the last full factorization

  Impl()
  {
    umfpack_di_defaults(control);
    klu_defaults(&klu);
    // AMD on A + Aᵀ without the block-triangular pre-ordering: the Newton and saddle-point
    // matrices are irreducible, and BTF/COLAMD gave factors that made each solve 1.6× dearer
    // (100-link chain, callgrind).
    klu.ordering = 0;
    klu.btf = 0;
  }
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
    if (kluNumeric)
      klu_free_numeric(&kluNumeric, &klu);
    kluNumeric = nullptr;
  }
  void freeSymbolic()
  {
    if (symbolic)
      umfpack_di_free_symbolic(&symbolic);
    symbolic = nullptr;
    if (kluSymbolic)
      klu_free_symbolic(&kluSymbolic, &klu);
    kluSymbolic = nullptr;
  }
};

LinearSolver::LinearSolver() : m_impl(std::make_unique<Impl>()) {}
LinearSolver::~LinearSolver() = default;
LinearSolver::LinearSolver(LinearSolver&&) noexcept = default;
LinearSolver& LinearSolver::operator=(LinearSolver&&) noexcept = default;

void LinearSolver::setMethod(Method method)
{
  if (method == m_method)
    return;
  m_method = method;
  m_impl->freeNumeric();
  m_impl->freeSymbolic();
  m_analyzed = false;
  m_factorized = false;
  m_patternKey = 0;
}

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
  const int n = static_cast<int>(m_matrix.rows());
  if (n == 0) {
    m_impl->freeNumeric();
    m_factorized = true;
    m_rcond = 1.0;
    return true;
  }
  ++m_factorizations;
  const bool ok = m_method == Method::Umfpack ? factorizeUmfpack(reuse) : factorizeKlu(reuse);
  if (!m_analyzed)
    m_patternKey = 0;
  if (!ok || !(m_rcond >= m_singularThreshold))
    return false;
  m_factorized = true;
  return true;
}

bool LinearSolver::factorizeUmfpack(bool reuse)
{
  m_impl->freeNumeric();
  const int n = static_cast<int>(m_matrix.rows());
  const int* Ap = m_matrix.outerIndexPtr();
  const int* Ai = m_matrix.innerIndexPtr();
  const double* Ax = m_matrix.valuePtr();
  if (!reuse) {
    m_impl->freeSymbolic();
    ++m_analyses;
    const int status =
        umfpack_di_symbolic(n, n, Ap, Ai, Ax, &m_impl->symbolic, m_impl->control, m_impl->info);
    m_analyzed = status == UMFPACK_OK;
    if (!m_analyzed)
      return false;
  }
  const int status =
      umfpack_di_numeric(Ap, Ai, Ax, m_impl->symbolic, &m_impl->numeric, m_impl->control, m_impl->info);
  if (status != UMFPACK_OK)  // includes UMFPACK_WARNING_singular_matrix
    return false;
  m_rcond = m_impl->info[UMFPACK_RCOND];
  return true;
}

bool LinearSolver::factorizeKlu(bool reuse)
{
  Impl& k = *m_impl;
  const int n = static_cast<int>(m_matrix.rows());
  int* Ap = m_matrix.outerIndexPtr();
  int* Ai = m_matrix.innerIndexPtr();
  double* Ax = m_matrix.valuePtr();
  if (!reuse || !k.kluSymbolic) {
    k.freeNumeric();
    k.freeSymbolic();
    ++m_analyses;
    k.kluSymbolic = klu_analyze(n, Ap, Ai, &k.klu);
    m_analyzed = k.kluSymbolic != nullptr;
    if (!m_analyzed)
      return false;
  }
  // Refactor with the kept pivot sequence; a new pivot search when that fails, the pivots grew
  // (reciprocal growth far below the full factorization's) or the estimate says near singular.
  if (k.kluNumeric) {
    const bool refactored = klu_refactor(Ap, Ai, Ax, k.kluSymbolic, k.kluNumeric, &k.klu) &&
                            k.klu.status == KLU_OK && klu_rcond(k.kluSymbolic, k.kluNumeric, &k.klu) &&
                            klu_rgrowth(Ap, Ai, Ax, k.kluSymbolic, k.kluNumeric, &k.klu);
    if (refactored && k.klu.rgrowth >= 1e-2 * k.fullGrowth && k.klu.rcond >= m_singularThreshold) {
      m_rcond = k.klu.rcond;
      return true;
    }
    klu_free_numeric(&k.kluNumeric, &k.klu);
    k.kluNumeric = nullptr;
  }
  ++m_fullFactorizations;
  k.kluNumeric = klu_factor(Ap, Ai, Ax, k.kluSymbolic, &k.klu);
  if (!k.kluNumeric || k.klu.status != KLU_OK) {  // KLU_SINGULAR: a zero pivot
    if (k.kluNumeric)
      klu_free_numeric(&k.kluNumeric, &k.klu);
    k.kluNumeric = nullptr;
    return false;
  }
  if (!klu_rcond(k.kluSymbolic, k.kluNumeric, &k.klu) ||
      !klu_rgrowth(Ap, Ai, Ax, k.kluSymbolic, k.kluNumeric, &k.klu))
    return false;
  k.fullGrowth = k.klu.rgrowth;
  m_rcond = k.klu.rcond;
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
  if (m_method == Method::KluRefactor)
    return solveKlu(b, refinement);
  double info[UMFPACK_INFO];
  double control[UMFPACK_CONTROL];
  std::copy(std::begin(m_impl->control), std::end(m_impl->control), control);
  if (refinement == Refinement::None)
    control[UMFPACK_IRSTEP] = 0;
  umfpack_di_solve(UMFPACK_A, m_matrix.outerIndexPtr(), m_matrix.innerIndexPtr(), m_matrix.valuePtr(),
                   x.data(), b.data(), m_impl->numeric, control, info);
  return x;
}

Vec LinearSolver::solveTransposed(const Vec& b) const
{
  if (!m_factorized)
    throw std::logic_error("LinearSolver::solveTransposed called without a successful factorization");
  const int n = static_cast<int>(m_matrix.rows());
  if (b.size() != n)
    throw std::invalid_argument("LinearSolver::solveTransposed: right-hand side has the wrong size");
  if (n == 0)
    return Vec(0);
  if (m_method == Method::KluRefactor) {
    Vec x = b;
    klu_tsolve(m_impl->kluSymbolic, m_impl->kluNumeric, n, 1, x.data(), &m_impl->klu);
    return x;
  }
  Vec x(n);
  double info[UMFPACK_INFO];
  double control[UMFPACK_CONTROL];
  std::copy(std::begin(m_impl->control), std::end(m_impl->control), control);
  control[UMFPACK_IRSTEP] = 0;
  umfpack_di_solve(UMFPACK_At, m_matrix.outerIndexPtr(), m_matrix.innerIndexPtr(), m_matrix.valuePtr(),
                   x.data(), b.data(), m_impl->numeric, control, info);
  return x;
}

Vec LinearSolver::solveKlu(const Vec& b, Refinement refinement) const
{
  Impl& k = *m_impl;
  const int n = static_cast<int>(m_matrix.rows());
  Vec x = b;
  klu_solve(k.kluSymbolic, k.kluNumeric, n, 1, x.data(), &k.klu);
  if (refinement == Refinement::None)
    return x;
  // Iterative refinement as UMFPACK does it (up to two steps, kept while the residual shrinks):
  // the direct solves (initial conditions, output accelerations) need the digits.
  Vec r = b - m_matrix * x;
  double residual = r.lpNorm<Eigen::Infinity>();
  const double scale = (m_matrix.cwiseAbs() * x.cwiseAbs() + b.cwiseAbs()).maxCoeff();
  for (int step = 0; step < 2; ++step) {
    if (!(residual > std::numeric_limits<double>::epsilon() * scale))
      break;
    Vec dx = r;
    klu_solve(k.kluSymbolic, k.kluNumeric, n, 1, dx.data(), &k.klu);
    const Vec candidate = x + dx;
    Vec rc = b - m_matrix * candidate;
    const double rn = rc.lpNorm<Eigen::Infinity>();
    if (!(rn < 0.5 * residual))
      break;
    x = candidate;
    r = std::move(rc);
    residual = rn;
  }
  return x;
}

}  // namespace mbs::solver
