#pragma once
// Isoparametric 4- and 10-node tetrahedra: shape functions, Gauss quadrature, consistent mass and
// stiffness of an isotropic linear elastic element. Element DOFs are node-major (u0x u0y u0z u1x ...).
#include <span>

#include <Eigen/Core>

#include "mbs/mesh/FeMesh.hpp"
#include "mbs/mesh/Material.hpp"

namespace mbs::mesh {

struct TetQuadraturePoint {
  double xi, eta, zeta;  // coordinates in the reference tetrahedron (0,0,0) (1,0,0) (0,1,0) (0,0,1)
  double weight;         // weights sum to 1/6, the reference volume
};

// Symmetric rules with positive weights, exact for polynomials of the given degree:
// 1 (1 point), 2 (4 points), 5 (14 points). Other degrees are rounded up (at most 5).
std::span<const TetQuadraturePoint> tetQuadrature(int degree);

// Shape functions N (n) and their derivatives dN/dxi (n x 3) at a reference point, Tet4 or Tet10
// (Gmsh node order).
void tetShapeFunctions(ElementType type, const Eigen::Vector3d& xi, Eigen::VectorXd& N, Eigen::MatrixX3d& dN);

// Strain-displacement matrix B (6 x 3n; Voigt xx, yy, zz, yz, xz, xy with engineering shear
// strains) at a reference point of an element with nodes x (3 x n). Returns det J (<= 0: inverted or
// degenerate element, B is then not set).
double tetStrainMatrix(ElementType type, const Eigen::Matrix3Xd& x, const Eigen::Vector3d& xi,
                       Eigen::MatrixXd& B);

// Reference coordinates of node `a` of a Tet4/Tet10 (Gmsh order).
Eigen::Vector3d tetNodeCoordinates(ElementType type, int a);

struct SolidElementMatrices {
  Eigen::MatrixXd stiffness;  // 3n x 3n
  Eigen::MatrixXd mass;       // 3n x 3n, consistent
  double volume = 0.0;
};

// x: 3 x n node coordinates. Stiffness with the full rule (Tet4: 1 point, Tet10: 4 points), mass
// with a rule exact for straight-sided elements (Tet4: degree 2, Tet10: degree 5). Returns false
// when det J <= 0 at a quadrature point (inverted or degenerate element).
bool tetElementMatrices(ElementType type, const Eigen::Matrix3Xd& x, const Material& material,
                        SolidElementMatrices& out);

}  // namespace mbs::mesh
