#include "analysis/LinearAnalysis.hpp"

#include <Eigen/Dense>
#include <algorithm>
#include <numbers>

#include "analysis/ConstraintRows.hpp"
#include "analysis/Redundancy.hpp"
#include "forces/LoadReadingForces.hpp"

namespace mbs::solver {

bool LinearSystem::stateMatrix(Mat& out) const
{
  const int dof = static_cast<int>(M.rows()), s = states();
  out = Mat::Zero(2 * dof + s, 2 * dof + s);
  if (dof > 0) {
    Eigen::LDLT<Mat> mInv(M);
    if (mInv.info() != Eigen::Success || !(mInv.vectorD().minCoeff() > 0.0))
      return false;
    out.block(0, dof, dof, dof).setIdentity();
    out.block(dof, 0, dof, dof) = -mInv.solve(K);
    out.block(dof, dof, dof, dof) = -mInv.solve(C);
    if (s > 0)
      out.block(dof, 2 * dof, dof, s) = mInv.solve(G);
  }
  if (s > 0) {
    out.block(2 * dof, 0, s, dof) = Fq;
    out.block(2 * dof, dof, s, dof) = Fv;
    out.block(2 * dof, 2 * dof, s, s) = Fx;
  }
  return true;
}

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
  // The parts' coordinates (the states' own coordinates, unconstrained and not degrees of freedom
  // in RedundancyReport::dof, come last).
  const int ns = system.firstOrderStates(), nb = n - ns, offset = system.differentialOffset();
  const Mat a = Mat(detail::selectRows(phiQ, redundancy.activeRows)).leftCols(nb);
  // Null space of the active rows: trailing columns of the Q factor of Φ_qᵀ.
  const int dof = redundancy.dof;
  Mat basis = Mat::Zero(n, dof);
  if (a.rows() == 0) {
    basis.topRows(nb) = Mat::Identity(nb, nb).leftCols(dof);
  } else {
    Eigen::HouseholderQR<Mat> qr(a.transpose());
    basis.topRows(nb) = (qr.householderQ() * Mat::Identity(nb, nb)).rightCols(dof);
  }
  SparseMat M, dQdq, dQdqd, hess;
  system.mass(op.q, M);
  system.forceJacobians(op.t, op.q, op.qd, dQdq, dQdqd);
  system.constraintForceJacobian(op.t, op.q, op.lambda, hess);
  result.basis = basis;
  result.M = basis.transpose() * Mat(M) * basis;
  result.C = -basis.transpose() * Mat(dQdqd) * basis;
  result.K = basis.transpose() * Mat(hess - dQdq) * basis;
  const Mat dQdv(dQdqd), dQdp(dQdq);
  result.G = basis.transpose() * dQdv.middleCols(offset, ns);
  result.Fq = dQdp.middleRows(offset, ns) * basis;
  result.Fv = dQdv.middleRows(offset, ns) * basis;
  result.Fx = dQdv.block(offset, offset, ns, ns);
  result.modes.clear();
  if (dof + ns == 0)
    return Status::success();

  Mat stateMatrix;
  if (!result.stateMatrix(stateMatrix))
    return Status::failure(StatusCode::SingularJacobian,
                           "linearization: reduced mass matrix is not positive definite", {}, op.t);
  Eigen::EigenSolver<Mat> eig(stateMatrix);
  if (eig.info() != Eigen::Success)
    return Status::failure(StatusCode::NoConvergence, "linearization: eigenvalue iteration failed", {}, op.t);
  for (int k = 0; k < 2 * dof + ns; ++k) {
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
    const double largest = full.size() > 0 ? full.cwiseAbs().maxCoeff(&big) : 0.0;
    // (A mode of the first-order states alone moves no part: its shape is zero.)
    mode.shape = largest > 0.0 ? Vec((full / full[big]).real()) : Vec(Vec::Zero(n));
    result.modes.push_back(std::move(mode));
  }
  std::sort(result.modes.begin(), result.modes.end(),
            [](const LinearMode& x, const LinearMode& y) { return x.naturalFrequency < y.naturalFrequency; });
  Status s = Status::success();
  s.warnings = redundancy.warnings();
  return s;
}

}  // namespace mbs::solver
