#pragma once
// Cross sections of beams and discrete flexible links (Build ▸ Flexible Link): the properties an
// Adams BEAM needs (area, torsion constant, second moments, shear area ratios) from a section's
// dimensions, in closed form (docs/flexible-bodies.md, "Discrete flexible links"). Section axes
// as Adams' BEAM: x along the beam, y the width direction, z the height direction, so Iyy = ∫z² dA
// resists bending in the x-z plane and Izz = ∫y² dA bending in the x-y plane.
#include <optional>

namespace mbs::core {

enum class SectionKind { SolidCircle, HollowCircle, SolidRectangle, HollowRectangle, ISection };

// The dimensions a kind reads (SI, m): a circle its outer diameter (and wall thickness if hollow);
// a rectangle its width along y and height along z (and wall thickness if hollow); an I-section
// its flange width along y, overall height along z, flange thickness and web thickness.
struct SectionDimensions {
  SectionKind kind = SectionKind::SolidCircle;
  double diameter = 0.02;
  double width = 0.02, height = 0.02;
  double thickness = 0.002;  // hollow circle and rectangle: the wall
  double flangeThickness = 0.002, webThickness = 0.002;
};

// Why a section's dimensions make no section, and which dimension is at fault.
enum class SectionDimension { Diameter, Width, Height, Thickness, FlangeThickness, WebThickness };
enum class SectionFault {
  NotPositive,      // a dimension the kind reads is zero, negative or not finite
  WallTooThick,     // hollow: the wall leaves no hole (circle: t ≥ D/2; rectangle: 2t ≥ width or height)
  FlangesTooThick,  // I-section: 2 tf ≥ height
  WebTooThick,      // I-section: tw ≥ flange width
};
struct SectionProblem {
  SectionDimension dimension = SectionDimension::Diameter;
  SectionFault fault = SectionFault::NotPositive;
};
std::optional<SectionProblem> checkSection(const SectionDimensions& d);

struct SectionProperties {
  double area = 0.0;  // A [m²]
  double ixx = 0.0;   // torsion constant J [m⁴] (Adams IXX; the polar moment only for circles)
  double iyy = 0.0;   // ∫z² dA [m⁴]
  double izz = 0.0;   // ∫y² dA [m⁴]
  // Adams' shear area ratios A/A_shear = 1/κ for shear forces along y (ASY) and z (ASZ).
  double shearAreaRatioY = 0.0, shearAreaRatioZ = 0.0;
};

// The properties of a valid section (checkSection passes); the shear coefficients κ are Cowper's
// (1966), which depend on Poisson's ratio ν: solid circle 6(1+ν)/(7+6ν), solid rectangle
// 10(1+ν)/(12+11ν), the hollow circle's and the thin-walled box's and I-section's formulas of the
// same paper (dimensions to the walls' mid-lines); an I-section's flanges carry a shear force along
// y as two solid rectangles. Torsion: circles exact, the solid rectangle Saint-Venant's series, the box
// Bredt's thin-wall formula on the wall's mid-line, the I-section the open thin-walled Σ b t³/3.
SectionProperties sectionProperties(const SectionDimensions& d, double poissonRatio);

}  // namespace mbs::core
