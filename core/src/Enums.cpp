// String forms of the core enums (file format keys; see docs/file-format.md).
#include <algorithm>
#include <cctype>
#include <string>

#include "mbs/core/AnalysisSettings.hpp"
#include "mbs/core/Force.hpp"
#include "mbs/core/Geometry.hpp"
#include "mbs/core/Ids.hpp"
#include "mbs/core/Joint.hpp"
#include "mbs/core/Marker.hpp"
#include "mbs/core/Motion.hpp"

namespace mbs::core {
namespace {

template <class E, std::size_t N>
std::optional<E> parse(std::string_view s, const std::array<E, N>& values)
{
  std::string lower(s);
  std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return std::tolower(c); });
  for (E v : values) {
    if (lower == toString(v)) {
      return v;
    }
  }
  return std::nullopt;
}

}  // namespace

const char* toString(EntityKind k)
{
  switch (k) {
    case EntityKind::Model:
      return "model";
    case EntityKind::Part:
      return "part";
    case EntityKind::Marker:
      return "marker";
    case EntityKind::Joint:
      return "joint";
    case EntityKind::Motion:
      return "motion";
    case EntityKind::Force:
      return "force";
    case EntityKind::Variable:
      return "variable";
  }
  return "?";
}

const char* toString(GeometryKind k)
{
  switch (k) {
    case GeometryKind::Box:
      return "box";
    case GeometryKind::Cylinder:
      return "cylinder";
    case GeometryKind::Sphere:
      return "sphere";
    case GeometryKind::Link:
      return "link";
    case GeometryKind::MeshFile:
      return "mesh_file";
  }
  return "?";
}

std::optional<GeometryKind> geometryKindFromString(std::string_view s)
{
  return parse(s, std::array{GeometryKind::Box, GeometryKind::Cylinder, GeometryKind::Sphere,
                             GeometryKind::Link, GeometryKind::MeshFile});
}

const char* toString(OrientationMode m)
{
  switch (m) {
    case OrientationMode::Euler313:
      return "euler313";
    case OrientationMode::Points:
      return "points";
    case OrientationMode::Axes:
      return "axes";
  }
  return "?";
}

constexpr std::array kJointKinds{JointKind::Fixed,
                                 JointKind::Revolute,
                                 JointKind::Translational,
                                 JointKind::Cylindrical,
                                 JointKind::Spherical,
                                 JointKind::Universal,
                                 JointKind::ConstantVelocity,
                                 JointKind::Planar,
                                 JointKind::Screw,
                                 JointKind::RackPinion,
                                 JointKind::Gear,
                                 JointKind::Coupler,
                                 JointKind::Inline,
                                 JointKind::Inplane,
                                 JointKind::Orientation,
                                 JointKind::ParallelAxes,
                                 JointKind::Perpendicular,
                                 JointKind::AtPoint,
                                 JointKind::PointCurve,
                                 JointKind::CurveCurve};

const char* toString(JointKind k)
{
  switch (k) {
    case JointKind::Fixed:
      return "fixed";
    case JointKind::Revolute:
      return "revolute";
    case JointKind::Translational:
      return "translational";
    case JointKind::Cylindrical:
      return "cylindrical";
    case JointKind::Spherical:
      return "spherical";
    case JointKind::Universal:
      return "universal";
    case JointKind::ConstantVelocity:
      return "constant_velocity";
    case JointKind::Planar:
      return "planar";
    case JointKind::Screw:
      return "screw";
    case JointKind::RackPinion:
      return "rack_pinion";
    case JointKind::Gear:
      return "gear";
    case JointKind::Coupler:
      return "coupler";
    case JointKind::Inline:
      return "inline";
    case JointKind::Inplane:
      return "inplane";
    case JointKind::Orientation:
      return "orientation";
    case JointKind::ParallelAxes:
      return "parallel_axes";
    case JointKind::Perpendicular:
      return "perpendicular";
    case JointKind::AtPoint:
      return "atpoint";
    case JointKind::PointCurve:
      return "point_curve";
    case JointKind::CurveCurve:
      return "curve_curve";
  }
  return "?";
}

std::optional<JointKind> jointKindFromString(std::string_view s)
{
  return parse(s, kJointKinds);
}

bool supportsClearance(JointKind k)
{
  return k == JointKind::Revolute || k == JointKind::Spherical || k == JointKind::Translational;
}

bool isCoupler(JointKind k)
{
  return k == JointKind::RackPinion || k == JointKind::Gear || k == JointKind::Coupler;
}

int equationCount(JointKind k)
{
  switch (k) {
    case JointKind::Fixed:
      return 6;
    case JointKind::Revolute:
    case JointKind::Translational:
      return 5;
    case JointKind::Cylindrical:
    case JointKind::Universal:
    case JointKind::ConstantVelocity:
      return 4;
    case JointKind::Spherical:
    case JointKind::Planar:
    case JointKind::Orientation:
    case JointKind::AtPoint:
      return 3;
    case JointKind::Inline:
    case JointKind::ParallelAxes:
    case JointKind::PointCurve:  // three equations on one coordinate more (the curve parameter)
      return 2;
    case JointKind::CurveCurve:  // five equations on two coordinates more (the curve parameters)
      return 3;
    case JointKind::Screw:
    case JointKind::RackPinion:
    case JointKind::Gear:
    case JointKind::Coupler:
    case JointKind::Inplane:
    case JointKind::Perpendicular:
      return 1;
  }
  return 0;
}

int planarEquationCount(JointKind k)
{
  switch (k) {
    case JointKind::Fixed:
      return 3;
    case JointKind::Revolute:
    case JointKind::Translational:
      return 2;
    case JointKind::Planar:
      return 0;
    case JointKind::PointCurve:  // a point on a curve in the plane of motion
    case JointKind::CurveCurve:  // two curves touching in the plane of motion (a cam pair)
      return 1;
    case JointKind::RackPinion:
    case JointKind::Gear:
    case JointKind::Coupler:
      return 1;
    default:
      return -1;
  }
}

bool canBeConstraintElement(JointKind k)
{
  return !isCoupler(k) && k != JointKind::Screw && k != JointKind::ConstantVelocity &&
         k != JointKind::PointCurve && k != JointKind::CurveCurve;
}

bool canBeTreeJoint(JointKind k)
{
  switch (k) {  // the DMBS formulation's mobilizers (solver/src/dmbs/Mobilizer.cpp)
    case JointKind::Fixed:
    case JointKind::Revolute:
    case JointKind::Translational:
    case JointKind::Cylindrical:
    case JointKind::Spherical:
    case JointKind::Universal:
    case JointKind::Planar:
    case JointKind::AtPoint:
      return true;
    default:
      return false;
  }
}

const char* toString(MotionAxis a)
{
  switch (a) {
    case MotionAxis::X:
      return "x";
    case MotionAxis::Y:
      return "y";
    case MotionAxis::Z:
      return "z";
    case MotionAxis::RotationX:
      return "rotation_x";
    case MotionAxis::RotationY:
      return "rotation_y";
    case MotionAxis::RotationZ:
      return "rotation_z";
  }
  return "?";
}

std::optional<MotionAxis> motionAxisFromString(std::string_view s)
{
  return parse(s, std::array{MotionAxis::X, MotionAxis::Y, MotionAxis::Z, MotionAxis::RotationX,
                             MotionAxis::RotationY, MotionAxis::RotationZ});
}

const char* toString(MotionQuantity q)
{
  switch (q) {
    case MotionQuantity::Displacement:
      return "displacement";
    case MotionQuantity::Velocity:
      return "velocity";
    case MotionQuantity::Acceleration:
      return "acceleration";
  }
  return "?";
}

std::optional<MotionQuantity> motionQuantityFromString(std::string_view s)
{
  return parse(
      s, std::array{MotionQuantity::Displacement, MotionQuantity::Velocity, MotionQuantity::Acceleration});
}

const char* toString(ForceKind k)
{
  switch (k) {
    case ForceKind::SingleForce:
      return "single_force";
    case ForceKind::SingleTorque:
      return "single_torque";
    case ForceKind::General:
      return "general";
    case ForceKind::VectorForce:
      return "vector_force";
    case ForceKind::VectorTorque:
      return "vector_torque";
    case ForceKind::TranslationalSpringDamper:
      return "translational_spring_damper";
    case ForceKind::RotationalSpringDamper:
      return "rotational_spring_damper";
    case ForceKind::Bushing:
      return "bushing";
    case ForceKind::Beam:
      return "beam";
    case ForceKind::Field:
      return "field";
    case ForceKind::Contact:
      return "contact";
    case ForceKind::MultiPoint:
      return "multi_point";
  }
  return "?";
}

std::optional<ForceKind> forceKindFromString(std::string_view s)
{
  return parse(
      s, std::array{ForceKind::SingleForce, ForceKind::SingleTorque, ForceKind::General,
                    ForceKind::VectorForce, ForceKind::VectorTorque, ForceKind::TranslationalSpringDamper,
                    ForceKind::RotationalSpringDamper, ForceKind::Bushing, ForceKind::Beam, ForceKind::Field,
                    ForceKind::Contact, ForceKind::MultiPoint});
}

const char* toString(AnalysisType v)
{
  switch (v) {
    case AnalysisType::InitialConditions:
      return "initial_conditions";
    case AnalysisType::Kinematic:
      return "kinematic";
    case AnalysisType::Static:
      return "static";
    case AnalysisType::Dynamic:
      return "dynamic";
    case AnalysisType::QuasiStatic:
      return "quasi_static";
  }
  return "?";
}

const char* toString(Integrator v)
{
  switch (v) {
    case Integrator::Gstiff:
      return "gstiff";
    case Integrator::Wstiff:
      return "wstiff";
    case Integrator::HhtAlpha:
      return "hht";
    case Integrator::Rkf45:
      return "rkf45";
    case Integrator::ConstantBdf:
      return "constant_bdf";
    case Integrator::Dstiff:
      return "dstiff";
    case Integrator::Abam:
      return "abam";
  }
  return "?";
}

const char* toString(Formulation v)
{
  switch (v) {
    case Formulation::I3:
      return "i3";
    case Formulation::SI2:
      return "si2";
    case Formulation::Dmbs:
      return "dmbs";
    case Formulation::Auto:
      return "auto";
  }
  return "?";
}

std::optional<AnalysisType> analysisTypeFromString(std::string_view s)
{
  return parse(s, std::array{AnalysisType::InitialConditions, AnalysisType::Kinematic, AnalysisType::Static,
                             AnalysisType::Dynamic, AnalysisType::QuasiStatic});
}

std::optional<Integrator> integratorFromString(std::string_view s)
{
  return parse(s, std::array{Integrator::Gstiff, Integrator::Wstiff, Integrator::HhtAlpha, Integrator::Rkf45,
                             Integrator::ConstantBdf, Integrator::Dstiff, Integrator::Abam});
}

std::optional<Formulation> formulationFromString(std::string_view s)
{
  return parse(s, std::array{Formulation::I3, Formulation::SI2, Formulation::Dmbs, Formulation::Auto});
}

}  // namespace mbs::core

namespace mbs::core {

const char* toString(ContactSolidKind k)
{
  switch (k) {
    case ContactSolidKind::Sphere:
      return "sphere";
    case ContactSolidKind::Ellipsoid:
      return "ellipsoid";
    case ContactSolidKind::Box:
      return "box";
    case ContactSolidKind::Cylinder:
      return "cylinder";
    case ContactSolidKind::Frustum:
      return "frustum";
    case ContactSolidKind::Torus:
      return "torus";
    case ContactSolidKind::Plane:
      return "plane";
    case ContactSolidKind::Extrusion:
      return "extrusion";
    case ContactSolidKind::Revolution:
      return "revolution";
    case ContactSolidKind::MeshFile:
      return "mesh_file";
  }
  return "?";
}

std::optional<ContactSolidKind> contactSolidKindFromString(std::string_view s)
{
  for (int k = 0; k <= int(ContactSolidKind::MeshFile); ++k)
    if (s == toString(ContactSolidKind(k)))
      return ContactSolidKind(k);
  return std::nullopt;
}

}  // namespace mbs::core
