#pragma once
// The past points of a variable-step, variable-order BDF, newest first, and what both BDF
// integrators (the absolute formulation's BdfIntegrator and the DMBS formulation's JointBdf) do
// with them before a step and for order selection.
#include <deque>

#include "mbs/solver/Types.hpp"

namespace mbs::solver::detail {

struct BdfPoint {
  double t;
  Vec y;
};

class BdfHistory {
public:
  // History points that are computed (not the fictitious start point or re-sampled ones).
  int realPoints = 0;

  // Before a step of size h at order `order`. At the start (one real point) a fictitious back
  // point on the initial tangent makes the order-1 predictor y0 + h y0'. `onGrid` (fixed leading
  // coefficient, GSTIFF): the history is re-sampled on t_n − j h when its spacing is not h.
  void prepare(double h, int order, bool onGrid, const Vec& startSlope);
  // ≈ h^j y^(j) at the newest point, from the newest j+1 points.
  Vec backwardDifference(int j, double h) const;

  // The points, newest first.
  BdfPoint& front() { return m_points.front(); }
  const BdfPoint& front() const { return m_points.front(); }
  BdfPoint& operator[](std::size_t i) { return m_points[i]; }
  const BdfPoint& operator[](std::size_t i) const { return m_points[i]; }
  std::size_t size() const { return m_points.size(); }
  void clear() { m_points.clear(); }
  void push_front(BdfPoint p) { m_points.push_front(std::move(p)); }
  void push_back(BdfPoint p) { m_points.push_back(std::move(p)); }
  void pop_back() { m_points.pop_back(); }

private:
  // The degree-`order` polynomial through the newest order+1 points, sampled at t_n − j h.
  void resample(double h, int order);

  std::deque<BdfPoint> m_points;
};

}  // namespace mbs::solver::detail
