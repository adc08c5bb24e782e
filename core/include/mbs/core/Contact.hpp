#pragma once
// Contact between solids (issue 30): a force element of kind ForceKind::Contact whose I side is
// the solids on the I marker's part and whose J side the solids on the J marker's part, with the
// normal law and friction of Adams' CONTACT. Solids are given in their part's frame, in SI.
// The solver side is solver::SolidContact (docs/solver-notes.md, "Solid contact").
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "mbs/core/Rotation.hpp"

namespace mbs::core {

enum class ContactSolidKind {
  Sphere,      // radius
  Ellipsoid,   // size = semi-axes along x, y, z
  Box,         // size = edge lengths, centred on the solid's frame
  Cylinder,    // radius, length along z, centred
  Frustum,     // radius (bottom, at z = −length/2), topRadius (at +length/2), centred
  Torus,       // radius (of the tube's centre circle, in the xy plane), minorRadius (the tube's)
  Plane,       // the half-space z ≤ 0 (outward normal +z)
  Extrusion,   // profile (a closed outline in the xy plane) from z = 0 to z = length
  Revolution,  // profile (r, z) points revolved about z
  MeshFile,    // a closed triangle surface from an STL or OBJ file (path, scale to metres)
};
const char* toString(ContactSolidKind kind);
std::optional<ContactSolidKind> contactSolidKindFromString(std::string_view name);

struct ContactSolid {
  std::string name;  // for messages ("GRAPHICS/12")
  ContactSolidKind kind = ContactSolidKind::Box;
  Vec3 position = Vec3::Zero();     // solid frame in the part frame [m]
  Vec3 orientation = Vec3::Zero();  // Euler 3-1-3 [rad]
  Vec3 size = Vec3::Zero();
  double radius = 0.0, topRadius = 0.0, minorRadius = 0.0, length = 0.0;
  std::vector<Vec3> profile;  // Extrusion: (x, y, 0) points; Revolution: (r, 0, z) points
  std::string path;           // MeshFile
  double scale = 1.0;         // MeshFile: metres per file unit
  bool operator==(const ContactSolid&) const = default;
};

enum class ContactLaw { Impact, Poisson };
enum class ContactFriction { Off, On, DynamicsOnly };

struct ContactParameters {
  std::vector<ContactSolid> iSolids, jSolids;  // on the I marker's part / on the J marker's part
  ContactLaw law = ContactLaw::Impact;
  double stiffness = 0.0, exponent = 1.5, damping = 0.0, dmax = 0.0;  // IMPACT
  double penalty = 0.0, restitution = 0.0;                            // POISSON
  double normalTransitionVelocity = 1e-3;                             // POISSON [m/s]
  ContactFriction friction = ContactFriction::Off;
  double muStatic = 0.0, muDynamic = 0.0, stictionVelocity = 0.1, frictionVelocity = 1.0;
  bool inactiveInStatics = false;  // Adams INACTIVE_DURING = STATIC
  bool operator==(const ContactParameters&) const = default;
};

}  // namespace mbs::core

namespace mbs::core {
// Why a contact cannot be compiled (empty: it can): its solids' sizes and its law's parameters.
std::string contactProblem(const ContactParameters& contact);
}  // namespace mbs::core
