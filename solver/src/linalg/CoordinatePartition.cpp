#include "linalg/CoordinatePartition.hpp"

#include <umfpack.h>

#include <algorithm>
#include <cmath>
#include <limits>

namespace mbs::solver {
namespace {

// Owns UMFPACK's symbolic and numeric objects.
struct UmfpackFactors {
  void* symbolic = nullptr;
  void* numeric = nullptr;
  UmfpackFactors() = default;
  UmfpackFactors(const UmfpackFactors&) = delete;
  UmfpackFactors& operator=(const UmfpackFactors&) = delete;
  ~UmfpackFactors()
  {
    if (numeric)
      umfpack_di_free_numeric(&numeric);
    if (symbolic)
      umfpack_di_free_symbolic(&symbolic);
  }
};

}  // namespace

// Why the pivot rows of Φ_qᵀ are a well-conditioned dependent set: with strict partial pivoting
// (every pivot the largest entry left in its column), the n × m LU of the tall Φ_qᵀ, rows in pivot
// order, reads [Φ_Dᵀ; Φ_Iᵀ] Q = [L_D; L_I] U with every |L_ij| ≤ 1 and L_D unit lower triangular,
// so Φ_D⁻¹ Φ_I = (L_I L_D⁻¹)ᵀ: the sensitivity is bounded as Gaussian elimination with partial
// pivoting bounds its growth (large only in contrived cases), the guarantee the dense
// full-pivoting LU of Φ_q gave. UMFPACK orders the m columns (constraints) for sparsity, and the
// fill of a mechanism's Φ_qᵀ stays local: memory and time about linear in its nonzeros.
std::optional<CoordinatePartition> partitionCoordinates(const SparseMat& phiQ)
{
  const int m = static_cast<int>(phiQ.rows());
  const int n = static_cast<int>(phiQ.cols());
  if (m > n)
    return std::nullopt;
  CoordinatePartition partition;
  if (m == 0) {
    for (int i = 0; i < n; ++i)
      partition.independent.push_back(i);
    return partition;
  }
  SparseMat phiQt = phiQ.transpose();  // n × m, column j = constraint j
  // Entries stored as exact zeros (a joint's rows at Euler parameters (1, 0, 0, 0)) cannot be
  // pivots; left in, they made UMFPACK's numeric phase quadratic in a chain's length (N = 10000
  // links: 65 s against 0.2 s without them).
  phiQt.prune([](const int&, const int&, const double& value) { return value != 0.0; });
  phiQt.makeCompressed();
  double control[UMFPACK_CONTROL];
  double info[UMFPACK_INFO];
  umfpack_di_defaults(control);
  control[UMFPACK_PIVOT_TOLERANCE] = 1.0;  // strict partial pivoting (default 0.1 takes any within 10×)
  // The automatic strategy may pick the symmetric one, which accepts diagonal pivots down to
  // UMFPACK_SYM_PIVOT_TOLERANCE (0.001) of the column; the unsymmetric one applies the threshold
  // to every pivot.
  control[UMFPACK_STRATEGY] = UMFPACK_STRATEGY_UNSYMMETRIC;
  control[UMFPACK_SINGLETONS] = 0;  // singletons are pivoted by structure alone, without the threshold test
  control[UMFPACK_SCALE] = UMFPACK_SCALE_NONE;  // compare entries in the model's units
  UmfpackFactors factors;
  const int* Ap = phiQt.outerIndexPtr();
  const int* Ai = phiQt.innerIndexPtr();
  const double* Ax = phiQt.valuePtr();
  if (umfpack_di_symbolic(n, m, Ap, Ai, Ax, &factors.symbolic, control, info) != UMFPACK_OK)
    return std::nullopt;
  // UMFPACK_WARNING_singular_matrix: a zero pivot. A pivot this small against the largest is a
  // rank loss in rounding (the dense LU's rank test: eps·min(m, n) of the largest pivot).
  if (umfpack_di_numeric(Ap, Ai, Ax, factors.symbolic, &factors.numeric, control, info) != UMFPACK_OK ||
      !(info[UMFPACK_RCOND] > std::numeric_limits<double>::epsilon() * m))
    return std::nullopt;
  std::vector<int> pivotRows(n), pivotColumns(m);
  if (umfpack_di_get_numeric(nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, pivotRows.data(),
                             pivotColumns.data(), nullptr, nullptr, nullptr, factors.numeric) != UMFPACK_OK)
    return std::nullopt;
  // The first m pivot rows of Φ_qᵀ are the dependent coordinates, the others independent.
  std::vector<bool> isDependent(n, false);
  for (int k = 0; k < m; ++k)
    isDependent[pivotRows[k]] = true;
  for (int i = 0; i < n; ++i)
    (isDependent[i] ? partition.dependent : partition.independent).push_back(i);
  return partition;
}

double estimateDependentSensitivity(const SparseMat& phiQ, const CoordinatePartition& partition,
                                    const LinearSolver& dependentSolver)
{
  const auto& independent = partition.independent;
  const int p = static_cast<int>(independent.size());
  const int n = static_cast<int>(phiQ.cols());
  if (partition.dependent.empty() || p == 0)
    return 0.0;
  // B x = Φ_D⁻¹ (Φ_I x) and Bᵀ y = Φ_Iᵀ (Φ_D⁻ᵀ y), with Φ_I the independent columns of Φ_q.
  Vec spread = Vec::Zero(n);
  auto applyB = [&](const Vec& x) {
    for (int i = 0; i < p; ++i)
      spread[independent[i]] = x[i];
    return dependentSolver.solve(phiQ * spread, LinearSolver::Refinement::None);
  };
  auto applyBTransposed = [&](const Vec& y) {
    const Vec gathered = phiQ.transpose() * dependentSolver.solveTransposed(y);
    Vec out(p);
    for (int i = 0; i < p; ++i)
      out[i] = gathered[independent[i]];
    return out;
  };
  // Hager's iteration as LAPACK's dlacn2 runs it: ascend ‖B x‖₁ over the unit 1-norm ball from the
  // uniform vector, moving to the unit vector e_j that the subgradient Bᵀ sign(B x) favours.
  Vec x = Vec::Constant(p, 1.0 / p);
  double estimate = 0.0;
  Eigen::Index lastColumn = -1;
  for (int iteration = 0; iteration < 5; ++iteration) {
    const Vec y = applyB(x);
    const double norm = y.lpNorm<1>();
    if (iteration > 0 && norm <= estimate)
      break;
    estimate = norm;
    const Vec z = applyBTransposed(y.unaryExpr([](double v) { return v >= 0.0 ? 1.0 : -1.0; }));
    Eigen::Index column = 0;
    const double largest = z.cwiseAbs().maxCoeff(&column);
    if (column == lastColumn || largest <= z.dot(x))
      break;
    x = Vec::Unit(p, column);
    lastColumn = column;
  }
  // Higham's alternating test vector catches what the ascent can miss (LAPACK does the same).
  Vec alternating(p);
  for (int i = 0; i < p; ++i)
    alternating[i] = (i % 2 == 0 ? 1.0 : -1.0) * (1.0 + (p > 1 ? static_cast<double>(i) / (p - 1) : 0.0));
  return std::max(estimate, 2.0 * applyB(alternating).lpNorm<1>() / (3.0 * p));
}

}  // namespace mbs::solver
