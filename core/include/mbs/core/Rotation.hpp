#pragma once
// Frame helpers: Adams body-fixed 3-1-3 Euler angles (REULER psi, theta, phi) and frames given
// by z-/x-axis points or direction vectors.
#include <optional>

#include "mbs/solver/Types.hpp"

namespace mbs::core {

using Vec3 = mbs::solver::Vec3;
using Mat3 = mbs::solver::Mat3;

// R = Rz(psi) Rx(theta) Rz(phi); columns are the rotated frame's axes in the parent frame.
Mat3 euler313ToMatrix(const Vec3& angles);
// Inverse of euler313ToMatrix (theta in [0, pi]; psi = 0 at the theta = 0 / pi singularity).
Vec3 matrixToEuler313(const Mat3& r);

// Frame whose z axis points along zAxis and whose x axis lies in the plane of zAxis and xDir
// (Gram-Schmidt). With no usable xDir, an x axis perpendicular to z is chosen (as Adams does
// for ZP without XP). nullopt if zAxis is zero or xDir is parallel to it.
std::optional<Mat3> frameFromAxes(const Vec3& zAxis, const std::optional<Vec3>& xDir);

}  // namespace mbs::core
