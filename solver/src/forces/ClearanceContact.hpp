#pragma once
// Pin-in-hole contact of a revolute joint with radial clearance (Joint::clearance), written for any
// scalar type T so the same code gives the load and, with jets, its exact Jacobian.
// docs/solver-notes.md, "Clearance joints".
#include <cmath>

#include "forces/ForceElements.hpp"

namespace mbs::solver::detail {

template <class T>
struct ClearanceContact {
  Load<T> load;           // on the journal (I) at the contact point; the opposite on the bearing (J)
  T penetration = 0.0;    // δ = |e| − c (negative: free)
  T rate = 0.0;           // d|e|/dt (positive: approaching the bearing wall)
  T normalForce = 0.0;    // ≥ 0
  T frictionForce = 0.0;  // magnitude
  T ex = 0.0, ey = 0.0;   // eccentricity in J's x and y axes
};

// a^n for a > 0 (jets by the chain rule).
inline double positivePower(double a, double n)
{
  return std::pow(a, n);
}
template <int N, bool K>
Jet<N, K> positivePower(const Jet<N, K>& a, double n)
{
  return chain(std::pow(a.v, n), a, n * std::pow(a.v, n - 1.0), n * (n - 1.0) * std::pow(a.v, n - 2.0));
}

// μ(w)/w for the sliding speed w ≥ 0: a cubic step 0 → μ_s up to v_s (a stiff viscous law near
// rest, no discontinuity for the integrator), then a cubic step μ_s → μ_d up to 2 v_s.
template <class T>
T frictionPerSpeed(const ClearanceParameters& p, const T& w)
{
  const double vs = p.transitionVelocity, w0 = value(w);
  if (w0 < vs) {
    const T x = w * (1.0 / vs);
    return x * (3.0 - x * 2.0) * (p.staticCoefficient / vs);  // μ_s x²(3 − 2x) / w
  }
  if (w0 < 2.0 * vs) {
    const T x = (w - vs) * (1.0 / vs);
    const T mu = p.staticCoefficient + x * x * (3.0 - x * 2.0) * (p.dynamicCoefficient - p.staticCoefficient);
    return mu / w;
  }
  return T(p.dynamicCoefficient) / w;
}

// The normal force of ClearanceLaw before the clamp at zero, for δ > 0.
template <class T>
T normalForce(const ClearanceParameters& p, double impactSpeed, const T& delta, const T& rate)
{
  const T spring = positivePower(delta, p.exponent) * p.stiffness;
  if (p.law == ClearanceLaw::PolynomialDamping)  // K δ^n + (d₁ δ + d₂ δ²) δ̇
    return spring + delta * (delta * p.quadraticDamping + p.linearDamping) * rate;
  const double damping = 0.75 * (1.0 - p.restitution * p.restitution) / impactSpeed;
  return spring * (rate * damping + 1.0);
}

// impactSpeed: δ̇⁻, the approach speed when this contact began (System keeps it per joint).
template <class T>
ClearanceContact<T> clearanceContact(const Model& model, const Joint& joint, double impactSpeed,
                                     const BodyVars<T>& bi, const BodyVars<T>& bj)
{
  using std::sqrt;
  const ClearanceParameters& p = *joint.clearance;
  const FrameT<T> fi = markerFrame(model.markers[joint.iMarker], bi);
  const FrameT<T> fj = markerFrame(model.markers[joint.jMarker], bj);
  const V3<T> d = fi.o - fj.o;
  const V3<T> e = d - fj.z * dot(fj.z, d);  // eccentricity in the bearing plane
  ClearanceContact<T> out;
  out.ex = dot(e, fj.x);
  out.ey = dot(e, fj.y);
  const T length = sqrt(dot(e, e) + 1e-300);  // bias: a centred pin has zero load, not 0/0
  const V3<T> u = e * (T(1.0) / length);
  out.penetration = length - p.clearance;
  // Relative velocity of the journal against the bearing at the contact point on the journal.
  const V3<T> pc = fi.o + u * p.journalRadius;
  const V3<T> centre = pointVelocity(bi, fi.o) - pointVelocity(bj, fi.o);
  out.rate = dot(u, centre);
  out.load.point = pc;
  if (!(value(out.penetration) > 0.0))
    return out;
  T fn = normalForce(p, impactSpeed, out.penetration, out.rate);
  if (value(fn) < 0.0)  // the damped laws never pull (fast separation would make them)
    fn = T(0.0);
  out.normalForce = fn;
  const V3<T> vc = pointVelocity(bi, pc) - pointVelocity(bj, pc);
  const V3<T> vt = vc - u * dot(u, vc) - fj.z * dot(fj.z, vc);
  const T w = sqrt(dot(vt, vt) + 1e-300);
  const T muPerSpeed = frictionPerSpeed(p, w);
  out.frictionForce = muPerSpeed * w * fn;
  out.load.force = u * (-fn) - vt * (muPerSpeed * fn);
  return out;
}

}  // namespace mbs::solver::detail
