#pragma once
// Friction load of one joint from its kinematics and constraint reaction: friction force and
// torque = μ(v)·(contact normal forces) against the sliding velocity of the contacts.
#include <array>
#include <string>

#include "friction/ContactModel.hpp"
#include "mbs/solver/Model.hpp"
#include "mbs/solver/Outputs.hpp"

namespace mbs::solver::detail {

// Relative motion of a joint, ground frame.
struct JointMotion {
  Vec3 point = Vec3::Zero();            // I marker origin (where the friction load acts)
  Mat3 axesI = Mat3::Identity();        // columns: I marker axes
  Mat3 axesJ = Mat3::Identity();        // columns: J marker axes
  Vec3 velocity = Vec3::Zero();         // of I's point relative to the coincident point of J's body
  Vec3 angularVelocity = Vec3::Zero();  // ω_I − ω_J
};

JointMotion jointMotion(const Model& model, const Joint& joint, const Vec& q, const Vec& qd);

// The friction load on I's body at the I marker (the opposite load acts on J's body); the
// reaction is loads::Host::jointReaction (on I's body at the I marker, ground frame).
FrictionOutput jointFriction(const Joint& joint, const JointMotion& motion, const Reaction& reaction);

// Generalized forces (7 per body) of a joint's friction load on I's body and of the opposite load
// on J's body.
using FrictionForces14 = Eigen::Matrix<double, 14, 1>;
FrictionForces14 frictionLoadForces(const Model& model, const Joint& joint, const Vec& q,
                                    const JointMotion& motion, const Reaction& reaction);

// The bodies of a joint's I and J markers (kGround for the ground).
inline std::array<int, 2> jointBodies(const Model& model, const Joint& joint)
{
  return {model.markers[joint.iMarker].body, model.markers[joint.jMarker].body};
}

// Adds a joint load's nonzero entries (I's body, then J's; none for the ground) to column `column`
// of a system matrix.
inline void addJointColumn(const std::array<int, 2>& bodies, const FrictionForces14& d, int column,
                           Triplets& out)
{
  for (int s = 0; s < 2; ++s)
    if (bodies[s] != kGround)
      for (int r = 0; r < 7; ++r)
        if (d[7 * s + r] != 0.0)
          out.emplace_back(7 * bodies[s] + r, column, d[7 * s + r]);
}

// Central differences of a joint load g(x) over the 7 entries of x (positions or velocities) of
// each of the joint's moving bodies, with the step step(x0) at value x0, as columns of a system
// matrix.
template <class Load, class Step>
void addJointLoadDifferences(const std::array<int, 2>& bodies, Vec x, const Load& load, const Step& step,
                             Triplets& out)
{
  for (int s = 0; s < 2; ++s) {
    if (bodies[s] == kGround)
      continue;
    for (int k = 0; k < 7; ++k) {
      const int col = 7 * bodies[s] + k;
      const double x0 = x[col], h = step(x0);
      x[col] = x0 + h;
      const FrictionForces14 gp = load(x);
      x[col] = x0 - h;
      const FrictionForces14 gm = load(x);
      x[col] = x0;
      addJointColumn(bodies, (gp - gm) / (2.0 * h), col, out);
    }
  }
}

// Why a joint's friction parameters cannot be used ("" when they can).
std::string frictionProblem(const Joint& joint);

}  // namespace mbs::solver::detail
