#include "AdmCurveExport.hpp"

#include <cstdio>

namespace mbs::core::adm {
namespace {

std::string num(double v)
{
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.17g", v);
  return buffer;
}

}  // namespace

CurveArguments curveArguments(const JointCurve& curve, long matrixId)
{
  CurveArguments out;
  std::string values = "VALUES = ";
  for (std::size_t k = 0; k < curve.points.size(); ++k)
    for (int c = 0; c < 3; ++c)
      values += (k + c > 0 ? (c == 0 ? "\n, " : ", ") : "") + num(curve.points[k][std::size_t(c)]);
  out.matrix = {"FULL = RORDER", "ROWS = " + std::to_string(curve.points.size()), "COLUMNS = 3", values};
  out.curve = {"MATRIX = " + std::to_string(matrixId)};
  if (curve.throughPoints)
    out.curve.push_back("CURVE_POINTS");
  if (curve.closed)
    out.curve.push_back("CLOSED");
  out.curve.push_back("ORDER = " + std::to_string(curve.order));
  return out;
}

std::vector<std::string> pointCurveInitialArguments(const Joint& joint)
{
  std::vector<std::string> out;
  if (joint.curveStart)
    out.push_back("DISP = " + num((*joint.curveStart)[0]) + ", " + num((*joint.curveStart)[1]) + ", " +
                  num((*joint.curveStart)[2]));
  if (joint.curveVelocity)
    out.push_back("VEL = " + num(*joint.curveVelocity));
  return out;
}

}  // namespace mbs::core::adm
