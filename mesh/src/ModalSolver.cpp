#include "mbs/mesh/ModalSolver.hpp"

#include <Spectra/MatOp/SparseSymMatProd.h>
#include <Spectra/SymGEigsShiftSolver.h>

#include <algorithm>
#include <cmath>
#include <numbers>

#include <Eigen/CholmodSupport>
#include <Eigen/Eigenvalues>

namespace mbs::mesh {

using solver::Status;
using solver::StatusCode;

namespace {

// y = (K - sigma M)^-1 x with a CHOLMOD factorization (the interface Spectra's shift-invert mode expects).
class CholmodShiftInvert {
public:
  using Scalar = double;

  CholmodShiftInvert(const solver::SparseMat& K, const solver::SparseMat& M) : m_K(K), m_M(M) {}
  Eigen::Index rows() const { return m_K.rows(); }
  Eigen::Index cols() const { return m_K.cols(); }
  void set_shift(double sigma)
  {
    const solver::SparseMat A = m_K - sigma * m_M;
    m_llt.compute(A);
    m_ok = m_llt.info() == Eigen::Success;
  }
  void perform_op(const double* x, double* y) const
  {
    Eigen::Map<const solver::Vec> in(x, rows());
    Eigen::Map<solver::Vec>(y, rows()) = m_llt.solve(in);
  }
  bool ok() const { return m_ok; }

private:
  const solver::SparseMat& m_K;
  const solver::SparseMat& m_M;
  Eigen::CholmodDecomposition<solver::SparseMat, Eigen::Lower> m_llt;
  bool m_ok = false;
};

Status failure(const std::string& entity, const std::string& why)
{
  return Status::failure(StatusCode::SingularJacobian, "modal analysis of '" + entity + "': " + why, entity);
}

Status solveDense(const solver::SparseMat& K, const solver::SparseMat& M, int count, ModalResult& out,
                  const std::string& entity)
{
  const solver::Mat Kd = solver::Mat(K), Md = solver::Mat(M);
  Eigen::GeneralizedSelfAdjointEigenSolver<solver::Mat> eig(0.5 * (Kd + Kd.transpose()),
                                                            0.5 * (Md + Md.transpose()));
  if (eig.info() != Eigen::Success)
    return failure(entity, "the mass matrix is not positive definite");
  out.eigenvalues = eig.eigenvalues().head(count);
  out.vectors = eig.eigenvectors().leftCols(count);
  return Status::success();
}

}  // namespace

solver::Vec ModalResult::frequenciesHz() const
{
  return eigenvalues.unaryExpr(
      [](double l) { return std::sqrt(std::max(l, 0.0)) / (2.0 * std::numbers::pi); });
}

Status solveModes(const solver::SparseMat& K, const solver::SparseMat& M, const ModalOptions& options,
                  ModalResult& out, const std::string& entity)
{
  const int n = static_cast<int>(K.rows());
  if (K.cols() != n || M.rows() != n || M.cols() != n)
    return failure(entity, "K and M have different sizes");
  if (options.count < 1 || options.count > n)
    return failure(entity, "requested " + std::to_string(options.count) + " modes of a " + std::to_string(n) +
                               "-DOF model");
  if (n <= options.denseLimit || 2 * options.count + 20 >= n)
    return solveDense(K, M, options.count, out, entity);

  double sigma = options.shift;
  if (!(sigma < 0.0)) {
    // trace(K)/trace(M) is of the order of the highest element eigenvalue: a shift far below the
    // lowest elastic eigenvalues (fast Lanczos convergence) that still conditions the factor of a
    // free-free model (condition ~ 1e9).
    const double ratio = K.diagonal().sum() / M.diagonal().sum();
    sigma = -1e-9 * ratio;
  }
  CholmodShiftInvert op(K, M);
  Spectra::SparseSymMatProd<double> bop(M);
  const int ncv = std::min(n, std::max(2 * options.count + 1, options.count + 20));
  Spectra::SymGEigsShiftSolver<CholmodShiftInvert, Spectra::SparseSymMatProd<double>,
                               Spectra::GEigsMode::ShiftInvert>
      eigs(op, bop, options.count, ncv, sigma);
  if (!op.ok())
    return failure(entity,
                   "K - sigma M could not be factorized (is the structure restrained or the mesh valid?)");
  eigs.init();
  eigs.compute(Spectra::SortRule::LargestMagn, 1000, options.tolerance, Spectra::SortRule::SmallestAlge);
  if (eigs.info() != Spectra::CompInfo::Successful)
    return Status::failure(StatusCode::NoConvergence,
                           "modal analysis of '" + entity + "': the Lanczos iteration did not converge",
                           entity);
  out.eigenvalues = eigs.eigenvalues();
  out.vectors = eigs.eigenvectors();
  // Spectra normalizes B-orthonormally already; renormalize against round-off.
  for (int j = 0; j < out.vectors.cols(); ++j)
    out.vectors.col(j) /= std::sqrt(out.vectors.col(j).dot(M * out.vectors.col(j)));
  return Status::success();
}

}  // namespace mbs::mesh
