#pragma once
// Results the solver does not store but engineers plot and tabulate (DMBS manual §5.3–5.4, Adams
// measures): marker kinematics, part orientation angles, joint relative motion, motion driving
// effort and power, system energies. All follow from a result frame's body outputs and the model
// the run was compiled from. The Plot panel reads them one by one; DerivedOutputs makes them the
// columns mbsolve --derived appends to its CSV.
#include <string>
#include <vector>

#include "mbs/core/Compile.hpp"
#include "mbs/core/Model.hpp"
#include "mbs/solver/Results.hpp"

namespace mbs::core::derived {

// A frame fixed in a solver body (its CM frame); body -1 is ground.
struct BodyFrame {
  int body = -1;
  Vec3 origin = Vec3::Zero();        // in the body's CM frame [m]
  Mat3 rotation = Mat3::Identity();  // axes in the body's CM frame
};

// Where a marker sits in its solver body, and where a part's frame does.
BodyFrame markerFrame(const Model& model, const IndexMap& map, MarkerId marker);
BodyFrame partFrame(const Model& model, const IndexMap& map, PartId part);

// A body frame's motion in the ground frame.
struct FrameMotion {
  Vec3 position = Vec3::Zero(), velocity = Vec3::Zero(), acceleration = Vec3::Zero();
  Mat3 rotation = Mat3::Identity();
  Vec3 angularVelocity = Vec3::Zero(), angularAcceleration = Vec3::Zero();
};
FrameMotion motionOf(const solver::ResultFrame& frame, const BodyFrame& at);

// Angles of a rotation matrix [rad]: Euler 3-1-3 (ψ, θ, φ; R = Rz(ψ)·Rx(θ)·Rz(φ)) and Bryant
// x-y-z (α, β, γ; R = Rx(α)·Ry(β)·Rz(γ)).
Vec3 euler313(const Mat3& r);
Vec3 bryant(const Mat3& r);

// Motion of frame I relative to frame J, in J's axes: displacement, velocity, rotation angle
// about J's z (of I's x axis in J's xy plane, as revolute and cylindrical joints turn) and the
// relative angular velocity.
struct RelativeMotion {
  Vec3 displacement = Vec3::Zero(), velocity = Vec3::Zero();
  double angleZ = 0.0;
  Vec3 angularVelocity = Vec3::Zero();
};
RelativeMotion relativeMotion(const FrameMotion& i, const FrameMotion& j);

// Mass properties of a solver body for its energies (rigid-body part; flexible parts' elastic
// energy is not included).
struct BodyMass {
  int body = -1;
  double mass = 0.0;
  Mat3 inertia = Mat3::Zero();  // about the CM, in the body's CM frame
};
std::vector<BodyMass> bodyMasses(const Model& model, const IndexMap& map);
double kineticEnergy(const solver::ResultFrame& frame, const BodyMass& body);
// Potential energy of gravity, zero at the ground origin: −m g·x.
double potentialEnergy(const solver::ResultFrame& frame, const BodyMass& body, const Vec3& gravity);

// A motion's driving force (axis 0-2: along the J marker's x, y, z) or torque (3-5: about them)
// from its reaction, and the power it puts into the I part relative to the J part.
double drivingEffort(const solver::Reaction& reaction, const FrameMotion& j, int axis);
double drivingPower(const solver::Reaction& reaction, const FrameMotion& i, const FrameMotion& j);

}  // namespace mbs::core::derived

namespace mbs::core {

// The derived quantities of a whole model as CSV columns (SI units, angles in radians):
// <part>.psi/.theta/.phi (Euler 3-1-3 of the part frame), .alpha/.beta/.gamma (Bryant x-y-z),
// .kinetic_energy, .potential_energy; <marker>.x/.y/.z, .vx/.vy/.vz, .ax/.ay/.az (origin in
// ground) for markers on moving parts; <joint>.dx/.dy/.dz, .vx/.vy/.vz (I relative to J in J's
// axes), .angle_z, .wx/.wy/.wz; <motion>.effort, .power; model.kinetic_energy,
// .potential_energy, .total_energy.
class DerivedOutputs {
public:
  DerivedOutputs(const Model& model, const IndexMap& map);
  const std::vector<std::string>& columns() const { return m_columns; }
  // One value per column at a frame of a run of the compiled model.
  std::vector<double> evaluate(const solver::ResultFrame& frame) const;

private:
  struct PartColumns {
    derived::BodyFrame frame;
    derived::BodyMass mass;
  };
  struct PairColumns {  // a joint's or a motion's I and J markers
    int index = 0;      // solver joint or motion index
    derived::BodyFrame i, j;
    int axis = 5;  // motions: MotionAxis
  };
  std::vector<PartColumns> m_parts;
  std::vector<derived::BodyFrame> m_markers;
  std::vector<PairColumns> m_joints, m_motions;
  std::vector<derived::BodyMass> m_masses;
  Vec3 m_gravity = Vec3::Zero();
  std::vector<std::string> m_columns;
};

}  // namespace mbs::core
