#pragma once
// Inertia invariants of the floating frame of reference formulation (Shabana, "Dynamics of
// Multibody Systems", ch. 5), computed exactly from the consistent mass matrix. With the shape
// matrix S(x) = mode shapes, S_k its row k (direction k):
//   mass m = int rho dV,  first moment int rho x dV,  second moment int rho x x^T dV,
//   S-bar = int rho S dV (3 x m),  I-bar_kl = int rho x_k S_l dV (1 x m),
//   S-bar_kl = int rho S_k^T S_l dV (m x m).
// Every other invariant (Adams' I1..I9) is a combination of these; helpers below give the common ones.
#include <array>
#include <vector>

#include <Eigen/Core>

#include "mbs/solver/Types.hpp"

namespace mbs::mesh {

struct InertiaInvariants {
  double mass = 0.0;
  Eigen::Vector3d firstMoment = Eigen::Vector3d::Zero();
  Eigen::Matrix3d secondMoment = Eigen::Matrix3d::Zero();
  solver::Mat modalFirstMoment;            // S-bar, 3 x m
  std::array<Eigen::RowVectorXd, 9> Ibar;  // I-bar_kl at index 3 k + l, each 1 x m
  std::array<solver::Mat, 9> Sbar;         // S-bar_kl at index 3 k + l, each m x m

  int modeCount() const { return static_cast<int>(modalFirstMoment.cols()); }
  Eigen::Vector3d centreOfMass() const { return firstMoment / mass; }
  // Inertia tensor about the body-frame origin: trace(second moment) I - second moment.
  Eigen::Matrix3d inertia() const;
  // Inertia tensor about the centre of mass.
  Eigen::Matrix3d centralInertia() const;
  // int rho x-tilde S dV (3 x m): couples rotation and modal coordinates.
  solver::Mat modalAngularMoment() const;
  // int rho S^T S dV = sum_k S-bar_kk (the modal mass).
  solver::Mat modalMass() const;
  // Invariants of a subset of the modes (indices into the current modes).
  InertiaInvariants select(const std::vector<int>& modes) const;
};

// nodes: 3 x N undeformed positions; M: 3N x 3N consistent mass (node-major, isotropic in the
// three directions); modes: 3N x m displacement shapes.
InertiaInvariants computeInertiaInvariants(const Eigen::Matrix3Xd& nodes, const solver::SparseMat& M,
                                           const solver::Mat& modes);

}  // namespace mbs::mesh
