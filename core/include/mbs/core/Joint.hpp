#pragma once
// Joints, Adams joint primitives and couplers. Joint coordinates follow Adams: marker I moves
// relative to marker J along/about J's z axis.
#include <array>
#include <optional>
#include <string>
#include <vector>

#include "mbs/core/Friction.hpp"
#include "mbs/core/Ids.hpp"
#include "mbs/solver/Curve.hpp"

namespace mbs::core {

enum class JointKind {
  Fixed,
  Revolute,
  Translational,
  Cylindrical,
  Spherical,
  Universal,
  ConstantVelocity,
  Planar,
  Screw,
  RackPinion,  // x(joints[1]) = ratio * x(joints[0]); ratio = pitch radius (revolute -> translational)
  Gear,        // x(joints[1]) = ratio * x(joints[0]) between two revolute/cylindrical joints
  Coupler,     // scales[0] * x(joints[0]) + scales[1] * x(joints[1]) = 0
  Inline,
  Inplane,
  Orientation,
  ParallelAxes,
  Perpendicular,
  AtPoint,
  // Adams PTCV: I's origin on a curve fixed in J's frame (J = Adams RM); the curve parameter is an
  // extra coordinate, so it removes 2 degrees of freedom (Joint::curve).
  PointCurve,
  // Adams CVCV: a planar curve on I's part (in I's axes, I = Adams IRM) touching and tangent to a
  // planar curve on J's part (in J's axes, J = JRM); two curve parameters are extra coordinates,
  // so it removes 3 degrees of freedom (Joint::iCurve, Joint::curve).
  CurveCurve,
};

const char* toString(JointKind kind);
std::optional<JointKind> jointKindFromString(std::string_view name);
bool isCoupler(JointKind kind);  // RackPinion, Gear, Coupler: act between two joints
// Revolute, spherical, translational: the kinds that can have a clearance (Joint::clearance).
bool supportsClearance(JointKind kind);
int equationCount(JointKind kind);
// Equations removed when the mechanism moves in a plane (planar Gruebler count); -1 if the joint
// cannot appear in a planar mechanism.
int planarEquationCount(JointKind kind);
// Whether the DMBS formulation can cut a joint of this kind (make it a constraint element): not
// couplers (they act between two joints, never in the tree), screw or constant-velocity joints
// (DMBS has no cut-joint equations for them).
bool canBeConstraintElement(JointKind kind);
// Whether DMBS can make a joint of this kind a tree joint (joint primitives are always cut).
bool canBeTreeJoint(JointKind kind);

// Initial joint coordinates (Adams JOINT IC/ICTRAN/ICROT, DMBS joint initialization): held
// exactly by the initial-condition analysis only. Revolute: rotation; translational: translation;
// cylindrical: both. Marker I relative to marker J, about/along J's z.
struct JointInitialConditions {
  std::optional<double> rotation;         // [rad]
  std::optional<double> angularVelocity;  // [rad/s]
  std::optional<double> translation;      // [m]
  std::optional<double> velocity;         // [m/s]

  bool empty() const { return !rotation && !angularVelocity && !translation && !velocity; }
  bool operator==(const JointInitialConditions&) const = default;
};

// The curve of a point-to-curve joint (Adams CURVE with a MATRIX), in J's axes [m]: a B-spline of
// `order` through the points (Adams CURVE_POINTS) or with them as control points; closed: the
// first and last points coincide (mbs/solver/Curve.hpp, docs/solver-notes.md).
struct JointCurve {
  std::vector<std::array<double, 3>> points;
  int order = 4;
  bool closed = false;
  bool throughPoints = true;
  bool operator==(const JointCurve&) const = default;
};
// The B-spline the points make (its problem() says why when they make none).
mbs::solver::Curve makeCurve(const JointCurve& curve);

struct Joint {
  JointId id;
  std::string name;
  JointKind kind = JointKind::Revolute;
  MarkerId iMarker;  // unused by couplers
  MarkerId jMarker;
  double pitch = 0.0;                       // Screw: translation per revolution [m]
  double ratio = 1.0;                       // Gear (dimensionless), RackPinion (pitch radius [m])
  std::array<JointId, 2> joints{};          // coupled joints (RackPinion: revolute, translational)
  std::array<double, 2> scales{1.0, -1.0};  // Coupler
  std::optional<FrictionParameters> friction;
  // Revolute, spherical or translational (supportsClearance): the joint is then a contact force
  // plus what constraint its kind keeps (docs/solver-notes.md, "Clearance joints"): pin in hole
  // (journalRadius), ball in socket (journalRadius = the ball's radius), slider in a guide
  // (sliderLength; clearance direction x).
  std::optional<ClearanceParameters> clearance;
  JointInitialConditions initial;
  // DMBS constraint element (DMBS manual §2.4.2, 定义约束元): the user's cut joint. The DMBS
  // formulation keeps it out of its spanning tree and adds its constraint equations instead; the
  // absolute formulations ignore it.
  bool constraintElement = false;
  // PointCurve: the curve, the initial contact point (Adams DISP, J's axes [m]; none: the curve
  // point nearest to I) and I's initial speed along the curve (Adams VEL [m/s]).
  std::optional<JointCurve> curve;
  std::optional<std::array<double, 3>> curveStart;
  std::optional<double> curveVelocity;
  // PointCurve: Adams JFLOAT, a floating marker on J's part (kept for the Adams export; unset: the
  // export adds one). The solver does not need it.
  MarkerId floatingMarker;
  // CurveCurve: J's curve, contact point (JDISP) and speed (JVEL) in the members above, the JFLOAT
  // marker in floatingMarker; I's curve (in I's axes [m]), IDISP, IVEL and IFLOAT here.
  std::optional<JointCurve> iCurve;
  std::optional<std::array<double, 3>> iCurveStart;
  std::optional<double> iCurveVelocity;
  MarkerId iFloatingMarker;

  bool operator==(const Joint&) const = default;
};

}  // namespace mbs::core
