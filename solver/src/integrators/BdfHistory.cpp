#include "integrators/BdfHistory.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

#include "integrators/Polynomial.hpp"

namespace mbs::solver::detail {

void BdfHistory::resample(double h, int order)
{
  // Degree-k polynomial through the newest k+1 points, sampled at t_n − j h.
  const int count = static_cast<int>(m_points.size());
  const int used = std::min(count, order + 1);
  std::vector<double> nodes(used);
  for (int j = 0; j < used; ++j)
    nodes[j] = m_points[j].t;
  std::deque<BdfPoint> fresh;
  fresh.push_back(m_points.front());
  for (int j = 1; j < count; ++j) {
    const double t = m_points.front().t - j * h;
    const std::vector<double> w = lagrangeWeights(nodes, t);
    Vec y = Vec::Zero(m_points.front().y.size());
    for (int i = 0; i < used; ++i)
      y += w[i] * m_points[i].y;
    fresh.push_back({t, std::move(y)});
  }
  m_points = std::move(fresh);
  realPoints = std::min(realPoints, order + 1);
}

void BdfHistory::prepare(double h, int order, bool onGrid, const Vec& startSlope)
{
  if (realPoints == 1) {
    // Start: a fictitious back point on the initial tangent makes the order-1 predictor y0 + h y0'.
    while (m_points.size() > 1)
      m_points.pop_back();
    m_points.push_back({m_points.front().t - h, m_points.front().y - h * startSlope});
    return;
  }
  if (onGrid) {
    const double spacing = m_points[0].t - m_points[1].t;
    if (std::abs(spacing - h) > 1e-10 * h)
      resample(h, order);
  }
}

Vec BdfHistory::backwardDifference(int j, double h) const
{
  std::vector<double> nodes(j + 1);
  std::vector<const Vec*> values(j + 1);
  double factorial = 1.0;
  for (int i = 0; i <= j; ++i) {
    nodes[i] = m_points[i].t;
    values[i] = &m_points[i].y;
    if (i > 0)
      factorial *= i;
  }
  return dividedDifference(nodes, values) * (factorial * std::pow(h, j));
}

}  // namespace mbs::solver::detail
