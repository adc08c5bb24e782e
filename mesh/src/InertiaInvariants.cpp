#include "mbs/mesh/InertiaInvariants.hpp"

namespace mbs::mesh {

namespace {

// Levi-Civita symbol.
double epsilon(int a, int k, int l)
{
  return static_cast<double>((a - k) * (k - l) * (l - a)) / 2.0;
}

}  // namespace

Eigen::Matrix3d InertiaInvariants::inertia() const
{
  return secondMoment.trace() * Eigen::Matrix3d::Identity() - secondMoment;
}

Eigen::Matrix3d InertiaInvariants::centralInertia() const
{
  const Eigen::Vector3d c = centreOfMass();
  const Eigen::Matrix3d S = secondMoment - mass * c * c.transpose();
  return S.trace() * Eigen::Matrix3d::Identity() - S;
}

solver::Mat InertiaInvariants::modalAngularMoment() const
{
  solver::Mat out = solver::Mat::Zero(3, modeCount());
  for (int a = 0; a < 3; ++a)
    for (int k = 0; k < 3; ++k)
      for (int l = 0; l < 3; ++l)
        if (const double e = epsilon(a, k, l); e != 0.0)
          out.row(a) += e * Ibar[3 * k + l];
  return out;
}

solver::Mat InertiaInvariants::modalMass() const
{
  return Sbar[0] + Sbar[4] + Sbar[8];
}

InertiaInvariants InertiaInvariants::select(const std::vector<int>& modes) const
{
  InertiaInvariants out;
  out.mass = mass;
  out.firstMoment = firstMoment;
  out.secondMoment = secondMoment;
  const int m = static_cast<int>(modes.size());
  out.modalFirstMoment.resize(3, m);
  for (int j = 0; j < m; ++j)
    out.modalFirstMoment.col(j) = modalFirstMoment.col(modes[j]);
  for (int kl = 0; kl < 9; ++kl) {
    out.Ibar[kl].resize(m);
    out.Sbar[kl].resize(m, m);
    for (int i = 0; i < m; ++i) {
      out.Ibar[kl][i] = Ibar[kl][modes[i]];
      for (int j = 0; j < m; ++j)
        out.Sbar[kl](i, j) = Sbar[kl](modes[i], modes[j]);
    }
  }
  return out;
}

InertiaInvariants computeInertiaInvariants(const Eigen::Matrix3Xd& nodes, const solver::SparseMat& M,
                                           const solver::Mat& modes)
{
  const int n = static_cast<int>(nodes.cols());
  const int m = static_cast<int>(modes.cols());
  // The x-x block of the isotropic consistent mass is the scalar mass matrix int rho N_i N_j dV.
  solver::Triplets t;
  for (int c = 0; c < M.outerSize(); c += 3)
    for (solver::SparseMat::InnerIterator it(M, c); it; ++it)
      if (it.row() % 3 == 0)
        t.emplace_back(static_cast<int>(it.row()) / 3, c / 3, it.value());
  solver::SparseMat Ms(n, n);
  Ms.setFromTriplets(t.begin(), t.end());

  const solver::Vec ones = solver::Vec::Ones(n);
  std::array<solver::Vec, 3> X;
  std::array<solver::Mat, 3> S, MsS;
  for (int k = 0; k < 3; ++k) {
    X[k] = nodes.row(k).transpose();
    S[k].resize(n, m);
    for (int i = 0; i < n; ++i)
      S[k].row(i) = modes.row(3 * i + k);
    MsS[k] = Ms * S[k];
  }
  const solver::Vec MsOnes = Ms * ones;

  InertiaInvariants inv;
  inv.mass = ones.dot(MsOnes);
  inv.modalFirstMoment.resize(3, m);
  for (int k = 0; k < 3; ++k) {
    inv.firstMoment[k] = X[k].dot(MsOnes);
    inv.modalFirstMoment.row(k) = MsOnes.transpose() * S[k];
    for (int l = 0; l < 3; ++l) {
      inv.secondMoment(k, l) = X[k].dot(Ms * X[l]);
      inv.Ibar[3 * k + l] = X[k].transpose() * MsS[l];
      inv.Sbar[3 * k + l] = S[k].transpose() * MsS[l];
    }
  }
  return inv;
}

}  // namespace mbs::mesh
