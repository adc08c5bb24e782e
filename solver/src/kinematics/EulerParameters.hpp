#pragma once
// Euler-parameter matrices of Haug's r–p formulation (p = e0..e3, e = e1..e3):
//   G(p) = [−e, −ẽ + e0 I],  E(p) = [−e, ẽ + e0 I],  A(p) = E Gᵀ,
//   ω' = 2 G ṗ (body frame),  ω = 2 E ṗ (ground frame).
#include "mbs/solver/Types.hpp"

namespace mbs::solver::detail {

using Mat34 = Eigen::Matrix<double, 3, 4>;

Mat34 matG(const Vec4& p);
Mat34 matE(const Vec4& p);
Mat3 rotationMatrix(const Vec4& p);  // A(p) in the homogeneous form E Gᵀ
Vec4 eulerParameters(const Quat& q);
Quat toQuat(const Vec4& p);
// ṗ of a unit p rotating at ω (ground frame): ṗ = ½ Eᵀ ω.
Vec4 pdotFromOmega(const Vec4& p, const Vec3& omega);

}  // namespace mbs::solver::detail
