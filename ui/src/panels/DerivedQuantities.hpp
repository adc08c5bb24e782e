#pragma once
// Results the solver does not store but engineers plot (DMBS manual §5.3–5.4, Adams measures):
// marker kinematics, part orientation angles, joint relative motion, motion driving effort and
// power, system energies. All follow from a result frame's body outputs and the model the run was
// compiled from.
#include <vector>

#include "mbs/core/Compile.hpp"
#include "mbs/core/Model.hpp"
#include "mbs/solver/Results.hpp"

namespace mbs::ui::derived {

// A frame fixed in a solver body (its CM frame); body -1 is ground.
struct BodyFrame {
  int body = -1;
  core::Vec3 origin = core::Vec3::Zero();      // in the body's CM frame [m]
  core::Mat3 rotation = core::Mat3::Identity();  // axes in the body's CM frame
};

// Where a marker sits in its solver body, and where a part's frame does.
BodyFrame markerFrame(const core::Model& model, const core::IndexMap& map, core::MarkerId marker);
BodyFrame partFrame(const core::Model& model, const core::IndexMap& map, core::PartId part);

// A body frame's motion in the ground frame.
struct FrameMotion {
  core::Vec3 position = core::Vec3::Zero(), velocity = core::Vec3::Zero(), acceleration = core::Vec3::Zero();
  core::Mat3 rotation = core::Mat3::Identity();
  core::Vec3 angularVelocity = core::Vec3::Zero(), angularAcceleration = core::Vec3::Zero();
};
FrameMotion motionOf(const solver::ResultFrame& frame, const BodyFrame& at);

// Angles of a rotation matrix [rad]: Euler 3-1-3 (ψ, θ, φ; R = Rz(ψ)·Rx(θ)·Rz(φ)) and Bryant
// x-y-z (α, β, γ; R = Rx(α)·Ry(β)·Rz(γ)).
core::Vec3 euler313(const core::Mat3& r);
core::Vec3 bryant(const core::Mat3& r);

// Motion of frame I relative to frame J, in J's axes: displacement, velocity, rotation angle
// about J's z (of I's x axis in J's xy plane, as revolute and cylindrical joints turn) and the
// relative angular velocity.
struct RelativeMotion {
  core::Vec3 displacement = core::Vec3::Zero(), velocity = core::Vec3::Zero();
  double angleZ = 0.0;
  core::Vec3 angularVelocity = core::Vec3::Zero();
};
RelativeMotion relativeMotion(const FrameMotion& i, const FrameMotion& j);

// Mass properties of a solver body for its energies (rigid-body part; flexible parts' elastic
// energy is not included).
struct BodyMass {
  int body = -1;
  double mass = 0.0;
  core::Mat3 inertia = core::Mat3::Zero();  // about the CM, in the body's CM frame
};
std::vector<BodyMass> bodyMasses(const core::Model& model, const core::IndexMap& map);
double kineticEnergy(const solver::ResultFrame& frame, const BodyMass& body);
// Potential energy of gravity, zero at the ground origin: −m g·x.
double potentialEnergy(const solver::ResultFrame& frame, const BodyMass& body, const core::Vec3& gravity);

}  // namespace mbs::ui::derived
