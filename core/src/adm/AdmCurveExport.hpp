#pragma once
// The Adams statements of a point-to-curve or curve-to-curve joint's curve (MATRIX, CURVE) and
// PTCV's and CVCV's initial conditions, for AdmExport.cpp.
#include <string>
#include <vector>

#include "mbs/core/Joint.hpp"

namespace mbs::core::adm {

struct CurveArguments {
  std::vector<std::string> matrix;  // MATRIX/id: FULL = RORDER, ROWS, COLUMNS = 3, VALUES (metres)
  std::vector<std::string> curve;   // CURVE/id: MATRIX = id, CURVE_POINTS, CLOSED, ORDER
};
CurveArguments curveArguments(const JointCurve& curve, long matrixId);
// DISP = x, y, z (RM's axes) and VEL = v, each when the joint has it.
std::vector<std::string> pointCurveInitialArguments(const Joint& joint);
// IDISP, IVEL (I's curve, IRM's axes), JDISP, JVEL (J's curve, JRM's axes), each when the joint has it.
std::vector<std::string> curveCurveInitialArguments(const Joint& joint);

}  // namespace mbs::core::adm
