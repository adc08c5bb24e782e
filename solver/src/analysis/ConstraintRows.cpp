#include "analysis/ConstraintRows.hpp"

#include <Eigen/SparseLU>
#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <sstream>

namespace mbs::solver::detail {

SparseMat selectRows(const SparseMat& a, const std::vector<int>& rows)
{
  std::vector<int> newIndex(a.rows(), -1);
  for (int k = 0; k < static_cast<int>(rows.size()); ++k)
    newIndex[rows[k]] = k;
  Triplets t;
  for (int c = 0; c < a.outerSize(); ++c)
    for (SparseMat::InnerIterator it(a, c); it; ++it)
      if (newIndex[it.row()] >= 0)
        t.emplace_back(newIndex[it.row()], it.col(), it.value());
  SparseMat out(static_cast<int>(rows.size()), a.cols());
  out.setFromTriplets(t.begin(), t.end());
  return out;
}

Vec selectRows(const Vec& v, const std::vector<int>& rows)
{
  Vec out(rows.size());
  for (int k = 0; k < static_cast<int>(rows.size()); ++k)
    out[k] = v[rows[k]];
  return out;
}

Vec scatterRows(const Vec& values, const std::vector<int>& rows, int size)
{
  Vec out = Vec::Zero(size);
  for (int k = 0; k < static_cast<int>(rows.size()); ++k)
    out[rows[k]] = values[k];
  return out;
}

bool solveSaddlePoint(const SparseMat& h, const SparseMat& a, const Vec& f, const Vec& g, Vec& x, Vec& y,
                      double eps, const SparseMat* upperRight)
{
  const int n = static_cast<int>(h.rows()), m = static_cast<int>(a.rows());
  Triplets t;
  t.reserve(h.nonZeros() + 2 * a.nonZeros() + m + (upperRight ? upperRight->nonZeros() : 0));
  for (int c = 0; c < h.outerSize(); ++c)
    for (SparseMat::InnerIterator it(h, c); it; ++it)
      t.emplace_back(it.row(), it.col(), it.value());
  if (upperRight)
    for (int c = 0; c < upperRight->outerSize(); ++c)
      for (SparseMat::InnerIterator it(*upperRight, c); it; ++it)
        t.emplace_back(it.row(), n + it.col(), it.value());
  for (int c = 0; c < a.outerSize(); ++c)
    for (SparseMat::InnerIterator it(a, c); it; ++it) {
      t.emplace_back(n + it.row(), it.col(), it.value());
      t.emplace_back(it.col(), n + it.row(), it.value());
    }
  if (eps > 0.0)
    for (int r = 0; r < m; ++r)
      t.emplace_back(n + r, n + r, -eps);
  SparseMat k(n + m, n + m);
  k.setFromTriplets(t.begin(), t.end());
  k.makeCompressed();
  Eigen::SparseLU<SparseMat> lu;
  lu.compute(k);
  if (lu.info() != Eigen::Success)
    return false;
  Vec rhs(n + m);
  rhs << f, g;
  const Vec sol = lu.solve(rhs);
  if (lu.info() != Eigen::Success || !sol.allFinite())
    return false;
  x = sol.head(n);
  y = sol.tail(m);
  return true;
}

namespace {

// Row indices sorted by decreasing |residual|, the first `count` of them; a non-finite residual
// (a NaN motion, say) is the worst of all.
std::vector<int> largestRows(const Vec& residual, int count)
{
  std::vector<int> order(residual.size());
  std::iota(order.begin(), order.end(), 0);
  count = std::min<int>(count, static_cast<int>(order.size()));
  auto size = [&](int r) {
    return std::isnan(residual[r]) ? std::numeric_limits<double>::infinity() : std::abs(residual[r]);
  };
  std::partial_sort(order.begin(), order.begin() + count, order.end(),
                    [&](int a, int b) { return size(a) > size(b); });
  order.resize(count);
  return order;
}

}  // namespace

std::string worstEntity(const System& system, const Vec& residual)
{
  const auto rows = largestRows(residual, 1);
  return rows.empty() ? std::string() : system.entityName(system.blockOfRow(rows[0]));
}

std::string worstRows(const System& system, const Vec& residual, int count)
{
  const std::vector<int> order = largestRows(residual, count);
  count = static_cast<int>(order.size());
  std::ostringstream s;
  for (int k = 0; k < count; ++k) {
    if (k > 0)
      s << "; ";
    s << system.describeRow(order[k]) << ": residual " << residual[order[k]];
  }
  return s.str();
}

double constraintResidual(const System& system, double t, const Vec& q, Vec& phi)
{
  system.constraints(t, q, phi);
  return phi.size() ? phi.cwiseAbs().maxCoeff() : 0.0;
}

}  // namespace mbs::solver::detail
