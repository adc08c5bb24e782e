#include "mbs/mesh/CraigBampton.hpp"

#include <algorithm>
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
// Solids: 6 DOFs per interface and 6 rigid motions; plane bodies: (u_x, u_y, theta_z) and 3.
Mat rigidBasis(const std::vector<InterfacePoint>& interfaces, int modalCount, bool planar)
{
  const int nb = static_cast<int>(interfaces.size());
  const int di = planar ? 3 : 6;
  Mat R = Mat::Zero(modalCount + di * nb, di);
  for (int k = 0; k < nb; ++k) {
    const int row = modalCount + di * k;
    const Eigen::Vector3d p = interfaces[k].position;
    if (planar) {
      R.block<3, 3>(row, 0).setIdentity();
      R(row, 2) = -p.y();
      R(row + 1, 2) = p.x();
      continue;
    }
    R.block<3, 3>(row, 0).setIdentity();
    for (int a = 0; a < 3; ++a) {
      R.block<3, 1>(row, 3 + a) = Eigen::Vector3d::Unit(a).cross(p);
      R(row + 3 + a, 3 + a) = 1.0;
    }
  }
  return R;
}

// Orthonormalization of the CB basis (seed 003, eq. 4-6): solves K q = lambda M q with the
// rigid-body subspace split off first, so the rigid modes are exact and the elastic modes
// are exactly M-orthogonal to them. Returns Q with Q^T M Q = I; lambda ascending.
bool orthonormalize(const Mat& Kcb, const Mat& Mcb, const Mat& R, Mat& Q, Vec& lambda)
{
  const int n = static_cast<int>(Mcb.rows());
  const int r = static_cast<int>(R.cols());
  // Rigid modes: R (R^T M R)^-1/2.
  Eigen::SelfAdjointEigenSolver<Mat> rr(R.transpose() * Mcb * R);
  if (rr.info() != Eigen::Success || rr.eigenvalues().minCoeff() <= 0.0)
    return false;
  const Mat Rn = R * rr.operatorInverseSqrt();
  // Basis of the M-orthogonal complement of the rigid modes.
  Eigen::HouseholderQR<Mat> qr(Mcb * Rn);
  const Mat P = (qr.householderQ() * Mat::Identity(n, n)).rightCols(n - r);
  Eigen::GeneralizedSelfAdjointEigenSolver<Mat> eig(P.transpose() * Kcb * P, P.transpose() * Mcb * P);
  if (eig.info() != Eigen::Success)
    return false;
  Q.resize(n, n);
  Q.leftCols(r) = Rn;
  Q.rightCols(n - r) = P * eig.eigenvectors();
  lambda.resize(n);
  lambda.head(r).setZero();
  lambda.tail(n - r) = eig.eigenvalues();
  return true;
}

// The Craig-Bampton steps shared by solids and plane bodies, in the FE model's own DOFs (K, M) and
// the spiders' coordinates.
struct CbResult {
  ModalResult fixedModes;
  Mat Mcb, Kcb, Q, spiderShapes;  // spiderShapes = Tcb Q: (interior + interface DOFs) x modes
  Vec lambda;
};

Status reduceInSpiderCoordinates(const std::string& bodyName, const SparseMat& K, const SparseMat& M,
                                 const detail::SpiderTransform& spiders,
                                 const std::vector<InterfacePoint>& interfaces, int nm, bool planar,
                                 CbResult& out)
{
  const SparseMat& T = spiders.T;
  const SparseMat Kt = SparseMat(T.transpose() * K * T);
  const SparseMat Mt = SparseMat(T.transpose() * M * T);
  const int ni = spiders.interiorDofs;
  const int nb = (planar ? 3 : 6) * static_cast<int>(interfaces.size());
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
  if (nm > 0) {
    ModalOptions mo;
    mo.count = nm;
    if (Status s = solveModes(Kii, Mii, mo, out.fixedModes, bodyName); !s.ok())
      return s;
  } else {
    out.fixedModes.eigenvalues.resize(0);
    out.fixedModes.vectors.resize(ni, 0);
  }

  // CB basis in spider coordinates: [Phi Psi; 0 I].
  const int ncb = nm + nb;
  Mat Tcb = Mat::Zero(ni + nb, ncb);
  Tcb.topLeftCorner(ni, nm) = out.fixedModes.vectors;
  Tcb.topRightCorner(ni, nb) = Psi;
  Tcb.bottomRightCorner(nb, nb).setIdentity();
  out.Mcb = Tcb.transpose() * (Mt * Tcb);
  out.Kcb = Tcb.transpose() * (Kt * Tcb);
  out.Mcb = 0.5 * (out.Mcb + out.Mcb.transpose()).eval();
  out.Kcb = 0.5 * (out.Kcb + out.Kcb.transpose()).eval();

  if (!orthonormalize(out.Kcb, out.Mcb, rigidBasis(interfaces, nm, planar), out.Q, out.lambda))
    return failure(bodyName, "the reduced mass matrix is not positive definite",
                   StatusCode::SingularJacobian);
  out.spiderShapes = Tcb * out.Q;
  return Status::success();
}

// Fills the parts of the reduced body common to both kinds from the CB result.
void fillBody(const std::string& bodyName, const CraigBamptonOptions& options, int rigidCount, int nb,
              CbResult& cb, ReducedBody& body)
{
  const int ncb = static_cast<int>(cb.lambda.size());
  body.name = bodyName;
  body.fixedInterfaceModeCount = options.fixedInterfaceModes;
  body.constraintModeCount = nb;
  body.rigidModeCount = rigidCount;
  body.fixedInterfaceFrequenciesHz = cb.fixedModes.frequenciesHz();
  body.eigenvalues = cb.lambda;
  body.frequenciesHz =
      cb.lambda.unaryExpr([](double l) { return std::sqrt(std::max(l, 0.0)) / (2 * std::numbers::pi); });
  body.modalMass = cb.Q.transpose() * cb.Mcb * cb.Q;
  body.modalStiffness = cb.Q.transpose() * cb.Kcb * cb.Q;
  body.dampingRatios = Vec::Constant(ncb, options.dampingRatio);
  body.dampingRatios.head(rigidCount).setZero();
  body.cbMass = std::move(cb.Mcb);
  body.cbStiffness = std::move(cb.Kcb);
  body.cbToModal = std::move(cb.Q);
}

Status reduceSolid(const std::string& bodyName, const CraigBamptonOptions& options, const FeMesh& mesh,
                   const Material& material, const std::vector<InterfacePoint>& interfaces, ReducedBody& out)
{
  SparseMat K, M;
  if (Status s = assembleSolid(mesh, material, K, M, bodyName); !s.ok())
    return s;
  detail::SpiderTransform spiders;
  if (Status s = detail::buildSpiders(bodyName, mesh, interfaces, spiders); !s.ok())
    return s;
  CbResult cb;
  if (Status s = reduceInSpiderCoordinates(bodyName, K, M, spiders, interfaces, options.fixedInterfaceModes,
                                           false, cb);
      !s.ok())
    return s;
  const int ni = spiders.interiorDofs;
  ReducedBody body;
  body.modeShapes = spiders.T * cb.spiderShapes;
  for (std::size_t k = 0; k < interfaces.size(); ++k) {
    InterfaceNode node;
    node.name = interfaces[k].name;
    node.position = interfaces[k].position;
    node.spiderNodes = spiders.slaves[k];
    node.shapes = cb.spiderShapes.middleRows(ni + 6 * static_cast<int>(k), 6);
    body.interfaces.push_back(std::move(node));
  }
  fillBody(bodyName, options, 6, 6 * static_cast<int>(interfaces.size()), cb, body);
  body.invariants = computeInertiaInvariants(mesh.nodes, M, body.modeShapes);
  body.stressNodes = stressNodeList(mesh, options.stressNodes);
  if (!body.stressNodes.empty())
    if (Status s =
            nodalStresses(mesh, material, body.modeShapes, body.stressNodes, body.stressShapes, bodyName);
        !s.ok())
      return s;
  out = std::move(body);
  return Status::success();
}

// Plane body: the reduction runs in the plane's own coordinates (x' = A^T x, the mesher's x-y plane)
// with 2 DOFs per node; the results are embedded in 3-D in the caller's coordinates with no
// out-of-plane component (the body is rigid out of its plane).
Status reducePlane(const std::string& bodyName, const CraigBamptonOptions& options, const FeMesh& mesh,
                   const Material& material, const std::vector<InterfacePoint>& interfaces, ReducedBody& out)
{
  const double t = options.planeThickness;
  if (!(t > 0.0) || !std::isfinite(t))
    return failure(bodyName, "a plane (Tri/Quad) mesh needs a positive plane-stress thickness");
  const Eigen::Matrix3d& A = options.planeAxes;
  if (!((A.transpose() * A - Eigen::Matrix3d::Identity()).norm() < 1e-9 && A.determinant() > 0.0))
    return failure(bodyName, "the plane axes are not a right-handed orthonormal frame");
  FeMesh local = mesh;
  local.nodes = A.transpose() * mesh.nodes;
  // Every node must lie in the plane (the elements are flat): one z' within a tolerance.
  const double zMin = local.nodes.row(2).minCoeff(), zMax = local.nodes.row(2).maxCoeff();
  const double extent = (local.nodes.rowwise().maxCoeff() - local.nodes.rowwise().minCoeff()).norm();
  if (zMax - zMin > 1e-9 * (1.0 + extent))
    return failure(bodyName, "the plane mesh's nodes do not lie in the plane of its axes");
  std::vector<InterfacePoint> localInterfaces = interfaces;
  for (InterfacePoint& p : localInterfaces) {
    p.position = A.transpose() * p.position;
    p.position.z() = zMin;  // distances to the pin are measured in the plane
  }
  SparseMat K2, M2;
  if (Status s = assemblePlanar(local, material, t, K2, M2, bodyName); !s.ok())
    return s;
  detail::SpiderTransform spiders;
  if (Status s = detail::buildSpiders(bodyName, local, localInterfaces, spiders, true); !s.ok())
    return s;
  CbResult cb;
  if (Status s = reduceInSpiderCoordinates(bodyName, K2, M2, spiders, localInterfaces,
                                           options.fixedInterfaceModes, true, cb);
      !s.ok())
    return s;

  const int n = mesh.nodeCount(), ni = spiders.interiorDofs;
  const Mat shapes2 = spiders.T * cb.spiderShapes;  // 2N x m in the plane
  const int m = static_cast<int>(shapes2.cols());
  Mat localShapes = Mat::Zero(3 * n, m);  // plane coordinates, z' = 0
  for (int i = 0; i < n; ++i)
    localShapes.middleRows(3 * i, 2) = shapes2.middleRows(2 * i, 2);
  ReducedBody body;
  body.modeShapes.resize(3 * n, m);
  for (int i = 0; i < n; ++i)
    body.modeShapes.middleRows(3 * i, 3) = A * localShapes.middleRows(3 * i, 3);
  for (std::size_t k = 0; k < interfaces.size(); ++k) {
    InterfaceNode node;
    node.name = interfaces[k].name;
    node.position = interfaces[k].position;
    node.spiderNodes = spiders.slaves[k];
    const Mat s3 = cb.spiderShapes.middleRows(ni + 3 * static_cast<int>(k), 3);  // u_x', u_y', theta_z'
    node.shapes.resize(6, m);
    node.shapes.topRows(3) = A.leftCols(2) * s3.topRows(2);
    node.shapes.bottomRows(3) = A.col(2) * s3.row(2);
    body.interfaces.push_back(std::move(node));
  }
  fillBody(bodyName, options, 3, 3 * static_cast<int>(interfaces.size()), cb, body);

  // Inertia invariants from the consistent mass embedded in 3-D (isotropic), plus the thickness's
  // own second moment int rho z'^2 dV = m t^2 / 12 about the mid-plane.
  solver::Triplets triplets;
  for (int c = 0; c < M2.outerSize(); ++c)
    for (SparseMat::InnerIterator it(M2, c); it; ++it) {
      const int a = static_cast<int>(it.row()) % 2;
      if (a != c % 2)
        continue;
      const int ri = static_cast<int>(it.row()) / 2, ci = c / 2;
      triplets.emplace_back(3 * ri + a, 3 * ci + a, it.value());
      if (a == 0)
        triplets.emplace_back(3 * ri + 2, 3 * ci + 2, it.value());
    }
  SparseMat M3(3 * n, 3 * n);
  M3.setFromTriplets(triplets.begin(), triplets.end());
  body.invariants = computeInertiaInvariants(mesh.nodes, M3, body.modeShapes);
  body.invariants.secondMoment += body.invariants.mass * t * t / 12.0 * A.col(2) * A.col(2).transpose();

  // Plane-stress shapes in the plane, turned into the caller's axes: sigma = A sigma' A^T.
  body.stressNodes = stressNodeList(mesh, options.stressNodes);
  if (!body.stressNodes.empty()) {
    Mat localStress;
    if (Status s = nodalStresses(local, material, localShapes, body.stressNodes, localStress, bodyName);
        !s.ok())
      return s;
    body.stressShapes.resize(localStress.rows(), m);
    static constexpr int voigt[3][3] = {{0, 5, 4}, {5, 1, 3}, {4, 3, 2}};
    for (Eigen::Index r = 0; r < localStress.rows(); r += 6)
      for (int j = 0; j < m; ++j) {
        Eigen::Matrix3d sigma;
        for (int a = 0; a < 3; ++a)
          for (int b = 0; b < 3; ++b)
            sigma(a, b) = localStress(r + voigt[a][b], j);
        const Eigen::Matrix3d rotated = A * sigma * A.transpose();
        body.stressShapes.block<6, 1>(r, j) << rotated(0, 0), rotated(1, 1), rotated(2, 2), rotated(1, 2),
            rotated(0, 2), rotated(0, 1);
      }
  }
  out = std::move(body);
  return Status::success();
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
  const bool solid = std::any_of(mesh.blocks.begin(), mesh.blocks.end(), [](const ElementBlock& b) {
    return dimension(b.type) == 3 && b.count() > 0;
  });
  const bool plane = std::any_of(mesh.blocks.begin(), mesh.blocks.end(), [](const ElementBlock& b) {
    return dimension(b.type) == 2 && b.count() > 0;
  });
  if (plane && !solid)
    return reducePlane(bodyName, m_options, mesh, material, interfaces, out);
  return reduceSolid(bodyName, m_options, mesh, material, interfaces, out);
}

}  // namespace mbs::mesh
