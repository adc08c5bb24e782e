#pragma once
// Plane-stress elements of a planar mesh (x-y plane) with thickness t: Tri3, Tri6, Quad4, Quad8,
// Quad9 (Gmsh node order). Element DOFs are node-major (u0x u0y u1x ...).
#include <span>

#include <Eigen/Core>

#include "mbs/mesh/FeMesh.hpp"
#include "mbs/mesh/Material.hpp"

namespace mbs::mesh {

struct PlaneQuadraturePoint {
  double xi, eta;  // triangle: (0,0) (1,0) (0,1), weights sum to 1/2; quad: [-1,1]^2, weights sum to 4
  double weight;
};

// Symmetric triangle rules exact to degree 1, 2 or 4 (1, 3, 6 points).
std::span<const PlaneQuadraturePoint> triangleQuadrature(int degree);
// Tensor Gauss-Legendre rules with 1, 2 or 3 points per direction.
std::span<const PlaneQuadraturePoint> quadQuadrature(int pointsPerDirection);

// Shape functions N (n) and derivatives dN/d(xi, eta) (n x 2) of a planar element type.
void planeShapeFunctions(ElementType type, double xi, double eta, Eigen::VectorXd& N, Eigen::MatrixX2d& dN);

struct PlaneElementMatrices {
  Eigen::MatrixXd stiffness;  // 2n x 2n
  Eigen::MatrixXd mass;       // 2n x 2n, consistent
  double area = 0.0;
};

// x: 2 x n node coordinates. Full integration (exact for straight-sided elements). Returns
// false when det J <= 0 at a quadrature point.
bool planeElementMatrices(ElementType type, const Eigen::Matrix2Xd& x, const Material& material,
                          double thickness, PlaneElementMatrices& out);

}  // namespace mbs::mesh
