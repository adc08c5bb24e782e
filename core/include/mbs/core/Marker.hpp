#pragma once
// A marker: a frame fixed on a part, given in the part frame. Its orientation is stored as the
// user gave it (Euler angles, z/x points or direction vectors) so files keep the user's intent.
#include <string>

#include "mbs/core/Ids.hpp"
#include "mbs/core/Rotation.hpp"

namespace mbs::core {

enum class OrientationMode { Euler313, Points, Axes };
const char* toString(OrientationMode mode);

struct Marker {
  MarkerId id;
  std::string name;
  PartId part;
  Vec3 position = Vec3::Zero();  // [m], part frame
  OrientationMode mode = OrientationMode::Euler313;
  Vec3 euler = Vec3::Zero();    // Euler313: psi, theta, phi [rad]
  Vec3 zPoint = Vec3::UnitZ();  // Points: a point on the z axis, part frame [m]
  Vec3 xPoint = Vec3::UnitX();  // Points: a point in the xz plane (x side), part frame [m]
  Vec3 zAxis = Vec3::UnitZ();   // Axes: direction of z, part frame
  Vec3 xAxis = Vec3::UnitX();   // Axes: direction towards x (made orthogonal to z)
  bool floating = false;        // Adams FLOATING marker (moves to the I marker of its force)
  int interfaceNode = -1;       // flexible part: interface node the marker follows (-1: none)

  // Orientation in the part frame (columns = axes); nullopt if the points/axes are degenerate.
  std::optional<Mat3> localOrientation() const;
  bool operator==(const Marker&) const = default;
};

}  // namespace mbs::core
