#pragma once
// What a run reports for each entity at each output time (ResultFrame): part motion, joint and
// motion reactions, force, friction and clearance outputs. The same in every formulation.
#include <array>

#include "mbs/solver/Types.hpp"

namespace mbs::solver {

// Part results as Adams reports them for the CM marker, in the ground frame.
struct BodyOutput {
  Vec3 position, velocity, acceleration;
  Quat orientation;
  Vec3 angularVelocity, angularAcceleration;
};

// Reaction on the I marker's body, acting at the I marker, ground frame.
struct Reaction {
  Vec3 force = Vec3::Zero();
  Vec3 torque = Vec3::Zero();
};

struct ForceOutput {
  Vec3 force = Vec3::Zero();   // on the I marker's body, ground frame
  Vec3 torque = Vec3::Zero();  // on the I marker's body about the I marker, ground frame
  double length = 0.0;         // spring-dampers: deformation measure (length or angle)
  double rate = 0.0;           // its time derivative
};

// Joint friction (DMBS model, seed 001): load on the I marker's body at the I marker, ground frame
// (the opposite load acts on J's body).
struct FrictionOutput {
  Vec3 force = Vec3::Zero();
  Vec3 torque = Vec3::Zero();
  // Equivalent point-contact normal forces (see friction/ContactModel.hpp for their order) and
  // their sum plus the preload.
  std::array<double, 4> contactNormals{};
  double normalForce = 0.0;
  double slidingSpeed = 0.0;  // of the contacts [m/s]
  bool stick = false;         // sliding slower than the stiction transition velocity
  double power = 0.0;         // dissipated, ≥ 0 [W]
};

// Clearance contact (Joint::clearance): load on I's body (journal, ball, slider), ground frame, at
// the contact point (translational: the sum over the slider's ends, at its I origin); the opposite
// load acts on J's body.
struct ClearanceOutput {
  Vec3 force = Vec3::Zero();
  double normalForce = 0.0;    // [N], ≥ 0 (translational: both ends)
  double frictionForce = 0.0;  // magnitude [N] (translational: both ends)
  double penetration = 0.0;    // δ (the deepest contact), negative while free [m]
  // Eccentricity e in J's axes [m]. Revolute: in the bearing plane (z = 0). Spherical: the ball
  // centre's offset in 3-D, δ = |e| − c. Translational: x = the slider centre's offset across the
  // guide, y = the lateral offset of its +z end from its centre, (L/2) sin(tilt), so the ends are at
  // x ± y and touch when |x ± y| > c; z = 0.
  double eccentricityX = 0.0;
  double eccentricityY = 0.0;
  double eccentricityZ = 0.0;
  bool contact = false;  // δ > 0
};

// Contact between solids (Model::contacts): the load on I's body summed over the contact points,
// ground frame; the opposite load acts on J's body.
struct SolidContactOutput {
  Vec3 force = Vec3::Zero();    // total force on I [N]
  Vec3 torqueI = Vec3::Zero();  // its moment about I's centre of mass [N m]
  Vec3 torqueJ = Vec3::Zero();  // the opposite forces' moment about J's centre of mass [N m]
  double normalForce = 0.0;     // [N], ≥ 0, summed over the points
  double frictionForce = 0.0;   // magnitude of the summed friction forces [N]
  double penetration = 0.0;     // the deepest point's δ [m]; while apart, minus the distance
  double slipVelocity = 0.0;    // sliding speed at the deepest point [m/s]
  Vec3 point = Vec3::Zero();    // the deepest point (while apart: the nearest point on I), ground
  Vec3 normal = Vec3::Zero();   // unit, from J into I at that point (zero while apart)
  int points = 0;               // contact points carrying load
};

}  // namespace mbs::solver
