#include "analysis/LinearAnalysis.hpp"

#include <Eigen/Dense>
#include <algorithm>
#include <numbers>

#include "analysis/ConstraintRows.hpp"
#include "analysis/Redundancy.hpp"
#include "forces/LoadReadingForces.hpp"

namespace mbs::solver {

Status linearize(const System& system, const State& op, LinearSystem& result)
{
  const int n = system.numCoordinates(), m = system.numConstraints();
  if (op.q.size() != n || op.qd.size() != n || op.lambda.size() != m)
    return Status::failure(StatusCode::BadInput, "linearization: the operating point has no q, q̇ or λ", {},
                           op.t);
  const auto& forces = system.model().forces;
  if (const auto f = std::find_if(forces.begin(), forces.end(), detail::readsLoads); f != forces.end()) {
    const std::string& name = f->name;
    return Status::failure(
        StatusCode::BadInput,
        "linearization: force '" + name +
            "' reads solved loads (JOINT(), FX() ...), which depend on the state through "
            "the reactions; the linearization does not include that dependence, so it is refused",
        name, op.t);
  }
  const RedundancyReport redundancy = analyzeRedundancy(system, op.q, op.t);
  if (!redundancy.conflict.ok())
    return redundancy.conflict;
  SparseMat phiQ;
  system.constraintJacobian(op.t, op.q, phiQ);
  const Mat a(detail::selectRows(phiQ, redundancy.activeRows));
  // Null space of the active rows: trailing columns of the Q factor of Φ_qᵀ.
  const int dof = redundancy.dof;
  Mat basis;
  if (a.rows() == 0) {
    basis = Mat::Identity(n, n);
  } else {
    Eigen::HouseholderQR<Mat> qr(a.transpose());
    basis = (qr.householderQ() * Mat::Identity(n, n)).rightCols(dof);
  }
  SparseMat M, dQdq, dQdqd, hess;
  system.mass(op.q, M);
  system.forceJacobians(op.t, op.q, op.qd, dQdq, dQdqd);
  system.constraintForceJacobian(op.t, op.q, op.lambda, hess);
  result.basis = basis;
  result.M = basis.transpose() * Mat(M) * basis;
  result.C = -basis.transpose() * Mat(dQdqd) * basis;
  result.K = basis.transpose() * Mat(hess - dQdq) * basis;
  result.modes.clear();
  if (dof == 0)
    return Status::success();

  Eigen::LDLT<Mat> mInv(result.M);
  if (mInv.info() != Eigen::Success || !(mInv.vectorD().minCoeff() > 0.0))
    return Status::failure(StatusCode::SingularJacobian,
                           "linearization: reduced mass matrix is not positive definite", {}, op.t);
  Mat stateMatrix = Mat::Zero(2 * dof, 2 * dof);
  stateMatrix.topRightCorner(dof, dof).setIdentity();
  stateMatrix.bottomLeftCorner(dof, dof) = -mInv.solve(result.K);
  stateMatrix.bottomRightCorner(dof, dof) = -mInv.solve(result.C);
  Eigen::EigenSolver<Mat> eig(stateMatrix);
  if (eig.info() != Eigen::Success)
    return Status::failure(StatusCode::NoConvergence, "linearization: eigenvalue iteration failed", {}, op.t);
  for (int k = 0; k < 2 * dof; ++k) {
    const std::complex<double> s = eig.eigenvalues()[k];
    if (s.imag() < 0.0)
      continue;  // keep one of each conjugate pair
    LinearMode mode;
    mode.eigenvalue = s;
    mode.naturalFrequency = std::abs(s) / (2.0 * std::numbers::pi);
    mode.dampingRatio = std::abs(s) > 0.0 ? -s.real() / std::abs(s) : 0.0;
    const Eigen::VectorXcd z = eig.eigenvectors().col(k).head(dof);
    // Rotate the complex shape so its largest entry is real, then take the real part.
    const Eigen::VectorXcd full = basis * z;
    int big = 0;
    full.cwiseAbs().maxCoeff(&big);
    const Eigen::VectorXcd aligned = full / full[big];
    mode.shape = aligned.real();
    result.modes.push_back(std::move(mode));
  }
  std::sort(result.modes.begin(), result.modes.end(),
            [](const LinearMode& x, const LinearMode& y) { return x.naturalFrequency < y.naturalFrequency; });
  Status s = Status::success();
  s.warnings = redundancy.warnings();
  return s;
}

}  // namespace mbs::solver
