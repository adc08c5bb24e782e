// The B-spline of a curve's points (point-to-curve joints' curves and the model's data curves).
#include "mbs/core/Joint.hpp"

namespace mbs::core {

mbs::solver::Curve makeCurve(const JointCurve& curve)
{
  solver::Mat p(Eigen::Index(curve.points.size()), 3);
  for (std::size_t k = 0; k < curve.points.size(); ++k)
    p.row(Eigen::Index(k)) << curve.points[k][0], curve.points[k][1], curve.points[k][2];
  return solver::Curve(p, curve.order, curve.closed, curve.throughPoints);
}

}  // namespace mbs::core
