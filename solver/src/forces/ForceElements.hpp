#pragma once
// Force elements as loads (force at the I marker plus a torque, both ground frame, on I's body;
// the opposite load on J's body when there is a reaction), written for any scalar type T so the
// same code gives the generalized forces and, with jets, their exact Jacobians.
#include <cmath>
#include <numbers>

#include "beams/LinearFieldLoad.hpp"
#include "constraints/ConstraintRows.hpp"

namespace mbs::solver::detail {

template <class T>
struct Load {
  V3<T> force, torque, point;  // point = I marker origin (where the force acts)
  T length = 0.0, rate = 0.0;  // deformation measure of spring-dampers and its rate
  bool reaction = true;
};

// Adds a load to the r–p generalized force of one body (Q7 = its 7 entries): Q_r = F,
// Q_p = 2 Eᵀ n with n the moment about the CM (virtual work of δπ = 2 E δp).
template <class T>
void addLoad(const BodyVars<T>& b, double sign, const Load<T>& load, T* q7)
{
  if (b.ground)
    return;
  const V3<T> f = load.force * sign;
  const V3<T> n = (load.torque + cross(load.point - b.r, load.force)) * sign;
  const V3<T> e{{b.p[1], b.p[2], b.p[3]}};
  for (int k = 0; k < 3; ++k)
    q7[k] += f[k];
  q7[3] += dot(e, n) * -2.0;
  const V3<T> w = n * b.p[0] - cross(e, n);
  for (int k = 0; k < 3; ++k)
    q7[4 + k] += w[k] * 2.0;
}

// Spring-dampers, bushings, beams and fields (the force types that need no user function).
template <class T>
Load<T> springDamperLoad(const Model& model, const Force& force, const BodyVars<T>& bi, const BodyVars<T>& bj)
{
  using std::sqrt;
  const FrameT<T> fi = markerFrame(model.markers[force.iMarker], bi);
  const FrameT<T> fj = markerFrame(model.markers[force.jMarker], bj);
  const V3<T> d = fi.o - fj.o;
  const V3<T> vi = pointVelocity(bi, fi.o), vj = pointVelocity(bj, fj.o);
  const V3<T> wRel = angularVelocity(bi) - angularVelocity(bj);
  Load<T> load;
  load.point = fi.o;
  switch (force.type) {
    case ForceType::TranslationalSpringDamper: {
      // Positive magnitude pushes I away from J. At zero length the line is undefined: the tiny
      // bias makes the direction (and with it the load and its derivatives) zero there instead of
      // 0/0 (a spring of free length 0 starting with coincident ends, Chrono TranSpring_Case01).
      load.length = sqrt(dot(d, d) + 1e-300);
      const V3<T> u = d * (T(1.0) / load.length);
      load.rate = dot(u, vi - vj);
      const T f =
          (load.length - force.freeLength) * -force.stiffness - load.rate * force.damping + force.preload;
      load.force = u * f;
      break;
    }
    case ForceType::RotationalSpringDamper: {
      // The angle is taken within ±π of the free angle (no turn counting).
      const T deformation = wrapResidual(rotationAngle(fi, fj, 2) - force.freeLength, 2.0 * std::numbers::pi);
      load.length = deformation + force.freeLength;
      load.rate = dot(wRel, fj.z);
      const T torque = deformation * -force.stiffness - load.rate * force.damping + force.preload;
      load.torque = fj.z * torque;
      break;
    }
    case ForceType::Beam:
    case ForceType::Field: {  // beams/LinearFieldLoad.hpp
      const auto field =
          linearFieldLoad(force.field, fi, fj, vi, vj, angularVelocity(bi), angularVelocity(bj));
      load.force = field.force;
      load.torque = field.torque;
      load.length = field.length;
      load.rate = field.rate;
      break;
    }
    default: {  // Bushing: uncoupled springs along and about J's axes (small-angle rotations)
      const V3<T> dv = vi - vj;
      const V3<T> theta{{(dot(fj.z, fi.y) - dot(fj.y, fi.z)) * 0.5, (dot(fj.x, fi.z) - dot(fj.z, fi.x)) * 0.5,
                         (dot(fj.y, fi.x) - dot(fj.x, fi.y)) * 0.5}};
      load.length = sqrt(dot(d, d) + 1e-300);
      for (int k = 0; k < 3; ++k) {
        const V3<T>& a = fj.axis(k);
        const T f = dot(a, d) * -force.translationalStiffness[k] -
                    dot(a, dv) * force.translationalDamping[k] + force.preloadForce[k];
        const T m = theta[k] * -force.rotationalStiffness[k] - dot(a, wRel) * force.rotationalDamping[k] +
                    force.preloadTorque[k];
        load.force = load.force + a * f;
        load.torque = load.torque + a * m;
      }
      break;
    }
  }
  return load;
}

}  // namespace mbs::solver::detail
