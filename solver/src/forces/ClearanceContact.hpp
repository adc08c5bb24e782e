#pragma once
// Contacts of clearance joints (Joint::clearance): pin in hole (revolute), ball in socket
// (spherical), slider ends against the guide's walls (translational), written for any scalar type T
// so the same code gives the load and, with jets, its exact Jacobian.
// docs/solver-notes.md, "Clearance joints".
#include <array>
#include <cmath>

#include "forces/ForceElements.hpp"

namespace mbs::solver::detail {

template <class T>
struct ClearanceContact {
  // On the I side (journal, ball, slider): all contacts summed into one load (force at `point`
  // plus a torque); the opposite load acts on the J side.
  Load<T> load;
  T penetration = 0.0;             // the deepest contact's δ (negative: free)
  T rate = 0.0;                    // its dδ/dt (positive: approaching the wall)
  T normalForce = 0.0;             // ≥ 0, summed over the contacts
  T frictionForce = 0.0;           // magnitude, summed over the contacts
  double frictionPower = 0.0;      // of the friction forces, ≤ 0 (double only: not differentiated)
  T ex = 0.0, ey = 0.0, ez = 0.0;  // eccentricity (ClearanceOutput explains it per kind)
  // Per contact slot (one for a pin or a ball, one per slider end): δ and its rate, for the onset
  // step control and the approach speed δ̇⁻ of the Lankarani–Nikravesh law.
  std::array<T, 2> slotPenetration{}, slotRate{};
  int slots = 1;
  int touching = 0;  // contacts that carry load
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
  if (p.law == ClearanceLaw::Impact) {  // K δ^n + STEP(δ, 0, 0, d, c_max) δ̇ (Adams IMPACT)
    if (value(delta) >= p.penetrationDepth)
      return spring + rate * p.maxDamping;
    const T s = delta * (1.0 / p.penetrationDepth);
    return spring + s * s * (3.0 - s * 2.0) * p.maxDamping * rate;
  }
  const double damping = 0.75 * (1.0 - p.restitution * p.restitution) / impactSpeed;
  return spring * (rate * damping + 1.0);
}

// The geometry of a clearance joint inside System, after substituteClearanceJoints (ClearanceKinds.hpp):
// a revolute is a Planar joint, a translational one a Planar joint on turned markers with a slider
// length, a spherical one a ContactOnly joint.
enum class ClearanceKind { Radial, Translational, Spherical };

inline ClearanceKind clearanceKind(const Joint& joint)
{
  if (joint.type == JointType::ContactOnly)
    return ClearanceKind::Spherical;
  return joint.clearance->sliderLength > 0.0 ? ClearanceKind::Translational : ClearanceKind::Radial;
}

// Adds one contact on the wall whose outward unit normal (from J's centre towards the wall I
// touches) is `normal`, at the point `pc`; δ and δ̇ are given. `planeNormal` (may be null) is a
// direction slip cannot have (the bearing's axis, the guide's out-of-plane axis).
template <class T>
void addContact(const ClearanceParameters& p, double impactSpeed, const V3<T>& normal, const V3<T>& pc,
                const T& delta, const T& rate, const V3<T>* planeNormal, const BodyVars<T>& bi,
                const BodyVars<T>& bj, ClearanceContact<T>& out)
{
  using std::sqrt;
  T fn = normalForce(p, impactSpeed, delta, rate);
  if (value(fn) < 0.0)  // the damped laws never pull (fast separation would make them)
    fn = T(0.0);
  const V3<T> vc = pointVelocity(bi, pc) - pointVelocity(bj, pc);
  V3<T> vt = vc - normal * dot(normal, vc);
  if (planeNormal)
    vt = vt - *planeNormal * dot(*planeNormal, vc);
  const T w = sqrt(dot(vt, vt) + 1e-300);
  const T muPerSpeed = frictionPerSpeed(p, w);
  const V3<T> force = normal * (-fn) - vt * (muPerSpeed * fn);
  out.normalForce = out.normalForce + fn;
  out.frictionForce = out.frictionForce + muPerSpeed * w * fn;
  // F_t · v_c = −μ/w F_n v_t·v_c = −μ/w F_n w² (v_t is v_c without its normal and axial parts).
  out.frictionPower -= value(muPerSpeed) * value(fn) * value(w) * value(w);
  if (out.touching++ == 0) {
    out.load.point = pc;
    out.load.force = force;
    return;
  }
  // A second contact: moved to the first one's point with its moment.
  out.load.torque = out.load.torque + cross(pc - out.load.point, force);
  out.load.force = out.load.force + force;
}

// impactSpeeds: δ̇⁻ per contact slot, the approach speed when that contact began (System keeps it).
template <class T>
ClearanceContact<T> clearanceContact(const Model& model, const Joint& joint,
                                     const std::array<double, 2>& impactSpeeds, const BodyVars<T>& bi,
                                     const BodyVars<T>& bj)
{
  using std::sqrt;
  const ClearanceParameters& p = *joint.clearance;
  const FrameT<T> fi = markerFrame(model.markers[joint.iMarker], bi);
  const FrameT<T> fj = markerFrame(model.markers[joint.jMarker], bj);
  const V3<T> d = fi.o - fj.o;
  ClearanceContact<T> out;
  out.load.point = fi.o;
  out.load.force = V3<T>{{T(0.0), T(0.0), T(0.0)}};
  out.load.torque = out.load.force;
  const ClearanceKind kind = clearanceKind(joint);
  if (kind == ClearanceKind::Translational) {
    // Turned markers: x = sliding axis, y = clearance direction, z = out of the sliding plane.
    // Each slider end a = ±L/2 lies at l = y_J·(d + a x_I) across the guide and touches the wall
    // on its side when |l| > c (Flores et al. 2008; docs/solver-notes.md, "Clearance joints").
    out.ex = dot(fj.y, d);
    out.ey = dot(fj.y, fi.x) * (0.5 * p.sliderLength);
    out.slots = 2;
    for (int slot = 0; slot < 2; ++slot) {
      const double a = (slot == 0 ? 0.5 : -0.5) * p.sliderLength;
      const V3<T> pc = fi.o + fi.x * a;
      const T l = dot(fj.y, pc - fj.o);
      const V3<T> normal = value(l) >= 0.0 ? fj.y : fj.y * -1.0;
      const T delta = dot(normal, pc - fj.o) - p.clearance;
      const T rate = dot(normal, pointVelocity(bi, pc) - pointVelocity(bj, pc));
      out.slotPenetration[slot] = delta;
      out.slotRate[slot] = rate;
      if (slot == 0 || value(delta) > value(out.penetration)) {
        out.penetration = delta;
        out.rate = rate;
      }
      if (value(delta) > 0.0)
        addContact(p, impactSpeeds[slot], normal, pc, delta, rate, &fj.z, bi, bj, out);
    }
    return out;
  }
  // Pin in hole (eccentricity in the bearing plane) or ball in socket (in space).
  const V3<T> e = kind == ClearanceKind::Radial ? d - fj.z * dot(fj.z, d) : d;
  out.ex = dot(e, fj.x);
  out.ey = dot(e, fj.y);
  out.ez = dot(e, fj.z);
  const T length = sqrt(dot(e, e) + 1e-300);  // bias: a centred pin has zero load, not 0/0
  const V3<T> u = e * (T(1.0) / length);
  out.penetration = length - p.clearance;
  // Relative velocity of the journal against the bearing at the contact point on the journal.
  const V3<T> pc = fi.o + u * p.journalRadius;
  const V3<T> centre = pointVelocity(bi, fi.o) - pointVelocity(bj, fi.o);
  out.rate = dot(u, centre);
  out.slotPenetration[0] = out.penetration;
  out.slotRate[0] = out.rate;
  out.load.point = pc;
  if (value(out.penetration) > 0.0)
    addContact(p, impactSpeeds[0], u, pc, out.penetration, out.rate,
               kind == ClearanceKind::Radial ? &fj.z : nullptr, bi, bj, out);
  return out;
}

}  // namespace mbs::solver::detail
