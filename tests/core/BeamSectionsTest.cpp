// The section properties of Build ▸ Flexible Link (core/include/mbs/core/BeamSections.hpp) against
// values worked out by hand from the textbook formulas (Roark, Timoshenko & Goodier, Cowper 1966),
// and the refusals of impossible sections.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "mbs/core/BeamSections.hpp"

using namespace mbs::core;

namespace {

constexpr double kPi = std::numbers::pi;

SectionDimensions circle(double d)
{
  SectionDimensions s;
  s.kind = SectionKind::SolidCircle;
  s.diameter = d;
  return s;
}

SectionDimensions rectangle(double b, double h)
{
  SectionDimensions s;
  s.kind = SectionKind::SolidRectangle;
  s.width = b;
  s.height = h;
  return s;
}

}  // namespace

TEST(BeamSections, SolidCircle)
{
  const SectionProperties p = sectionProperties(circle(0.02), 0.3);
  EXPECT_NEAR(p.area, 3.14159265e-4, 1e-12);
  EXPECT_NEAR(p.iyy, 7.85398163e-9, 1e-17);  // π r⁴ / 4, r = 10 mm
  EXPECT_NEAR(p.izz, p.iyy, 0.0);
  EXPECT_NEAR(p.ixx, 1.57079633e-8, 1e-16);  // the polar moment
  // Cowper: 1/κ = (7 + 6ν) / (6 (1 + ν)) = 8.8 / 7.8; Adams' table value 10/9 is ν = 0.5.
  EXPECT_NEAR(p.shearAreaRatioY, 8.8 / 7.8, 1e-12);
  EXPECT_NEAR(sectionProperties(circle(0.02), 0.5).shearAreaRatioZ, 10.0 / 9.0, 1e-12);
}

TEST(BeamSections, HollowCircle)
{
  SectionDimensions s;
  s.kind = SectionKind::HollowCircle;
  s.diameter = 0.1;
  s.thickness = 0.01;  // r 50 and 40 mm
  const SectionProperties p = sectionProperties(s, 0.3);
  EXPECT_NEAR(p.area, kPi * 9e-4, 1e-15);
  EXPECT_NEAR(p.iyy, 2.89811923e-6, 1e-14);  // π (50⁴ − 40⁴) mm⁴ / 4
  EXPECT_NEAR(p.ixx, 2.0 * p.iyy, 1e-20);
  // Cowper with m = 0.8: 6·1.3·1.64² / (8.8·1.64² + 23.6·0.64) = 20.97888 / 38.77248.
  EXPECT_NEAR(p.shearAreaRatioY, 38.77248 / 20.97888, 1e-9);
  // A thin tube tends to (4 + 3ν) / (2 (1 + ν)), Adams' 2 at ν = 0.
  s.diameter = 1.0;
  s.thickness = 1e-5;
  EXPECT_NEAR(sectionProperties(s, 0.3).shearAreaRatioZ, 4.9 / 2.6, 1e-4);
  EXPECT_NEAR(sectionProperties(s, 0.0).shearAreaRatioZ, 2.0, 1e-4);
}

TEST(BeamSections, SolidRectangle)
{
  const SectionProperties p = sectionProperties(rectangle(0.02, 0.04), 0.3);
  EXPECT_NEAR(p.area, 8e-4, 1e-16);
  EXPECT_NEAR(p.iyy, 1.06666667e-7, 1e-15);  // b h³ / 12: the height resists bending about y
  EXPECT_NEAR(p.izz, 2.66666667e-8, 1e-16);
  // Saint-Venant: J = β a b³ with β = 0.2287 for a/b = 2 and 0.1406 for the square.
  EXPECT_NEAR(p.ixx / (0.04 * std::pow(0.02, 3)), 0.2287, 2e-4);
  EXPECT_NEAR(sectionProperties(rectangle(0.03, 0.03), 0.3).ixx / std::pow(0.03, 4), 0.1406, 1e-4);
  // Very flat: J → a b³ / 3 (1 − 0.630 b/a).
  EXPECT_NEAR(sectionProperties(rectangle(1.0, 0.01), 0.3).ixx / (1.0 * 1e-6), (1 - 0.630 * 0.01) / 3, 1e-5);
  EXPECT_NEAR(p.shearAreaRatioY, 15.3 / 13.0, 1e-12);  // (12 + 11ν) / (10 (1 + ν))
  EXPECT_NEAR(sectionProperties(rectangle(1, 2), 0.0).shearAreaRatioZ, 6.0 / 5.0, 1e-12);  // Adams' 6/5
}

TEST(BeamSections, HollowRectangle)
{
  SectionDimensions s;
  s.kind = SectionKind::HollowRectangle;
  s.width = 0.06;
  s.height = 0.1;
  s.thickness = 0.005;
  const SectionProperties p = sectionProperties(s, 0.3);
  EXPECT_NEAR(p.area, 1.5e-3, 1e-15);
  EXPECT_NEAR(p.iyy, 1.9625e-6, 1e-15);  // (60·100³ − 50·90³) mm⁴ / 12
  EXPECT_NEAR(p.izz, 8.625e-7, 1e-15);   // (100·60³ − 90·50³) mm⁴ / 12
  // Bredt: 4 A_m² t / perimeter with the mid-line 55 × 95 mm.
  EXPECT_NEAR(p.ixx, 4.0 * std::pow(0.055 * 0.095, 2) * 0.005 / (2 * (0.055 + 0.095)), 1e-15);
  // A square tube: Cowper's κ ≈ 0.4355 at ν = 0.3 (m = n = 1: 10·1.3·16 / 477.6).
  s.width = s.height = 0.1;
  s.thickness = 0.001;
  const SectionProperties q = sectionProperties(s, 0.3);
  EXPECT_NEAR(q.shearAreaRatioY, 477.6 / 208.0, 1e-9);
  EXPECT_NEAR(q.shearAreaRatioZ, q.shearAreaRatioY, 1e-12);
  // The walls along the shear carry it: A / A_shear is near A / (2 h t) (slightly more).
  EXPECT_GT(p.shearAreaRatioZ, p.area / (2 * 0.1 * 0.005));
  EXPECT_LT(p.shearAreaRatioZ, 1.3 * p.area / (2 * 0.1 * 0.005));
}

TEST(BeamSections, ISection)
{
  SectionDimensions s;
  s.kind = SectionKind::ISection;
  s.width = 0.1;
  s.height = 0.2;
  s.flangeThickness = 0.01;
  s.webThickness = 0.006;
  const SectionProperties p = sectionProperties(s, 0.3);
  EXPECT_NEAR(p.area, 3.08e-3, 1e-15);
  EXPECT_NEAR(p.iyy, 2.098267e-5, 1e-11);  // (100·200³ − 94·180³) mm⁴ / 12
  EXPECT_NEAR(p.izz, 1.669907e-6, 1e-12);  // (2·10·100³ + 180·6³) mm⁴ / 12
  EXPECT_NEAR(p.ixx, 7.962667e-8, 1e-13);  // (2·100·10³ + 180·6³) mm⁴ / 3
  // Cowper along the web, m = 2 b tf / (h tw) with the mid-line height 190 mm, n = b / h.
  const double m = 2 * 0.1 * 0.01 / (0.19 * 0.006), n = 0.1 / 0.19, nu = 0.3;
  const double kappa =
      10 * (1 + nu) * std::pow(1 + 3 * m, 2) /
      (12 + 72 * m + 150 * m * m + 90 * m * m * m + nu * (11 + 66 * m + 135 * m * m + 90 * m * m * m) +
       30 * n * n * (m + m * m) + 5 * nu * n * n * (8 * m + 9 * m * m));
  EXPECT_NEAR(p.shearAreaRatioZ, 1.0 / kappa, 1e-12);
  // The web carries the shear along z: about A / (h tw).
  EXPECT_NEAR(p.shearAreaRatioZ, p.area / (0.2 * 0.006), 0.15 * p.area / (0.2 * 0.006));
  // The flanges carry it along y: two rectangles.
  EXPECT_NEAR(p.shearAreaRatioY, p.area / (2 * 0.1 * 0.01) * 15.3 / 13.0, 1e-12);
}

TEST(BeamSections, RefusesImpossibleSections)
{
  auto fault = [](const SectionDimensions& s) { return checkSection(s); };
  EXPECT_FALSE(fault(circle(0.02)));
  auto zero = fault(circle(0.0));
  ASSERT_TRUE(zero);
  EXPECT_EQ(zero->dimension, SectionDimension::Diameter);
  EXPECT_EQ(zero->fault, SectionFault::NotPositive);
  EXPECT_TRUE(fault(circle(std::nan(""))));

  SectionDimensions tube;
  tube.kind = SectionKind::HollowCircle;
  tube.diameter = 0.02;
  tube.thickness = 0.01;  // the wall fills the tube
  auto thick = fault(tube);
  ASSERT_TRUE(thick);
  EXPECT_EQ(thick->dimension, SectionDimension::Thickness);
  EXPECT_EQ(thick->fault, SectionFault::WallTooThick);

  SectionDimensions box = rectangle(0.02, 0.04);
  box.kind = SectionKind::HollowRectangle;
  box.thickness = 0.01;  // 2t = the width
  EXPECT_EQ(fault(box)->fault, SectionFault::WallTooThick);
  box.height = -1;
  EXPECT_EQ(fault(box)->dimension, SectionDimension::Height);

  SectionDimensions beam;
  beam.kind = SectionKind::ISection;
  beam.width = 0.1;
  beam.height = 0.02;
  beam.flangeThickness = 0.01;
  beam.webThickness = 0.005;
  EXPECT_EQ(fault(beam)->fault, SectionFault::FlangesTooThick);
  beam.height = 0.2;
  beam.webThickness = 0.1;
  EXPECT_EQ(fault(beam)->fault, SectionFault::WebTooThick);
  EXPECT_EQ(fault(beam)->dimension, SectionDimension::WebThickness);
}
