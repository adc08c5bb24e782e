#pragma once
// Contact between solids (issue 30; docs/solver-notes.md, "Solid contact"): the geometry of each
// side as shapes fixed on one body, the normal-force law as Adams' CONTACT defines it (IMPACT or
// POISSON) and Adams' contact friction law. Collision detection is FCL's (solver/src/contact).
#include <array>
#include <string>
#include <vector>

#include "mbs/solver/Types.hpp"

namespace mbs::solver {

enum class ContactShapeKind {
  Sphere,        // size.x = radius
  Ellipsoid,     // size = semi-axes along the shape's x, y, z
  Box,           // size = edge lengths along x, y, z, centred on the shape frame
  Cylinder,      // size.x = radius, size.z = length along z, centred
  Capsule,       // size.x = radius, size.z = length of the axis segment along z, centred
  Plane,         // the half-space z ≤ 0 of the shape frame (material below, outward normal +z)
  ConvexMesh,    // vertices + triangles of a convex solid (frustum, convex extrusion, ...)
  TriangleMesh,  // vertices + triangles of any closed surface (torus, revolution, STL/OBJ files)
};
const char* toString(ContactShapeKind kind);

struct ContactShape {
  std::string name;  // for messages ("GRAPHICS/12", "box_floor")
  ContactShapeKind kind = ContactShapeKind::Sphere;
  Vec3 position = Vec3::Zero();         // shape frame in the body's CM frame (ground frame on ground)
  Mat3 orientation = Mat3::Identity();  // columns = shape axes in the body's CM frame
  Vec3 size = Vec3::Zero();
  std::vector<Vec3> vertices;  // meshes, in the shape frame [m]
  std::vector<std::array<int, 3>> triangles;
};

enum class ContactNormalLaw {
  // F_n = K δ^e + STEP(δ, 0, 0, d_max, c_max) δ̇   (Adams IMPACT)
  Impact,
  // F_n = P δ (e² + (1 − e²) STEP(δ̇, −v_n, 0, v_n, 1)): P while approaching, e² P while
  // separating, so the rebound speed is e times the impact speed (POISSON, PENALTY, RESTITUTION)
  Poisson,
};

enum class ContactFrictionMode { Off, On, DynamicsOnly };

struct SolidContact {
  std::string name;
  int iBody = kGround, jBody = kGround;  // every I shape is on iBody, every J shape on jBody
  std::vector<ContactShape> iShapes, jShapes;
  ContactNormalLaw law = ContactNormalLaw::Impact;
  double stiffness = 0.0, exponent = 1.5, damping = 0.0, dmax = 0.0;  // IMPACT [SI]
  double penalty = 0.0, restitution = 0.0;                            // POISSON [N/m], [-]
  double normalTransitionVelocity = 1e-3;  // POISSON's v_n [m/s]: the switch of its stiffness
  ContactFrictionMode friction = ContactFrictionMode::Off;
  double muStatic = 0.0, muDynamic = 0.0;
  double stictionVelocity = 0.1, frictionVelocity = 1.0;  // [m/s]
  bool active = true;                                     // ACTIVATE/DEACTIVATE of command files
  bool inactiveInStatics = false;                         // Adams INACTIVE_DURING = STATIC
};

}  // namespace mbs::solver
