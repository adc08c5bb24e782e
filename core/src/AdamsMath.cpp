#include "AdamsMath.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

namespace mbs::core::adams {
namespace {

// Normalized position of x in [x0, x1]; the clamped ends return exactly 0 or 1.
double fraction(double x, double x0, double x1)
{
  if (x <= x0) {
    return 0.0;
  }
  if (x >= x1) {
    return 1.0;
  }
  return (x - x0) / (x1 - x0);
}

}  // namespace

double step(double x, double x0, double h0, double x1, double h1)
{
  if (!(x1 > x0)) {
    return std::numeric_limits<double>::quiet_NaN();
  }
  const double d = fraction(x, x0, x1);
  return h0 + (h1 - h0) * d * d * (3.0 - 2.0 * d);
}

double step5(double x, double x0, double h0, double x1, double h1)
{
  if (!(x1 > x0)) {
    return std::numeric_limits<double>::quiet_NaN();
  }
  const double d = fraction(x, x0, x1);
  return h0 + (h1 - h0) * d * d * d * (10.0 - 15.0 * d + 6.0 * d * d);
}

double havsin(double x, double x0, double h0, double x1, double h1)
{
  if (!(x1 > x0)) {
    return std::numeric_limits<double>::quiet_NaN();
  }
  const double d = fraction(x, x0, x1);
  return h0 + (h1 - h0) * 0.5 * (1.0 - std::cos(std::numbers::pi * d));
}

double ifFunction(double cond, double negative, double zero, double positive)
{
  if (cond < 0.0) {
    return negative;
  }
  return cond > 0.0 ? positive : zero;
}

double poly(const double* args, int n)
{
  if (n < 3) {
    return std::numeric_limits<double>::quiet_NaN();
  }
  const double dx = args[0] - args[1];
  double sum = 0.0;
  for (int k = n - 1; k >= 2; --k) {  // Horner
    sum = sum * dx + args[k];
  }
  return sum;
}

double shf(double x, double x0, double a, double w, double phi, double b)
{
  return a * std::sin(w * (x - x0) - phi) + b;
}

// Σ a_j T_j(x − x0) with T_0 = 1, T_1 = x − x0, T_j = 2 (x − x0) T_(j−1) − T_(j−2).
double cheby(const double* args, int n)
{
  if (n < 3)
    return std::numeric_limits<double>::quiet_NaN();
  const double u = args[0] - args[1];
  double before = 1.0, current = u, sum = args[2];
  for (int k = 3; k < n; ++k) {
    sum += args[k] * current;
    const double next = 2.0 * u * current - before;
    before = current;
    current = next;
  }
  return sum;
}

namespace {

// a0 + Σ_(j ≥ 1) a_j f(j w (x − x0)): FORCOS with cos, FORSIN with sin.
template <double (*F)(double)>
double fourier(const double* args, int n)
{
  if (n < 4)
    return std::numeric_limits<double>::quiet_NaN();
  const double phase = args[2] * (args[0] - args[1]);
  double sum = args[3];
  for (int k = 4; k < n; ++k)
    sum += args[k] * F(double(k - 3) * phase);
  return sum;
}
double cosine(double x)
{
  return std::cos(x);
}
double sine(double x)
{
  return std::sin(x);
}

}  // namespace

double forcos(const double* args, int n)
{
  return fourier<cosine>(args, n);
}
double forsin(const double* args, int n)
{
  return fourier<sine>(args, n);
}

// a sin(2π φ(x)) faded in by STEP5 from x0 to x0 + dx, φ the phase (cycles) of a frequency rising
// linearly from f0 at x0 to f1 at x1 (f0 before, f1 after): φ' is the instantaneous frequency.
double sweep(const double* args, int n)
{
  if (n != 7)
    return std::numeric_limits<double>::quiet_NaN();
  const double x = args[0], a = args[1], x0 = args[2], f0 = args[3], x1 = args[4], f1 = args[5], dx = args[6];
  if (!(x1 > x0) || !(dx > 0.0))
    return std::numeric_limits<double>::quiet_NaN();  // Adams: an error
  const double phase = x <= x0  ? f0 * x
                       : x < x1 ? f0 * x + (f1 - f0) * (x - x0) * (x - x0) / (2.0 * (x1 - x0))
                                : f1 * x - 0.5 * (f1 - f0) * (x1 + x0);
  return step5(x, x0, 0.0, x0 + dx, 1.0) * a * std::sin(2.0 * std::numbers::pi * phase);
}

double sign(double a, double b)
{
  return b >= 0.0 ? std::abs(a) : -std::abs(a);
}
double mod(double a, double b)
{
  return a - std::trunc(a / b) * b;
}
double dim(double a, double b)
{
  return a > b ? a - b : 0.0;
}
double aint(double a)
{
  return std::trunc(a);
}
double anint(double a)
{
  return std::round(a);
}

double min(const double* args, int n)
{
  return n > 0 ? *std::min_element(args, args + n) : std::numeric_limits<double>::quiet_NaN();
}

double max(const double* args, int n)
{
  return n > 0 ? *std::max_element(args, args + n) : std::numeric_limits<double>::quiet_NaN();
}

}  // namespace mbs::core::adams
