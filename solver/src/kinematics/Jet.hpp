#pragma once
// Scalar types for writing each constraint and force once (as a template) and getting exact
// derivatives from it: Jet<N, false> carries the gradient w.r.t. N local variables, Jet<N, true>
// also the Hessian, Taylor2 the first and second derivative along one direction (for γ).
#include <Eigen/Core>
#include <cmath>
#include <type_traits>

namespace mbs::solver::detail {

template <int N, bool kHessian>
struct Jet {
  using Grad = Eigen::Matrix<double, N, 1>;
  // Without Hessian the member is an empty 0×0 matrix, so first-order jets stay small.
  using Hess = std::conditional_t<kHessian, Eigen::Matrix<double, N, N>, Eigen::Matrix<double, 0, 0>>;
  double v = 0.0;
  Grad g = Grad::Zero();
  Hess H = Hess::Zero();

  Jet() = default;
  Jet(double value) : v(value) {}  // NOLINT: constants convert implicitly, as doubles do
  // For results whose derivatives are assigned next: skips zeroing them (memset was 5 % of a run).
  struct Unset {};
  Jet(double value, Unset) : v(value), g(), H() {}
  static Jet variable(double value, int index)
  {
    Jet x(value);
    x.g[index] = 1.0;
    return x;
  }
};

// Chain rule for f(a) with f' = d1, f'' = d2.
template <int N, bool K>
Jet<N, K> chain(double value, const Jet<N, K>& a, double d1, double d2)
{
  Jet<N, K> r(value, typename Jet<N, K>::Unset{});
  r.g = d1 * a.g;
  if constexpr (K)
    r.H = d1 * a.H + d2 * a.g * a.g.transpose();
  return r;
}

// Chain rule for f(a, b) with partials fa, fb and second partials faa, fbb, fab.
template <int N, bool K>
Jet<N, K> chain(double value, const Jet<N, K>& a, const Jet<N, K>& b, double fa, double fb, double faa,
                double fbb, double fab)
{
  Jet<N, K> r(value, typename Jet<N, K>::Unset{});
  r.g = fa * a.g + fb * b.g;
  if constexpr (K) {
    const Eigen::Matrix<double, N, N> cross = a.g * b.g.transpose();
    r.H = fa * a.H + fb * b.H + faa * a.g * a.g.transpose() + fbb * b.g * b.g.transpose() +
          fab * (cross + cross.transpose());
  }
  return r;
}

// a·x + b·y + c·z with constant weights in one pass, without the four jet temporaries of the
// operators: the inner loop of A(p)·s, which was a sixth of a dynamic run's instructions.
template <class T>
T combine3(const T& a, double x, const T& b, double y, const T& c, double z)
{
  return a * x + b * y + c * z;
}
template <int N, bool K>
Jet<N, K> combine3(const Jet<N, K>& a, double x, const Jet<N, K>& b, double y, const Jet<N, K>& c, double z)
{
  Jet<N, K> r(a.v * x + b.v * y + c.v * z, typename Jet<N, K>::Unset{});
  r.g = x * a.g + y * b.g + z * c.g;
  if constexpr (K)
    r.H = x * a.H + y * b.H + z * c.H;
  return r;
}

template <int N, bool K>
Jet<N, K> operator+(Jet<N, K> a, const Jet<N, K>& b)
{
  a.v += b.v;
  a.g += b.g;
  if constexpr (K)
    a.H += b.H;
  return a;
}
template <int N, bool K>
Jet<N, K> operator-(Jet<N, K> a, const Jet<N, K>& b)
{
  a.v -= b.v;
  a.g -= b.g;
  if constexpr (K)
    a.H -= b.H;
  return a;
}
template <int N, bool K>
Jet<N, K> operator-(Jet<N, K> a)
{
  a.v = -a.v;
  a.g = -a.g;
  if constexpr (K)
    a.H = -a.H;
  return a;
}
template <int N, bool K>
Jet<N, K> operator*(Jet<N, K> a, double s)
{
  a.v *= s;
  a.g *= s;
  if constexpr (K)
    a.H *= s;
  return a;
}
template <int N, bool K>
Jet<N, K> operator*(double s, Jet<N, K> a)
{
  return a * s;
}
template <int N, bool K>
Jet<N, K> operator+(Jet<N, K> a, double s)
{
  a.v += s;
  return a;
}
template <int N, bool K>
Jet<N, K> operator+(double s, Jet<N, K> a)
{
  a.v += s;
  return a;
}
template <int N, bool K>
Jet<N, K> operator-(Jet<N, K> a, double s)
{
  a.v -= s;
  return a;
}
template <int N, bool K>
Jet<N, K> operator-(double s, const Jet<N, K>& a)
{
  return -a + s;
}
template <int N, bool K>
Jet<N, K> operator*(const Jet<N, K>& a, const Jet<N, K>& b)
{
  return chain(a.v * b.v, a, b, b.v, a.v, 0.0, 0.0, 1.0);
}
template <int N, bool K>
Jet<N, K> operator/(const Jet<N, K>& a, const Jet<N, K>& b)
{
  const double ib = 1.0 / b.v;
  return chain(a.v * ib, a, b, ib, -a.v * ib * ib, 0.0, 2.0 * a.v * ib * ib * ib, -ib * ib);
}
template <int N, bool K>
Jet<N, K> operator/(const Jet<N, K>& a, double s)
{
  return a * (1.0 / s);
}
template <int N, bool K>
Jet<N, K>& operator+=(Jet<N, K>& a, const Jet<N, K>& b)
{
  return a = a + b;
}
template <int N, bool K>
Jet<N, K>& operator-=(Jet<N, K>& a, const Jet<N, K>& b)
{
  return a = a - b;
}
template <int N, bool K>
Jet<N, K> sqrt(const Jet<N, K>& a)
{
  const double s = std::sqrt(a.v);
  return chain(s, a, 0.5 / s, -0.25 / (s * a.v));
}
template <int N, bool K>
Jet<N, K> atan2(const Jet<N, K>& y, const Jet<N, K>& x)
{
  const double r2 = x.v * x.v + y.v * y.v, r4 = r2 * r2;
  return chain(std::atan2(y.v, x.v), y, x, x.v / r2, -y.v / r2, -2.0 * x.v * y.v / r4, 2.0 * x.v * y.v / r4,
               (y.v * y.v - x.v * x.v) / r4);
}
template <int N, bool K>
double value(const Jet<N, K>& a)
{
  return a.v;
}

// Value, first and second derivative along one direction: f(q + s·q̇) at s = 0.
struct Taylor2 {
  double v = 0.0, d = 0.0, dd = 0.0;
  Taylor2() = default;
  Taylor2(double value) : v(value) {}  // NOLINT: constants convert implicitly
  Taylor2(double value, double rate, double second) : v(value), d(rate), dd(second) {}
};

inline Taylor2 chain(double value, const Taylor2& a, double d1, double d2)
{
  return {value, d1 * a.d, d1 * a.dd + d2 * a.d * a.d};
}
inline Taylor2 chain(double value, const Taylor2& a, const Taylor2& b, double fa, double fb, double faa,
                     double fbb, double fab)
{
  return {value, fa * a.d + fb * b.d,
          fa * a.dd + fb * b.dd + faa * a.d * a.d + fbb * b.d * b.d + 2.0 * fab * a.d * b.d};
}
inline Taylor2 operator+(const Taylor2& a, const Taylor2& b)
{
  return {a.v + b.v, a.d + b.d, a.dd + b.dd};
}
inline Taylor2 operator-(const Taylor2& a, const Taylor2& b)
{
  return {a.v - b.v, a.d - b.d, a.dd - b.dd};
}
inline Taylor2 operator-(const Taylor2& a)
{
  return {-a.v, -a.d, -a.dd};
}
inline Taylor2 operator*(const Taylor2& a, double s)
{
  return {a.v * s, a.d * s, a.dd * s};
}
inline Taylor2 operator*(double s, const Taylor2& a)
{
  return a * s;
}
inline Taylor2 operator+(const Taylor2& a, double s)
{
  return {a.v + s, a.d, a.dd};
}
inline Taylor2 operator+(double s, const Taylor2& a)
{
  return a + s;
}
inline Taylor2 operator-(const Taylor2& a, double s)
{
  return {a.v - s, a.d, a.dd};
}
inline Taylor2 operator-(double s, const Taylor2& a)
{
  return -a + s;
}
inline Taylor2 operator*(const Taylor2& a, const Taylor2& b)
{
  return {a.v * b.v, a.d * b.v + a.v * b.d, a.dd * b.v + 2.0 * a.d * b.d + a.v * b.dd};
}
inline Taylor2 operator/(const Taylor2& a, const Taylor2& b)
{
  const double ib = 1.0 / b.v;
  return chain(a.v * ib, a, b, ib, -a.v * ib * ib, 0.0, 2.0 * a.v * ib * ib * ib, -ib * ib);
}
inline Taylor2 operator/(const Taylor2& a, double s)
{
  return a * (1.0 / s);
}
inline Taylor2& operator+=(Taylor2& a, const Taylor2& b)
{
  return a = a + b;
}
inline Taylor2& operator-=(Taylor2& a, const Taylor2& b)
{
  return a = a - b;
}
inline Taylor2 sqrt(const Taylor2& a)
{
  const double s = std::sqrt(a.v);
  return chain(s, a, 0.5 / s, -0.25 / (s * a.v));
}
inline Taylor2 atan2(const Taylor2& y, const Taylor2& x)
{
  const double r2 = x.v * x.v + y.v * y.v, r4 = r2 * r2;
  return chain(std::atan2(y.v, x.v), y, x, x.v / r2, -y.v / r2, -2.0 * x.v * y.v / r4, 2.0 * x.v * y.v / r4,
               (y.v * y.v - x.v * x.v) / r4);
}
inline double value(const Taylor2& a)
{
  return a.v;
}

inline double value(double a)
{
  return a;
}

}  // namespace mbs::solver::detail
