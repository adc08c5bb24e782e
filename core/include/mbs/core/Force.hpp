#pragma once
// Applied forces and force elements. Gravity is a model setting (Model::gravity).
#include <array>
#include <optional>
#include <string>
#include <vector>

#include "mbs/core/Contact.hpp"
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
  Beam,        // BEAM: a linear Timoshenko beam from J (its x axis) to I
  Field,       // FIELD: a linear 6×6 field between I and J
  Contact,     // contact between the solids of the I and J markers' parts (Contact.hpp)
  MultiPoint,  // NFORCE: a linear field between several I markers and J (MultiPointData)
};
const char* toString(ForceKind kind);
std::optional<ForceKind> forceKindFromString(std::string_view name);

// A BEAM's section and material (SI); Adams' argument names in brackets. The shear area ratios
// are A / A_shear (ASY, ASZ: 6/5 solid rectangle, 10/9 solid circle; 0 neglects shear deflection).
struct BeamSection {
  double length = 0.0;                                  // [LENGTH] along J's x
  double area = 0.0;                                    // [AREA]
  double ixx = 0.0, iyy = 0.0, izz = 0.0;               // [IXX] torsion constant, [IYY], [IZZ]
  double youngsModulus = 0.0, shearModulus = 0.0;       // [EMODULUS], [GMODULUS]
  double shearAreaRatioY = 0.0, shearAreaRatioZ = 0.0;  // [ASY], [ASZ]
  bool operator==(const BeamSection&) const = default;
};

// A 6×6 matrix in J's axes, row-major: rows fx fy fz tx ty tz, columns x y z a b c.
using Matrix6 = std::array<double, 36>;

// An NFORCE's I markers and its coupled law in J's axes (docs/solver-notes.md, "Multi-point
// forces"): with X the 6n displacements (x y z [m] a b c [rad] per I marker, in `iMarkers` order)
// and V their rates, the loads on the I markers (fx fy fz [N] tx ty tz [N m] each) are
// F = −K (X − reference) − C V + preload, C = damping or Force::dampingRatio × K.
struct MultiPointData {
  std::vector<MarkerId> iMarkers;          // n ≥ 1; Force::iMarker is the first
  std::vector<double> stiffness, damping;  // 6n × 6n, row-major (damping empty: none)
  std::vector<double> reference, preload;  // 6n (empty: zeros)
  bool operator==(const MultiPointData&) const = default;
};

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
  // Beam (docs/solver-notes.md, "Beams and fields").
  BeamSection beam;
  // Field: F = −K (X − reference) − C V + preload in J's axes (also a beam's damping matrix).
  Matrix6 stiffnessMatrix{}, dampingMatrix{};
  std::array<double, 6> reference{}, preload6{};  // x y z [m] a b c [rad]; fx fy fz [N] tx ty tz [N m]
  // Beam and field: C = dampingRatio × K (Adams CRATIO) instead of dampingMatrix.
  double dampingRatio = 0.0;
  // Contact: the solids, the normal law and the friction.
  std::optional<ContactParameters> contact;
  // MultiPoint (NFORCE): its I markers and matrices.
  std::optional<MultiPointData> multiPoint;

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
