#include "Polynomial.hpp"

namespace mbs::solver::detail {

std::vector<double> lagrangeWeights(const std::vector<double>& nodes, double t)
{
  const size_t count = nodes.size();
  std::vector<double> w(count, 1.0);
  for (size_t j = 0; j < count; ++j)
    for (size_t i = 0; i < count; ++i)
      if (i != j)
        w[j] *= (t - nodes[i]) / (nodes[j] - nodes[i]);
  return w;
}

std::vector<double> lagrangeDerivativeWeightsAtFirst(const std::vector<double>& nodes)
{
  const size_t count = nodes.size();
  std::vector<double> a(count, 0.0);
  const double x = nodes[0];
  for (size_t i = 1; i < count; ++i)
    a[0] += 1.0 / (x - nodes[i]);
  for (size_t j = 1; j < count; ++j) {
    double w = 1.0 / (nodes[j] - x);
    for (size_t i = 1; i < count; ++i)
      if (i != j)
        w *= (x - nodes[i]) / (nodes[j] - nodes[i]);
    a[j] = w;
  }
  return a;
}

// In the local variable s = (t − a)/(b − a), so the coefficients stay of the size of the node
// spacing over the interval whatever the time.
std::vector<double> lagrangeIntegralWeights(const std::vector<double>& nodes, double a, double b)
{
  const std::size_t n = nodes.size();
  const double h = b - a;
  std::vector<double> s(n), weights(n);
  for (std::size_t j = 0; j < n; ++j)
    s[j] = (nodes[j] - a) / h;
  for (std::size_t j = 0; j < n; ++j) {
    std::vector<double> c{1.0};  // Π_{k≠j} (s − s_k) / (s_j − s_k), lowest degree first
    for (std::size_t k = 0; k < n; ++k) {
      if (k == j)
        continue;
      const double scale = 1.0 / (s[j] - s[k]);
      std::vector<double> next(c.size() + 1, 0.0);
      for (std::size_t d = 0; d < c.size(); ++d) {
        next[d + 1] += c[d] * scale;
        next[d] -= c[d] * s[k] * scale;
      }
      c = std::move(next);
    }
    double integral = 0.0;  // over s in [0, 1]
    for (std::size_t d = 0; d < c.size(); ++d)
      integral += c[d] / static_cast<double>(d + 1);
    weights[j] = integral * h;
  }
  return weights;
}

// The general weights over [t_{k−1}, t_k] (computed in s = (t − t_{k−1}) / h, well conditioned for
// any ratio of step sizes).
std::vector<double> lagrangeLastIntervalIntegralWeights(const std::vector<double>& nodes)
{
  return lagrangeIntegralWeights(nodes, nodes[nodes.size() - 2], nodes.back());
}

Vec dividedDifference(const std::vector<double>& nodes, const std::vector<const Vec*>& values)
{
  std::vector<Vec> table;
  table.reserve(values.size());
  for (const Vec* v : values)
    table.push_back(*v);
  for (size_t level = 1; level < table.size(); ++level)
    for (size_t i = 0; i + level < table.size(); ++i)
      table[i] = (table[i] - table[i + 1]) / (nodes[i] - nodes[i + level]);
  return table.front();
}

}  // namespace mbs::solver::detail
