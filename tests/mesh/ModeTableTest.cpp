// The mode table of a Craig-Bampton body (type, energy share, selection) on a Tet10 steel bar
// (1 m x 20 mm x 20 mm, interfaces at both end faces, 30 fixed-interface modes) against the
// free-free bar's closed forms: Euler-Bernoulli bending, axial c/2L, Saint-Venant torsion.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "mbs/mesh/CraigBampton.hpp"
#include "mbs/mesh/MeshGenerator.hpp"
#include "mbs/mesh/ModeTable.hpp"

using namespace mbs::mesh;

namespace {

const Material kSteel{"steel", 210e9, 0.3, 7850.0};
constexpr double kL = 1.0, kB = 0.02;

struct Reduced {
  FeMesh mesh;
  ReducedBody body;
  std::vector<ModeRow> rows;
};

const Reduced& bar()
{
  static const Reduced r = [] {
    Reduced out;
    MeshOptions options;
    options.elementSize = 0.04;
    EXPECT_TRUE(MeshGenerator(options).mesh3d(Solid::bar("bar", kL, kB, kB), out.mesh).ok());
    CraigBamptonOptions cb;
    cb.fixedInterfaceModes = 30;
    cb.stressNodes = StressNodes::None;
    const std::vector<InterfacePoint> ends{{"root", {0, 0, 0}, 0.0, "end_x0"},
                                           {"tip", {kL, 0, 0}, 0.0, "end_x1"}};
    const auto s = CraigBampton(cb).reduce("bar", out.mesh, kSteel, ends, out.body);
    EXPECT_TRUE(s.ok()) << s.message;
    out.rows = modeTable(out.body, out.mesh.nodes);
    return out;
  }();
  return r;
}

// The first mode of `type` in the table (-1: none).
int firstOfType(ModeType type)
{
  for (const ModeRow& row : bar().rows)
    if (row.type == type)
      return row.index;
  return -1;
}

TEST(ModeTable, TypesMatchTheFreeFreeBarsClosedForms)
{
  const auto& rows = bar().rows;
  ASSERT_EQ(static_cast<int>(rows.size()), bar().body.modeCount());
  for (int i = 0; i < 6; ++i)
    EXPECT_EQ(rows[i].type, ModeType::Rigid) << i;
  const double G = kSteel.youngsModulus / (2 * (1 + kSteel.poissonRatio));
  const double EI = kSteel.youngsModulus * std::pow(kB, 4) / 12.0, rhoA = kSteel.density * kB * kB;
  // Free-free bending, beta L = 4.7300 (two planes, equal section): 106.33 Hz.
  const double bendingHz =
      std::pow(4.730040745, 2) / (2 * std::numbers::pi) * std::sqrt(EI / rhoA) / (kL * kL);
  EXPECT_EQ(rows[6].type, ModeType::Bending);
  EXPECT_EQ(rows[7].type, ModeType::Bending);
  EXPECT_NEAR(rows[6].frequencyHz / bendingHz, 1.0, 0.005);
  // Axial c / 2L: 2586.1 Hz.
  const int axial = firstOfType(ModeType::Axial);
  ASSERT_GE(axial, 0);
  EXPECT_NEAR(rows[axial].frequencyHz / (std::sqrt(kSteel.youngsModulus / kSteel.density) / (2 * kL)), 1.0,
              0.01);
  // Saint-Venant torsion of a square, J = 0.1406 b^4, I_p = b^4 / 6: 1473 Hz. One Tet10 across the
  // section is stiff in torsion (+4.8 %); the test is of the classification, not of the mesh.
  const int torsion = firstOfType(ModeType::Torsion);
  ASSERT_GE(torsion, 0);
  EXPECT_NEAR(rows[torsion].frequencyHz / (std::sqrt(G * 0.1406 * 6 / kSteel.density) / (2 * kL)), 1.0, 0.06);
}

TEST(ModeTable, BoundaryModesAreTheHighestAndAboveTheFixedInterfaceSpectrum)
{
  const double highest = bar().body.fixedInterfaceFrequenciesHz.maxCoeff();
  int boundary = 0;
  for (const ModeRow& row : bar().rows) {
    if (row.type != ModeType::Boundary)
      continue;
    EXPECT_GT(row.frequencyHz, highest) << row.index;
    EXPECT_GE(row.index, bar().body.modeCount() - 6) << row.index;
    ++boundary;
  }
  // Two interface nodes: 12 constraint modes, 6 of them the rigid modes, 6 boundary modes (seed 003).
  EXPECT_EQ(boundary, bar().body.constraintModeCount - bar().body.rigidModeCount);
}

TEST(ModeTable, EnergySharesSumToOneAndRankThePhysicalModes)
{
  const auto& rows = bar().rows;
  double sum = 0.0;
  for (const ModeRow& row : rows) {
    EXPECT_GE(row.energyShare, 0.0);
    if (row.type == ModeType::Rigid)
      EXPECT_EQ(row.energyShare, 0.0);
    sum += row.energyShare;
  }
  EXPECT_NEAR(sum, 1.0, 1e-12);
  // Unit end loads deform the bar mostly in its first bending pair, then its first torsion and
  // axial modes (1/ω² weighting); the higher bending modes carry far less.
  const std::vector<int> strong = modesAboveEnergy(rows, 0.05);
  const std::vector<int> expected{6, 7, firstOfType(ModeType::Torsion), firstOfType(ModeType::Axial)};
  EXPECT_EQ(strong,
            (std::vector<int>{6, 7, std::min(expected[2], expected[3]), std::max(expected[2], expected[3])}));
  EXPECT_GT(rows[6].energyShare, 3 * rows[8].energyShare);
}

TEST(ModeTable, LowestModesSkipTheRigidOnes)
{
  EXPECT_EQ(lowestModes(bar().rows, 4), (std::vector<int>{6, 7, 8, 9}));
  EXPECT_TRUE(lowestModes(bar().rows, 0).empty());
  EXPECT_EQ(static_cast<int>(lowestModes(bar().rows, 1000).size()), bar().body.modeCount() - 6);
  ModeType t;
  EXPECT_TRUE(modeTypeFromString("torsion", t));
  EXPECT_EQ(t, ModeType::Torsion);
  EXPECT_FALSE(modeTypeFromString("twist", t));
}

}  // namespace
