#include "mbs/core/FeBeam.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace mbs::core {

double FeBeam::nodeMass(int k) const
{
  const double share = (k == 0 || k == elements) ? elementLength() / 2 : elementLength();
  return density * area * share;
}

Mat3 FeBeam::nodeInertia(int k) const
{
  const double share = (k == 0 || k == elements) ? elementLength() / 2 : elementLength();
  // The section's rotary inertia ρ h (Iyy + Izz, Iyy, Izz): a slice, not a rod, so that the
  // lumped masses alone carry the beam's bending inertia as elements grow.
  return (density * share * Vec3(iyy + izz, iyy, izz)).asDiagonal();
}

int FeBeam::nodeOf(int node, const Vec3& position) const
{
  if (node >= 0)
    return node;
  return std::clamp(int(std::lround(position.x() / elementLength())), 0, elements);
}

std::string FeBeam::problem() const
{
  if (elements < 1 || elements > 10000)
    return "the number of elements must be 1 to 10000";
  const double values[] = {length, area, iyy, izz, torsion, youngsModulus, shearModulus, density};
  for (double v : values)
    if (!(v > 0.0) || !std::isfinite(v))
      return "length, area, Iyy, Izz, J, E, G and density must be positive";
  if (!(shearRatioY >= 0.0 && shearRatioZ >= 0.0 && damping >= 0.0) ||
      !std::isfinite(shearRatioY + shearRatioZ + damping))
    return "the shear area ratios and the damping must not be negative";
  return {};
}

FeSection circleSection(double radius, double innerRadius)
{
  const double pi = std::numbers::pi;
  const double r2 = radius * radius, i2 = innerRadius * innerRadius;
  FeSection s;
  s.area = pi * (r2 - i2);
  s.iyy = s.izz = pi * (r2 * r2 - i2 * i2) / 4.0;
  s.torsion = 2.0 * s.iyy;
  // Cowper's (1966) shear coefficient of a tube of radius ratio m at ν = 0.3, as A / A_shear:
  // ((7 + 6ν)(1 + m²)² + (20 + 12ν) m²) / ((6 + 6ν)(1 + m²)²) — 1.13 solid, 1.89 thin-walled (the
  // 10/9 and 2 that Adams' BEAM page quotes from Roark).
  const double m = innerRadius / radius, a = (1 + m * m) * (1 + m * m), nu = 0.3;
  s.shearRatioY = s.shearRatioZ = ((7 + 6 * nu) * a + (20 + 12 * nu) * m * m) / ((6 + 6 * nu) * a);
  return s;
}

FeSection rectangleSection(double widthY, double heightZ)
{
  FeSection s;
  s.area = widthY * heightZ;
  s.izz = heightZ * std::pow(widthY, 3) / 12.0;  // bending in x–y (about z): width along y
  s.iyy = widthY * std::pow(heightZ, 3) / 12.0;
  // Saint-Venant's torsion constant of a rectangle (a ≥ b): a b³ (1/3 − 0.21 (b/a)(1 − b⁴/(12 a⁴))).
  const double a = std::max(widthY, heightZ), b = std::min(widthY, heightZ);
  s.torsion = a * b * b * b * (1.0 / 3.0 - 0.21 * (b / a) * (1.0 - std::pow(b / a, 4) / 12.0));
  s.shearRatioY = s.shearRatioZ = 6.0 / 5.0;
  return s;
}

void applySection(FeBeam& beam, const FeSection& s)
{
  beam.area = s.area;
  beam.iyy = s.iyy;
  beam.izz = s.izz;
  beam.torsion = s.torsion;
  beam.shearRatioY = s.shearRatioY;
  beam.shearRatioZ = s.shearRatioZ;
}

}  // namespace mbs::core
