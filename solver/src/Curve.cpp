#include "mbs/solver/Curve.hpp"

#include <Eigen/Dense>
#include <algorithm>
#include <cmath>
#include <limits>

namespace mbs::solver {
namespace {

constexpr int kMaxOrder = 8;
constexpr int kDerivatives = 4;  // value, c', c'', c''' (a curve-to-curve joint's tangent needs c''')

// Basis functions N_{s−p..s} at u and their first three derivatives (Piegl & Tiller, A2.3), on the
// span s with U[s] ≤ u < U[s+1]; outside the knot range it evaluates that span's polynomials.
void basisDerivatives(const double* U, int s, int p, double u, double (*ders)[kDerivatives])
{
  double ndu[kMaxOrder][kMaxOrder], left[kMaxOrder], right[kMaxOrder], a[2][kMaxOrder];
  ndu[0][0] = 1.0;
  for (int j = 1; j <= p; ++j) {
    left[j] = u - U[s + 1 - j];
    right[j] = U[s + j] - u;
    double saved = 0.0;
    for (int r = 0; r < j; ++r) {
      ndu[j][r] = right[r + 1] + left[j - r];
      const double temp = ndu[r][j - 1] / ndu[j][r];
      ndu[r][j] = saved + right[r + 1] * temp;
      saved = left[j - r] * temp;
    }
    ndu[j][j] = saved;
  }
  for (int j = 0; j <= p; ++j) {
    ders[j][0] = ndu[j][p];
    ders[j][1] = ders[j][2] = ders[j][3] = 0.0;
  }
  for (int r = 0; r <= p; ++r) {
    int s1 = 0, s2 = 1;
    a[0][0] = 1.0;
    for (int k = 1; k <= std::min(kDerivatives - 1, p); ++k) {
      double d = 0.0;
      const int rk = r - k, pk = p - k;
      if (r >= k) {
        a[s2][0] = a[s1][0] / ndu[pk + 1][rk];
        d = a[s2][0] * ndu[rk][pk];
      }
      const int j1 = rk >= -1 ? 1 : -rk;
      const int j2 = r - 1 <= pk ? k - 1 : p - r;
      for (int j = j1; j <= j2; ++j) {
        a[s2][j] = (a[s1][j] - a[s1][j - 1]) / ndu[pk + 1][rk + j];
        d += a[s2][j] * ndu[rk + j][pk];
      }
      if (r <= pk) {
        a[s2][k] = -a[s1][k - 1] / ndu[pk + 1][r];
        d += a[s2][k] * ndu[r][pk];
      }
      ders[r][k] = d;
      std::swap(s1, s2);
    }
  }
  for (int r = 0; r <= p; ++r) {
    ders[r][1] *= p;
    ders[r][2] *= p * (p - 1);
    ders[r][3] *= p * (p - 1) * (p - 2);
  }
}

}  // namespace

Curve::Curve(const Mat& points, int order, bool closed, bool throughPoints) : m_order(order), m_closed(closed)
{
  const int p = order - 1;
  if (points.cols() != 3) {
    m_problem = "the curve's points must have three columns (x, y, z)";
    return;
  }
  if (order < 2 || order > kMaxOrder) {
    m_problem = "the curve's order must be between 2 and " + std::to_string(kMaxOrder);
    return;
  }
  if (!points.allFinite()) {
    m_problem = "the curve's points must be finite numbers";
    return;
  }
  const int n = static_cast<int>(points.rows());
  if (closed) {
    if (n < 2 || (points.row(0) - points.row(n - 1)).norm() > 1e-9 * (1.0 + points.norm())) {
      m_problem = "a closed curve's first and last points must be the same";
      return;
    }
    const int m = n - 1;
    if (m < order) {
      m_problem = "a closed curve of order " + std::to_string(order) + " needs at least " +
                  std::to_string(order + 1) + " points (the first repeated last)";
      return;
    }
    const Mat distinct = points.topRows(m);
    m_shift = 0.5 * (p + 1);  // α = −1 at the first point's data site (the peak of its basis)
    if (!throughPoints) {
      m_control = distinct;
      return;
    }
    // Circulant system: the curve at u_i = i + shift passes through point i.
    Mat a = Mat::Zero(m, m);
    double ders[kMaxOrder][kDerivatives];
    for (int i = 0; i < m; ++i) {
      int first = 0;
      basis(std::fmod(i + m_shift, double(m)), first, ders);
      for (int j = 0; j <= p; ++j)
        a(i, ((first + j) % m + m) % m) += ders[j][0];
    }
    Eigen::FullPivLU<Mat> lu(a);
    if (lu.rank() < m) {
      m_problem = "the curve cannot pass through these points (singular interpolation)";
      m_control.resize(0, 3);
      return;
    }
    m_control = lu.solve(distinct);
    return;
  }
  if (n < order) {
    m_problem =
        "a curve of order " + std::to_string(order) + " needs at least " + std::to_string(order) + " points";
    return;
  }
  m_knots.assign(std::size_t(n + order), 0.0);
  for (int i = n; i < n + order; ++i)
    m_knots[std::size_t(i)] = 1.0;
  std::vector<double> sites(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i)
    sites[std::size_t(i)] = double(i) / double(n - 1);
  for (int j = 1; j <= n - order; ++j) {
    double knot = double(j) / double(n - p);  // uniform interior knots (control points)
    if (throughPoints && p > 0) {             // averaging of the sites (interpolation)
      knot = 0.0;
      for (int i = j; i < j + p; ++i)
        knot += sites[std::size_t(i)];
      knot /= p;
    }
    m_knots[std::size_t(j + p)] = knot;
  }
  if (!throughPoints) {
    m_control = points;
    return;
  }
  m_control = Mat::Zero(n, 3);
  Mat a = Mat::Zero(n, n);
  double ders[kMaxOrder][kDerivatives];
  for (int i = 0; i < n; ++i) {
    int first = 0;
    basis(sites[std::size_t(i)], first, ders);
    for (int j = 0; j <= p; ++j)
      a(i, first + j) += ders[j][0];
  }
  Eigen::FullPivLU<Mat> lu(a);
  if (lu.rank() < n) {
    m_problem = "the curve cannot pass through these points (singular interpolation)";
    m_control.resize(0, 3);
    return;
  }
  m_control = lu.solve(points);
}

void Curve::basis(double u, int& first, double (*n)[4]) const
{
  const int p = m_order - 1;
  if (m_closed) {
    const int s = static_cast<int>(std::floor(u));
    double U[2 * kMaxOrder];
    for (int i = 0; i <= 2 * p + 1; ++i)
      U[i] = s - p + i;
    basisDerivatives(U, p, p, u, n);
    first = s - p;
    return;
  }
  const int count = static_cast<int>(m_control.rows());
  int s = p;
  while (s < count - 1 && u >= m_knots[std::size_t(s + 1)])
    ++s;
  basisDerivatives(m_knots.data(), s, p, u, n);
  first = s - p;
}

CurvePoint Curve::evaluate(double alpha) const
{
  CurvePoint out;
  if (!valid())
    return out;
  const int m = static_cast<int>(m_control.rows());
  double u = 0.5 * (alpha + 1.0), du = 0.5;
  if (m_closed) {
    u = u * m + m_shift;
    u -= m * std::floor(u / m);
    du *= m;
  }
  double n[kMaxOrder][kDerivatives];
  int first = 0;
  basis(u, first, n);
  for (int j = 0; j < m_order; ++j) {
    const Vec3 c = m_control.row(m_closed ? ((first + j) % m + m) % m : first + j).transpose();
    out.position += n[j][0] * c;
    out.first += n[j][1] * du * c;
    out.second += n[j][2] * du * du * c;
    out.third += n[j][3] * du * du * du * c;
  }
  return out;
}

double Curve::closestParameter(const Vec3& p) const
{
  if (!valid())
    return 0.0;
  const int samples = 64 * static_cast<int>(m_control.rows());
  double best = kMinParameter, bestDistance = std::numeric_limits<double>::infinity();
  const double last = m_closed ? samples - 1 : samples;
  for (int i = 0; i <= last; ++i) {
    const double alpha = kMinParameter + (kMaxParameter - kMinParameter) * i / samples;
    const double d = (evaluate(alpha).position - p).squaredNorm();
    if (d < bestDistance) {
      bestDistance = d;
      best = alpha;
    }
  }
  // Newton on f(α) = c'·(c − p), kept inside an open curve's range.
  for (int it = 0; it < 30; ++it) {
    const CurvePoint c = evaluate(best);
    const double f = c.first.dot(c.position - p);
    const double df = c.second.dot(c.position - p) + c.first.squaredNorm();
    if (!(df > 0.0))
      break;
    const double step = f / df;
    best -= step;
    if (!m_closed)
      best = std::clamp(best, kMinParameter, kMaxParameter);
    if (std::abs(step) < 1e-14)
      break;
  }
  if (m_closed)
    best -= 2.0 * std::floor((best + 1.0) / 2.0);
  return best;
}

}  // namespace mbs::solver
