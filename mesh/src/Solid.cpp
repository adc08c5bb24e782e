#include "mbs/mesh/Solid.hpp"

#include <cmath>
#include <filesystem>
#include <numbers>

namespace mbs::mesh {

using solver::Status;
using solver::StatusCode;

const char* toString(SolidKind kind)
{
  switch (kind) {
    case SolidKind::Box:
      return "box";
    case SolidKind::Cylinder:
      return "cylinder";
    case SolidKind::Sphere:
      return "sphere";
    case SolidKind::Bar:
      return "bar";
    case SolidKind::Link:
      return "link";
    case SolidKind::StepFile:
      return "STEP file";
    case SolidKind::StlFile:
      return "STL file";
  }
  return "unknown";
}

Solid Solid::box(std::string name, double sx, double sy, double sz)
{
  Solid s;
  s.name = std::move(name);
  s.kind = SolidKind::Box;
  s.sizeX = sx;
  s.sizeY = sy;
  s.sizeZ = sz;
  return s;
}

Solid Solid::cylinder(std::string name, double radius, double length)
{
  Solid s;
  s.name = std::move(name);
  s.kind = SolidKind::Cylinder;
  s.radius = radius;
  s.length = length;
  return s;
}

Solid Solid::sphere(std::string name, double radius)
{
  Solid s;
  s.name = std::move(name);
  s.kind = SolidKind::Sphere;
  s.radius = radius;
  return s;
}

Solid Solid::bar(std::string name, double length, double width, double height)
{
  Solid s;
  s.name = std::move(name);
  s.kind = SolidKind::Bar;
  s.length = length;
  s.width = width;
  s.thickness = height;
  return s;
}

Solid Solid::link(std::string name, double length, double width, double thickness, double holeDiameter)
{
  Solid s;
  s.name = std::move(name);
  s.kind = SolidKind::Link;
  s.length = length;
  s.width = width;
  s.thickness = thickness;
  s.holeDiameter = holeDiameter;
  return s;
}

Solid Solid::stepFile(std::string name, std::string path, double scale)
{
  Solid s;
  s.name = std::move(name);
  s.kind = SolidKind::StepFile;
  s.path = std::move(path);
  s.importScale = scale;
  return s;
}

Solid Solid::stlFile(std::string name, std::string path, double scale)
{
  Solid s = stepFile(std::move(name), std::move(path), scale);
  s.kind = SolidKind::StlFile;
  return s;
}

namespace {

bool positive(double v)
{
  return std::isfinite(v) && v > 0.0;
}

}  // namespace

Status Solid::validate() const
{
  const std::string who = "solid '" + name + "' (" + toString(kind) + "): ";
  auto bad = [&](const std::string& why) { return Status::failure(StatusCode::BadInput, who + why, name); };
  switch (kind) {
    case SolidKind::Box:
      if (!positive(sizeX) || !positive(sizeY) || !positive(sizeZ))
        return bad("all three sizes must be positive");
      break;
    case SolidKind::Cylinder:
      if (!positive(radius) || !positive(length))
        return bad("radius and length must be positive");
      break;
    case SolidKind::Sphere:
      if (!positive(radius))
        return bad("radius must be positive");
      break;
    case SolidKind::Bar:
      if (!positive(length) || !positive(width) || !positive(thickness))
        return bad("length, width and height must be positive");
      break;
    case SolidKind::Link:
      if (!positive(length) || !positive(width) || !positive(thickness))
        return bad("length, width and thickness must be positive");
      if (!std::isfinite(holeDiameter) || holeDiameter < 0.0 || holeDiameter >= width)
        return bad("hole diameter must be in [0, width)");
      break;
    case SolidKind::StepFile:
    case SolidKind::StlFile: {
      if (!positive(importScale))
        return bad("import scale must be positive");
      std::error_code ec;
      if (path.empty() || !std::filesystem::is_regular_file(path, ec))
        return bad("file '" + path + "' does not exist");
      break;
    }
  }
  return Status::success();
}

double Solid::nominalVolume() const
{
  constexpr double pi = std::numbers::pi;
  switch (kind) {
    case SolidKind::Box:
      return sizeX * sizeY * sizeZ;
    case SolidKind::Cylinder:
      return pi * radius * radius * length;
    case SolidKind::Sphere:
      return 4.0 / 3.0 * pi * radius * radius * radius;
    case SolidKind::Bar:
      return length * width * thickness;
    case SolidKind::Link: {
      const double r = 0.5 * width, rh = 0.5 * holeDiameter;
      return thickness * (length * width + pi * r * r - 2.0 * pi * rh * rh);
    }
    case SolidKind::StepFile:
    case SolidKind::StlFile:
      return 0.0;
  }
  return 0.0;
}

}  // namespace mbs::mesh
