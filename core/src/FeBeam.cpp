#include "mbs/core/FeBeam.hpp"

#include <algorithm>
#include <cmath>

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

void applySection(FeBeam& beam, const SectionProperties& s)
{
  beam.area = s.area;
  beam.iyy = s.iyy;
  beam.izz = s.izz;
  beam.torsion = s.ixx;
  beam.shearRatioY = s.shearAreaRatioY;
  beam.shearRatioZ = s.shearAreaRatioZ;
}

}  // namespace mbs::core
