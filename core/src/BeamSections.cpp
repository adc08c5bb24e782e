#include "mbs/core/BeamSections.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace mbs::core {
namespace {

constexpr double kPi = std::numbers::pi;

bool positive(double v)
{
  return std::isfinite(v) && v > 0.0;
}

// Saint-Venant's torsion constant of a solid a × b rectangle (series; exact to round-off).
double rectangleTorsion(double a, double b)
{
  if (a < b)
    std::swap(a, b);
  double sum = 0.0;
  for (int n = 1; n < 200; n += 2) {
    const double term = std::tanh(n * kPi * a / (2.0 * b)) / std::pow(n, 5);
    sum += term;
    if (term < 1e-16 * sum)
      break;
  }
  return a * b * b * b * (1.0 / 3.0 - 64.0 / std::pow(kPi, 5) * (b / a) * sum);
}

// Cowper's κ of a solid rectangle.
double kappaRectangle(double nu)
{
  return 10.0 * (1.0 + nu) / (12.0 + 11.0 * nu);
}

// Cowper's κ of a thin-walled box for a shear force parallel to its side h (webs of thickness tw,
// flanges b wide of thickness tf; mid-line dimensions).
double kappaBox(double b, double h, double tf, double tw, double nu)
{
  const double m = b * tf / (h * tw), n = b / h;
  const double den = (12.0 + 72.0 * m + 150.0 * m * m + 90.0 * m * m * m) +
                     nu * (11.0 + 66.0 * m + 135.0 * m * m + 90.0 * m * m * m) +
                     10.0 * n * n * ((3.0 + nu) * m + 3.0 * m * m);
  return 10.0 * (1.0 + nu) * (1.0 + 3.0 * m) * (1.0 + 3.0 * m) / den;
}

// Cowper's κ of a thin-walled I-section for a shear force along its web (mid-line height h).
double kappaISection(double b, double h, double tf, double tw, double nu)
{
  const double m = 2.0 * b * tf / (h * tw), n = b / h;
  const double den = (12.0 + 72.0 * m + 150.0 * m * m + 90.0 * m * m * m) +
                     nu * (11.0 + 66.0 * m + 135.0 * m * m + 90.0 * m * m * m) + 30.0 * n * n * (m + m * m) +
                     5.0 * nu * n * n * (8.0 * m + 9.0 * m * m);
  return 10.0 * (1.0 + nu) * (1.0 + 3.0 * m) * (1.0 + 3.0 * m) / den;
}

}  // namespace

std::optional<SectionProblem> checkSection(const SectionDimensions& d)
{
  using D = SectionDimension;
  auto notPositive = [](D dim) { return SectionProblem{dim, SectionFault::NotPositive}; };
  switch (d.kind) {
    case SectionKind::SolidCircle:
      if (!positive(d.diameter))
        return notPositive(D::Diameter);
      return std::nullopt;
    case SectionKind::HollowCircle:
      if (!positive(d.diameter))
        return notPositive(D::Diameter);
      if (!positive(d.thickness))
        return notPositive(D::Thickness);
      if (2.0 * d.thickness >= d.diameter)
        return SectionProblem{D::Thickness, SectionFault::WallTooThick};
      return std::nullopt;
    case SectionKind::SolidRectangle:
    case SectionKind::HollowRectangle:
      if (!positive(d.width))
        return notPositive(D::Width);
      if (!positive(d.height))
        return notPositive(D::Height);
      if (d.kind == SectionKind::HollowRectangle) {
        if (!positive(d.thickness))
          return notPositive(D::Thickness);
        if (2.0 * d.thickness >= std::min(d.width, d.height))
          return SectionProblem{D::Thickness, SectionFault::WallTooThick};
      }
      return std::nullopt;
    case SectionKind::ISection:
      if (!positive(d.width))
        return notPositive(D::Width);
      if (!positive(d.height))
        return notPositive(D::Height);
      if (!positive(d.flangeThickness))
        return notPositive(D::FlangeThickness);
      if (!positive(d.webThickness))
        return notPositive(D::WebThickness);
      if (2.0 * d.flangeThickness >= d.height)
        return SectionProblem{D::FlangeThickness, SectionFault::FlangesTooThick};
      if (d.webThickness >= d.width)
        return SectionProblem{D::WebThickness, SectionFault::WebTooThick};
      return std::nullopt;
  }
  return std::nullopt;
}

SectionProperties sectionProperties(const SectionDimensions& d, double nu)
{
  SectionProperties p;
  switch (d.kind) {
    case SectionKind::SolidCircle:
    case SectionKind::HollowCircle: {
      const double ro = 0.5 * d.diameter;
      const double ri = d.kind == SectionKind::HollowCircle ? ro - d.thickness : 0.0;
      const double r2 = ro * ro, i2 = ri * ri;
      p.area = kPi * (r2 - i2);
      p.iyy = p.izz = kPi * (r2 * r2 - i2 * i2) / 4.0;
      p.ixx = 2.0 * p.iyy;
      const double m2 = i2 / r2, s = (1.0 + m2) * (1.0 + m2);
      const double kappa = 6.0 * (1.0 + nu) * s / ((7.0 + 6.0 * nu) * s + (20.0 + 12.0 * nu) * m2);
      p.shearAreaRatioY = p.shearAreaRatioZ = 1.0 / kappa;
      return p;
    }
    case SectionKind::SolidRectangle: {
      const double b = d.width, h = d.height;
      p.area = b * h;
      p.iyy = b * h * h * h / 12.0;
      p.izz = h * b * b * b / 12.0;
      p.ixx = rectangleTorsion(b, h);
      p.shearAreaRatioY = p.shearAreaRatioZ = 1.0 / kappaRectangle(nu);
      return p;
    }
    case SectionKind::HollowRectangle: {
      const double b = d.width, h = d.height, t = d.thickness;
      const double bi = b - 2.0 * t, hi = h - 2.0 * t;
      p.area = b * h - bi * hi;
      p.iyy = (b * h * h * h - bi * hi * hi * hi) / 12.0;
      p.izz = (h * b * b * b - hi * bi * bi * bi) / 12.0;
      const double bm = b - t, hm = h - t;  // mid-line
      p.ixx = 2.0 * t * bm * bm * hm * hm / (bm + hm);
      p.shearAreaRatioZ = 1.0 / kappaBox(bm, hm, t, t, nu);  // along z: the walls of height h carry it
      p.shearAreaRatioY = 1.0 / kappaBox(hm, bm, t, t, nu);
      return p;
    }
    case SectionKind::ISection: {
      const double b = d.width, h = d.height, tf = d.flangeThickness, tw = d.webThickness;
      const double hw = h - 2.0 * tf;  // the web between the flanges
      p.area = 2.0 * b * tf + hw * tw;
      p.iyy = (b * h * h * h - (b - tw) * hw * hw * hw) / 12.0;
      p.izz = (2.0 * tf * b * b * b + hw * tw * tw * tw) / 12.0;
      p.ixx = (2.0 * b * tf * tf * tf + hw * tw * tw * tw) / 3.0;
      p.shearAreaRatioZ = 1.0 / kappaISection(b, h - tf, tf, tw, nu);
      p.shearAreaRatioY = p.area / (kappaRectangle(nu) * 2.0 * b * tf);
      return p;
    }
  }
  return p;
}

}  // namespace mbs::core
