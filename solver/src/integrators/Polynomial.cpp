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
