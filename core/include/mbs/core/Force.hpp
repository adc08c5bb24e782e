#pragma once
// Applied forces and force elements. Gravity is a model setting (Model::gravity).
#include <array>
#include <optional>
#include <string>

#include "mbs/core/Ids.hpp"
#include "mbs/core/Rotation.hpp"

namespace mbs::core {

enum class ForceKind {
  SingleForce,   // SFORCE translational: function along the line/J's z
  SingleTorque,  // SFORCE rotational: torque about J's z
  General,       // GFORCE: fx fy fz tx ty tz in the reference marker's frame
  VectorForce,   // VFORCE: fx fy fz
  VectorTorque,  // VTORQUE: tx ty tz
  TranslationalSpringDamper,
  RotationalSpringDamper,
  Bushing,
};
const char* toString(ForceKind kind);
std::optional<ForceKind> forceKindFromString(std::string_view name);

struct Force {
  ForceId id;
  std::string name;
  ForceKind kind = ForceKind::TranslationalSpringDamper;
  MarkerId iMarker;          // action marker
  MarkerId jMarker;          // reaction marker (invalid: action only / ground)
  MarkerId referenceMarker;  // frame of General/Vector components (invalid: ground)
  bool actionOnly = false;   // SingleForce/SingleTorque
  // SingleForce/Torque: functions[0]; General: fx fy fz tx ty tz; Vector force: [0..2];
  // Vector torque: [3..5]. Empty string = zero.
  std::array<std::string, 6> functions{};
  // Spring-dampers (translational: N/m, N s/m, m, N; rotational: N m/rad, N m s/rad, rad, N m).
  double stiffness = 0.0, damping = 0.0, freeLength = 0.0, preload = 0.0;
  // Bushing (in J's frame).
  Vec3 translationalStiffness = Vec3::Zero(), translationalDamping = Vec3::Zero();
  Vec3 rotationalStiffness = Vec3::Zero(), rotationalDamping = Vec3::Zero();
  Vec3 preloadForce = Vec3::Zero(), preloadTorque = Vec3::Zero();

  bool operator==(const Force&) const = default;
};

// A named expression (Adams VARIABLE); other expressions read it with VARVAL(name).
struct Variable {
  VariableId id;
  std::string name;
  std::string function = "0";
  bool operator==(const Variable&) const = default;
};

}  // namespace mbs::core
