#pragma once
// Shapes attached to a part: used for drawing and, when a density is set, for mass properties.
#include <optional>
#include <string>

#include "mbs/core/Rotation.hpp"

namespace mbs::core {

enum class GeometryKind { Box, Cylinder, Sphere, Link, MeshFile };
const char* toString(GeometryKind kind);
std::optional<GeometryKind> geometryKindFromString(std::string_view name);

struct Geometry {
  GeometryKind kind = GeometryKind::Box;
  // Pose of the shape's own frame in the part frame (centre of box/cylinder/sphere).
  Vec3 position = Vec3::Zero();
  Vec3 orientation = Vec3::Zero();  // Euler 3-1-3 [rad]
  Vec3 size = Vec3(0.1, 0.1, 0.1);  // Box: edge lengths along x, y, z [m]
  double radius = 0.05;             // Cylinder, Sphere, Link (half width) [m]
  double length = 0.1;              // Cylinder: along its z axis, centred [m]
  Vec3 point1 = Vec3::Zero();       // Link: end points in the part frame [m]
  Vec3 point2 = Vec3(0.1, 0.0, 0.0);
  std::string path;      // MeshFile: path of an STL/OBJ/STEP file
  double density = 0.0;  // [kg/m^3]; 0 = drawing only
  std::string color;     // "#rrggbb" or empty (GUI default)

  bool operator==(const Geometry&) const = default;
};

struct MassProperties {
  double mass = 0.0;
  Vec3 centre = Vec3::Zero();   // part frame
  Mat3 inertia = Mat3::Zero();  // about `centre`, part-frame axes
};

// Mass properties of one shape with its density; nullopt for mesh files (need the mesh library)
// or zero density.
std::optional<MassProperties> massProperties(const Geometry& geometry);
// Sum of several shapes (parallel-axis theorem); nullopt if none contributes mass.
std::optional<MassProperties> combine(const std::optional<MassProperties>& a, const MassProperties& b);

}  // namespace mbs::core
