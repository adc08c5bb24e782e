#include "mbs/core/Units.hpp"

#include <algorithm>
#include <cctype>
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
                       {"DYNE", 1e-5},
                       {"KGF", 9.80665},
                       {"KILOGRAM_FORCE", 9.80665},
                       {"LBF", 4.4482216152605},
                       {"POUND_FORCE", 4.4482216152605},
                       {"KPOUND_FORCE", 4448.2216152605},
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

}  // namespace mbs::core
