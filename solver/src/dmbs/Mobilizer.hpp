#pragma once
// Joint coordinate maps of the DMBS tree: how each tree joint type turns its coordinates q and
// rates v into the relative pose and twist of its I marker frame with respect to its J frame.
// Every coordinate is zero (quaternions identity) at the assembled start, where the relative pose
// is (R0, p0); so motions and initial values are increments from there.
#include <array>
#include <vector>

#include "dmbs/Spatial.hpp"
#include "mbs/solver/Model.hpp"

namespace mbs::solver::dmbs {

enum class MobilizerKind {
  Revolute,       // θ about J's z through J's origin
  Translational,  // s along J's z
  Cylindrical,    // θ about and s along J's z
  Universal,      // θ1 about J's z, then θ2 about I's z (the cross at I's origin)
  Spherical,      // quaternion of the rotation about I's origin; rates = ω in J's axes
  Planar,         // x, y along J's x, y, then θ about z through I's origin
  Fixed,          // none
  Free,           // body not connected to ground: CM position and orientation in ground; rates =
                  // CM velocity (ground) and ω in body axes
};

int coordinateCount(MobilizerKind kind);  // nq
int rateCount(MobilizerKind kind);        // nv
// The tree joint kind of a model joint type; false if the type cannot be a tree joint.
bool mobilizerKind(JointType type, MobilizerKind& kind);

struct Mobilizer {
  MobilizerKind kind = MobilizerKind::Free;
  int joint = -1;  // index into Model::joints; −1 for an added free joint
  int parent = kGround, child = -1;
  // true when the joint's I marker is on the parent (the child carries J).
  bool reversed = false;
  // I and J marker frames in their bodies' CM frames (free joint: J = ground, I = the CM frame).
  Mat3 rotI = Mat3::Identity(), rotJ = Mat3::Identity();
  Vec3 posI = Vec3::Zero(), posJ = Vec3::Zero();
  bool rotIIdentity = true, rotJIdentity = true;  // exactly the body's axes
  Mat3 r0 = Mat3::Identity();                     // relative rotation of I in J at zero coordinates
  bool r0Identity = true;                         // exactly (skips a 3×3 product per evaluation)
  Vec3 p0 = Vec3::Zero();                         // I's origin in J's axes at zero coordinates
  int qOffset = 0, vOffset = 0, nq = 0, nv = 0;
};

// Relative pose of I in J: rotation R (columns = I's axes in J's axes) and I's origin p.
void relativePose(const Mobilizer& m, const double* q, Mat3& r, Vec3& p);

// World motion-subspace columns of the relative twist V_I − V_J for world frames (rJ, oJ), (rI, oI),
// and for each column whether it is fixed in I's body (else in J's): its rate is V × S of that body.
void motionColumns(const Mobilizer& m, const Mat3& rJ, const Vec3& oJ, const Mat3& rI, const Vec3& oI,
                   Mat6X& s, std::array<bool, 6>& fixedInI);

// q̇ for rates v (quaternion coordinates turn with their angular velocity).
void coordinateRates(const Mobilizer& m, const double* q, const double* v, double* qd);

// The zero coordinates (identity quaternions); a free joint starts at the body's pose (r, rot).
void zeroCoordinates(const Mobilizer& m, const Vec3& r, const Mat3& rot, double* q);

// Makes quaternion coordinates unit again after an integration step.
void normalizeCoordinates(const Mobilizer& m, double* q);

// Rescales each quaternion of the tree's coordinates `q` whose squared length has drifted from 1
// by more than 2e-9; true if any moved. The joint maps use unit quaternions whatever their length,
// so rescaling only on drift keeps an explicit method's last stage reusable.
bool normalizeDriftedQuaternions(const std::vector<Mobilizer>& mobilizers, double* q);

}  // namespace mbs::solver::dmbs
