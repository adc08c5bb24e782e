#include "mbs/mesh/Material.hpp"

#include <cmath>

namespace mbs::mesh {

Eigen::Matrix<double, 6, 6> Material::elasticity() const
{
  const double E = youngsModulus, nu = poissonRatio;
  const double lambda = E * nu / ((1.0 + nu) * (1.0 - 2.0 * nu));
  const double mu = shearModulus();
  Eigen::Matrix<double, 6, 6> D = Eigen::Matrix<double, 6, 6>::Zero();
  D.topLeftCorner<3, 3>().setConstant(lambda);
  D.topLeftCorner<3, 3>().diagonal().array() += 2.0 * mu;
  D.bottomRightCorner<3, 3>().diagonal().setConstant(mu);
  return D;
}

Eigen::Matrix3d Material::planeStress() const
{
  const double E = youngsModulus, nu = poissonRatio;
  Eigen::Matrix3d D;
  D << 1.0, nu, 0.0, nu, 1.0, 0.0, 0.0, 0.0, 0.5 * (1.0 - nu);
  return D * (E / (1.0 - nu * nu));
}

solver::Status Material::validate() const
{
  auto bad = [&](const std::string& why) {
    return solver::Status::failure(solver::StatusCode::BadInput, "material '" + name + "': " + why, name);
  };
  if (!std::isfinite(youngsModulus) || youngsModulus <= 0.0)
    return bad("Young's modulus must be positive");
  if (!std::isfinite(poissonRatio) || poissonRatio <= -1.0 || poissonRatio >= 0.5)
    return bad("Poisson's ratio must lie in (-1, 0.5)");
  if (!std::isfinite(density) || density <= 0.0)
    return bad("density must be positive");
  return solver::Status::success();
}

}  // namespace mbs::mesh
