#include "mbs/core/Interpolation.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace mbs::core {
namespace {

// Second derivatives M of the not-a-knot cubic spline (n >= 4): the interior equations
//   h[i-1] M[i-1] + 2 (h[i-1] + h[i]) M[i] + h[i] M[i+1] = 6 (s[i] - s[i-1]),  i = 1 .. n-2,
// with M[0] and M[n-1] eliminated through the not-a-knot conditions (the third derivative is
// continuous at x[1] and x[n-2]), which leaves a diagonally dominant tridiagonal system.
std::vector<double> notAKnotCurvatures(const std::vector<double>& h, const std::vector<double>& s)
{
  const std::size_t n = h.size() + 1;
  const std::size_t m = n - 2;  // unknowns M[1] .. M[n-2]
  std::vector<double> lower(m, 0.0), diag(m, 0.0), upper(m, 0.0), rhs(m, 0.0);
  for (std::size_t k = 0; k < m; ++k) {
    const std::size_t i = k + 1;
    lower[k] = h[i - 1];
    diag[k] = 2.0 * (h[i - 1] + h[i]);
    upper[k] = h[i];
    rhs[k] = 6.0 * (s[i] - s[i - 1]);
  }
  // M[0] = (1 + r) M[1] - r M[2], r = h0/h1.
  const double r = h[0] / h[1];
  diag[0] += h[0] * (1.0 + r);
  upper[0] -= h[0] * r;
  // M[n-1] = (1 + q) M[n-2] - q M[n-3], q = h[n-2]/h[n-3].
  const double q = h[n - 2] / h[n - 3];
  diag[m - 1] += h[n - 2] * (1.0 + q);
  lower[m - 1] -= h[n - 2] * q;
  // Thomas algorithm.
  for (std::size_t k = 1; k < m; ++k) {
    const double w = lower[k] / diag[k - 1];
    diag[k] -= w * upper[k - 1];
    rhs[k] -= w * rhs[k - 1];
  }
  std::vector<double> M(n, 0.0);
  M[m] = rhs[m - 1] / diag[m - 1];
  for (std::size_t k = m - 1; k-- > 0;)
    M[k + 1] = (rhs[k] - upper[k] * M[k + 2]) / diag[k];
  M[0] = (1.0 + r) * M[1] - r * M[2];
  M[n - 1] = (1.0 + q) * M[n - 2] - q * M[n - 3];
  return M;
}

// Akima's slopes at the knots: the data slopes s extended by two per end (s[-1] = 2 s[0] - s[1],
// s[-2] = 2 s[-1] - s[0], and the same at the other end), then his weighted mean.
std::vector<double> akimaSlopes(const std::vector<double>& s)
{
  const std::size_t n = s.size() + 1;
  std::vector<double> e(s.size() + 4);  // e[k + 2] = s[k]
  for (std::size_t k = 0; k < s.size(); ++k)
    e[k + 2] = s[k];
  e[1] = 2.0 * e[2] - e[3];
  e[0] = 2.0 * e[1] - e[2];
  const std::size_t last = s.size() + 1;  // index of s[n-2] in e
  e[last + 1] = 2.0 * e[last] - e[last - 1];
  e[last + 2] = 2.0 * e[last + 1] - e[last];
  std::vector<double> t(n);
  for (std::size_t i = 0; i < n; ++i) {
    // Around knot i: m[i-2] m[i-1] m[i] m[i+1] = e[i] e[i+1] e[i+2] e[i+3].
    const double w1 = std::abs(e[i + 3] - e[i + 2]);
    const double w2 = std::abs(e[i + 1] - e[i]);
    t[i] = w1 + w2 == 0.0 ? 0.5 * (e[i + 1] + e[i + 2]) : (w1 * e[i + 1] + w2 * e[i + 2]) / (w1 + w2);
  }
  return t;
}

}  // namespace

CurveInterpolant::CurveInterpolant(const std::vector<double>& x, const std::vector<double>& y,
                                   InterpolationMethod method, bool linearExtrapolate)
    : m_x(x), m_linear(linearExtrapolate)
{
  const std::size_t n = x.size();
  std::vector<double> h(n - 1), s(n - 1);
  for (std::size_t i = 0; i + 1 < n; ++i) {
    h[i] = x[i + 1] - x[i];
    s[i] = (y[i + 1] - y[i]) / h[i];
  }
  m_a.assign(y.begin(), y.end() - 1);
  m_b.resize(n - 1);
  m_c.assign(n - 1, 0.0);
  m_d.assign(n - 1, 0.0);
  switch (method) {
    case InterpolationMethod::Linear:
      m_b = s;
      break;
    case InterpolationMethod::Cubic: {
      const auto M = notAKnotCurvatures(h, s);
      for (std::size_t i = 0; i + 1 < n; ++i) {
        m_b[i] = s[i] - h[i] * (2.0 * M[i] + M[i + 1]) / 6.0;
        m_c[i] = 0.5 * M[i];
        m_d[i] = (M[i + 1] - M[i]) / (6.0 * h[i]);
      }
      break;
    }
    case InterpolationMethod::Akima: {
      const auto t = akimaSlopes(s);
      for (std::size_t i = 0; i + 1 < n; ++i) {
        m_b[i] = t[i];
        m_c[i] = (3.0 * s[i] - 2.0 * t[i] - t[i + 1]) / h[i];
        m_d[i] = (t[i] + t[i + 1] - 2.0 * s[i]) / (h[i] * h[i]);
      }
      break;
    }
  }
}

double CurveInterpolant::evaluate(double at, int order) const
{
  if (!std::isfinite(at))
    return std::numeric_limits<double>::quiet_NaN();
  const std::size_t pieces = m_a.size();
  auto piece = [&](std::size_t k, double t) {
    switch (order) {
      case 0:
        return m_a[k] + t * (m_b[k] + t * (m_c[k] + t * m_d[k]));
      case 1:
        return m_b[k] + t * (2.0 * m_c[k] + 3.0 * t * m_d[k]);
      default:
        return 2.0 * m_c[k] + 6.0 * t * m_d[k];
    }
  };
  if (m_linear && (at < m_x.front() || at > m_x.back())) {
    // The tangent line at the end knot.
    const bool low = at < m_x.front();
    const std::size_t k = low ? 0 : pieces - 1;
    const double end = low ? 0.0 : m_x.back() - m_x[k];
    const double slope = m_b[k] + end * (2.0 * m_c[k] + 3.0 * end * m_d[k]);
    if (order == 1)
      return slope;
    if (order >= 2)
      return 0.0;
    const double value = m_a[k] + end * (m_b[k] + end * (m_c[k] + end * m_d[k]));
    return value + slope * (at - (low ? m_x.front() : m_x.back()));
  }
  // The piece holding `at`; the end pieces continue beyond the data.
  const auto it = std::upper_bound(m_x.begin(), m_x.end(), at);
  std::size_t k = it == m_x.begin() ? 0 : std::size_t(it - m_x.begin()) - 1;
  k = std::min(k, pieces - 1);
  return piece(k, at - m_x[k]);
}

SplineInterpolant::SplineInterpolant(const Spline& spline)
    : m_x(spline.x), m_y(spline.y.empty() ? std::vector<double>{} : spline.y.front()), m_z(spline.z)
{
  for (const auto& row : spline.y) {
    m_cubic.emplace_back(spline.x, row, InterpolationMethod::Cubic, spline.linearExtrapolate);
    m_akima.emplace_back(spline.x, row, InterpolationMethod::Akima, spline.linearExtrapolate);
    m_linear.emplace_back(spline.x, row, InterpolationMethod::Linear, spline.linearExtrapolate);
  }
}

double SplineInterpolant::evaluateLogLog(double x) const
{
  if (!(x > 0.0) || m_x.size() < 2)
    return std::numeric_limits<double>::quiet_NaN();
  // The piece around x (the end pieces continue beyond the points).
  const auto it = std::upper_bound(m_x.begin(), m_x.end(), x);
  std::size_t k = it == m_x.begin() ? 0 : std::size_t(it - m_x.begin()) - 1;
  k = std::min(k, m_x.size() - 2);
  if (!(m_x[k] > 0.0 && m_y[k] > 0.0 && m_y[k + 1] > 0.0))
    return std::numeric_limits<double>::quiet_NaN();
  const double w = std::log(x / m_x[k]) / std::log(m_x[k + 1] / m_x[k]);
  return m_y[k] * std::pow(m_y[k + 1] / m_y[k], w);
}

double SplineInterpolant::evaluate(InterpolationMethod method, double x, double z, int order) const
{
  const auto& curves = method == InterpolationMethod::Cubic   ? m_cubic
                       : method == InterpolationMethod::Akima ? m_akima
                                                              : m_linear;
  if (m_z.empty())
    return curves.front().evaluate(x, order);
  if (!std::isfinite(z))
    return std::numeric_limits<double>::quiet_NaN();
  // Linear in z between the two curves around z (the nearest two beyond the range).
  const auto it = std::upper_bound(m_z.begin(), m_z.end(), z);
  std::size_t k = it == m_z.begin() ? 0 : std::size_t(it - m_z.begin()) - 1;
  k = std::min(k, m_z.size() - 2);
  const double w = (z - m_z[k]) / (m_z[k + 1] - m_z[k]);
  return (1.0 - w) * curves[k].evaluate(x, order) + w * curves[k + 1].evaluate(x, order);
}

std::string checkSpline(const Spline& s)
{
  auto increasing = [](const std::vector<double>& v) {
    for (std::size_t k = 0; k < v.size(); ++k) {
      if (!std::isfinite(v[k]) || (k > 0 && !(v[k] > v[k - 1])))
        return false;
    }
    return true;
  };
  if (s.x.size() < 4)
    return "a spline needs at least 4 x values, not " + std::to_string(s.x.size());
  if (!increasing(s.x))
    return "the x values must be finite and strictly increasing";
  if (s.z.empty()) {
    if (s.y.size() != 1)
      return "a curve (no z values) has one row of y values, not " + std::to_string(s.y.size());
  } else {
    if (s.z.size() < 2)
      return "a family of curves needs at least 2 z values";
    if (!increasing(s.z))
      return "the z values must be finite and strictly increasing";
    if (s.y.size() != s.z.size())
      return "a family of curves has one row of y values per z value: " + std::to_string(s.z.size()) +
             " z values, " + std::to_string(s.y.size()) + " rows";
  }
  for (std::size_t r = 0; r < s.y.size(); ++r) {
    if (s.y[r].size() != s.x.size())
      return "row " + std::to_string(r + 1) + " has " + std::to_string(s.y[r].size()) + " y values for " +
             std::to_string(s.x.size()) + " x values";
    for (const double v : s.y[r])
      if (!std::isfinite(v))
        return "the y values must be finite";
  }
  return {};
}

}  // namespace mbs::core
