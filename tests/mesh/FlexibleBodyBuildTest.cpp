// Make Flexible without a GUI (mesh::buildFlexibleBody): a 1 m x 20 mm x 20 mm steel bar whose solid
// frame and CM frame are placed and turned in the part, meshed and reduced with interfaces at both
// ends. The nodes come back in the CM frame and in the part frame, and the first elastic mode is the
// free-free bar's Euler-Bernoulli bending (beta L = 4.7300).
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "mbs/mesh/FlexibleBodyBuild.hpp"

using namespace mbs::mesh;

TEST(FlexibleBodyBuild, NodesInBothFramesAndTheBarsFirstBendingMode)
{
  constexpr double kL = 1.0, kB = 0.02;
  FlexibleBodyRequest r;
  r.partName = "bar";
  r.solid = Solid::bar("bar", kL, kB, kB);
  // The solid lies along the part's y axis from (0.1, 0, 0); the CM frame is turned 90 deg about z
  // too, at the bar's middle, so the bar runs along the CM frame's x axis from -L/2 to L/2.
  const Eigen::Matrix3d turn =
      Eigen::AngleAxisd(std::numbers::pi / 2, Eigen::Vector3d::UnitZ()).toRotationMatrix();
  r.solidRotation = turn;
  r.solidPosition = {0.1, 0.0, 0.0};
  r.cmRotation = turn;
  r.cmPosition = {0.1, kL / 2, 0.0};
  r.options.elementSize = 0.04;
  r.material = Material{"steel", 210e9, 0.3, 7850.0};
  r.reduce = true;
  r.fixedModes = 30;
  r.keep = 4;
  r.interfacePoints = {{"root", {-kL / 2, 0, 0}, 0.0, "end_x0"}, {"tip", {kL / 2, 0, 0}, 0.0, "end_x1"}};

  const FlexibleBodyBuild b = buildFlexibleBody(r);
  ASSERT_TRUE(b.status.ok()) << b.status.message;
  ASSERT_EQ(b.partNodes.cols(), b.fe.nodes.cols());
  ASSERT_GT(b.fe.nodes.cols(), 100);
  // Part frame: y from 0 to L at x = 0.1 +- b/2; CM frame: x from -L/2 to L/2.
  EXPECT_NEAR(b.partNodes.row(1).minCoeff(), 0.0, 1e-12);
  EXPECT_NEAR(b.partNodes.row(1).maxCoeff(), kL, 1e-12);
  EXPECT_NEAR(b.partNodes.row(0).minCoeff(), 0.1 - kB / 2, 1e-12);
  EXPECT_NEAR(b.fe.nodes.row(0).minCoeff(), -kL / 2, 1e-12);
  EXPECT_NEAR(b.fe.nodes.row(0).maxCoeff(), kL / 2, 1e-12);
  for (Eigen::Index n = 0; n < b.fe.nodes.cols(); ++n)
    ASSERT_LT((r.cmPosition + r.cmRotation * b.fe.nodes.col(n) - b.partNodes.col(n)).norm(), 1e-12);

  ASSERT_EQ(b.kept.size(), 4u);
  const double EI = 210e9 * std::pow(kB, 4) / 12.0, rhoA = 7850.0 * kB * kB;
  const double bendingHz =
      std::pow(4.730040745, 2) / (2 * std::numbers::pi) * std::sqrt(EI / rhoA) / (kL * kL);
  const ModeRow& first = b.rows[static_cast<std::size_t>(b.kept.front())];
  EXPECT_EQ(first.type, ModeType::Bending);
  EXPECT_NEAR(first.frequencyHz / bendingHz, 1.0, 0.005);

  // Mesh only: no reduction, the same nodes.
  r.reduce = false;
  const FlexibleBodyBuild meshed = buildFlexibleBody(r);
  ASSERT_TRUE(meshed.status.ok());
  EXPECT_EQ(meshed.fe.nodes.cols(), b.fe.nodes.cols());
  EXPECT_EQ(meshed.body.modeCount(), 0);
  EXPECT_TRUE(meshed.rows.empty());
}
