#pragma once
// The equations of every joint, joint primitive, coupler and motion, written once for any scalar
// type T (double → Φ, jets → Φ_q and ∂(Φ_qᵀλ)/∂q, Taylor2 → γ). All are built from Haug's basic
// constraints between the I and J marker frames (d = P_I − P_J):
//   DP1  a_iᵀ a_j = 0       DP2  a_jᵀ d = 0       (CD: components of d) = 0
// plus the relative rotation angle of I about J's z, atan2(x_i·y_j, x_i·x_j).
#include <cmath>
#include <numbers>

#include "constraints/ConstraintBlock.hpp"
#include "kinematics/FrameT.hpp"
#include "mbs/solver/Model.hpp"

namespace mbs::solver::detail {

// Bodies (up to four: a coupler spans two joints) whose coordinates a block depends on.
struct BlockBodies {
  int count = 0;
  std::array<int, 4> body{kGround, kGround, kGround, kGround};
};

BlockBodies blockBodies(const Model& model, const ConstraintBlock& block);

// Shift by a whole number of periods so the residual lies in (−period/2, period/2]: keeps angle
// equations continuous beyond ±π without tracking turns.
template <class T>
T wrapResidual(const T& r, double period)
{
  if (period <= 0.0)
    return r;
  return r - period * std::round(value(r) / period);
}

template <class T>
T rotationAngle(const FrameT<T>& fi, const FrameT<T>& fj, int axis)
{
  using std::atan2;
  switch (axis) {
    case 0:
      return atan2(dot(fi.y, fj.z), dot(fi.y, fj.y));
    case 1:
      return atan2(dot(fi.z, fj.x), dot(fi.z, fj.z));
    default:
      return atan2(dot(fi.x, fj.y), dot(fi.x, fj.x));
  }
}

// Adams MOTION B1, B2, B3: the body-fixed 1-2-3 angles of I relative to J, R = Rx(b1) Ry(b2) Rz(b3)
// with R(a, b) = J axis a · I axis b; b2 in [-π/2, π/2]. About one axis alone each is the plain
// rotation angle; together they are exact where single-axis projections are not.
template <class T>
T bodyAngle123(const FrameT<T>& fi, const FrameT<T>& fj, int which)
{
  using std::atan2;
  using std::sqrt;
  switch (which) {
    case 0:
      return atan2(-dot(fj.y, fi.z), dot(fj.z, fi.z));
    case 1: {
      const T r00 = dot(fj.x, fi.x), r01 = dot(fj.x, fi.y);
      return atan2(dot(fj.x, fi.z), sqrt(r00 * r00 + r01 * r01));
    }
    default:
      return atan2(-dot(fj.x, fi.y), dot(fj.x, fi.x));
  }
}

// Joint coordinate used by a Coupler, with the period of its ambiguity (0 = none).
template <class T>
T couplerCoordinate(const Joint& joint, CouplerCoordinate which, const FrameT<T>& fi, const FrameT<T>& fj,
                    double& period)
{
  const bool rotational = which == CouplerCoordinate::Rotation ||
                          (which == CouplerCoordinate::Auto && joint.type != JointType::Translational);
  if (rotational) {
    period = 2.0 * std::numbers::pi;
    return rotationAngle(fi, fj, 2);
  }
  period = 0.0;
  return dot(fj.z, fi.o - fj.o);
}

// The marker axes a joint type's equations use, for its I and J marker (bits: 1 x, 2 y, 4 z). A
// spherical joint uses only the origins: on jets, the three unused axes of each frame were half
// the cost of its rows.
struct JointAxes {
  unsigned i = 7, j = 7;
};
inline JointAxes jointAxes(JointType type)
{
  constexpr unsigned x = 1, y = 2, z = 4;
  switch (type) {
    case JointType::Fixed:
    case JointType::Translational:
    case JointType::Orientation:
      return {y | z, x | y};  // parallelZ, noSpin (and inlineZ: J's x, y)
    case JointType::Revolute:
    case JointType::Cylindrical:
    case JointType::ParallelAxes:
      return {z, x | y};  // parallelZ (and inlineZ)
    case JointType::Spherical:
    case JointType::AtPoint:
      return {0, 0};
    case JointType::Universal:
    case JointType::Perpendicular:
      return {z, z};
    case JointType::ConstantVelocity:
      return {x | y, x | y};
    case JointType::Planar:
      return {z, x | y | z};
    case JointType::Screw:
      return {x, x | y | z};  // J's z along d, the angle atan2(x_i·y_j, x_i·x_j)
    case JointType::Inline:
      return {0, x | y};
    case JointType::Inplane:
      return {0, z};
    default:
      return {};
  }
}

// markerFrame with only the axes in `axes` (the others zero). Flexible markers get all.
template <class T>
FrameT<T> markerFrame(const Marker& m, const BodyVars<T>& b, unsigned axes)
{
  if (axes == 7 || b.ground || b.deformation)
    return markerFrame(m, b);
  FrameT<T> f;
  f.o = b.r + b.A.apply(m.position);
  if (axes & 1)
    f.x = b.A.apply(m.orientation.col(0));
  if (axes & 2)
    f.y = b.A.apply(m.orientation.col(1));
  if (axes & 4)
    f.z = b.A.apply(m.orientation.col(2));
  return f;
}

// Writes the rows of a Joint block; vars holds one BodyVars per slot of blockBodies(). allAxes:
// compute every marker axis (tests check jointAxes() against it).
template <class T>
void jointRows(const Model& model, const Joint& joint, const BodyVars<T>* vars, T* out, bool allAxes = false)
{
  if (joint.type == JointType::Coupler) {
    T x[2];
    double minPeriod = 0.0;
    for (int k = 0; k < 2; ++k) {
      const Joint& cj = model.joints[joint.coupledJoints[k]];
      const FrameT<T> fi = markerFrame(model.markers[cj.iMarker], vars[2 * k]);
      const FrameT<T> fj = markerFrame(model.markers[cj.jMarker], vars[2 * k + 1]);
      double period = 0.0;
      x[k] = couplerCoordinate(cj, joint.couplerCoordinates[k], fi, fj, period);
      period *= std::abs(joint.couplerScales[k]);
      if (period > 0.0 && (minPeriod == 0.0 || period < minPeriod))
        minPeriod = period;
    }
    out[0] = wrapResidual(x[0] * joint.couplerScales[0] + x[1] * joint.couplerScales[1], minPeriod);
    return;
  }
  const JointAxes axes = allAxes ? JointAxes{} : jointAxes(joint.type);
  const FrameT<T> fi = markerFrame(model.markers[joint.iMarker], vars[0], axes.i);
  const FrameT<T> fj = markerFrame(model.markers[joint.jMarker], vars[1], axes.j);
  const V3<T> d = fi.o - fj.o;
  auto point = [&](int at) {
    for (int k = 0; k < 3; ++k)
      out[at + k] = d[k];
  };
  auto parallelZ = [&](int at) {
    out[at] = dot(fi.z, fj.x);
    out[at + 1] = dot(fi.z, fj.y);
  };
  auto noSpin = [&](int at) { out[at] = dot(fi.y, fj.x); };
  auto inlineZ = [&](int at) {
    out[at] = dot(fj.x, d);
    out[at + 1] = dot(fj.y, d);
  };
  switch (joint.type) {
    case JointType::Fixed:
      point(0), parallelZ(3), noSpin(5);
      break;
    case JointType::Revolute:
      point(0), parallelZ(3);
      break;
    case JointType::Translational:
      inlineZ(0), parallelZ(2), noSpin(4);
      break;
    case JointType::Cylindrical:
      inlineZ(0), parallelZ(2);
      break;
    case JointType::Spherical:
    case JointType::AtPoint:
      point(0);
      break;
    case JointType::Universal:
      point(0);
      out[3] = dot(fi.z, fj.z);
      break;
    case JointType::ConstantVelocity:
      // No twist about the bisecting axis: the relative rotation's axis stays in J's xy plane.
      point(0);
      out[3] = dot(fi.x, fj.y) - dot(fi.y, fj.x);
      break;
    case JointType::Planar:
      out[0] = dot(fj.z, d);
      parallelZ(1);
      break;
    case JointType::Screw: {
      const T residual = dot(fj.z, d) - rotationAngle(fi, fj, 2) * (joint.pitch / (2.0 * std::numbers::pi));
      out[0] = wrapResidual(residual, std::abs(joint.pitch));
      break;
    }
    case JointType::Inline:
      inlineZ(0);
      break;
    case JointType::Inplane:
      out[0] = dot(fj.z, d);
      break;
    case JointType::Orientation:
      parallelZ(0), noSpin(2);
      break;
    case JointType::ParallelAxes:
      parallelZ(0);
      break;
    case JointType::Perpendicular:
      out[0] = dot(fi.z, fj.z);
      break;
    case JointType::Coupler:
    case JointType::ContactOnly:
    case JointType::PointCurve:  // its curve parameter is a coordinate: constraints/PointCurveRows.hpp
    case JointType::CurveCurve:  // so are its two: constraints/CurveCurveRows.hpp
      break;
  }
}

// The motion's measured coordinate g(q) (its row is g(q) − f(t)); period 2π for rotations.
template <class T>
T motionCoordinate(const Model& model, const Motion& motion, const BodyVars<T>* vars, double& period)
{
  const FrameT<T> fi = markerFrame(model.markers[motion.iMarker], vars[0]);
  const FrameT<T> fj = markerFrame(model.markers[motion.jMarker], vars[1]);
  const int axis = static_cast<int>(motion.axis);
  if (axis < 3) {
    period = 0.0;
    return dot(fj.axis(axis), fi.o - fj.o);
  }
  period = 2.0 * std::numbers::pi;
  return bodyAngle123(fi, fj, axis - 3);
}

// Rows of a Joint or Motion block (normalization rows are handled by System directly).
template <class T>
void blockRows(const Model& model, const ConstraintBlock& block, const BodyVars<T>* vars, double t, T* out)
{
  if (block.kind == ConstraintKind::Joint) {
    jointRows(model, model.joints[block.entity], vars, out);
    return;
  }
  const Motion& motion = model.motions[block.entity];
  double period = 0.0;
  const T g = motionCoordinate(model, motion, vars, period);
  out[0] = wrapResidual(g - motion.displacement->value(t), period);
}

}  // namespace mbs::solver::detail
