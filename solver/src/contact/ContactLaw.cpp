#include "contact/ContactLaw.hpp"

#include <algorithm>
#include <cmath>

namespace mbs::solver::contact {

double step(double x, double x0, double h0, double x1, double h1)
{
  if (x <= x0)
    return h0;
  if (x >= x1)
    return h1;
  const double s = (x - x0) / (x1 - x0);
  return h0 + (h1 - h0) * s * s * (3.0 - 2.0 * s);
}

double normalForce(const SolidContact& c, double delta, double deltaRate)
{
  if (!(delta > 0.0))
    return 0.0;
  double f = 0.0;
  if (c.law == ContactNormalLaw::Impact) {
    f = c.stiffness * std::pow(delta, c.exponent) + step(delta, 0.0, 0.0, c.dmax, c.damping) * deltaRate;
  } else {
    const double e2 = c.restitution * c.restitution;
    const double vn = c.normalTransitionVelocity;
    f = c.penalty * delta * (e2 + (1.0 - e2) * step(deltaRate, -vn, 0.0, vn, 1.0));
  }
  return std::max(f, 0.0);  // a contact never pulls (fast separation would make the damped law)
}

double frictionCoefficient(const SolidContact& c, double w)
{
  switch (c.friction) {
    case ContactFrictionMode::Off:
      return 0.0;
    case ContactFrictionMode::DynamicsOnly: {
      const double vd = c.frictionVelocity;
      return w >= vd ? c.muDynamic : -step(w, -vd, c.muDynamic, vd, -c.muDynamic);
    }
    default: {
      const double vs = c.stictionVelocity, vd = c.frictionVelocity;
      if (w <= vs)
        return -step(w, -vs, c.muStatic, vs, -c.muStatic);
      return w >= vd ? c.muDynamic : step(w, vs, c.muStatic, vd, c.muDynamic);
    }
  }
}

double onsetDepth(const SolidContact& c, double sizeScale)
{
  // IMPACT: its damping ramp DMAX (as for IMPACT in force functions); POISSON has no length of
  // its own: a thousandth of the smaller solid's size.
  const double geometric = 1e-3 * sizeScale;
  if (c.law == ContactNormalLaw::Impact && c.dmax > 0.0)
    return std::isfinite(geometric) ? std::min(c.dmax, 10.0 * geometric) : c.dmax;
  return std::isfinite(geometric) && geometric > 0.0 ? geometric : 1e-6;
}

}  // namespace mbs::solver::contact
