#include "mbs/core/ContactFunctions.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace mbs::core {
namespace {

bool validContact(double k, double e, double cmax, double d)
{
  return std::isfinite(k) && std::isfinite(e) && std::isfinite(cmax) && std::isfinite(d) && k >= 0.0 &&
         e > 0.0 && cmax >= 0.0 && d > 0.0;
}

ContactValue invalid()
{
  return {std::numeric_limits<double>::quiet_NaN(), 0.0, 0.0};
}

// One stop at penetration p > 0 (dp/dx = ±1). sign = +1: the lower stop, f = k p^e − c ẋ;
// sign = −1: the upper stop, f = −(k p^e + c ẋ); each is zero where it would change sign. The
// damping coefficient c = cmax·S(p/d) with S(s) = s²(3 − 2s) for s < 1 and 1 beyond: Adams'
// STEP(x, x1 − d, cmax, x1, 0) and STEP(x, x2, 0, x2 + d, cmax) written in the penetration.
ContactValue stop(double p, double dpdx, double xd, double k, double e, double cmax, double d, double sign)
{
  const double s = std::min(p / d, 1.0);
  const double c = cmax * s * s * (3.0 - 2.0 * s);
  const double dcdp = p < d ? cmax * 6.0 * s * (1.0 - s) / d : 0.0;
  const double magnitude = k * std::pow(p, e) - sign * c * xd;
  if (!(magnitude > 0.0))
    return {};
  const double dSpring = k * e * std::pow(p, e - 1.0);
  return {sign * magnitude, sign * (dSpring - sign * dcdp * xd) * dpdx, -c};
}

}  // namespace

ContactValue impactFunction(double x, double xd, double x1, double k, double e, double cmax, double d)
{
  if (!validContact(k, e, cmax, d) || !std::isfinite(x1))
    return invalid();
  if (!(x < x1))  // also NaN x: NaN below
    return std::isnan(x) || std::isnan(xd) ? invalid() : ContactValue{};
  return stop(x1 - x, -1.0, xd, k, e, cmax, d, 1.0);
}

ContactValue bistopFunction(double x, double xd, double x1, double x2, double k, double e, double cmax,
                            double d)
{
  if (!validContact(k, e, cmax, d) || !std::isfinite(x1) || !std::isfinite(x2) || !(x2 >= x1) ||
      std::isnan(x) || std::isnan(xd))
    return invalid();
  if (x < x1)
    return stop(x1 - x, -1.0, xd, k, e, cmax, d, 1.0);
  if (x > x2)
    return stop(x - x2, 1.0, xd, k, e, cmax, d, -1.0);
  return {};
}

}  // namespace mbs::core
