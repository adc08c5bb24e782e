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
