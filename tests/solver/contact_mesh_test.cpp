// Contacts with triangle-surface solids (a torus, STL/OBJ files, extrusions: FCL's BVH models, or
// its convex polytopes when the surface is convex) against closed forms, each way round: FCL 0.7
// reports a BVH mesh against a primitive with its own conventions (solver/src/contact/
// CollisionShapes.cpp, kFcl07MeshQuirks), so a sphere and a cylinder resting on a mesh floor, with
// the mesh on the J side and on the I side, must carry their weight at the single-point penetration
// (m g / K)^(1/e) with the force pushing them up; so must a box on a convex polytope floor (a box on
// a flat BVH triangle gets EPA normals along the triangle's plane from FCL 0.7: docs/solver-notes.md);
// and the separation of a solid above a mesh must be the gap, with its nearest points in the ground frame.
#include <gtest/gtest.h>

#include <cmath>

#include "System.hpp"
#include "contact/CollisionShapes.hpp"
#include "friction_TestModels.hpp"

namespace mbs::solver {
namespace {

constexpr double kG = 9.81;

// A closed box surface as a triangle mesh (12 triangles, outward), centred on its frame.
ContactShape meshBox(const Vec3& edges, const Vec3& centre, const std::string& name,
                     ContactShapeKind kind = ContactShapeKind::TriangleMesh)
{
  ContactShape s;
  s.name = name;
  s.kind = kind;
  s.position = centre;
  const Vec3 h = 0.5 * edges;
  for (int k = 0; k < 8; ++k)
    s.vertices.emplace_back((k & 1 ? 1 : -1) * h.x(), (k & 2 ? 1 : -1) * h.y(), (k & 4 ? 1 : -1) * h.z());
  s.triangles = {{0, 2, 1}, {1, 2, 3}, {4, 5, 6}, {5, 7, 6}, {0, 1, 4}, {1, 5, 4},
                 {2, 6, 3}, {3, 6, 7}, {0, 4, 2}, {2, 4, 6}, {1, 3, 5}, {3, 7, 5}};
  return s;
}

ContactShape primitive(ContactShapeKind kind, const Vec3& size)
{
  ContactShape s;
  s.name = toString(kind);
  s.kind = kind;
  s.size = size;
  return s;
}

// The lowest point of each primitive below its centre (sphere radius, box half height, cylinder
// half length: the cylinder stands on its end face).
double halfHeight(const ContactShape& s)
{
  return s.kind == ContactShapeKind::Sphere ? s.size.x()
         : s.kind == ContactShapeKind::Box  ? 0.5 * s.size.z()
                                            : 0.5 * s.size.z();
}

TEST(SolidContactMesh, PrimitivesRestOnAMeshFloorAtTheClosedFormPenetrationEitherWayRound)
{
  const double m = 2.0, k = 1e6, e = 1.5;
  const double delta = std::pow(m * kG / k, 1.0 / e);
  for (const ContactShape& solid : {primitive(ContactShapeKind::Sphere, Vec3::Constant(0.05)),
                                    primitive(ContactShapeKind::Box, Vec3(0.1, 0.08, 0.06)),
                                    primitive(ContactShapeKind::Cylinder, Vec3(0.04, 0.04, 0.1))})
    for (bool meshIsI : {false, true}) {
      const ContactShapeKind floorKind =
          solid.kind == ContactShapeKind::Box ? ContactShapeKind::ConvexMesh : ContactShapeKind::TriangleMesh;
      const ContactShape floor = meshBox(Vec3(2.0, 2.0, 0.2), Vec3(0.0, 0.0, -0.1), "mesh floor", floorKind);
      Model model;
      model.gravity = Vec3(0, 0, -kG);
      // The solid's centre above a point of the floor that is not a vertex or an edge.
      Body b;
      b.name = "solid";
      b.mass = m;
      b.inertia = Mat3::Identity() * 1e-3;
      b.position = Vec3(0.13, -0.21, halfHeight(solid) - delta);
      test::exactInitialState(b);
      model.bodies.push_back(b);
      SolidContact c;
      c.name = "on mesh";
      c.law = ContactNormalLaw::Impact;
      c.stiffness = k;
      c.exponent = e;
      c.dmax = 1e-4;
      c.iBody = meshIsI ? kGround : 0;
      c.jBody = meshIsI ? 0 : kGround;
      c.iShapes = {meshIsI ? floor : solid};
      c.jShapes = {meshIsI ? solid : floor};
      model.contacts.push_back(c);
      const System system(model);
      const Vec q = system.initialPositions(), qd = Vec::Zero(system.initialVelocities().size());
      Vec Q;
      system.forces(0.0, q, qd, Q);  // gravity and the contact on the solid
      const std::string what = std::string(toString(solid.kind)) + (meshIsI ? ", mesh on I" : ", mesh on J");
      EXPECT_NEAR(Q[2], 0.0, 1e-5 * m * kG) << what;
      EXPECT_NEAR(Q[0], 0.0, 1e-9) << what;
      EXPECT_NEAR(Q[1], 0.0, 1e-9) << what;
    }
}

TEST(SolidContactMesh, SeparationFromAMeshIsTheGapWithGroundFramePoints)
{
  ContactShape floor = meshBox(Vec3(2.0, 2.0, 0.2), Vec3(0.0, 0.0, -0.1), "mesh floor");
  for (const ContactShape& solid : {primitive(ContactShapeKind::Sphere, Vec3::Constant(0.05)),
                                    primitive(ContactShapeKind::Box, Vec3(0.1, 0.08, 0.06))})
    for (bool meshIsI : {false, true}) {
      contact::CollisionShapes shapes(meshIsI ? std::vector{floor} : std::vector{solid},
                                      meshIsI ? std::vector{solid} : std::vector{floor});
      // The floor's body turned and moved, the solid 0.03 m above its top face at (0.4, 0.7).
      const Mat3 turn = Eigen::AngleAxisd(0.4, Vec3::UnitZ()).toRotationMatrix();
      const contact::Pose floorPose{turn, Vec3(0.3, 0.5, 0.0)};
      const Vec3 centre(0.4, 0.7, halfHeight(solid) + 0.03);
      const contact::Pose solidPose{Mat3::Identity(), centre};
      shapes.setPoses(meshIsI ? floorPose : solidPose, meshIsI ? solidPose : floorPose);
      const contact::Separation sep = shapes.separation();
      const std::string what = std::string(toString(solid.kind)) + (meshIsI ? ", mesh on I" : ", mesh on J");
      EXPECT_NEAR(sep.distance, 0.03, 1e-9) << what;
      const Vec3 onMesh = meshIsI ? sep.pointI : sep.pointJ, onSolid = meshIsI ? sep.pointJ : sep.pointI;
      EXPECT_NEAR(onMesh.z(), 0.0, 1e-9) << what;
      EXPECT_NEAR(onSolid.z(), 0.03, 1e-9) << what;
      EXPECT_NEAR((onSolid - onMesh).norm(), 0.03, 1e-9) << what;
      EXPECT_NEAR(onMesh.x(), onSolid.x(), 1e-9) << what;  // straight above each other
      if (solid.kind == ContactShapeKind::Sphere)
        EXPECT_NEAR((onSolid - Vec3(0.4, 0.7, onSolid.z())).norm(), 0.0, 1e-9) << what;
    }
}

}  // namespace
}  // namespace mbs::solver
