// Rank-based DOF of the bundled models against hand counts: a planar mechanism built from
// spatial revolute joints is overconstrained in space (count-based DOF < 1) but has one true
// degree of freedom; the excess equations are the redundant ones.
#include <gtest/gtest.h>

#include "TestUtil.hpp"
#include "mbs/core/ModelFile.hpp"
#include "mbs/core/TopologyRank.hpp"

using namespace mbs::core;
using namespace mbs::core::test;

namespace {

TopologyReport rankedTopologyOf(const std::string& name)
{
  auto r = loadModel(modelPath(name));
  EXPECT_TRUE(r.ok()) << name;
  if (!r.ok())
    return {};
  TopologyReport t = analyzeTopology(*r.model);
  Diagnostics diagnostics;
  EXPECT_TRUE(fillTopologyRank(*r.model, t, &diagnostics)) << name;
  EXPECT_TRUE(diagnostics.empty()) << name << ": " << diagnostics.front().toString();
  return t;
}

}  // namespace

TEST(TopologyRank, PendulumHasOneDofAndNoRedundancy)
{
  const auto t = rankedTopologyOf("pendulum");
  ASSERT_TRUE(t.rankDof && t.redundantEquations);
  EXPECT_EQ(*t.rankDof, 1);
  EXPECT_EQ(*t.redundantEquations, 0);
}

TEST(TopologyRank, PlanarFourBarIsOneDofWithThreeRedundantEquations)
{
  // 3 moving parts, 4 revolutes: 18 − 20 = −2 by counting; true mobility 1, so 3 equations redundant.
  const auto t = rankedTopologyOf("four_bar");
  EXPECT_EQ(t.spatialDof, -2);
  ASSERT_TRUE(t.rankDof && t.redundantEquations);
  EXPECT_EQ(*t.rankDof, 1);
  EXPECT_EQ(*t.redundantEquations, t.constraintEquations - (6 * t.movingParts - *t.rankDof));
  EXPECT_EQ(*t.redundantEquations, 3);
}

TEST(TopologyRank, SpatialSliderCrankCountsMatchTheRank)
{
  // A properly built spatial mechanism has no redundant equations: rank DOF = count DOF = 1.
  const auto t = rankedTopologyOf("spatial_slider_crank");
  ASSERT_TRUE(t.rankDof && t.redundantEquations);
  EXPECT_EQ(*t.redundantEquations, 0);
  EXPECT_EQ(*t.rankDof, t.spatialDof);
  EXPECT_EQ(*t.rankDof, 1);
}

TEST(TopologyRank, JsonCarriesTheRankCounts)
{
  auto r = loadModel(modelPath("four_bar"));
  ASSERT_TRUE(r.ok());
  TopologyReport t = analyzeTopology(*r.model);
  EXPECT_TRUE(t.toJson(*r.model)["rank_dof"].is_null());
  ASSERT_TRUE(fillTopologyRank(*r.model, t));
  EXPECT_EQ(t.toJson(*r.model)["rank_dof"], 1);
  EXPECT_EQ(t.toJson(*r.model)["redundant_equations"], 3);
}
