#include <gtest/gtest.h>

#include "TestUtil.hpp"
#include "mbs/core/ModelFile.hpp"
#include "mbs/core/Topology.hpp"

using namespace mbs::core;
using namespace mbs::core::test;

namespace {

TopologyReport topologyOf(const std::string& name)
{
  auto r = loadModel(modelPath(name));
  EXPECT_TRUE(r.ok()) << name;
  return r.ok() ? analyzeTopology(*r.model) : TopologyReport{};
}

}  // namespace

TEST(Topology, PendulumIsATree)
{
  const auto t = topologyOf("pendulum");
  EXPECT_EQ(t.movingParts, 1);
  EXPECT_EQ(t.components, 1);
  EXPECT_TRUE(t.loops.empty());
  EXPECT_EQ(t.treeJoints.size(), 1u);
  EXPECT_EQ(t.spatialDof, 1);
  EXPECT_EQ(t.dof, 1);
  EXPECT_TRUE(t.issues.empty());
}

TEST(Topology, SliderCrankHasOneLoopAndOneDof)
{
  const auto t = topologyOf("slider_crank");
  EXPECT_EQ(t.loops.size(), 1u);
  EXPECT_EQ(t.loops[0].joints.size(), 4u);
  EXPECT_EQ(t.spatialDof, 18 - 20);  // a planar mechanism is overconstrained in space...
  ASSERT_TRUE(t.planarDof);
  EXPECT_EQ(*t.planarDof, 1);  // ...and has one DOF in its plane
  EXPECT_EQ(t.dof, 1);
  EXPECT_EQ(t.dofWithMotions, 0);  // driven crank: kinematic
}

TEST(Topology, FourBarHasOneLoopAndOneDof)
{
  const auto t = topologyOf("four_bar");
  EXPECT_EQ(t.loops.size(), 1u);
  EXPECT_EQ(t.dof, 1);
  EXPECT_EQ(t.dofWithMotions, 0);
  EXPECT_FALSE(t.rankDof);  // filled by the solver later
}

TEST(Topology, SpatialSliderCrankCountsItsJoints)
{
  const auto t = topologyOf("spatial_slider_crank");
  EXPECT_EQ(t.loops.size(), 1u);
  EXPECT_FALSE(t.planarDof);
  EXPECT_EQ(t.spatialDof, 6 * 3 - (5 + 3 + 4 + 5));
  EXPECT_EQ(t.dof, 1);
}

TEST(Topology, DoublePendulumIsATreeWithTwoDof)
{
  const auto t = topologyOf("double_pendulum_spring");
  EXPECT_TRUE(t.loops.empty());
  EXPECT_EQ(t.dof, 2);
}

TEST(Topology, WattSixBarHasTwoIndependentLoops)
{
  // Watt I six-bar: ground pivots A, D; links AB (1), BC (2), CD (3) form a four-bar; a second
  // loop through ternary links 2-3: E on 2, F on 3, link EF... here: parts 4 (E-G), 5 (F-G).
  Model m;
  const PartId p1 = addBar(m, "l1", Vec3(0, 0.5, 0)), p2 = addBar(m, "l2", Vec3(1, 1, 0)),
               p3 = addBar(m, "l3", Vec3(2, 0.5, 0));
  const PartId p4 = addBar(m, "l4", Vec3(1, 2, 0)), p5 = addBar(m, "l5", Vec3(2, 2, 0));
  addRevolute(m, p1, kGroundId, Vec3(0, 0, 0), "a");
  addRevolute(m, p2, p1, Vec3(0, 1, 0), "b");
  addRevolute(m, p3, p2, Vec3(2, 1, 0), "c");
  addRevolute(m, p3, kGroundId, Vec3(2, 0, 0), "d");
  addRevolute(m, p4, p2, Vec3(1, 1.5, 0), "e");
  addRevolute(m, p5, p4, Vec3(1.5, 2.5, 0), "g");
  addRevolute(m, p5, p3, Vec3(2, 1.5, 0), "f");
  ASSERT_TRUE(m.validate().empty());
  const auto t = analyzeTopology(m);
  EXPECT_EQ(t.loops.size(), 2u);  // joints - moving parts = 7 - 5
  ASSERT_TRUE(t.planarDof);
  EXPECT_EQ(*t.planarDof, 3 * 5 - 2 * 7);
  EXPECT_EQ(t.components, 1);
  // Each loop ends with its suggested cut; the user may prefer another joint.
  for (const auto& loop : t.loops)
    EXPECT_EQ(loop.joints.back(), loop.suggestedCut);
  const JointId preferred = m.findJoint("b");
  const auto t2 = analyzeTopology(m, {preferred});
  bool cutB = false;
  for (const auto& loop : t2.loops)
    cutB |= loop.suggestedCut == preferred;
  EXPECT_TRUE(cutB);
  const auto j = t.toJson(m);
  EXPECT_EQ(j["loop_count"], 2);
  EXPECT_EQ(j["planar_dof"], 1);
  EXPECT_TRUE(j["rank_dof"].is_null());
}

TEST(Topology, DisconnectedPartsAndMissingMarkersAreReported)
{
  auto r = loadModel(modelPath("pendulum"));
  ASSERT_TRUE(r.ok());
  Model m = *r.model;
  const PartId loose = addBar(m, "loose", Vec3(5, 0, 0));
  const PartId loose2 = addBar(m, "loose2", Vec3(6, 0, 0));
  addRevolute(m, loose, loose2, Vec3(5.5, 0, 0), "floating_pair");
  // A joint whose marker was deleted behind the model's back (e.g. a hand-edited document).
  Joint broken;
  broken.name = "broken";
  broken.iMarker = m.findMarker("bob_pivot");
  broken.jMarker = MarkerId(9999);
  m.add(broken);
  const auto t = analyzeTopology(m);
  EXPECT_EQ(t.components, 2);
  ASSERT_EQ(t.componentParts.size(), 2u);
  EXPECT_EQ(t.componentParts[1].size(), 2u);
  int notGrounded = 0, missing = 0;
  for (const auto& i : t.issues) {
    notGrounded += i.kind == TopologyIssue::Kind::PartNotGrounded;
    missing += i.kind == TopologyIssue::Kind::JointMissingMarker;
  }
  EXPECT_EQ(notGrounded, 2);
  EXPECT_EQ(missing, 1);
  EXPECT_EQ(t.toJson(m)["issues"].size(), 3u);
}
