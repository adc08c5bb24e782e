#include "analysis/MasslessBodies.hpp"

#include <Eigen/QR>
#include <Eigen/SVD>
#include <cmath>
#include <cstdio>

namespace mbs::solver::detail {
namespace {

std::string direction(const Vec3& v)
{
  const char* axes[] = {"x", "y", "z"};
  for (int k = 0; k < 3; ++k)
    if (std::abs(std::abs(v[k]) - 1.0) < 1e-6)
      return std::string(v[k] < 0 ? "-" : "") + axes[k];
  char text[96];
  std::snprintf(text, sizeof text, "(%.3g, %.3g, %.3g)", v[0], v[1], v[2]);
  return text;
}

}  // namespace

bool isMassless(const Body& body)
{
  return !body.flexible && body.mass == 0.0 && body.inertia.isZero(0.0);
}

bool hasNoRotaryInertia(const Body& body)
{
  return !body.flexible && body.inertia.isZero(0.0);
}

Status checkMasslessBodies(const System& system)
{
  const Model& model = system.model();
  std::vector<int> massless;  // bodies with no inertia along some of their degrees of freedom
  for (int b = 0; b < system.numBodies(); ++b)
    if (hasNoRotaryInertia(model.bodies[b]))
      massless.push_back(b);
  if (massless.empty())
    return {};
  const Vec q = system.initialPositions();
  SparseMat phiQ;
  system.constraintJacobian(0.0, q, phiQ);
  const Mat dense(phiQ);
  // Columns: each massless body's twist (CM velocity, angular velocity; ground axes), mapped to
  // its coordinates by ṙ = v, ṗ = ½ Eᵀ ω (Eᵀω = (−e·ω, e0 ω − e×ω)).
  const int nc = 6 * static_cast<int>(massless.size());
  Mat jb = Mat::Zero(dense.rows(), nc);
  for (std::size_t k = 0; k < massless.size(); ++k) {
    const int at = System::kCoordinatesPerBody * massless[k];
    const double e0 = q[at + 3];
    const Vec3 e(q[at + 4], q[at + 5], q[at + 6]);
    for (int a = 0; a < 3; ++a) {
      jb.col(6 * k + a) = dense.col(at + a);
      const Vec3 w = Vec3::Unit(a);
      const Vec3 pe = 0.5 * (e0 * w - e.cross(w));
      jb.col(6 * k + 3 + a) = -0.5 * e.dot(w) * dense.col(at + 3) + pe[0] * dense.col(at + 4) +
                              pe[1] * dense.col(at + 5) + pe[2] * dense.col(at + 6);
    }
  }
  // Scale the translation columns by the model's size so that ranks compare like with like.
  double size = 1.0;
  for (const Marker& m : model.markers)
    size = std::max(size, m.position.norm());
  for (int c = 0; c < nc; ++c)
    if (c % 6 < 3)
      jb.col(c) *= size;
  // Translations of bodies with mass are carried by their mass: drop those columns.
  std::vector<int> keep;
  for (std::size_t k = 0; k < massless.size(); ++k)
    for (int c = 0; c < 6; ++c)
      if (c >= 3 || isMassless(model.bodies[massless[k]]))
        keep.push_back(6 * int(k) + c);
  if (static_cast<int>(keep.size()) != nc) {
    Mat kept(jb.rows(), keep.size());
    for (std::size_t c = 0; c < keep.size(); ++c)
      kept.col(c) = jb.col(keep[c]);
    jb = kept;
  }
  const int nk = static_cast<int>(keep.size());
  Eigen::JacobiSVD<Mat> svd(jb, Eigen::ComputeFullV);
  const Vec s = svd.singularValues();
  const double largest = s.size() > 0 ? s[0] : 0.0;
  const double tol = 1e-9 * std::max(1.0, largest) * std::max<double>(nk, jb.rows());
  int rank = 0;
  for (int k = 0; k < s.size(); ++k)
    rank += s[k] > tol;
  if (rank == nk)
    return {};
  // A free direction: the last right singular vector; name the body it moves most.
  Vec free = Vec::Zero(nc);
  for (int c = 0; c < nk; ++c)
    free[keep[c]] = svd.matrixV()(c, nk - 1);
  int worst = 0;
  for (int k = 1; k < static_cast<int>(massless.size()); ++k)
    if (free.segment<6>(6 * k).norm() > free.segment<6>(6 * worst).norm())
      worst = k;
  const Body& body = model.bodies[massless[worst]];
  Vec3 v = free.segment<3>(6 * worst) * size, w = free.segment<3>(6 * worst + 3);
  const Mat3 axes = body.orientation.toRotationMatrix();  // its CM frame: name the DOF in its axes
  const std::string dof =
      w.norm() > 1e-6 * v.norm()
          ? "rotation about its " + direction((axes.transpose() * w).normalized()) + " axis"
          : "translation along its " + direction((axes.transpose() * v).normalized()) + " axis";
  const bool noMass = isMassless(body);
  return Status::failure(StatusCode::BadInput,
                         "body '" + body.name + (noMass ? "' is massless" : "' has no rotary inertia") +
                             " but its " + dof + " is not constrained: " +
                             (noMass ? "a massless part needs all 6 degrees of freedom"
                                     : "a part without inertia needs its 3 rotations") +
                             " removed by joints and motions relative to parts with mass or the ground (" +
                             std::to_string(nk - rank) + " free)",
                         body.name);
}

}  // namespace mbs::solver::detail
