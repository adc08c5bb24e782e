#include "mbs/core/Rotation.hpp"

#include <algorithm>
#include <cmath>

namespace mbs::core {

Mat3 euler313ToMatrix(const Vec3& a)
{
  using Eigen::AngleAxisd;
  return (AngleAxisd(a[0], Vec3::UnitZ()) * AngleAxisd(a[1], Vec3::UnitX()) * AngleAxisd(a[2], Vec3::UnitZ()))
      .toRotationMatrix();
}

Vec3 matrixToEuler313(const Mat3& r)
{
  // R = Rz(psi) Rx(theta) Rz(phi): r22 = cos(theta), r02 = sin(psi) sin(theta), r12 = -cos(psi) sin(theta),
  // r20 = sin(theta) sin(phi), r21 = sin(theta) cos(phi).
  const double theta = std::acos(std::clamp(r(2, 2), -1.0, 1.0));
  if (std::abs(std::sin(theta)) < 1e-12) {
    // Only psi + phi (theta = 0) or psi - phi (theta = pi) is defined: put it all in phi.
    const double angle = std::atan2(r(1, 0), r(0, 0));
    return Vec3(0.0, theta, r(2, 2) > 0 ? angle : -angle);
  }
  return Vec3(std::atan2(r(0, 2), -r(1, 2)), theta, std::atan2(r(2, 0), r(2, 1)));
}

std::optional<Mat3> frameFromAxes(const Vec3& zAxis, const std::optional<Vec3>& xDir)
{
  const double zn = zAxis.norm();
  if (!(zn > 1e-14)) {
    return std::nullopt;
  }
  const Vec3 z = zAxis / zn;
  Vec3 x;
  if (xDir) {
    x = *xDir - xDir->dot(z) * z;
    if (!(x.norm() > 1e-10 * std::max(1.0, xDir->norm()))) {
      return std::nullopt;
    }
  } else {
    // Any perpendicular: the ground axis least aligned with z.
    Eigen::Index k;
    z.cwiseAbs().minCoeff(&k);
    const Vec3 e = Vec3::Unit(k);
    x = e - e.dot(z) * z;
  }
  x.normalize();
  Mat3 r;
  r.col(0) = x;
  r.col(1) = z.cross(x);
  r.col(2) = z;
  return r;
}

}  // namespace mbs::core
