#pragma once
// A jet (Jet.hpp) that knows which of its N variables it can depend on: the index range [lo, hi).
// Written for the constraint rows of a block, whose variables are 7 coordinates per body slot: a
// body's rotation A(p) depends on its 4 Euler parameters only, a marker point on its body's 7
// coordinates, and only a joint's rows on both bodies. Each operation works on the union of its
// operands' ranges instead of all N gradient (N² Hessian) entries, and nothing outside the range
// is stored or zeroed. With Jet<14, true> the rows of a two-body joint spent most of their time on
// 196-entry Hessians of single-body quantities and on zeroing them.
// Values are computed exactly as with Jet; derivatives outside the range read as zero (grad, hess).
#include <algorithm>
#include <array>
#include <cmath>
#include <type_traits>

namespace mbs::solver::detail {

template <int N, bool kHessian>
struct RangeJet {
  double v = 0.0;
  int lo = 0, hi = 0;       // derivatives are zero outside [lo, hi)
  std::array<double, N> g;  // entries outside [lo, hi) are not initialized
  std::conditional_t<kHessian, std::array<double, N * N>, std::array<double, 0>> H;  // row-major

  RangeJet() {}                               // NOLINT: derivatives deliberately left unset (empty range)
  RangeJet(double value) : v(value) {}        // NOLINT: constants convert implicitly, as doubles do
  RangeJet(const RangeJet& o) { *this = o; }  // NOLINT: copies only the range
  RangeJet& operator=(const RangeJet& o)
  {
    v = o.v;
    lo = o.lo;
    hi = o.hi;
    std::copy(o.g.begin() + lo, o.g.begin() + hi, g.begin() + lo);
    if constexpr (kHessian)
      for (int i = lo; i < hi; ++i)
        std::copy(o.H.begin() + i * N + lo, o.H.begin() + i * N + hi, H.begin() + i * N + lo);
    return *this;
  }
  static RangeJet variable(double value, int index)
  {
    RangeJet x(value);
    x.lo = index;
    x.hi = index + 1;
    x.g[index] = 1.0;
    if constexpr (kHessian)
      x.H[index * N + index] = 0.0;
    return x;
  }
  bool constant() const { return hi <= lo; }
  double grad(int i) const { return i >= lo && i < hi ? g[i] : 0.0; }
  double hess(int i, int j) const
  {
    if constexpr (kHessian)
      return i >= lo && i < hi && j >= lo && j < hi ? H[i * N + j] : 0.0;
    return 0.0;
  }
};

namespace range_jet {

template <int N, bool K>
void setSpan(RangeJet<N, K>& r, const RangeJet<N, K>& a, const RangeJet<N, K>& b)
{
  if (a.constant()) {
    r.lo = b.lo, r.hi = b.hi;
  } else if (b.constant()) {
    r.lo = a.lo, r.hi = a.hi;
  } else {
    r.lo = std::min(a.lo, b.lo), r.hi = std::max(a.hi, b.hi);
  }
}

// r's derivatives on its range set to zero.
template <int N, bool K>
void zero(RangeJet<N, K>& r)
{
  std::fill(r.g.begin() + r.lo, r.g.begin() + r.hi, 0.0);
  if constexpr (K)
    for (int i = r.lo; i < r.hi; ++i)
      std::fill(r.H.begin() + i * N + r.lo, r.H.begin() + i * N + r.hi, 0.0);
}

// r += f·a on a's range (inside r's).
template <int N, bool K>
void addScaled(RangeJet<N, K>& r, double f, const RangeJet<N, K>& a)
{
  for (int i = a.lo; i < a.hi; ++i)
    r.g[i] += f * a.g[i];
  if constexpr (K)
    for (int i = a.lo; i < a.hi; ++i)
      for (int j = a.lo; j < a.hi; ++j)
        r.H[i * N + j] += f * a.H[i * N + j];
}

// r.H += f·a.g b.gᵀ on a's × b's range.
template <int N, bool K>
void addOuter(RangeJet<N, K>& r, double f, const RangeJet<N, K>& a, const RangeJet<N, K>& b)
{
  if constexpr (K) {
    if (f == 0.0)
      return;
    for (int i = a.lo; i < a.hi; ++i) {
      const double fa = f * a.g[i];
      for (int j = b.lo; j < b.hi; ++j)
        r.H[i * N + j] += fa * b.g[j];
    }
  }
}

}  // namespace range_jet

// Chain rule for f(a) with f' = d1, f'' = d2.
template <int N, bool K>
RangeJet<N, K> chain(double value, const RangeJet<N, K>& a, double d1, double d2)
{
  RangeJet<N, K> r(value);
  r.lo = a.lo, r.hi = a.hi;
  for (int i = a.lo; i < a.hi; ++i)
    r.g[i] = d1 * a.g[i];
  if constexpr (K) {
    for (int i = a.lo; i < a.hi; ++i)
      for (int j = a.lo; j < a.hi; ++j)
        r.H[i * N + j] = d1 * a.H[i * N + j];
    range_jet::addOuter(r, d2, a, a);
  }
  return r;
}

// Chain rule for f(a, b) with partials fa, fb and second partials faa, fbb, fab.
template <int N, bool K>
RangeJet<N, K> chain(double value, const RangeJet<N, K>& a, const RangeJet<N, K>& b, double fa, double fb,
                     double faa, double fbb, double fab)
{
  if (b.constant())
    return chain(value, a, fa, faa);
  if (a.constant())
    return chain(value, b, fb, fbb);
  RangeJet<N, K> r(value);
  range_jet::setSpan(r, a, b);
  if (a.lo == b.lo && a.hi == b.hi) {  // one body's quantities: no zero padding
    for (int i = r.lo; i < r.hi; ++i)
      r.g[i] = fa * a.g[i] + fb * b.g[i];
    if constexpr (K) {
      for (int i = r.lo; i < r.hi; ++i)
        for (int j = r.lo; j < r.hi; ++j)
          r.H[i * N + j] = fa * a.H[i * N + j] + fb * b.H[i * N + j];
      range_jet::addOuter(r, faa, a, a);
      range_jet::addOuter(r, fbb, b, b);
      range_jet::addOuter(r, fab, a, b);
      range_jet::addOuter(r, fab, b, a);
    }
    return r;
  }
  range_jet::zero(r);
  range_jet::addScaled(r, fa, a);
  range_jet::addScaled(r, fb, b);
  range_jet::addOuter(r, faa, a, a);
  range_jet::addOuter(r, fbb, b, b);
  range_jet::addOuter(r, fab, a, b);
  range_jet::addOuter(r, fab, b, a);
  return r;
}

// a·x + b·y + c·z with constant weights (the inner loop of A(p)·s).
template <int N, bool K>
RangeJet<N, K> combine3(const RangeJet<N, K>& a, double x, const RangeJet<N, K>& b, double y,
                        const RangeJet<N, K>& c, double z)
{
  RangeJet<N, K> r(a.v * x + b.v * y + c.v * z);
  range_jet::setSpan(r, a, b);
  RangeJet<N, K> span;  // the union with c's range
  range_jet::setSpan(span, r, c);
  r.lo = span.lo, r.hi = span.hi;
  if (r.constant())
    return r;
  range_jet::zero(r);
  range_jet::addScaled(r, x, a);
  range_jet::addScaled(r, y, b);
  range_jet::addScaled(r, z, c);
  return r;
}

template <int N, bool K>
RangeJet<N, K> operator+(const RangeJet<N, K>& a, const RangeJet<N, K>& b)
{
  return chain(a.v + b.v, a, b, 1.0, 1.0, 0.0, 0.0, 0.0);
}
template <int N, bool K>
RangeJet<N, K> operator-(const RangeJet<N, K>& a, const RangeJet<N, K>& b)
{
  return chain(a.v - b.v, a, b, 1.0, -1.0, 0.0, 0.0, 0.0);
}
template <int N, bool K>
RangeJet<N, K> operator-(const RangeJet<N, K>& a)
{
  return chain(-a.v, a, -1.0, 0.0);
}
template <int N, bool K>
RangeJet<N, K> operator*(const RangeJet<N, K>& a, double s)
{
  return chain(a.v * s, a, s, 0.0);
}
template <int N, bool K>
RangeJet<N, K> operator*(double s, const RangeJet<N, K>& a)
{
  return a * s;
}
template <int N, bool K>
RangeJet<N, K> operator+(RangeJet<N, K> a, double s)
{
  a.v += s;
  return a;
}
template <int N, bool K>
RangeJet<N, K> operator+(double s, RangeJet<N, K> a)
{
  a.v += s;
  return a;
}
template <int N, bool K>
RangeJet<N, K> operator-(RangeJet<N, K> a, double s)
{
  a.v -= s;
  return a;
}
template <int N, bool K>
RangeJet<N, K> operator-(double s, const RangeJet<N, K>& a)
{
  return -a + s;
}
template <int N, bool K>
RangeJet<N, K> operator*(const RangeJet<N, K>& a, const RangeJet<N, K>& b)
{
  return chain(a.v * b.v, a, b, b.v, a.v, 0.0, 0.0, 1.0);
}
template <int N, bool K>
RangeJet<N, K> operator/(const RangeJet<N, K>& a, const RangeJet<N, K>& b)
{
  const double ib = 1.0 / b.v;
  return chain(a.v * ib, a, b, ib, -a.v * ib * ib, 0.0, 2.0 * a.v * ib * ib * ib, -ib * ib);
}
template <int N, bool K>
RangeJet<N, K> operator/(const RangeJet<N, K>& a, double s)
{
  return a * (1.0 / s);
}
template <int N, bool K>
RangeJet<N, K>& operator+=(RangeJet<N, K>& a, const RangeJet<N, K>& b)
{
  return a = a + b;
}
template <int N, bool K>
RangeJet<N, K>& operator-=(RangeJet<N, K>& a, const RangeJet<N, K>& b)
{
  return a = a - b;
}
template <int N, bool K>
RangeJet<N, K> sqrt(const RangeJet<N, K>& a)
{
  const double s = std::sqrt(a.v);
  return chain(s, a, 0.5 / s, -0.25 / (s * a.v));
}
template <int N, bool K>
RangeJet<N, K> atan2(const RangeJet<N, K>& y, const RangeJet<N, K>& x)
{
  const double r2 = x.v * x.v + y.v * y.v, r4 = r2 * r2;
  return chain(std::atan2(y.v, x.v), y, x, x.v / r2, -y.v / r2, -2.0 * x.v * y.v / r4, 2.0 * x.v * y.v / r4,
               (y.v * y.v - x.v * x.v) / r4);
}
template <int N, bool K>
double value(const RangeJet<N, K>& a)
{
  return a.v;
}

}  // namespace mbs::solver::detail
