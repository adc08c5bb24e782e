#pragma once
// Joint reaction → equivalent point-contact normal forces (seed 001, "typical joints' friction
// model"): with a vanishing clearance the joint keeps its constraint and the distributed contact is
// replaced by point contacts whose resultant equals the constraint reaction.
#include <array>

#include "mbs/solver/Model.hpp"

namespace mbs::solver::detail {

struct ContactNormals {
  // Revolute/cylindrical: [end 1, end 2, axial face 1, axial face 2]; translational: [end 1,
  // end 2, torsion, -]; spherical: [ball, -, -, -]; universal: pin on I's z [ends], pin on J's z.
  std::array<double, 4> normal{};
  double preload = 0.0;  // added to the total (PRELOAD / PRELOAD_TORQUE / R)
  double total() const { return normal[0] + normal[1] + normal[2] + normal[3] + preload; }
};

// Radial (bearing) contacts of a pin along `axis` carrying the force f and bending moment m
// (both in the same frame, at the bearing centre): two end contacts at ±c with
// N₁,₂ = |F⊥/2 ∓ (M⊥ × axis)/(2c)|; without a length c the bending moment is reflected through
// the bending reflection arm instead: N₂ = |M⊥| / arm.
std::array<double, 2> pinEndContacts(const FrictionParameters& p, const Vec3& axis, const Vec3& f,
                                     const Vec3& m);

// The contact normal forces of one joint, from its reaction (force f and moment m on I's body
// at the I marker) expressed in the joint frame: J's axes for revolute, cylindrical and
// translational joints (z = joint axis). Universal joints take f and m in the ground frame
// together with the two pin axes (I's z, J's z).
ContactNormals contactNormals(JointType type, const FrictionParameters& p, const Vec3& f, const Vec3& m);
ContactNormals universalContactNormals(const FrictionParameters& p, const Vec3& axisI, const Vec3& axisJ,
                                       const Vec3& f, const Vec3& m);

}  // namespace mbs::solver::detail
