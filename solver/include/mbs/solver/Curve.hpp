#pragma once
// A parametric 3-D B-spline curve (Adams CURVE with a MATRIX of points): the shape a point-to-curve
// (PTCV) joint holds a point on. The parameter α runs over [−1, 1] as in Adams; a closed curve is
// periodic in α with period 2 (docs/solver-notes.md, "Point-to-curve joints").
//   Open curves: a clamped B-spline. From control points: uniform interior knots. Through curve
//     points (Adams CURVE_POINTS): the points at uniform parameters, knots by averaging (de Boor),
//     so the curve passes through every point.
//   Closed curves: a periodic uniform B-spline (the first and last points must coincide and are
//     one point); through curve points it interpolates them at uniform parameters.
#include <string>
#include <vector>

#include "mbs/solver/Types.hpp"

namespace mbs::solver {

struct CurvePoint {
  Vec3 position = Vec3::Zero();  // c(α)
  Vec3 first = Vec3::Zero();     // dc/dα
  Vec3 second = Vec3::Zero();    // d²c/dα²
  Vec3 third = Vec3::Zero();     // d³c/dα³ (the derivatives of a tangent's Hessian)
};

class Curve {
public:
  // Empty when the data cannot make a curve; then problem() says why.
  Curve() = default;
  // points: one row per point (x, y, z). order: B-spline order k (degree k − 1), 2 ≤ k ≤ 8.
  // throughPoints: the curve passes through the points (Adams CURVE_POINTS); otherwise they are
  // the control points.
  Curve(const Mat& points, int order, bool closed, bool throughPoints);

  // Why the data make no curve (empty: a valid curve).
  const std::string& problem() const { return m_problem; }
  bool valid() const { return m_problem.empty() && m_control.rows() > 0; }
  bool closed() const { return m_closed; }
  // The parameter range an open curve is defined on (a point beyond it has left the curve).
  static constexpr double kMinParameter = -1.0, kMaxParameter = 1.0;
  // c, c', c'', c''' at α. A closed curve wraps α into [−1, 1); an open one extrapolates its end
  // polynomials beyond [−1, 1] (callers check inRange).
  CurvePoint evaluate(double alpha) const;
  bool inRange(double alpha) const
  {
    return m_closed || (alpha >= kMinParameter - 1e-12 && alpha <= kMaxParameter + 1e-12);
  }
  // The parameter of the curve point nearest to p (sampling, then Newton on c'·(c − p) = 0).
  double closestParameter(const Vec3& p) const;
  const Mat& controlPoints() const { return m_control; }

private:
  // Basis functions and their first three derivatives in u at the span containing u.
  void basis(double u, int& first, double (*n)[4]) const;

  Mat m_control;                // n × 3 control points (closed: the m distinct ones)
  std::vector<double> m_knots;  // open curves: n + k knots on [0, 1]
  int m_order = 4;
  bool m_closed = false;
  double m_shift = 0.0;  // closed: u = (α + 1)/2 · m + shift
  std::string m_problem;
};

}  // namespace mbs::solver
