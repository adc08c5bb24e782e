#pragma once
// Frame arithmetic the build dialogs share: markers from ground-frame poses.
#include <string>

#include "mbs/core/Model.hpp"
#include "mbs/core/Rotation.hpp"

namespace mbs::ui::frames {

// A marker on `part` whose frame is (position, rotation) in ground at the initial configuration.
inline core::Marker markerAt(const core::Model& model, core::PartId part, const core::Vec3& position,
                             const core::Mat3& rotation, const std::string& name, std::uint32_t id = 0)
{
  const core::Part* p = model.part(part);
  const core::Mat3 partRotation = model.partRotation(part);
  core::Marker marker;
  marker.id = core::MarkerId(id);
  marker.name = name;
  marker.part = part;
  marker.position = partRotation.transpose() * (position - (p ? p->position : core::Vec3::Zero()));
  marker.mode = core::OrientationMode::Euler313;
  marker.euler = core::matrixToEuler313(partRotation.transpose() * rotation);
  return marker;
}

// A right-handed frame whose z axis is `axis` (x chosen as Adams does); identity if axis is zero.
inline core::Mat3 frameWithZ(const core::Vec3& axis)
{
  return core::frameFromAxes(axis, std::nullopt).value_or(core::Mat3::Identity());
}

}  // namespace mbs::ui::frames
