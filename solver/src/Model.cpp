#include "mbs/solver/Model.hpp"

namespace mbs::solver {

int equationCount(JointType type)
{
  switch (type) {
    case JointType::Fixed:
      return 6;
    case JointType::Revolute:
      return 5;
    case JointType::Translational:
      return 5;
    case JointType::Cylindrical:
      return 4;
    case JointType::Spherical:
      return 3;
    case JointType::Universal:
      return 4;
    case JointType::ConstantVelocity:
      return 4;
    case JointType::Planar:
      return 3;
    case JointType::Screw:
      return 1;
    case JointType::Coupler:
      return 1;
    case JointType::Inline:
      return 2;
    case JointType::Inplane:
      return 1;
    case JointType::Orientation:
      return 3;
    case JointType::ParallelAxes:
      return 2;
    case JointType::Perpendicular:
      return 1;
    case JointType::AtPoint:
    case JointType::PointCurve:
      return 3;
    case JointType::CurveCurve:
      return 5;
    case JointType::ContactOnly:
      return 0;
  }
  return 0;
}

const char* toString(JointType type)
{
  switch (type) {
    case JointType::Fixed:
      return "fixed";
    case JointType::Revolute:
      return "revolute";
    case JointType::Translational:
      return "translational";
    case JointType::Cylindrical:
      return "cylindrical";
    case JointType::Spherical:
      return "spherical";
    case JointType::Universal:
      return "universal";
    case JointType::ConstantVelocity:
      return "constant_velocity";
    case JointType::Planar:
      return "planar";
    case JointType::Screw:
      return "screw";
    case JointType::Coupler:
      return "coupler";
    case JointType::Inline:
      return "inline";
    case JointType::Inplane:
      return "inplane";
    case JointType::Orientation:
      return "orientation";
    case JointType::ParallelAxes:
      return "parallel_axes";
    case JointType::Perpendicular:
      return "perpendicular";
    case JointType::AtPoint:
      return "atpoint";
    case JointType::ContactOnly:
      return "contact_only";
    case JointType::PointCurve:
      return "point_curve";
    case JointType::CurveCurve:
      return "curve_curve";
  }
  return "unknown";
}

int curveParameterCount(JointType type)
{
  return type == JointType::PointCurve ? 1 : type == JointType::CurveCurve ? 2 : 0;
}

}  // namespace mbs::solver
