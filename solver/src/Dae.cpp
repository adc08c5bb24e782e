#include "Dae.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

namespace mbs::solver {
namespace {

// Dense-column finite-difference Jacobian of f(x) stored sparse (drops exact zeros).
template <typename F>
SparseMat centralDifference(F&& f, const Vec& x, int rows)
{
  Triplets triplets;
  Vec xp = x, fp(rows), fm(rows);
  for (int k = 0; k < x.size(); ++k) {
    const double h = 1e-6 * std::max(1.0, std::abs(x[k]));
    xp[k] = x[k] + h;
    f(xp, fp);
    xp[k] = x[k] - h;
    f(xp, fm);
    xp[k] = x[k];
    for (int r = 0; r < rows; ++r) {
      const double d = (fp[r] - fm[r]) / (2 * h);
      if (d != 0.0)
        triplets.emplace_back(r, k, d);
    }
  }
  SparseMat J(rows, static_cast<int>(x.size()));
  J.setFromTriplets(triplets.begin(), triplets.end());
  return J;
}

}  // namespace

void Dae::constraintProducts(double t, const Vec& q, const Vec& v, const Mat& multipliers, Vec& phi,
                             Vec& phiQv, Mat& phiQtMultipliers) const
{
  SparseMat phiQ;
  constraints(t, q, phi);
  constraintJacobian(t, q, phiQ);
  phiQv = phiQ * v;
  phiQtMultipliers = phiQ.transpose() * multipliers;
}

void Dae::forceJacobians(double t, const Vec& q, const Vec& qd, SparseMat& dQdq, SparseMat& dQdqd) const
{
  const int n = numCoordinates();
  dQdq = centralDifference([&](const Vec& x, Vec& out) { forces(t, x, qd, out); }, q, n);
  dQdqd = centralDifference([&](const Vec& x, Vec& out) { forces(t, q, x, out); }, qd, n);
}

void Dae::constraintForceJacobian(double t, const Vec& q, const Vec& lambda, SparseMat& out) const
{
  const int n = numCoordinates();
  out = centralDifference(
      [&](const Vec& x, Vec& result) {
        SparseMat phiQ;
        constraintJacobian(t, x, phiQ);
        result = phiQ.transpose() * lambda;
      },
      q, n);
}

void Dae::constraintSecondDerivatives(double t, const Vec& q, const Vec& lambda, const Vec& v,
                                      SparseMat& dPhiQtLambda, SparseMat& dPhiQv) const
{
  constraintForceJacobian(t, q, lambda, dPhiQtLambda);
  // ∂(Φ_q v)/∂q has the sparsity of Φ_q. Columns that share no row of Φ_q are perturbed together
  // (greedy colouring), so a chain costs a few evaluations of Φ_q instead of 2n.
  const int n = numCoordinates(), m = numConstraints();
  SparseMat phiQ;
  constraintJacobian(t, q, phiQ);
  std::vector<int> color(n, -1);
  std::vector<std::vector<char>> rowUsed;  // rowUsed[color][row]
  int colors = 0;
  for (int c = 0; c < n; ++c) {
    int chosen = -1;
    for (int k = 0; k < colors && chosen < 0; ++k) {
      bool clash = false;
      for (SparseMat::InnerIterator it(phiQ, c); it && !clash; ++it)
        clash = rowUsed[k][it.row()] != 0;
      if (!clash)
        chosen = k;
    }
    if (chosen < 0) {
      chosen = colors++;
      rowUsed.emplace_back(m, 0);
    }
    color[c] = chosen;
    for (SparseMat::InnerIterator it(phiQ, c); it; ++it)
      rowUsed[chosen][it.row()] = 1;
  }
  Triplets trip;
  trip.reserve(phiQ.nonZeros());
  Vec qp = q, qm = q, step(n);
  SparseMat Jp, Jm;
  for (int k = 0; k < colors; ++k) {
    for (int c = 0; c < n; ++c) {
      step[c] = color[c] == k ? 1e-6 * std::max(1.0, std::abs(q[c])) : 0.0;
      qp[c] = q[c] + step[c];
      qm[c] = q[c] - step[c];
    }
    constraintJacobian(t, qp, Jp);
    constraintJacobian(t, qm, Jm);
    const Vec diff = Jp * v - Jm * v;
    for (int c = 0; c < n; ++c)
      if (color[c] == k)
        for (SparseMat::InnerIterator it(phiQ, c); it; ++it)
          trip.emplace_back(it.row(), c, diff[it.row()] / (2 * step[c]));
  }
  dPhiQv.resize(m, n);
  dPhiQv.setFromTriplets(trip.begin(), trip.end());
}

void Dae::reactionForces(double, const Vec&, const Vec&, const Vec&, Vec& Q) const
{
  Q.setZero(numCoordinates());
}

void Dae::reactionForceJacobians(double, const Vec&, const Vec&, const Vec&, SparseMat& dQdLambda,
                                 SparseMat& dQdqd) const
{
  dQdLambda.resize(numCoordinates(), numConstraints());
  dQdLambda.setZero();
  dQdqd.resize(numCoordinates(), numCoordinates());
  dQdqd.setZero();
}

void Dae::reactionForcePositionJacobian(double, const Vec&, const Vec&, const Vec&, SparseMat& dQdq) const
{
  dQdq.resize(numCoordinates(), numCoordinates());
  dQdq.setZero();
}

}  // namespace mbs::solver
