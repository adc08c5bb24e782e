#include "mbs/mesh/CraigBampton.hpp"

#include <cmath>
#include <numbers>

#include <Eigen/CholmodSupport>
#include <Eigen/Eigenvalues>
#include <Eigen/QR>

#include "RigidSpider.hpp"
#include "mbs/mesh/Assembly.hpp"
#include "mbs/mesh/ModalSolver.hpp"

namespace mbs::mesh {

using solver::Mat;
using solver::SparseMat;
using solver::Status;
using solver::StatusCode;
using solver::Vec;

namespace {

Status failure(const std::string& body, const std::string& why, StatusCode code = StatusCode::BadInput)
{
  return Status::failure(code, "Craig-Bampton reduction of body '" + body + "': " + why, body);
}

// Rigid-body motions in CB coordinates: interface DOFs follow the rigid motion, the
// fixed-interface modal amplitudes are zero (static condensation reproduces rigid motion exactly).
Mat rigidBasis(const std::vector<InterfacePoint>& interfaces, int modalCount)
{
  const int nb = static_cast<int>(interfaces.size());
  Mat R = Mat::Zero(modalCount + 6 * nb, 6);
  for (int k = 0; k < nb; ++k) {
    const int row = modalCount + 6 * k;
    const Eigen::Vector3d p = interfaces[k].position;
    R.block<3, 3>(row, 0).setIdentity();
    for (int a = 0; a < 3; ++a) {
      R.block<3, 1>(row, 3 + a) = Eigen::Vector3d::Unit(a).cross(p);
      R(row + 3 + a, 3 + a) = 1.0;
    }
  }
  return R;
}

// Orthonormalization of the CB basis (seed 003, eq. 4-6): solves K q = lambda M q with the
// rigid-body subspace split off first, so the 6 rigid modes are exact and the elastic modes
// are exactly M-orthogonal to them. Returns Q with Q^T M Q = I; lambda ascending.
bool orthonormalize(const Mat& Kcb, const Mat& Mcb, const Mat& R, Mat& Q, Vec& lambda)
{
  const int n = static_cast<int>(Mcb.rows());
  // Rigid modes: R (R^T M R)^-1/2.
  Eigen::SelfAdjointEigenSolver<Mat> rr(R.transpose() * Mcb * R);
  if (rr.info() != Eigen::Success || rr.eigenvalues().minCoeff() <= 0.0)
    return false;
  const Mat Rn = R * rr.operatorInverseSqrt();
  // Basis of the M-orthogonal complement of the rigid modes.
  Eigen::HouseholderQR<Mat> qr(Mcb * Rn);
  const Mat P = (qr.householderQ() * Mat::Identity(n, n)).rightCols(n - 6);
  Eigen::GeneralizedSelfAdjointEigenSolver<Mat> eig(P.transpose() * Kcb * P, P.transpose() * Mcb * P);
  if (eig.info() != Eigen::Success)
    return false;
  Q.resize(n, n);
  Q.leftCols(6) = Rn;
  Q.rightCols(n - 6) = P * eig.eigenvectors();
  lambda.resize(n);
  lambda.head(6).setZero();
  lambda.tail(n - 6) = eig.eigenvalues();
  return true;
}

}  // namespace

Status CraigBampton::reduce(const std::string& bodyName, const FeMesh& mesh, const Material& material,
                            const std::vector<InterfacePoint>& interfaces, ReducedBody& out) const
{
  if (interfaces.empty())
    return failure(bodyName, "at least one interface point (hinge point or marker) is needed");
  if (m_options.fixedInterfaceModes < 0)
    return failure(bodyName, "the number of fixed-interface modes must not be negative");
  if (!(m_options.dampingRatio >= 0.0 && m_options.dampingRatio < 1.0))
    return failure(bodyName, "the modal damping ratio must lie in [0, 1)");

  SparseMat K, M;
  if (Status s = assembleSolid(mesh, material, K, M, bodyName); !s.ok())
    return s;
  detail::SpiderTransform spiders;
  if (Status s = detail::buildSpiders(bodyName, mesh, interfaces, spiders); !s.ok())
    return s;

  const SparseMat& T = spiders.T;
  const SparseMat Kt = SparseMat(T.transpose() * K * T);
  const SparseMat Mt = SparseMat(T.transpose() * M * T);
  const int ni = spiders.interiorDofs;
  const int nb = 6 * static_cast<int>(interfaces.size());
  const int nm = m_options.fixedInterfaceModes;
  if (nm > ni)
    return failure(bodyName, "asked for " + std::to_string(nm) + " fixed-interface modes of a model with " +
                                 std::to_string(ni) + " interior DOFs");
  const SparseMat Kii = Kt.topLeftCorner(ni, ni);
  const SparseMat Mii = Mt.topLeftCorner(ni, ni);
  const Mat Kib = Mat(Kt.topRightCorner(ni, nb));

  // Constraint modes Psi = -Kii^-1 Kib.
  Eigen::CholmodDecomposition<SparseMat, Eigen::Lower> llt(Kii);
  if (llt.info() != Eigen::Success)
    return failure(
        bodyName, "the interior stiffness is singular with the interfaces clamped (disconnected mesh parts?)",
        StatusCode::SingularJacobian);
  const Mat Psi = -llt.solve(Kib);

  // Fixed-interface normal modes.
  ModalResult fixedModes;
  if (nm > 0) {
    ModalOptions mo;
    mo.count = nm;
    if (Status s = solveModes(Kii, Mii, mo, fixedModes, bodyName); !s.ok())
      return s;
  } else {
    fixedModes.eigenvalues.resize(0);
    fixedModes.vectors.resize(ni, 0);
  }

  // CB basis in spider coordinates: [Phi Psi; 0 I].
  const int ncb = nm + nb;
  Mat Tcb = Mat::Zero(ni + nb, ncb);
  Tcb.topLeftCorner(ni, nm) = fixedModes.vectors;
  Tcb.topRightCorner(ni, nb) = Psi;
  Tcb.bottomRightCorner(nb, nb).setIdentity();
  Mat Mcb = Tcb.transpose() * (Mt * Tcb);
  Mat Kcb = Tcb.transpose() * (Kt * Tcb);
  Mcb = 0.5 * (Mcb + Mcb.transpose()).eval();
  Kcb = 0.5 * (Kcb + Kcb.transpose()).eval();

  Mat Q;
  Vec lambda;
  if (!orthonormalize(Kcb, Mcb, rigidBasis(interfaces, nm), Q, lambda))
    return failure(bodyName, "the reduced mass matrix is not positive definite",
                   StatusCode::SingularJacobian);

  ReducedBody body;
  body.name = bodyName;
  body.fixedInterfaceModeCount = nm;
  body.constraintModeCount = nb;
  body.rigidModeCount = 6;
  body.fixedInterfaceFrequenciesHz = fixedModes.frequenciesHz();
  body.eigenvalues = lambda;
  body.frequenciesHz =
      lambda.unaryExpr([](double l) { return std::sqrt(std::max(l, 0.0)) / (2 * std::numbers::pi); });
  body.modalMass = Q.transpose() * Mcb * Q;
  body.modalStiffness = Q.transpose() * Kcb * Q;
  body.dampingRatios = Vec::Constant(ncb, m_options.dampingRatio);
  body.dampingRatios.head(6).setZero();
  const Mat spiderShapes = Tcb * Q;  // (ni + nb) x m
  body.modeShapes = T * spiderShapes;
  for (std::size_t k = 0; k < interfaces.size(); ++k) {
    InterfaceNode node;
    node.name = interfaces[k].name;
    node.position = interfaces[k].position;
    node.spiderNodes = spiders.slaves[k];
    node.shapes = spiderShapes.middleRows(ni + 6 * static_cast<int>(k), 6);
    body.interfaces.push_back(std::move(node));
  }
  body.invariants = computeInertiaInvariants(mesh.nodes, M, body.modeShapes);
  body.stressNodes = stressNodeList(mesh, m_options.stressNodes);
  if (!body.stressNodes.empty())
    if (Status s =
            nodalStresses(mesh, material, body.modeShapes, body.stressNodes, body.stressShapes, bodyName);
        !s.ok())
      return s;
  body.cbMass = std::move(Mcb);
  body.cbStiffness = std::move(Kcb);
  body.cbToModal = std::move(Q);
  out = std::move(body);
  return Status::success();
}

}  // namespace mbs::mesh
