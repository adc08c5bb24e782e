#include "mbs/core/Units.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <numbers>
#include <utility>

namespace mbs::core {
namespace {

std::string upper(std::string_view s)
{
  std::string out(s);
  std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return std::toupper(c); });
  return out;
}

std::optional<double> lookup(std::string_view name,
                             std::initializer_list<std::pair<const char*, double>> table)
{
  const std::string key = upper(name);
  for (const auto& [n, f] : table) {
    if (key == n) {
      return f;
    }
  }
  return std::nullopt;
}

}  // namespace

bool UnitSystem::isSI() const
{
  return length == 1.0 && mass == 1.0 && time == 1.0 && force == 1.0 && angle == 1.0;
}

std::optional<double> lengthUnit(std::string_view name)
{
  return lookup(name, {{"M", 1.0},
                       {"METER", 1.0},
                       {"MM", 1e-3},
                       {"MILLIMETER", 1e-3},
                       {"CM", 1e-2},
                       {"CENTIMETER", 1e-2},
                       {"KM", 1e3},
                       {"KILOMETER", 1e3},
                       {"IN", 0.0254},
                       {"INCH", 0.0254},
                       {"FT", 0.3048},
                       {"FOOT", 0.3048},
                       {"MILE", 1609.344}});
}

std::optional<double> massUnit(std::string_view name)
{
  return lookup(name, {{"KG", 1.0},
                       {"KILOGRAM", 1.0},
                       {"G", 1e-3},
                       {"GRAM", 1e-3},
                       {"T", 1e3},
                       {"TONNE", 1e3},
                       {"MEGAGRAM", 1e3},
                       {"LBM", 0.45359237},
                       {"POUND_MASS", 0.45359237},
                       {"KPOUND_MASS", 453.59237},
                       {"KLBM", 453.59237},
                       {"OZM", 0.028349523125},
                       {"SLUG", 14.593902937206364},
                       {"OUNCE_MASS", 0.028349523125}});
}

std::optional<double> timeUnit(std::string_view name)
{
  return lookup(name, {{"S", 1.0},
                       {"SEC", 1.0},
                       {"SECOND", 1.0},
                       {"MS", 1e-3},
                       {"MILLISECOND", 1e-3},
                       {"MIN", 60.0},
                       {"MINUTE", 60.0},
                       {"H", 3600.0},
                       {"HOUR", 3600.0}});
}

std::optional<double> forceUnit(std::string_view name)
{
  return lookup(name, {{"N", 1.0},
                       {"NEWTON", 1.0},
                       {"KN", 1e3},
                       {"KNEWTON", 1e3},
                       {"MN", 1e-3},
                       {"MILLINEWTON", 1e-3},
                       {"CENTINEWTON", 1e-2},
                       {"CN", 1e-2},
                       {"DYNE", 1e-5},
                       {"KGF", 9.80665},
                       {"KILOGRAM_FORCE", 9.80665},
                       {"LBF", 4.4482216152605},
                       {"POUND_FORCE", 4.4482216152605},
                       {"KPOUND_FORCE", 4448.2216152605},
                       {"KLBF", 4448.2216152605},
                       {"OZF", 0.27801385095378125},
                       {"OUNCE_FORCE", 0.27801385095378125}});
}

std::optional<double> angleUnit(std::string_view name)
{
  return lookup(name, {{"RAD", 1.0},
                       {"RADIAN", 1.0},
                       {"DEG", std::numbers::pi / 180.0},
                       {"DEGREE", std::numbers::pi / 180.0}});
}

std::optional<UnitSystem> unitSystem(std::string_view name)
{
  const std::string key = upper(name);
  UnitSystem u;
  auto set = [&u](const char* l, const char* m, const char* t, const char* f) {
    u.length = *lengthUnit(l);
    u.mass = *massUnit(m);
    u.time = *timeUnit(t);
    u.force = *forceUnit(f);
    u.lengthName = std::string(l);
    u.massName = std::string(m);
    u.timeName = std::string(t);
    u.forceName = std::string(f);
  };
  if (key == "SI" || key == "MKS") {
    set("m", "kg", "s", "N");
  } else if (key == "MMKS") {
    set("mm", "kg", "s", "N");
  } else if (key == "CGS") {
    set("cm", "g", "s", "dyne");
  } else if (key == "IPS") {
    set("in", "lbm", "s", "lbf");
  } else if (key == "FPS") {
    set("ft", "lbm", "s", "lbf");
  } else {
    return std::nullopt;
  }
  return u;
}

double factorToSI(const UnitSystem& u, Quantity q)
{
  switch (q) {
    case Quantity::None:
      return 1.0;
    case Quantity::Length:
      return u.length;
    case Quantity::Mass:
      return u.mass;
    case Quantity::Time:
      return u.time;
    case Quantity::Force:
      return u.force;
    case Quantity::Angle:
      return u.angle;
    case Quantity::Inertia:
      return u.inertia();
    case Quantity::Velocity:
      return u.velocity();
    case Quantity::AngularVelocity:
      return u.angularVelocity();
    case Quantity::Acceleration:
      return u.acceleration();
    case Quantity::AngularAcceleration:
      return u.angle / (u.time * u.time);
    case Quantity::Torque:
      return u.torque();
    case Quantity::Stiffness:
      return u.stiffness();
    case Quantity::Damping:
      return u.damping();
    case Quantity::RotationalStiffness:
      return u.rotationalStiffness();
    case Quantity::RotationalDamping:
      return u.rotationalDamping();
    case Quantity::Frequency:
      return 1.0 / u.time;
    case Quantity::Energy:
      return u.force * u.length;
    case Quantity::Power:
      return u.force * u.length / u.time;
    case Quantity::Density:
      return u.mass / (u.length * u.length * u.length);
    case Quantity::Pitch:
      return u.length;
  }
  return 1.0;
}

std::string unitName(const UnitSystem& u, Quantity q)
{
  const std::string& L = u.lengthName;
  const std::string& M = u.massName;
  const std::string& T = u.timeName;
  const std::string& F = u.forceName;
  const std::string& A = u.angleName;
  switch (q) {
    case Quantity::None:
      return {};
    case Quantity::Length:
      return L;
    case Quantity::Mass:
      return M;
    case Quantity::Time:
      return T;
    case Quantity::Force:
      return F;
    case Quantity::Angle:
      return A;
    case Quantity::Inertia:
      return M + "\u00b7" + L + "\u00b2";
    case Quantity::Velocity:
      return L + "/" + T;
    case Quantity::AngularVelocity:
      return A + "/" + T;
    case Quantity::Acceleration:
      return L + "/" + T + "\u00b2";
    case Quantity::AngularAcceleration:
      return A + "/" + T + "\u00b2";
    case Quantity::Torque:
      return F + "\u00b7" + L;
    case Quantity::Stiffness:
      return F + "/" + L;
    case Quantity::Damping:
      return F + "\u00b7" + T + "/" + L;
    case Quantity::RotationalStiffness:
      return F + "\u00b7" + L + "/" + A;
    case Quantity::RotationalDamping:
      return F + "\u00b7" + L + "\u00b7" + T + "/" + A;
    case Quantity::Frequency:
      return T == "s" ? std::string("Hz") : "1/" + T;
    case Quantity::Energy:
      return F + "\u00b7" + L;
    case Quantity::Power:
      return F + "\u00b7" + L + "/" + T;
    case Quantity::Density:
      return M + "/" + L + "\u00b3";
    case Quantity::Pitch:
      return L + "/rev";
  }
  return {};
}

UnitSystem defaultDisplayUnits()
{
  UnitSystem u;
  u.angle = *angleUnit("deg");
  u.angleName = "deg";
  return u;
}

std::string unitSystemName(const UnitSystem& u)
{
  for (const char* name : {"MKS", "MMKS", "CGS", "IPS", "FPS"}) {
    const UnitSystem n = *unitSystem(name);
    if (n.length == u.length && n.mass == u.mass && n.time == u.time && n.force == u.force)
      return name;
  }
  return "custom";
}

const std::vector<std::string>& unitChoices(Quantity base)
{
  static const std::vector<std::string> length = {"m", "mm", "cm", "km", "in", "ft", "mile"};
  static const std::vector<std::string> mass = {"kg", "g", "t", "lbm", "klbm", "slug", "ozm"};
  static const std::vector<std::string> time = {"s", "ms", "min", "h"};
  static const std::vector<std::string> force = {"N", "kN", "mN", "cN", "dyne", "kgf", "lbf", "klbf", "ozf"};
  static const std::vector<std::string> angle = {"rad", "deg"};
  static const std::vector<std::string> none;
  switch (base) {
    case Quantity::Length:
      return length;
    case Quantity::Mass:
      return mass;
    case Quantity::Time:
      return time;
    case Quantity::Force:
      return force;
    case Quantity::Angle:
      return angle;
    default:
      return none;
  }
}

UnitSystem withShortNames(UnitSystem u)
{
  auto rename = [](Quantity q, auto lookup, double factor, std::string& name) {
    for (const std::string& choice : unitChoices(q))
      if (const auto f = lookup(choice); f && std::abs(*f - factor) <= 1e-12 * factor) {
        name = choice;
        return;
      }
  };
  rename(Quantity::Length, lengthUnit, u.length, u.lengthName);
  rename(Quantity::Mass, massUnit, u.mass, u.massName);
  rename(Quantity::Time, timeUnit, u.time, u.timeName);
  rename(Quantity::Force, forceUnit, u.force, u.forceName);
  rename(Quantity::Angle, angleUnit, u.angle, u.angleName);
  return u;
}

}  // namespace mbs::core
