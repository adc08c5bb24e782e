#include "friction/ContactModel.hpp"

#include <algorithm>
#include <cmath>

namespace mbs::solver::detail {

std::array<double, 2> pinEndContacts(const FrictionParameters& p, const Vec3& axis, const Vec3& f,
                                     const Vec3& m)
{
  const Vec3 fr = p.useReactionForce ? Vec3(f - f.dot(axis) * axis) : Vec3::Zero();
  const Vec3 mb = p.useBendingMoment ? Vec3(m - m.dot(axis) * axis) : Vec3::Zero();
  if (p.halfLength > 0.0) {
    // Contacts at −c and +c along the axis: F₁ + F₂ = F⊥, c·axis × (F₂ − F₁) = M⊥.
    const Vec3 d = mb.cross(axis) / (2.0 * p.halfLength);
    return {(0.5 * fr - d).norm(), (0.5 * fr + d).norm()};
  }
  const double bending = p.bendingReflectArm > 0.0 ? mb.norm() / p.bendingReflectArm : 0.0;
  return {fr.norm(), bending};
}

ContactNormals contactNormals(JointType type, const FrictionParameters& p, const Vec3& f, const Vec3& m)
{
  ContactNormals c;
  const Vec3 z = Vec3::UnitZ();
  const bool preload = p.usePreload;
  switch (type) {
    case JointType::Revolute:
    case JointType::Cylindrical: {
      const auto ends = pinEndContacts(p, z, f, m);
      c.normal[0] = ends[0];
      c.normal[1] = ends[1];
      if (type == JointType::Revolute && p.useReactionForce) {
        // Axial end faces: complementarity 0 ≤ g₃ ⊥ g₄ ≥ 0 with g₃ − g₄ = f_z, so one face
        // carries the whole axial reaction.
        c.normal[2] = std::max(f.z(), 0.0);
        c.normal[3] = std::max(-f.z(), 0.0);
      }
      if (preload)
        c.preload = p.preloadForce + (p.pinRadius > 0.0 ? p.preloadTorque / p.pinRadius : 0.0);
      break;
    }
    case JointType::Translational: {
      const auto ends = pinEndContacts(p, z, f, m);
      c.normal[0] = ends[0];
      c.normal[1] = ends[1];
      // Torsion about the sliding axis is carried by a couple of contacts FRICTION_ARM apart.
      if (p.useTorsionalMoment && p.frictionArm > 0.0)
        c.normal[2] = std::abs(m.z()) / p.frictionArm;
      if (preload)
        c.preload = p.preloadForce;
      break;
    }
    case JointType::Spherical:
      c.normal[0] = p.useReactionForce ? f.norm() : 0.0;
      if (preload)
        c.preload = p.preloadForce + (p.pinRadius > 0.0 ? p.preloadTorque / p.pinRadius : 0.0);
      break;
    default:
      break;
  }
  return c;
}

ContactNormals universalContactNormals(const FrictionParameters& p, const Vec3& axisI, const Vec3& axisJ,
                                       const Vec3& f, const Vec3& m)
{
  // Two revolute-like pins of the cross (seed eqs. 54–58): each carries the reaction force
  // across it (radial plus the axial face) and the bending moment about it.
  ContactNormals c;
  const Vec3 axes[2] = {axisI, axisJ};
  for (int k = 0; k < 2; ++k) {
    const auto ends = pinEndContacts(p, axes[k], f, m);
    const double axial = p.useReactionForce ? std::abs(f.dot(axes[k])) : 0.0;
    c.normal[k] = ends[0] + ends[1] + axial;
  }
  if (p.usePreload)
    c.preload = p.preloadForce + (p.pinRadius > 0.0 ? p.preloadTorque / p.pinRadius : 0.0);
  return c;
}

}  // namespace mbs::solver::detail
