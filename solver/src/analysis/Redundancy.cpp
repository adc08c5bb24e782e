#include "mbs/solver/Redundancy.hpp"

#include <Eigen/OrderingMethods>
#include <Eigen/SparseQR>
#include <algorithm>

namespace mbs::solver {

std::vector<std::string> RedundancyReport::warnings() const
{
  // Group the rows per entity description prefix ("joint 'x' (revolute)").
  std::vector<std::pair<std::string, std::string>> groups;
  for (const RedundantRow& r : redundant) {
    const auto cut = r.description.find(", equation ");
    const std::string head = r.description.substr(0, cut);
    std::string eq = cut == std::string::npos ? "" : r.description.substr(cut + 11);
    eq = eq.substr(0, eq.find(' '));
    if (groups.empty() || groups.back().first != head)
      groups.emplace_back(head, eq);
    else
      groups.back().second += ", " + eq;
  }
  std::vector<std::string> out;
  for (const auto& [head, eqs] : groups)
    out.push_back(head + ": equation" + (eqs.find(',') == std::string::npos ? " " : "s ") + eqs +
                  " redundant and removed (its reaction is carried by the other constraints)");
  return out;
}

RedundancyReport analyzeRedundancy(const System& system, const Vec& q, double t, double tolerance)
{
  SparseMat phiQ;
  system.constraintJacobian(t, q, phiQ);
  // Sparse QR of Φ_qᵀ with rows scaled to unit norm, columns in their natural order: Eigen's
  // SparseQR moves a column whose pivot falls below the threshold to the end, i.e. it keeps the
  // rows that raise the rank of the rows before them.
  SparseMat at = phiQ.transpose();
  const int m = static_cast<int>(at.cols());
  for (int c = 0; c < m; ++c) {
    const double norm = at.col(c).norm();
    if (norm > 0.0)
      at.col(c) /= norm;
  }
  at.makeCompressed();
  Eigen::SparseQR<SparseMat, Eigen::NaturalOrdering<int>> qr;
  qr.setPivotThreshold(tolerance);
  qr.compute(at);
  RedundancyReport report;
  report.rank = static_cast<int>(qr.rank());
  report.dof = system.numCoordinates() - report.rank;
  const auto& perm = qr.colsPermutation().indices();
  report.activeRows.assign(perm.data(), perm.data() + report.rank);
  std::sort(report.activeRows.begin(), report.activeRows.end());
  std::vector<int> redundantRows(perm.data() + report.rank, perm.data() + m);
  std::sort(redundantRows.begin(), redundantRows.end());
  for (int r : redundantRows)
    report.redundant.push_back({r, system.entityName(system.blockOfRow(r)), system.describeRow(r)});
  return report;
}

}  // namespace mbs::solver
