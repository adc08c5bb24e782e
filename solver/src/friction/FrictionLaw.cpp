#include "friction/FrictionLaw.hpp"

#include <algorithm>
#include <cmath>

namespace mbs::solver::detail {
namespace {

// Adams STEP(x, x0, 0, x1, 1): cubic, C¹ at both ends.
double step01(double x, double x0, double x1)
{
  if (x <= x0)
    return 0.0;
  if (x >= x1)
    return 1.0;
  const double u = (x - x0) / (x1 - x0);
  return u * u * (3.0 - 2.0 * u);
}

}  // namespace

double frictionCoefficient(const FrictionParameters& p, double speed)
{
  const double w = std::abs(speed);
  const double vs = p.stictionTransitionVelocity;
  // Only μ_d given (μ_s left 0): friction does not drop to zero below v_s.
  const double mus = std::max(p.staticCoefficient, p.dynamicCoefficient);
  // Adams uses STEP(v, −v_s, −μ_s, v_s, μ_s) below v_s: odd in v, zero at rest.
  if (w < vs)
    return mus * (2.0 * step01(w, -vs, vs) - 1.0);
  if (p.stribeck && p.stribeckVelocity > 0.0) {
    const double x = (w - vs) / p.stribeckVelocity;
    return p.dynamicCoefficient + (mus - p.dynamicCoefficient) * std::exp(-x * x);
  }
  const double vt = std::max(p.transitionVelocityFactor, 1.0) * vs;
  return mus + (p.dynamicCoefficient - mus) * step01(w, vs, vt);
}

bool isSticking(const FrictionParameters& p, double speed)
{
  return std::abs(speed) < p.stictionTransitionVelocity;
}

}  // namespace mbs::solver::detail
