// The curve parameters of point-to-curve and curve-to-curve joints as System holds them: the
// checks of a curve-to-curve joint, and where the parameters and their rates start.
#include <cmath>
#include <limits>

#include "System.hpp"

namespace mbs::solver {
namespace {

// A marker's origin and axes in ground at the model's initial poses.
Vec3 initialPose(const Model& model, int marker, Mat3& axes)
{
  const Marker& m = model.markers[std::size_t(marker)];
  if (m.body == kGround) {
    axes = m.orientation;
    return m.position;
  }
  const Body& body = model.bodies[std::size_t(m.body)];
  const Mat3 r = body.orientation.normalized().toRotationMatrix();
  axes = r * m.orientation;
  return body.position + r * m.position;
}

// A curve in ground at its marker's initial pose.
struct PlacedCurve {
  const Curve* curve = nullptr;
  Vec3 origin;
  Mat3 axes;
  Vec3 point(double a) const { return origin + axes * curve->evaluate(a).position; }
  // The parameter of the curve point nearest to p (ground).
  double nearest(const Vec3& p) const { return curve->closestParameter(axes.transpose() * (p - origin)); }
};

// The nearest points of two curves: the closest pair of samples, then alternating projections.
std::array<double, 2> nearestPoints(const PlacedCurve& a, const PlacedCurve& b)
{
  auto samples = [](const PlacedCurve& c, std::vector<double>& at, std::vector<Vec3>& points) {
    const int n = 16 * static_cast<int>(c.curve->controlPoints().rows());
    for (int i = 0; i <= n; ++i) {
      at.push_back(Curve::kMinParameter + (Curve::kMaxParameter - Curve::kMinParameter) * i / n);
      points.push_back(c.point(at.back()));
    }
  };
  std::vector<double> atA, atB;
  std::vector<Vec3> pointsA, pointsB;
  samples(a, atA, pointsA);
  samples(b, atB, pointsB);
  std::array<double, 2> best{atA[0], atB[0]};
  double bestDistance = std::numeric_limits<double>::infinity();
  for (std::size_t i = 0; i < pointsA.size(); ++i)
    for (std::size_t k = 0; k < pointsB.size(); ++k)
      if (const double d = (pointsA[i] - pointsB[k]).squaredNorm(); d < bestDistance) {
        bestDistance = d;
        best = {atA[i], atB[k]};
      }
  for (int it = 0; it < 20; ++it) {
    best[0] = a.nearest(b.point(best[1]));
    best[1] = b.nearest(a.point(best[0]));
  }
  return best;
}

bool planar(const Curve& curve)
{
  const Mat& c = curve.controlPoints();
  return c.col(2).cwiseAbs().maxCoeff() <= 1e-9 * (1.0 + c.cwiseAbs().maxCoeff());
}

}  // namespace

Status System::validateCurveCurve(const Model& model, const Joint& j)
{
  const std::string joint = "joint '" + j.name + "'";
  for (const auto& [curve, side] : {std::pair{j.iCurve.get(), "I"}, std::pair{j.curve.get(), "J"}}) {
    if (!curve || !curve->valid())
      return Status::failure(StatusCode::BadInput,
                             joint + ": curve-to-curve joint without a valid " + side + " curve" +
                                 (curve ? " (" + curve->problem() + ")" : std::string()),
                             j.name);
    if (!planar(*curve))
      return Status::failure(StatusCode::BadInput,
                             joint + ": the " + side +
                                 " curve of a curve-to-curve joint must lie in the xy plane of its " + side +
                                 " marker (z = 0 at every point)",
                             j.name);
  }
  for (int marker : {j.iMarker, j.jMarker})
    if (model.markers[std::size_t(marker)].interfaceNode >= 0)
      return Status::failure(StatusCode::BadInput,
                             joint + ": curve-to-curve joints on flexible-body markers are not supported",
                             j.name);
  if (j.friction || j.clearance)
    return Status::failure(StatusCode::BadInput,
                           joint + ": a curve-to-curve joint can have neither friction nor clearance",
                           j.name);
  return Status::success();
}

std::array<double, 2> System::initialCurveParameters(int joint) const
{
  const Joint& j = m_model.joints[std::size_t(joint)];
  if (m_curveCoordinate[std::size_t(joint)] < 0)
    return {0.0, 0.0};
  PlacedCurve onJ{j.curve.get(), Vec3::Zero(), Mat3::Identity()};
  onJ.origin = initialPose(m_model, j.jMarker, onJ.axes);
  if (j.type == JointType::PointCurve) {
    Mat3 axesI;
    const Vec3 i = initialPose(m_model, j.iMarker, axesI);
    return {j.curveStart ? j.curve->closestParameter(*j.curveStart) : onJ.nearest(i), 0.0};
  }
  PlacedCurve onI{j.iCurve.get(), Vec3::Zero(), Mat3::Identity()};
  onI.origin = initialPose(m_model, j.iMarker, onI.axes);
  // A contact point given on one curve places the other's at the point nearest to it.
  if (j.iCurveStart && j.curveStart)
    return {j.iCurve->closestParameter(*j.iCurveStart), j.curve->closestParameter(*j.curveStart)};
  if (j.iCurveStart) {
    const double alpha = j.iCurve->closestParameter(*j.iCurveStart);
    return {alpha, onJ.nearest(onI.point(alpha))};
  }
  if (j.curveStart) {
    const double beta = j.curve->closestParameter(*j.curveStart);
    return {onI.nearest(onJ.point(beta)), beta};
  }
  return nearestPoints(onI, onJ);
}

std::array<double, 2> System::initialCurveRates(int joint) const
{
  const Joint& j = m_model.joints[std::size_t(joint)];
  std::array<double, 2> rate{0.0, 0.0};
  if (m_curveCoordinate[std::size_t(joint)] < 0)
    return rate;
  const std::array<double, 2> start = initialCurveParameters(joint);
  // The speed along the curve's tangent relative to its own part: α̇ = VEL / |c'(α)|.
  auto along = [](const Curve& curve, double at, const std::optional<double>& speed) {
    const double norm = curve.evaluate(at).first.norm();
    return speed && norm > 0.0 ? *speed / norm : 0.0;
  };
  if (j.type == JointType::PointCurve)
    return {along(*j.curve, start[0], j.curveVelocity), 0.0};
  return {along(*j.iCurve, start[0], j.iCurveVelocity), along(*j.curve, start[1], j.curveVelocity)};
}

}  // namespace mbs::solver
