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

namespace {

void initialArguments(const std::optional<std::array<double, 3>>& start, const std::optional<double>& speed,
                      const std::string& prefix, std::vector<std::string>& out)
{
  if (start)
    out.push_back(prefix + "DISP = " + num((*start)[0]) + ", " + num((*start)[1]) + ", " + num((*start)[2]));
  if (speed)
    out.push_back(prefix + "VEL = " + num(*speed));
}

}  // namespace

std::vector<std::string> pointCurveInitialArguments(const Joint& joint)
{
  std::vector<std::string> out;
  initialArguments(joint.curveStart, joint.curveVelocity, "", out);
  return out;
}

std::vector<std::string> curveCurveInitialArguments(const Joint& joint)
{
  std::vector<std::string> out;
  initialArguments(joint.iCurveStart, joint.iCurveVelocity, "I", out);
  initialArguments(joint.curveStart, joint.curveVelocity, "J", out);
  return out;
}

}  // namespace mbs::core::adm
