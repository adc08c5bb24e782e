#pragma once
// Basic linear-algebra types shared by the whole solver.
#include <Eigen/Core>
#include <Eigen/Geometry>
#include <Eigen/SparseCore>

namespace mbs::solver {

using Vec = Eigen::VectorXd;
using Vec3 = Eigen::Vector3d;
using Vec4 = Eigen::Vector4d;
using Mat = Eigen::MatrixXd;
using Mat3 = Eigen::Matrix3d;
using Quat = Eigen::Quaterniond;  // unit quaternion = Euler parameters (e0 = w, e1..e3 = x, y, z)
using SparseMat = Eigen::SparseMatrix<double>;
using Triplets = std::vector<Eigen::Triplet<double>>;

// Index of the ground body in every body-indexed field.
inline constexpr int kGround = -1;

}  // namespace mbs::solver
