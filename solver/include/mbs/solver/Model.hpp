#pragma once
// The flat, immutable compiled model the solver runs on (produced by core::compile, or built
// directly in tests). Entities refer to each other by index; names are kept for diagnostics.
// Units are SI. Frames: every body has a centre-of-mass (CM) frame; markers are given in it.
#include <array>
#include <memory>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include "mbs/solver/Curve.hpp"
#include "mbs/solver/FlexibleBody.hpp"
#include "mbs/solver/Functions.hpp"
#include "mbs/solver/SolidContact.hpp"
#include "mbs/solver/Types.hpp"

namespace mbs::solver {

struct Body {
  std::string name;
  double mass = 1.0;
  Mat3 inertia = Mat3::Identity();  // about the CM, in the CM frame
  // Initial state (the starting guess of the initial-condition analysis).
  Vec3 position = Vec3::Zero();         // CM, ground frame
  Quat orientation = Quat::Identity();  // CM frame w.r.t. ground
  Vec3 velocity = Vec3::Zero();         // CM, ground frame
  Vec3 angularVelocity = Vec3::Zero();  // ground frame
  // Which initial values the user marked exact (large weight in the initial-condition analysis).
  std::array<bool, 3> positionExact{false, false, false};
  bool orientationExact = false;
  std::array<bool, 3> velocityExact{false, false, false};         // vx vy vz given
  std::array<bool, 3> angularVelocityExact{false, false, false};  // wx wy wz given
  // Flexible body (floating frame of reference): position/orientation above are those of the
  // frame at the undeformed CM; mass/inertia are taken from the invariants. Its modal coordinates
  // follow all rigid coordinates of the System (initial values: empty = zero).
  std::shared_ptr<const FlexibleBodyData> flexible;
  Vec modalCoordinates, modalVelocities;
};

// A frame fixed on a body (an Adams marker).
struct Marker {
  std::string name;
  int body = kGround;
  Vec3 position = Vec3::Zero();         // in the body's CM frame (ground frame for ground)
  Mat3 orientation = Mat3::Identity();  // columns = marker x, y, z axes in the body's CM frame
  // On a flexible body: index into FlexibleBodyData::interfaces of the node the marker follows
  // (translation + small rotation); -1 = attached to the floating frame.
  int interfaceNode = -1;
};

enum class JointType {
  // Joints (equations removed in brackets)
  Fixed,             // (6)
  Revolute,          // (5) rotation about the common z axis
  Translational,     // (5) sliding along the common z axis
  Cylindrical,       // (4) rotation about and sliding along z
  Spherical,         // (3)
  Universal,         // (4) I's z ⟂ J's z; the cross is at the common origin (Adams convention)
  ConstantVelocity,  // (4)
  Planar,            // (3) I's origin in J's xy plane, z axes parallel
  Screw,             // (1) translation along J z = pitch * rotation / 2π (use with a cylindrical)
  Coupler,           // (1) scale[0]*x(joints[0]) + scale[1]*x(joints[1]) = 0, x = joint coordinate
  // Joint primitives (Adams JPRIM)
  Inline,         // (2) I's origin on J's z axis
  Inplane,        // (1) I's origin in J's xy plane
  Orientation,    // (3) I's axes parallel to J's
  ParallelAxes,   // (2) I's z parallel to J's z
  Perpendicular,  // (1) I's z ⟂ J's z
  AtPoint,        // (3) origins coincide
  // No equations: a spherical joint with clearance inside System (its ball-in-socket contact force
  // is all there is of it; forces/ClearanceKinds.hpp)
  ContactOnly,
  // Adams PTCV: (3) I's origin on a curve fixed in J's frame (J = Adams RM), at the curve
  // parameter α, an extra coordinate of the System (constraints/PointCurveRows.hpp)
  PointCurve,
  // Adams CVCV: (5) a planar curve on I's part (in I's frame, I = Adams IRM) touching and tangent to
  // a planar curve on J's part (in J's frame, J = JRM), the planes parallel; the two curve
  // parameters α (I's curve) and β (J's) are extra coordinates (constraints/CurveCurveRows.hpp)
  CurveCurve,
};

int equationCount(JointType type);
const char* toString(JointType type);
// The curve parameters a joint adds to the System's coordinates: 1 PointCurve, 2 CurveCurve, else 0.
int curveParameterCount(JointType type);

// DMBS joint friction parameters (seed 001); names as Adams' FRICTION statement where it has them.
struct FrictionParameters {
  double staticCoefficient = 0.0;           // MU_STATIC
  double dynamicCoefficient = 0.0;          // MU_DYNAMIC
  double stictionTransitionVelocity = 0.1;  // STICTION_TRANSITION_VELOCITY [m/s]
  double transitionVelocityFactor = 1.5;    // slip above factor*stiction velocity
  double maxStictionDeformation = 0.0;      // MAX_STICTION_DEFORMATION [m]
  double pinRadius = 0.0;                   // PIN_RADIUS (revolute, cylindrical) / BALL_RADIUS [m]
  double frictionArm = 0.0;                 // FRICTION_ARM (translational) [m]
  double bendingReflectArm = 0.0;           // REACTION_ARM / bending moment reflection [m]
  double halfLength = 0.0;                  // c: half the bearing length (cylindrical/revolute) [m]
  double preloadForce = 0.0;                // PRELOAD (radial) [N]
  double preloadTorque = 0.0;               // [N m]
  bool usePreload = true;
  bool useReactionForce = true;
  bool useBendingMoment = true;
  bool useTorsionalMoment = true;
  bool stribeck = false;           // Stribeck curve between static and dynamic coefficients
  double stribeckVelocity = 0.0;   // [m/s]
  bool inactiveInStatics = false;  // Adams INACTIVE=STATIC: no friction in static equilibrium
  // μ = 0 means no friction (the joint gets no friction load, outputs or checks).
  bool active() const { return staticCoefficient > 0.0 || dynamicCoefficient > 0.0; }
  // Field by field through tied() (not a defaulted ==: the Simbody benchmark compiles the solver's
  // headers as C++17). A new field goes into tied() too.
  auto tied() const
  {
    return std::tie(staticCoefficient, dynamicCoefficient, stictionTransitionVelocity,
                    transitionVelocityFactor, maxStictionDeformation, pinRadius, frictionArm,
                    bendingReflectArm, halfLength, preloadForce, preloadTorque, usePreload, useReactionForce,
                    useBendingMoment, useTorsionalMoment, stribeck, stribeckVelocity, inactiveInStatics);
  }
  bool operator==(const FrictionParameters& other) const { return tied() == other.tied(); }
};

// Normal-force law of a clearance contact (δ penetration, δ̇ its rate):
//   LankaraniNikravesh: K δ^n (1 + 3(1−e²)/4 · δ̇/δ̇⁻), δ̇⁻ the approach speed at contact onset;
//   PolynomialDamping:  K δ^n + (d₁ δ + d₂ δ²) δ̇, the nonlinear spring plus a damping coefficient
//                       polynomial in δ (zero at the start and the end of contact) of the seed-003
//                       study (Adams flexible slider-crank with clearance, its eqs. 8–9);
//   Impact:             K δ^n + STEP(δ, 0, 0, d, c_max) δ̇, the Adams IMPACT function's force (damping
//                       ramped in by a cubic step over the penetration depth d).
// All are clamped at zero: a contact never pulls.
enum class ClearanceLaw { LankaraniNikravesh, PolynomialDamping, Impact };

// Clearance of a joint (issue 14; docs/solver-notes.md, "Clearance joints"). Normal force:
// ClearanceLaw; friction: Coulomb with a static peak. By joint type:
//   Revolute: no constraint about the pin but a pin-in-hole contact between the I and J marker
//     origins in J's xy plane, with a planar constraint keeping the axes parallel and the pin in
//     the bearing plane.
//   Spherical: no constraint at all; a ball (I's origin, radius journalRadius) in a socket (J's
//     origin, radius journalRadius + clearance), contact in 3-D.
//   Translational: a slider of length sliderLength along I's z, centred at I's origin, in a guide
//     along J's z with a gap `clearance` on each side in J's x direction (the clearance direction);
//     its ends touch the guide's walls. A planar constraint keeps the motion in J's xz plane (no
//     offset along J's y, no rotation about J's x or z).
struct ClearanceParameters {
  double clearance = 0.0;      // c = bearing radius − journal radius [m] (translational: per side)
  double journalRadius = 0.0;  // R_J [m] (friction acts on the journal surface); spherical: ball radius
  double sliderLength = 0.0;   // L [m], translational only (the contacts are its ends)
  ClearanceLaw law = ClearanceLaw::LankaraniNikravesh;
  double stiffness = 0.0;          // K [N/m^n]
  double exponent = 1.5;           // n
  double restitution = 0.9;        // e, 0 < e ≤ 1 (LankaraniNikravesh)
  double linearDamping = 0.0;      // d₁ [N s/m²] (PolynomialDamping)
  double quadraticDamping = 0.0;   // d₂ [N s/m³] (PolynomialDamping)
  double maxDamping = 0.0;         // c_max [N s/m] (Impact)
  double penetrationDepth = 1e-4;  // d [m], where the damping reaches c_max (Impact)
  double staticCoefficient = 0.0;  // μ_s
  double dynamicCoefficient = 0.0;
  double transitionVelocity = 1e-3;  // sliding speed v_s of the static peak [m/s]; μ_d above 2 v_s
  auto tied() const
  {
    return std::tie(clearance, journalRadius, sliderLength, law, stiffness, exponent, restitution,
                    linearDamping, quadraticDamping, maxDamping, penetrationDepth, staticCoefficient,
                    dynamicCoefficient, transitionVelocity);
  }
  bool operator==(const ClearanceParameters& other) const { return tied() == other.tied(); }
};

// Which coordinate of a coupled joint enters a Coupler: Auto = rotation about z for revolute and
// cylindrical joints, translation along z for translational joints.
enum class CouplerCoordinate { Auto, Rotation, Translation };

struct Joint {
  std::string name;
  JointType type = JointType::Revolute;
  int iMarker = -1;                          // index into Model::markers (the first body's marker)
  int jMarker = -1;                          // index into Model::markers (the second body's marker)
  double pitch = 0.0;                        // Screw: translation per revolution [m]
  std::array<int, 2> coupledJoints{-1, -1};  // Coupler: indices into Model::joints
  std::array<double, 2> couplerScales{1.0, -1.0};
  std::array<CouplerCoordinate, 2> couplerCoordinates{CouplerCoordinate::Auto, CouplerCoordinate::Auto};
  std::optional<FrictionParameters> friction;
  std::optional<ClearanceParameters> clearance;  // Revolute, spherical, translational: a contact instead
  // The user's DMBS constraint element: the DMBS formulation cuts this joint (keeps it out of its
  // spanning tree); the absolute formulations do not look at it.
  bool constraintElement = false;
  // PointCurve: the curve in J's frame; the initial contact point (Adams DISP, J's frame; none: the
  // curve point nearest to I) and the initial speed of I along the curve's tangent (Adams VEL).
  // CurveCurve: J's curve (in J's frame) with its initial contact point and speed (Adams JDISP,
  // JVEL) in the three members above, I's curve (in I's frame) in the three below (IDISP, IVEL).
  std::shared_ptr<const Curve> curve;
  std::optional<Vec3> curveStart;
  std::optional<double> curveVelocity;
  std::shared_ptr<const Curve> iCurve;
  std::optional<Vec3> iCurveStart;
  std::optional<double> iCurveVelocity;
};

// A prescribed relative motion of marker I with respect to marker J, along or about one of J's
// axes (Adams MOTION with I/J and B1..B3/X..Z; joint motions are compiled into this form).
enum class MotionAxis { X, Y, Z, RotationX, RotationY, RotationZ };

struct Motion {
  std::string name;
  int iMarker = -1;
  int jMarker = -1;
  MotionAxis axis = MotionAxis::RotationZ;
  std::shared_ptr<const TimeFunction> displacement;  // x(t); velocity motions are integrated by core
};

enum class ForceType {
  TranslationalSpringDamper,  // along the line I→J: F = -k (l - l0) - c l̇ + preload
  RotationalSpringDamper,     // about J's z: T = -k (θ - θ0) - c θ̇ + preload
  Bushing,                    // 6 uncoupled linear springs/dampers in J's frame
  SingleComponent,            // SFORCE: action-reaction force along the line J->I; action-only force
                              // along J's z; torques about J's z
  General,                    // GFORCE/VFORCE/VTORQUE: force and torque components in a marker's frame
  Beam,                       // BEAM: a linear Timoshenko beam, compiled to a LinearField (beamStiffness)
  Field,                      // FIELD: a linear 6×6 field (LinearField)
  MultiPoint,                 // NFORCE: one entry per I marker, sharing one MultiPointField
};

using Vec6 = Eigen::Matrix<double, 6, 1>;
using Mat6 = Eigen::Matrix<double, 6, 6>;

// A linear field between the I and J markers (Adams FIELD; a BEAM is one too). In J's axes, with
// X = (x, y, z, a, b, c) the displacement of I's origin from J's and the small-angle rotation of
// I's axes relative to J's, and V = (the rate of x, y, z as seen from J, the angular velocity of I
// relative to J), the load on I (force along and torque about J's axes) is
//     F = −K (X − reference) − C V + preload,
// and J takes the opposite force and the opposite moment about I's origin (Adams' reaction
// −T − L × F about J, L from J to I). Small rotations: the angles are the skew part of the relative
// rotation, as in the bushing.
struct LinearField {
  Mat6 stiffness = Mat6::Zero();
  Mat6 damping = Mat6::Zero();
  Vec6 reference = Vec6::Zero();  // Adams LENGTH (the beam: its length along J's x)
  Vec6 preload = Vec6::Zero();    // Adams FORCE (three forces, three torques)
};

// Section and material of an Adams BEAM (SI). The shear area ratios are Adams' ASY, ASZ
// (A / A_shear = 1/κ: 6/5 solid rectangle, 10/9 solid circle; 0 neglects shear deflection).
struct BeamProperties {
  double length = 0.0;           // LENGTH: undeformed length along J's x [m]
  double area = 0.0;             // AREA [m²]
  double ixx = 0.0;              // IXX: torsional constant [m⁴]
  double iyy = 0.0;              // IYY: second moment about the section's y axis [m⁴]
  double izz = 0.0;              // IZZ: second moment about the section's z axis [m⁴]
  double youngsModulus = 0.0;    // EMODULUS [Pa]
  double shearModulus = 0.0;     // GMODULUS [Pa]
  double shearAreaRatioY = 0.0;  // ASY
  double shearAreaRatioZ = 0.0;  // ASZ
};

// The BEAM's 6×6 Timoshenko stiffness in J's axes (Adams' matrix: EA/L; 12EIzz/(L³(1+Py)),
// −6EIzz/(L²(1+Py)); 12EIyy/(L³(1+Pz)), 6EIyy/(L²(1+Pz)); GIxx/L; (4+Pz)EIyy/(L(1+Pz));
// (4+Py)EIzz/(L(1+Py)), with Py = 12 E Izz ASY/(G A L²), Pz = 12 E Iyy ASZ/(G A L²)).
Mat6 beamStiffness(const BeamProperties& beam);
// The beam as a field: that stiffness, reference (LENGTH, 0, …), no preload, the given damping.
LinearField beamField(const BeamProperties& beam, const Mat6& damping);

// One element of a large-deformation FE beam (Adams FE_PART; docs/solver-notes.md, "FE beams"):
// a co-rotational beam between two node bodies, whose CM frames are the nodes. The element's axes
// follow the nodes (x along the chord A→B, the mean of the two nodes' rotations about it); in
// them the deformations are small and load the beam's linear Timoshenko stiffness
// (beamStiffness: node A clamped, node B loaded), so rigid rotations of any size cost nothing.
struct BeamElement {
  std::string name;
  int bodyA = -1, bodyB = -1;  // node bodies (never ground)
  // The element's undeformed axes (x along A→B) in each node body's CM frame.
  Mat3 axesA = Mat3::Identity(), axesB = Mat3::Identity();
  BeamProperties section;  // length = the undeformed chord
  double damping = 0.0;    // stiffness-proportional coefficient β [s]: damping matrix β K
};

// Adams NFORCE: a linear field between n I markers and one J marker (docs/solver-notes.md,
// "Multi-point forces"). With X the 6n displacements of the I markers from J (each as in a
// LinearField: J's axes, small-angle rotations) and V their rates, the loads on the I markers (a
// force along and a torque about J's axes per marker, in IMARKERS order) are
//     F = −K (X − reference) − C V + preload,
// and J's body takes the opposite of each I marker's load at that marker's origin.
struct MultiPointField {
  std::vector<int> iMarkers;  // indices into Model::markers, n ≥ 1
  Mat stiffness, damping;     // 6n × 6n
  Vec reference, preload;     // 6n
};

struct Force {
  std::string name;
  ForceType type = ForceType::TranslationalSpringDamper;
  int iMarker = -1;          // action marker
  int jMarker = -1;          // reaction marker (kGround: none / action-only)
  int referenceMarker = -1;  // frame of General components (kGround = ground frame)
  double stiffness = 0.0, damping = 0.0, freeLength = 0.0, preload = 0.0;           // spring-dampers
  Vec3 translationalStiffness = Vec3::Zero(), translationalDamping = Vec3::Zero();  // bushing
  Vec3 rotationalStiffness = Vec3::Zero(), rotationalDamping = Vec3::Zero();
  Vec3 preloadForce = Vec3::Zero(), preloadTorque = Vec3::Zero();
  bool rotational = false;  // SingleComponent: torque about z instead of force along z
  bool actionOnly = false;  // SingleComponent/General: no reaction on J's body
  // SingleComponent: [0]; General: fx fy fz tx ty tz (null = zero).
  std::array<std::shared_ptr<const StateFunction>, 6> functions{};
  LinearField field;  // Beam, Field
  // MultiPoint: the field shared by the NFORCE's consecutive entries, one per I marker (iMarker =
  // field->iMarkers[multiPointMember], jMarker = J). The entry of member 0 loads the bodies; each
  // entry's output is the load on its I marker.
  std::shared_ptr<const MultiPointField> multiPoint;
  int multiPointMember = 0;
};

// A joint coordinate's initial value (Adams JOINT IC/ICTRAN/ICROT, DMBS joint initialization):
// the initial-condition analysis holds it exactly; later analyses do not see it.
struct JointInitialCondition {
  int joint = -1;                           // index into Model::joints (revolute, translational, cylindrical)
  MotionAxis axis = MotionAxis::RotationZ;  // RotationZ (angle about J's z) or Z (slide along it)
  std::optional<double> displacement;       // [rad or m]
  std::optional<double> velocity;           // [rad/s or m/s]
};

// Adams' SENSOR: an event on a function of the state, detected in dynamic analyses. The event
// is true when |f - value| <= error (Equal), f >= value - error (GreaterEqual) or f <= value + error
// (LessEqual); it fires when it becomes true (false at the previous accepted step), at the time
// found by root finding within the step (docs/solver-notes.md, "Sensors").
enum class SensorCompare { Equal, GreaterEqual, LessEqual };
struct Sensor {
  std::string name;
  std::shared_ptr<const StateFunction> function;
  double value = 0.0;
  double error = 1e-3;  // Adams' default
  SensorCompare compare = SensorCompare::Equal;
  bool halt = false;      // end the run (a command file stops)
  bool stop = false;      // end the run (RETURN: a command file goes on with its next command)
  bool print = false;     // an output frame at the firing time
  bool restart = false;   // restart the integrator (first order) at the firing time
  double stepSize = 0.0;  // > 0: restart with this trial step (Adams' STEPSIZE)
  // Evaluated at the firing, its value read by `senval` (Adams' EVALUATE and SENVAL()); may be null.
  std::shared_ptr<const StateFunction> evaluate;
  std::shared_ptr<double> senval;  // where that value goes (0 at the start of every run); may be null
};

// Adams' DIFF: a first-order state x of the model's own, ẋ = f(t, q, q̇, the states, VARIABLEs)
// (docs/solver-notes.md, "First-order states"). The absolute formulation embeds it as an extra
// coordinate y of unit mass whose velocity is the state (x = ẏ) and whose generalized force is f,
// so ÿ = f is integrated by every integrator; IC is ẏ(0). Functions read x and ẋ through
// StateView::differential / differentialRate (Adams' DIF and DIF1).
// IMPLICIT: the function is a residual F(t, q, q̇, x, ẋ) with 0 = F, reading ẋ as DIF1 of itself;
// ẋ is its root at each evaluation (DifferentialElement::rate), so ∂F/∂ẋ must not vanish.
struct Differential {
  std::string name;
  std::shared_ptr<const StateFunction> function;  // f = ẋ [x's unit per s]; IMPLICIT: F
  double initialValue = 0.0;                      // IC (Adams' default 0)
  bool staticHold = false;                        // STATIC_HOLD: statics keeps x at its value
  bool implicit = false;                          // IMPLICIT: 0 = F(…, ẋ)
  double initialRate = 0.0;                       // IMPLICIT: where the root search for ẋ starts (IC's r2)
};

struct Model {
  std::string name;
  Vec3 gravity = Vec3(0.0, 0.0, 0.0);
  std::vector<Body> bodies;
  std::vector<Marker> markers;
  std::vector<Joint> joints;
  std::vector<Motion> motions;
  std::vector<Force> forces;
  std::vector<JointInitialCondition> jointInitialConditions;
  std::vector<SolidContact> contacts;  // contacts between solids (issue 30)
  std::vector<Sensor> sensors;
  std::vector<Differential> differentials;  // their coordinates follow every body's (System)
  std::vector<BeamElement> beamElements;    // FE beam elements between node bodies
  // Signals whose past a dynamic run records (Adams' DELAY; Functions.hpp RecordedSignal).
  std::vector<std::shared_ptr<const RecordedSignal>> recordedSignals;
};

}  // namespace mbs::solver
