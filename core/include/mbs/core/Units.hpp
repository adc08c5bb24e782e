#pragma once
// Units: the model is always held in SI (m, kg, s, N, rad). Files and imported decks may be
// written in other units; UnitSystem gives the factors that convert their values to SI.
#include <optional>
#include <string>
#include <string_view>

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
