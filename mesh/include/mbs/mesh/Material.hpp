#pragma once
// Isotropic linear elastic material.
#include <string>

#include <Eigen/Core>

#include "mbs/solver/Status.hpp"

namespace mbs::mesh {

struct Material {
  std::string name = "steel";
  double youngsModulus = 210e9;  // E [Pa]
  double poissonRatio = 0.3;     // nu [-]
  double density = 7850.0;       // rho [kg/m^3]

  static Material steel() { return {"steel", 210e9, 0.3, 7850.0}; }
  static Material aluminium() { return {"aluminium", 70e9, 0.33, 2700.0}; }

  double shearModulus() const { return youngsModulus / (2.0 * (1.0 + poissonRatio)); }
  // 6x6 elasticity matrix, Voigt order xx, yy, zz, yz, xz, xy with engineering shear strains.
  Eigen::Matrix<double, 6, 6> elasticity() const;
  // 3x3 plane-stress elasticity matrix (xx, yy, xy).
  Eigen::Matrix3d planeStress() const;
  // E > 0, -1 < nu < 0.5, rho > 0; the message names the material.
  solver::Status validate() const;
};

}  // namespace mbs::mesh
