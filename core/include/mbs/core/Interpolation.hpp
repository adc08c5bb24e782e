#pragma once
// Interpolants of spline data (DataElements.hpp), as Adams' spline functions define them:
//   CUBSPL  cubic spline with the not-a-knot end condition (de Boor's CUBSPL, whose name and
//           four-point minimum Adams' function carries; the first and last two pieces are one cubic,
//           the "cubic function over the first or last three data points" Adams extrapolates with),
//   AKISPL  Akima's 1970 local method (end slopes from his two extrapolated points per end),
//   INTERP  method 1 linear, method 3 the same cubic spline as CUBSPL.
// A family of curves y(x, z) is interpolated along x by the method and linearly in z (Adams' rule);
// beyond the z range the two nearest curves are extrapolated linearly. Beyond the x range the end
// piece continues, or with linearExtrapolate the tangent line at the end knot (Adams' SPLINE
// LINEAR_EXTRAPOLATE). Derivatives of order 0, 1, 2 with respect to x are exact derivatives of the
// interpolant.
#include <memory>
#include <string>
#include <vector>

#include "mbs/core/DataElements.hpp"
#include "mbs/solver/Curve.hpp"

namespace mbs::core {

enum class InterpolationMethod { Cubic, Akima, Linear };

// One curve's piecewise cubic: on [x_k, x_k+1], y = a + b t + c t^2 + d t^3 with t = x - x_k.
class CurveInterpolant {
public:
  CurveInterpolant(const std::vector<double>& x, const std::vector<double>& y, InterpolationMethod method,
                   bool linearExtrapolate);
  double evaluate(double at, int order) const;  // order 0, 1 or 2

private:
  std::vector<double> m_x, m_a, m_b, m_c, m_d;
  bool m_linear;
};

// A spline's interpolants for each method, built once (the data is fixed during a run).
class SplineInterpolant {
public:
  explicit SplineInterpolant(const Spline& spline);
  double evaluate(InterpolationMethod method, double x, double z, int order) const;
  bool isSurface() const { return !m_z.empty(); }
  // A curve's y at x interpolated linearly in log x and log y between its points (INVPSD's
  // logarithmic domain); NaN where x or a y is not positive.
  double evaluateLogLog(double x) const;

private:
  std::vector<double> m_x, m_y;  // the first curve's points
  std::vector<double> m_z;
  std::vector<CurveInterpolant> m_cubic, m_akima, m_linear;  // one per curve
};

// Checks a spline's data; empty when usable, else the reason ("x must be strictly increasing ...").
std::string checkSpline(const Spline& spline);

// The model's splines and arrays as expressions read them (index = position in the model's lists).
struct DataTables {
  std::vector<std::shared_ptr<const SplineInterpolant>> splines;  // null: unusable data
  std::vector<std::vector<double>> arrays;
  std::vector<std::shared_ptr<const solver::Curve>> curves;  // null: unusable data
  // Per model sensor: the value of its EVALUATE at its last firing in the run, which SENVAL reads
  // (compile() hands the same cell to solver::Sensor::senval; 0 until it fires).
  std::vector<std::shared_ptr<double>> senvals;
};

}  // namespace mbs::core
