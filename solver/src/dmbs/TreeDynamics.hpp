#pragma once
// O(N) recursive dynamics of the DMBS tree: forward kinematics from the joint coordinates to body
// poses, twists and the velocity-product accelerations, then the articulated-body algorithm
// (Featherstone) for the joint accelerations under applied wrenches, and the same recursion on
// unit loads for the cut-joint multipliers (the columns of M⁻¹Gᵀ without forming M).
#include <vector>

#include "dmbs/Topology.hpp"

namespace mbs::solver::dmbs {

struct TreeBody {
  Mat3 rot = Mat3::Identity();  // CM frame axes in ground
  Vec3 r = Vec3::Zero();        // CM position
  // The recursions refer each body's spatial quantities to its own CM (world axes), so that their
  // size does not grow with the distance from O (a 1000-link chain reaches 1000 m).
  Vec6 v = Vec6::Zero();  // twist [ω; v_CM]
  Vec6 a = Vec6::Zero();  // spatial acceleration at the CM (last forward-dynamics solve)
  // Joint quantities of the body's tree joint (child-signed: V_child = V_parent + S v).
  Mat6X s;
  Vec6 c = Vec6::Zero();  // Ṡ v
  Mat6 inertia, articulated;
  Vec6 bias = Vec6::Zero();
  Mat6X u;  // articulated inertia × S
  MatX6 dInverse;
  VecX6 uForce;
  // Spherical joints take a shortcut (TreeDynamics.cpp): the joint point relative to the CM, the
  // inverse of the articulated rotational inertia about it and A⁻¹B; uForce holds n about it.
  bool ball = false;
  Vec3 jointPoint = Vec3::Zero();
  Mat3 aInverse, aInverseB;
};

class TreeDynamics {
public:
  TreeDynamics(const Model& model, const Topology& topology);

  const Topology& topology() const { return m_topology; }
  const std::vector<TreeBody>& bodies() const { return m_bodies; }
  // Marker frame in ground at the current poses (marker on ground: as given).
  void markerFrame(int marker, Mat3& rot, Vec3& origin) const;
  // Twist and spatial acceleration about O (as the cut-joint equations use them).
  Vec6 bodyTwist(int body) const;
  Vec6 bodyAcceleration(int body) const;

  // Fixes each tree joint's zero pose from the bodies' poses (rot, r per body) and returns the
  // joint coordinates there and the rates that reproduce the twists (ground-origin, per body).
  void initialize(const std::vector<Mat3>& rot, const std::vector<Vec3>& r, const std::vector<Vec6>& twist,
                  Vec& q, Vec& v);

  // Poses, twists, motion subspaces and Ṡv at (q, v); inertias and articulated inertias.
  void kinematics(const Vec& q, const Vec& v);
  // Joint accelerations under the applied wrenches (about each body's CM) at the current velocities.
  void forwardDynamics(const std::vector<Vec6>& applied, Vec& vdot);
  // Body spatial accelerations for joint accelerations vd at the current kinematics.
  void accelerations(const Vec& vd);
  // Response to a unit load at rest: wrench `w` on body bodyI and −w on bodyJ, or (coordinate ≥ 0)
  // a unit generalized force on rate `coordinate`. Fills the joint accelerations and the spatial
  // accelerations of `probe` bodies (scratch A, per body). Uses the articulated inertias of the last
  // forwardDynamics.
  void unitResponse(int bodyI, int bodyJ, const Vec6& w, int coordinate, Vec& vdot, std::vector<Vec6>& accel);

private:
  const Model& m_model;
  Topology m_topology;
  std::vector<TreeBody> m_bodies;
  std::vector<std::array<bool, 6>> m_fixedInI;
  std::vector<Vec6> m_scratchForce;
  std::vector<VecX6> m_scratchRates;
};

}  // namespace mbs::solver::dmbs
