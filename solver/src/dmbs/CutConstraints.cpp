#include "dmbs/CutConstraints.hpp"

#include <cmath>
#include <numbers>

namespace mbs::solver::dmbs {
namespace {

int markerBody(const Model& model, int marker)
{
  return marker < 0 ? kGround : model.markers[marker].body;
}

// The complement axes of one cut joint, in the order of the absolute formulation's equations.
void jointRows(const Model& model, int j, std::vector<ConstraintRow>& rows)
{
  const Joint& joint = model.joints[j];
  ConstraintRow base;
  base.owner = ConstraintKind::Joint;
  base.entity = j;
  base.iMarker = joint.iMarker;
  base.jMarker = joint.jMarker;
  base.bodyI = markerBody(model, joint.iMarker);
  base.bodyJ = markerBody(model, joint.jMarker);
  int equation = 0;
  auto translation = [&](int axisJ) {
    ConstraintRow r = base;
    r.form = RowForm::Translation;
    r.axisJ = axisJ;
    r.equation = equation++;
    rows.push_back(r);
  };
  auto rotation = [&](int axisI, int axisJ) {
    ConstraintRow r = base;
    r.form = RowForm::Rotation;
    r.axisI = axisI;
    r.axisJ = axisJ;
    r.equation = equation++;
    rows.push_back(r);
  };
  auto point = [&] { translation(0), translation(1), translation(2); };
  auto parallelZ = [&] { rotation(2, 0), rotation(2, 1); };
  auto noSpin = [&] { rotation(1, 0); };
  auto inlineZ = [&] { translation(0), translation(1); };
  switch (joint.type) {
    case JointType::Fixed:
      point(), parallelZ(), noSpin();
      break;
    case JointType::Revolute:
      point(), parallelZ();
      break;
    case JointType::Translational:
      inlineZ(), parallelZ(), noSpin();
      break;
    case JointType::Cylindrical:
      inlineZ(), parallelZ();
      break;
    case JointType::Spherical:
    case JointType::AtPoint:
      point();
      break;
    case JointType::Universal:
      point(), rotation(2, 2);
      break;
    case JointType::Planar:
      translation(2), parallelZ();
      break;
    case JointType::Inline:
      inlineZ();
      break;
    case JointType::Inplane:
      translation(2);
      break;
    case JointType::Orientation:
      parallelZ(), noSpin();
      break;
    case JointType::ParallelAxes:
      parallelZ();
      break;
    case JointType::Perpendicular:
      rotation(2, 2);
      break;
    default:  // screw, coupler, constant velocity: refused by buildTopology
      break;
  }
}

// The tree coordinate a motion drives, if its markers are a tree joint's and its axis that joint's.
bool treeCoordinate(const Model& model, const Topology& topology, const Motion& motion, ConstraintRow& row)
{
  for (const Mobilizer& m : topology.mobilizers) {
    if (m.joint < 0)
      continue;
    const Joint& joint = model.joints[m.joint];
    const bool same = joint.iMarker == motion.iMarker && joint.jMarker == motion.jMarker;
    const bool swapped = joint.iMarker == motion.jMarker && joint.jMarker == motion.iMarker;
    if (!same && !swapped)
      continue;
    int offset = -1;
    if (motion.axis == MotionAxis::RotationZ &&
        (m.kind == MobilizerKind::Revolute || m.kind == MobilizerKind::Cylindrical))
      offset = 0;
    else if (motion.axis == MotionAxis::Z && m.kind == MobilizerKind::Translational)
      offset = 0;
    else if (motion.axis == MotionAxis::Z && m.kind == MobilizerKind::Cylindrical)
      offset = 1;
    if (offset < 0)
      return false;
    row.form = RowForm::Coordinate;
    row.coordinate = m.qOffset + offset;
    row.rate = m.vOffset + offset;
    row.sign = same ? 1.0 : -1.0;
    return true;
  }
  return false;
}

}  // namespace

Status buildConstraintRows(const Model& model, const Topology& topology, double startTime,
                           std::vector<ConstraintRow>& rows)
{
  rows.clear();
  for (int j : topology.cutJoints)
    jointRows(model, j, rows);
  for (int k = 0; k < static_cast<int>(model.motions.size()); ++k) {
    const Motion& motion = model.motions[k];
    ConstraintRow row;
    row.owner = ConstraintKind::Motion;
    row.entity = k;
    row.iMarker = motion.iMarker;
    row.jMarker = motion.jMarker;
    row.bodyI = markerBody(model, motion.iMarker);
    row.bodyJ = markerBody(model, motion.jMarker);
    row.drive = motion.displacement.get();
    if (treeCoordinate(model, topology, motion, row)) {
      row.driveStart = row.drive->value(startTime);
    } else if (motion.axis == MotionAxis::X || motion.axis == MotionAxis::Y || motion.axis == MotionAxis::Z) {
      row.form = RowForm::Translation;
      row.axisJ = static_cast<int>(motion.axis);
    } else if (motion.axis == MotionAxis::RotationZ) {
      row.form = RowForm::Angle;
    } else {
      return Status::failure(
          StatusCode::BadInput,
          "motion '" + motion.name +
              "': a rotation about the x or y axis that is not a tree joint's coordinate; the "
              "DMBS (joint-coordinate) formulation does not cover it — run it with the SI2 "
              "formulation",
          motion.name);
    }
    rows.push_back(row);
  }
  return Status::success();
}

RowValues evaluateRow(const ConstraintRow& row, const TreeDynamics& tree, const Vec& q, const Vec& v,
                      double t)
{
  RowValues out;
  double f = 0.0, fd = 0.0, fdd = 0.0;
  if (row.drive) {
    f = row.drive->value(t);
    fd = row.drive->derivative(t, 1);
    fdd = row.drive->derivative(t, 2);
  }
  if (row.form == RowForm::Coordinate) {
    out.phi = row.sign * q[row.coordinate] - (f - row.driveStart);
    out.phiDot = row.sign * v[row.rate] - fd;
    out.bias = -fdd;
    return out;
  }
  Mat3 ri, rj;
  Vec3 oi, oj;
  tree.markerFrame(row.iMarker, ri, oi);
  tree.markerFrame(row.jMarker, rj, oj);
  const Vec6 vi = tree.bodyTwist(row.bodyI), vj = tree.bodyTwist(row.bodyJ);
  const Vec6 dv = vi - vj;
  const Vec3 wi = vi.head<3>(), wj = vj.head<3>();
  Vec6 wd = Vec6::Zero();
  switch (row.form) {
    case RowForm::Translation: {
      const Vec3 c = rj.col(row.axisJ);
      out.phi = c.dot(oi - oj) - f;
      out.w << oi.cross(c), c;
      const Vec3 cd = wj.cross(c);
      wd << pointVelocity(vi, oi).cross(c) + oi.cross(cd), cd;
      break;
    }
    case RowForm::Rotation: {
      const Vec3 a = ri.col(row.axisI), b = rj.col(row.axisJ);
      out.phi = a.dot(b);
      out.w << a.cross(b), Vec3::Zero();
      wd << wi.cross(a).cross(b) + a.cross(wj.cross(b)), Vec3::Zero();
      break;
    }
    case RowForm::Angle: {
      const double angle = std::atan2(ri.col(0).dot(rj.col(1)), ri.col(0).dot(rj.col(0)));
      const double period = 2.0 * std::numbers::pi;
      const double r = angle - f;
      out.phi = r - period * std::round(r / period);
      out.w << rj.col(2), Vec3::Zero();
      wd << wj.cross(rj.col(2)), Vec3::Zero();
      break;
    }
    case RowForm::Coordinate:
      break;
  }
  out.phiDot = out.w.dot(dv) - fd;
  out.bias = wd.dot(dv) - fdd;
  return out;
}

std::string describeRow(const Model& model, const ConstraintRow& row)
{
  if (row.owner == ConstraintKind::Joint) {
    const Joint& j = model.joints[row.entity];
    return "joint '" + j.name + "' (" + toString(j.type) + ", cut joint): equation " +
           std::to_string(row.equation + 1);
  }
  return "motion '" + model.motions[row.entity].name + "'";
}

}  // namespace mbs::solver::dmbs
