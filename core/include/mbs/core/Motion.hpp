#pragma once
// A prescribed motion, joint driven (along/about the joint's z axis) or marker driven (I relative
// to J along/about one of J's axes). The function of TIME is a displacement, velocity or
// acceleration; compile() integrates velocity/acceleration into a displacement.
#include <optional>
#include <string>

#include "mbs/core/Ids.hpp"

namespace mbs::core {

enum class MotionAxis { X, Y, Z, RotationX, RotationY, RotationZ };
enum class MotionQuantity { Displacement, Velocity, Acceleration };
const char* toString(MotionAxis axis);
const char* toString(MotionQuantity quantity);
std::optional<MotionAxis> motionAxisFromString(std::string_view name);
std::optional<MotionQuantity> motionQuantityFromString(std::string_view name);
inline bool isRotation(MotionAxis a)
{
  return a == MotionAxis::RotationX || a == MotionAxis::RotationY || a == MotionAxis::RotationZ;
}

struct Motion {
  MotionId id;
  std::string name;
  JointId joint;     // valid: joint driven (axis must be Z or RotationZ)
  MarkerId iMarker;  // marker driven when joint is invalid
  MarkerId jMarker;
  MotionAxis axis = MotionAxis::RotationZ;
  MotionQuantity quantity = MotionQuantity::Displacement;
  std::string function = "0";        // Adams expression of TIME (SI units, rad)
  double initialDisplacement = 0.0;  // x(0) for velocity/acceleration motions [m or rad]
  double initialVelocity = 0.0;      // x'(0) for acceleration motions

  bool operator==(const Motion&) const = default;
};

}  // namespace mbs::core
