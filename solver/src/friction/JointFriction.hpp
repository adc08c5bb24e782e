#pragma once
// Friction load of one joint from its kinematics and constraint reaction: friction force and
// torque = μ(v)·(contact normal forces) against the sliding velocity of the contacts.
#include <string>

#include "friction/ContactModel.hpp"
#include "mbs/solver/System.hpp"

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
// reaction is System::jointReaction (on I's body at the I marker, ground frame).
FrictionOutput jointFriction(const Joint& joint, const JointMotion& motion, const Reaction& reaction);

// Generalized forces (7 per body) of a joint's friction load on I's body and of the opposite load
// on J's body.
using FrictionForces14 = Eigen::Matrix<double, 14, 1>;
FrictionForces14 frictionLoadForces(const Model& model, const Joint& joint, const Vec& q,
                                    const JointMotion& motion, const Reaction& reaction);

// Why a joint's friction parameters cannot be used ("" when they can).
std::string frictionProblem(const Joint& joint);

}  // namespace mbs::solver::detail
