#include "friction/JointFriction.hpp"

#include <algorithm>
#include <cmath>

#include "forces/ForceElements.hpp"
#include "friction/FrictionLaw.hpp"
#include "kinematics/FrameT.hpp"

namespace mbs::solver::detail {
namespace {

double plain(double v, int)
{
  return v;
}

Mat3 axes(const FrameT<double>& f)
{
  Mat3 a;
  a.col(0) = values(f.x);
  a.col(1) = values(f.y);
  a.col(2) = values(f.z);
  return a;
}

// Pin sliding with axial speed s and spin ω on radius R (seed eqs. 20, 25, 26): the contact
// points slide at v = √(s² + ω²R²) and k_s = −μ s/v, k_r = −μ ωR/v.
void pinFriction(const FrictionParameters& p, double normal, double s, double omega, double& axialForce,
                 double& torque, double& speed)
{
  const double r = p.pinRadius;
  speed = std::hypot(s, omega * r);
  axialForce = torque = 0.0;
  if (speed <= 0.0)
    return;
  const double mu = frictionCoefficient(p, speed);
  axialForce = -mu * normal * s / speed;
  torque = -mu * normal * r * (omega * r) / speed;
}

}  // namespace

std::string frictionProblem(const Joint& joint)
{
  const FrictionParameters& p = *joint.friction;
  const JointType t = joint.type;
  if (t != JointType::Revolute && t != JointType::Cylindrical && t != JointType::Translational &&
      t != JointType::Universal && t != JointType::Spherical)
    return std::string("not available for a ") + toString(t) +
           " joint (revolute, cylindrical, translational, universal, spherical only)";
  if (!(p.staticCoefficient >= 0.0) || !(p.dynamicCoefficient >= 0.0))
    return "coefficients MU_STATIC and MU_DYNAMIC must be non-negative";
  if (!(p.stictionTransitionVelocity > 0.0))
    return "STICTION_TRANSITION_VELOCITY must be positive";
  if (t != JointType::Translational && !(p.pinRadius > 0.0))
    return "PIN_RADIUS (ball radius) must be positive";
  if (p.halfLength < 0.0 || p.frictionArm < 0.0 || p.bendingReflectArm < 0.0 || p.preloadForce < 0.0 ||
      p.preloadTorque < 0.0 || p.stribeckVelocity < 0.0)
    return "lengths, arms, preloads and the Stribeck velocity must be non-negative";
  return {};
}

JointMotion jointMotion(const Model& model, const Joint& joint, const Vec& q, const Vec& qd)
{
  const Marker& mi = model.markers[joint.iMarker];
  const Marker& mj = model.markers[joint.jMarker];
  const auto bi = bodyVars<double>(q, &qd, mi.body, plain, plain);
  const auto bj = bodyVars<double>(q, &qd, mj.body, plain, plain);
  const FrameT<double> fi = markerFrame(mi, bi), fj = markerFrame(mj, bj);
  JointMotion m;
  m.point = values(fi.o);
  m.axesI = axes(fi);
  m.axesJ = axes(fj);
  m.velocity = values(pointVelocity(bi, fi.o)) - values(pointVelocity(bj, fi.o));
  m.angularVelocity = values(angularVelocity(bi)) - values(angularVelocity(bj));
  return m;
}

FrictionOutput jointFriction(const Joint& joint, const JointMotion& motion, const Reaction& reaction)
{
  const FrictionParameters& p = *joint.friction;
  FrictionOutput out;
  if (joint.type == JointType::Universal) {
    const Vec3 a = motion.axesI.col(2), b = motion.axesJ.col(2);
    const ContactNormals c = universalContactNormals(p, a, b, reaction.force, reaction.torque);
    // ω_rel = ω_a a + ω_b b (the cross keeps a ⟂ b, the Gram matrix guards small violations).
    Eigen::Matrix2d gram;
    gram << 1.0, a.dot(b), a.dot(b), 1.0;
    const Eigen::Vector2d w =
        gram.ldlt().solve(Eigen::Vector2d(a.dot(motion.angularVelocity), b.dot(motion.angularVelocity)));
    const Vec3 pins[2] = {a, b};
    for (int k = 0; k < 2; ++k) {
      double axial = 0.0, torque = 0.0, speed = 0.0;
      pinFriction(p, c.normal[k] + c.preload, 0.0, w[k], axial, torque, speed);
      out.torque += torque * pins[k];
      out.slidingSpeed = std::max(out.slidingSpeed, speed);
    }
    out.contactNormals = c.normal;
    out.normalForce = c.total();
  } else {
    const Mat3& frame = motion.axesJ;
    const Vec3 fLocal = frame.transpose() * reaction.force;
    const Vec3 mLocal = frame.transpose() * reaction.torque;
    const ContactNormals c = contactNormals(joint.type, p, fLocal, mLocal);
    const double normal = c.total();
    const Vec3 z = frame.col(2);
    double axial = 0.0, torque = 0.0, speed = 0.0;
    switch (joint.type) {
      case JointType::Revolute:  // no axial slip: the contacts slide at ωR
        pinFriction(p, normal, 0.0, z.dot(motion.angularVelocity), axial, torque, speed);
        break;
      case JointType::Cylindrical:
        pinFriction(p, normal, z.dot(motion.velocity), z.dot(motion.angularVelocity), axial, torque, speed);
        break;
      case JointType::Translational: {
        const double s = z.dot(motion.velocity);
        speed = std::abs(s);
        if (speed > 0.0)
          axial = -frictionCoefficient(p, speed) * normal * s / speed;
        break;
      }
      case JointType::Spherical: {
        // Ball of radius R turning at |ω_rel|: torque μ N R against ω_rel.
        const double w = motion.angularVelocity.norm();
        speed = w * p.pinRadius;
        if (speed > 0.0)
          out.torque = -frictionCoefficient(p, speed) * normal * p.pinRadius * motion.angularVelocity / w;
        break;
      }
      default:
        break;
    }
    out.force = axial * z;
    if (joint.type != JointType::Spherical)
      out.torque = torque * z;
    out.contactNormals = c.normal;
    out.normalForce = normal;
    out.slidingSpeed = speed;
  }
  out.stick = isSticking(p, out.slidingSpeed);
  out.power = -(out.force.dot(motion.velocity) + out.torque.dot(motion.angularVelocity));
  return out;
}

FrictionForces14 frictionLoadForces(const Model& model, const Joint& joint, const Vec& q,
                                    const JointMotion& motion, const Reaction& reaction)
{
  const FrictionOutput f = jointFriction(joint, motion, reaction);
  Load<double> load;
  load.point = constant<double>(motion.point);
  load.force = constant<double>(f.force);
  load.torque = constant<double>(f.torque);
  const int bodies[2] = {model.markers[joint.iMarker].body, model.markers[joint.jMarker].body};
  FrictionForces14 out = FrictionForces14::Zero();
  for (int s = 0; s < 2; ++s)
    addLoad(bodyVars<double>(q, nullptr, bodies[s], plain, plain), s == 0 ? 1.0 : -1.0, load,
            out.data() + 7 * s);
  return out;
}

}  // namespace mbs::solver::detail
