#pragma once
// Units: the model is always held in SI (m, kg, s, N, rad). Files and imported decks may be
// written in other units; UnitSystem gives the factors that convert their values to SI.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace mbs::core {

struct UnitSystem {
  // Factor that converts one unit of the file into SI, per base quantity.
  double length = 1.0;  // to m
  double mass = 1.0;    // to kg
  double time = 1.0;    // to s
  double force = 1.0;   // to N
  double angle = 1.0;   // to rad
  std::string lengthName = "m", massName = "kg", timeName = "s", forceName = "N", angleName = "rad";

  // Derived factors.
  double inertia() const { return mass * length * length; }
  double velocity() const { return length / time; }
  double angularVelocity() const { return angle / time; }
  double acceleration() const { return length / (time * time); }
  double stiffness() const { return force / length; }
  double damping() const { return force * time / length; }
  double torque() const { return force * length; }
  double rotationalStiffness() const { return force * length / angle; }
  double rotationalDamping() const { return force * length * time / angle; }
  bool isSI() const;

  static UnitSystem si() { return {}; }
};

// The kind of a number a user sees (a field, a plot axis, a column of an export): it decides the
// factor and the unit name of its value in a unit system.
enum class Quantity {
  None,  // a pure number (a ratio, a count, a coefficient): never converted
  Length,
  Mass,
  Time,
  Force,
  Angle,
  Inertia,
  Velocity,
  AngularVelocity,
  Acceleration,
  AngularAcceleration,
  Torque,
  Stiffness,
  Damping,
  RotationalStiffness,
  RotationalDamping,
  Frequency,
  Energy,
  Power,
  Density,
  Pitch,  // length per turn of a screw
};

// Factor that converts one unit of `q` in `u` to SI (value_SI = value_u * factor).
double factorToSI(const UnitSystem& u, Quantity q);
// The unit name of `q` in `u` ("mm", "N/mm", "kg·mm²", "deg/s"); empty for Quantity::None.
std::string unitName(const UnitSystem& u, Quantity q);
inline double fromSI(const UnitSystem& u, Quantity q, double si)
{
  return si / factorToSI(u, q);
}
inline double toSI(const UnitSystem& u, Quantity q, double value)
{
  return value * factorToSI(u, q);
}

// The units the GUI shows a model in (fields, plot axes, exports); the model itself stays in SI.
// As in Adams/View: MKS (m, kg, N, s), MMKS (mm, kg, N, s), CGS (cm, g, dyne, s), IPS (in, lbm,
// lbf, s), FPS (ft, lbm, lbf, s), each with angles in degrees or radians, or any custom choice.
// The default is MKS with degrees (what the GUI showed before display units could be chosen).
UnitSystem defaultDisplayUnits();
// The named system (length, mass, time and force; upper case: "MMKS") or "custom".
std::string unitSystemName(const UnitSystem& u);
// The unit names a user may choose per base quantity ("m", "mm", ...), each a valid name for
// lengthUnit()/massUnit()/...; the first is the SI unit.
const std::vector<std::string>& unitChoices(Quantity base);
// `u` with each base unit named by its short name from unitChoices() (MILLIMETER -> mm), found by
// factor; a factor no choice has keeps its name.
UnitSystem withShortNames(UnitSystem u);

// Factor to SI of a unit name ("mm", "millimeter", "kg", "lbf", "deg", ...); nullopt if unknown.
// Names are matched case-insensitively; Adams spellings (MILLIMETER, POUND_FORCE, ...) included.
std::optional<double> lengthUnit(std::string_view name);
std::optional<double> massUnit(std::string_view name);
std::optional<double> timeUnit(std::string_view name);
std::optional<double> forceUnit(std::string_view name);
std::optional<double> angleUnit(std::string_view name);

// Named systems: "si"/"mks", "mmks" (mm, kg, s, N), "cgs", "ips", "fps"; nullopt if unknown.
std::optional<UnitSystem> unitSystem(std::string_view name);

}  // namespace mbs::core
