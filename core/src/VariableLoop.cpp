#include "VariableLoop.hpp"

#include <Eigen/Dense>
#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

#include "mbs/solver/Functions.hpp"

namespace mbs::core::detail {

using mbs::solver::StateView;

// (Forward from d, then backward from d within what was reached: the strongly connected component.)
std::vector<int> loopThrough(const VariableTable& table, int d)
{
  const int n = int(table.size());
  std::vector<char> reached(std::size_t(n), 0), back(std::size_t(n), 0);
  std::vector<std::vector<int>> readers(static_cast<std::size_t>(n));
  std::vector<int> todo{d}, members;
  reached[std::size_t(d)] = 1;
  while (!todo.empty()) {
    const int x = todo.back();
    todo.pop_back();
    for (const int r : table[std::size_t(x)]->variableReads())
      if (r >= 0 && r < n && table[std::size_t(r)]) {
        readers[std::size_t(r)].push_back(x);
        if (!reached[std::size_t(r)]) {
          reached[std::size_t(r)] = 1;
          todo.push_back(r);
        }
      }
  }
  todo = {d};
  back[std::size_t(d)] = 1;
  while (!todo.empty()) {
    const int x = todo.back();
    todo.pop_back();
    members.push_back(x);
    for (const int r : readers[std::size_t(x)])
      if (!back[std::size_t(r)]) {
        back[std::size_t(r)] = 1;
        todo.push_back(r);
      }
  }
  std::sort(members.begin(), members.end());
  return members;
}

bool solveVariableLoop(const VariableTable& table, std::vector<std::uint64_t>& done,
                       std::vector<double>& value, std::uint64_t epoch, int d, double time,
                       const StateView* state, const std::function<double(int)>& outside)
{
  const std::vector<int> loop = loopThrough(table, d);
  const int m = int(loop.size());
  for (const int i : loop)
    for (const int r : table[std::size_t(i)]->variableReads())
      if (!std::binary_search(loop.begin(), loop.end(), r) && done[std::size_t(r)] != epoch &&
          !std::isfinite(outside(r)))
        return false;  // (reported by the VARIABLE outside)
  auto f = [&](const Eigen::VectorXd& x, Eigen::VectorXd& out) {
    for (int i = 0; i < m; ++i) {
      value[std::size_t(loop[std::size_t(i)])] = x[i];
      done[std::size_t(loop[std::size_t(i)])] = epoch;
    }
    out.resize(m);
    for (int i = 0; i < m; ++i)
      out[i] = table[std::size_t(loop[std::size_t(i)])]->evaluate(time, state);
    return out.allFinite();
  };
  Eigen::VectorXd x(m), fx, fp, residual;
  for (int i = 0; i < m; ++i) {
    const double last = value[std::size_t(loop[std::size_t(i)])];
    x[i] = std::isfinite(last) ? last : 0.0;
  }
  std::string why = "no solution was found";
  bool converged = false;
  constexpr int kMaxIterations = 50;
  // Converged at |x − f(x)| ≤ 1e-12 (1 + |f|); then up to two more steps while they halve the
  // residual (the difference Jacobian's rounding leaves ~1e-12 after the first step of a linear
  // loop), keeping the best f(x).
  Eigen::VectorXd best;
  double bestResidual = std::numeric_limits<double>::infinity(), previous = bestResidual;
  int polish = 0;
  for (int it = 0; it < kMaxIterations; ++it) {
    if (!f(x, fx)) {
      why = "a member's function is not finite on the way";
      break;
    }
    residual = x - fx;
    const double r = residual.lpNorm<Eigen::Infinity>();
    if (r < bestResidual) {
      bestResidual = r;
      best = fx;
    }
    if (bestResidual <= 1e-12 * (1.0 + best.lpNorm<Eigen::Infinity>()) &&
        (r == 0.0 || r > 0.5 * previous || ++polish > 2)) {
      converged = true;
      break;
    }
    previous = r;
    Eigen::MatrixXd jacobian = Eigen::MatrixXd::Identity(m, m);
    bool finite = true;
    for (int j = 0; j < m && finite; ++j) {
      Eigen::VectorXd xp = x;
      const double h = 1e-7 * (1.0 + std::abs(x[j]));
      xp[j] += h;
      finite = f(xp, fp);
      jacobian.col(j) -= (fp - fx) / h;
    }
    Eigen::FullPivLU<Eigen::MatrixXd> lu(jacobian);
    lu.setThreshold(1e-8);  // (the difference Jacobian is good to ~1e-9: a smaller pivot is zero)
    if (!finite || !lu.isInvertible()) {
      why = finite ? "the loop's Jacobian I − ∂f/∂x is singular (no unique solution)"
                   : "a member's function is not finite on the way";
      break;
    }
    x -= lu.solve(residual);
  }
  if (converged) {  // (f(x) within the tolerance of x: the members keep f(x), their values)
    for (int i = 0; i < m; ++i)
      value[std::size_t(loop[std::size_t(i)])] = best[i];
    return true;
  }
  std::string names;
  for (const int i : loop)
    names += (names.empty() ? "" : ", ") + table[std::size_t(i)]->owner();
  for (const int i : loop)
    value[std::size_t(i)] = std::numeric_limits<double>::quiet_NaN();
  mbs::solver::reportNonFiniteFunction(table[std::size_t(loop.front())]->owner(),
                                       "the algebraic loop of " + names +
                                           " (VARIABLEs reading each other) has "
                                           "no solution: " +
                                           why + " in " + std::to_string(kMaxIterations) +
                                           " Newton iterations",
                                       time);
  return false;
}

}  // namespace mbs::core::detail
