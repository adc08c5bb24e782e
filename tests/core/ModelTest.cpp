#include <gtest/gtest.h>

#include <numbers>

#include "TestUtil.hpp"
#include "mbs/core/Geometry.hpp"
#include "mbs/core/Model.hpp"

using namespace mbs::core;
using namespace mbs::core::test;

TEST(Model, IdsNamesAndLookup)
{
  Model m;
  EXPECT_EQ(m.ground().id, kGroundId);
  EXPECT_EQ(m.uniqueName("PART"), "PART_1");
  const PartId a = addBar(m, "", Vec3::Zero());
  EXPECT_EQ(m.part(a)->name, "PART_1");
  EXPECT_EQ(m.uniqueName("PART"), "PART_2");
  EXPECT_EQ(m.findPart("part_1"), a);  // case-insensitive as Adams
  EXPECT_FALSE(m.isNameFree("Part_1"));
  EXPECT_TRUE(m.isNameFree("Part_1", EntityRef(a)));
  EXPECT_THROW(addBar(m, "PART_1", Vec3::Zero()), std::invalid_argument);
  const MarkerId k = addMarker(m, a, "tip", Vec3(1, 0, 0));
  EXPECT_EQ(m.findEntity("TIP")->kind, EntityKind::Marker);
  EXPECT_EQ(m.entityName(EntityRef(k)), "tip");
  EXPECT_GT(k.value, a.value);  // one id sequence for all kinds
  EXPECT_FALSE(Model::isValidName("1abc"));
  EXPECT_FALSE(Model::isValidName("sin"));  // would shadow an expression function
  EXPECT_FALSE(Model::isValidName("a.b"));
  EXPECT_TRUE(Model::isValidName("crank_pin2"));
  EXPECT_FALSE(m.remove(EntityRef(kGroundId)));
}

// Name lookups go through a hashed index kept by add/remove and dropped by non-const accessors
// (which may rename): lookups see renames, removals free names again, and uniqueName still
// returns the smallest free number.
TEST(Model, NameIndexFollowsRenamesAndRemovals)
{
  Model m;
  std::vector<PartId> parts;
  for (int k = 0; k < 5; ++k)
    parts.push_back(m.add(Part{}));
  EXPECT_EQ(m.part(parts[4])->name, "PART_5");
  EXPECT_EQ(m.uniqueName("PART"), "PART_6");
  m.part(parts[1])->name = "crank";  // renamed through the accessor
  EXPECT_EQ(m.findPart("CRANK"), parts[1]);
  EXPECT_FALSE(m.findPart("PART_2"));
  EXPECT_TRUE(m.isNameFree("PART_2"));
  EXPECT_FALSE(m.isNameFree("Crank"));
  EXPECT_TRUE(m.isNameFree("crank", EntityRef(parts[1])));  // its own name
  EXPECT_EQ(m.uniqueName("PART"), "PART_2");                // the smallest free number, not the next
  ASSERT_TRUE(m.remove(EntityRef(parts[0])));
  EXPECT_TRUE(m.isNameFree("PART_1"));
  EXPECT_EQ(m.uniqueName("PART"), "PART_1");
  Marker marker;
  marker.part = parts[2];
  marker.name = "part_1";  // names are unique across kinds, case-insensitively
  m.add(marker);
  EXPECT_FALSE(m.isNameFree("PART_1"));
  EXPECT_EQ(m.findEntity("Part_1"), std::optional<EntityRef>(EntityRef(m.findMarker("PART_1"))));
  Part clash;
  clash.name = "PART_1";
  EXPECT_THROW(m.add(clash), std::invalid_argument);
  EXPECT_EQ(m.uniqueName("PART"), "PART_2");
}

TEST(Model, DependentsFollowReferences)
{
  Model m;
  const PartId a = addBar(m, "a", Vec3(1, 0, 0));
  const JointId j = addRevolute(m, a, kGroundId, Vec3::Zero(), "pin");
  Motion mo;
  mo.name = "drive";
  mo.joint = j;
  const MotionId mid = m.add(mo);
  Joint other;
  other.name = "slide";
  other.kind = JointKind::Cylindrical;
  other.iMarker = m.findMarker("pin_i");
  other.jMarker = m.findMarker("pin_j");
  const JointId sid = m.add(other);
  Joint gear;
  gear.name = "gear";
  gear.kind = JointKind::Gear;
  gear.joints = {j, sid};
  const JointId gid = m.add(gear);
  const auto deps = m.dependentsOf(EntityRef(a));
  auto has = [&](EntityRef r) { return std::find(deps.begin(), deps.end(), r) != deps.end(); };
  EXPECT_TRUE(has(EntityRef(m.findMarker("pin_i"))));
  EXPECT_FALSE(has(EntityRef(m.findMarker("pin_j"))));  // on ground
  EXPECT_TRUE(has(EntityRef(j)));
  EXPECT_TRUE(has(EntityRef(mid)));
  EXPECT_TRUE(has(EntityRef(gid)));
  EXPECT_TRUE(m.validate().empty());
}

TEST(Model, FramesFromEulerAnglesAndPoints)
{
  // 3-1-3: psi = 90 deg about z, theta = 90 deg about the new x -> z axis along ground x.
  const Mat3 r = euler313ToMatrix(Vec3(std::numbers::pi / 2, std::numbers::pi / 2, 0));
  EXPECT_TRUE(r.col(2).isApprox(Vec3(1, 0, 0)));
  for (const Vec3 e :
       {Vec3(0.3, 1.1, -2.0), Vec3(-2.5, 0.2, 0.7), Vec3(0, 0, 0.4), Vec3(0, std::numbers::pi, 0.4)}) {
    EXPECT_TRUE(euler313ToMatrix(matrixToEuler313(euler313ToMatrix(e))).isApprox(euler313ToMatrix(e), 1e-12));
  }
  Marker k;
  k.mode = OrientationMode::Points;
  k.position = Vec3(1, 1, 0);
  k.zPoint = Vec3(1, 1, 5);
  k.xPoint = Vec3(1, 3, 0);
  const Mat3 f = *k.localOrientation();
  EXPECT_TRUE(f.col(0).isApprox(Vec3(0, 1, 0)));
  EXPECT_TRUE(f.col(2).isApprox(Vec3(0, 0, 1)));
  k.xPoint = Vec3(1, 1, 3);  // on the z axis: undefined
  EXPECT_FALSE(k.localOrientation());
}

TEST(Geometry, MassPropertiesFromDensity)
{
  Geometry box;
  box.kind = GeometryKind::Box;
  box.size = Vec3(0.1, 0.2, 0.3);
  box.density = 1000;
  box.position = Vec3(1, 0, 0);
  const auto b = massProperties(box);
  ASSERT_TRUE(b);
  EXPECT_NEAR(b->mass, 6.0, 1e-12);
  EXPECT_NEAR(b->inertia(0, 0), 6.0 * (0.04 + 0.09) / 12, 1e-12);
  Geometry cyl;
  cyl.kind = GeometryKind::Cylinder;
  cyl.radius = 0.1;
  cyl.length = 1.0;
  cyl.density = 100;
  const auto c = massProperties(cyl);
  ASSERT_TRUE(c);
  const double mc = 100 * std::numbers::pi * 0.01;
  EXPECT_NEAR(c->mass, mc, 1e-12);
  EXPECT_NEAR(c->inertia(2, 2), 0.5 * mc * 0.01, 1e-12);
  EXPECT_NEAR(c->inertia(0, 0), mc * (3 * 0.01 + 1.0) / 12, 1e-12);
  // Two equal spheres 2 m apart: centre in the middle, parallel-axis term m d^2 about y.
  Geometry s;
  s.kind = GeometryKind::Sphere;
  s.radius = 0.1;
  s.density = 1000;
  s.position = Vec3(-1, 0, 0);
  const auto s1 = *massProperties(s);
  s.position = Vec3(1, 0, 0);
  const auto both = combine(s1, *massProperties(s));
  ASSERT_TRUE(both);
  EXPECT_TRUE(both->centre.isZero(1e-15));
  EXPECT_NEAR(both->inertia(1, 1), 2 * (s1.inertia(1, 1) + s1.mass * 1.0), 1e-12);
  Geometry mesh;
  mesh.kind = GeometryKind::MeshFile;
  mesh.density = 1;
  EXPECT_FALSE(massProperties(mesh));
}
