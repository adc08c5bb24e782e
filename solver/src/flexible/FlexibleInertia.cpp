#include "flexible/FlexibleInertia.hpp"

#include "kinematics/EulerParameters.hpp"

namespace mbs::solver::detail {
namespace {

Mat3 tilde(const Vec3& a)
{
  Mat3 t;
  t << 0.0, -a.z(), a.y(), a.z(), 0.0, -a.x(), -a.y(), a.x(), 0.0;
  return t;
}

// Invariants evaluated at the deformation η (body frame).
struct Deformed {
  Vec3 st;                 // S_t = ∫ρ u
  Mat3 j;                  // ∫ρ ũᵀ ũ
  Mat ibar;                // ∫ρ ũ S (3 × m)
  Mat sbar;                // ∫ρ S (3 × m)
  Mat mff;                 // ∫ρ Sᵀ S
  std::array<Mat, 9> rkl;  // R_kl = ∫ρ u_k S_l = Ī_kl + ηᵀ S̄_kl (1 × m)
};

Deformed deformed(const FlexibleBodyData& b, const Vec& eta)
{
  const int m = b.modeCount();
  Deformed d;
  d.sbar = b.modalFirstMoment;
  d.st = b.firstMoment + b.modalFirstMoment * eta;
  Mat3 u = b.secondMoment;  // ∫ρ u uᵀ
  d.mff = Mat::Zero(m, m);
  for (int k = 0; k < 3; ++k)
    for (int l = 0; l < 3; ++l) {
      const Mat& s = b.Sbar[3 * k + l];
      d.rkl[3 * k + l] = b.Ibar[3 * k + l] + eta.transpose() * s;
      u(k, l) += (b.Ibar[3 * k + l] * eta)(0) + (b.Ibar[3 * l + k] * eta)(0) + eta.dot(s * eta);
    }
  for (int k = 0; k < 3; ++k)
    d.mff += b.Sbar[4 * k];
  d.j = u.trace() * Mat3::Identity() - u;
  auto r = [&](int k, int l) -> const Mat& { return d.rkl[3 * k + l]; };
  d.ibar.resize(3, m);
  d.ibar.row(0) = r(1, 2) - r(2, 1);
  d.ibar.row(1) = r(2, 0) - r(0, 2);
  d.ibar.row(2) = r(0, 1) - r(1, 0);
  return d;
}

// Maps body-frame (r, π̄, η) quantities to (r, p, η): T = diag(I, 2G, I).
Mat frameToCoordinates(const Vec4& p, int m)
{
  Mat t = Mat::Zero(6 + m, 7 + m);
  t.block<3, 3>(0, 0).setIdentity();
  t.block<3, 4>(3, 3) = 2.0 * matG(p);
  t.block(6, 7, m, m).setIdentity();
  return t;
}

}  // namespace

Mat flexibleMass(const FlexibleBodyData& body, const Vec4& p, const Vec& eta)
{
  const int m = body.modeCount();
  const Deformed d = deformed(body, eta);
  const Mat3 a = rotationMatrix(p);
  Mat mbar = Mat::Zero(6 + m, 6 + m);
  mbar.block<3, 3>(0, 0) = body.mass * Mat3::Identity();
  mbar.block<3, 3>(0, 3) = -a * tilde(d.st);
  mbar.block(0, 6, 3, m) = a * d.sbar;
  mbar.block<3, 3>(3, 3) = d.j;
  mbar.block(3, 6, 3, m) = d.ibar;
  mbar.block(6, 6, m, m) = d.mff;
  mbar.block<3, 3>(3, 0) = mbar.block<3, 3>(0, 3).transpose();
  mbar.block(6, 0, m, 3) = mbar.block(0, 6, 3, m).transpose();
  mbar.block(6, 3, m, 3) = mbar.block(3, 6, 3, m).transpose();
  const Mat t = frameToCoordinates(p, m);
  return t.transpose() * mbar * t;
}

Vec flexibleInertiaForces(const FlexibleBodyData& body, const Vec3& gravity, const Vec4& p, const Vec4& pd,
                          const Vec& eta, const Vec& etaRate)
{
  const int m = body.modeCount();
  const Deformed d = deformed(body, eta);
  const Mat3 a = rotationMatrix(p);
  const Vec3 w = 2.0 * matG(p) * pd;  // ω̄, body frame
  const Vec3 g = a.transpose() * gravity;
  const Vec3 sEtaRate = d.sbar * etaRate;
  Vec qbar(6 + m);
  // Translation: m g − A[ω̄ × (ω̄ × S_t) + 2 ω̄ × S̄ η̇].
  qbar.head<3>() = body.mass * gravity - a * (w.cross(w.cross(d.st)) + 2.0 * w.cross(sEtaRate));
  // Rotation: S_t × ḡ − ω̄ × J ω̄ − 2[ω̄ (Σ_k R_kk η̇) − B ω̄], B_kl = R_lk η̇.
  Mat3 bm;
  for (int k = 0; k < 3; ++k)
    for (int l = 0; l < 3; ++l)
      bm(k, l) = (d.rkl[3 * l + k] * etaRate)(0);
  const double c = bm.trace();
  qbar.segment<3>(3) = d.st.cross(g) - w.cross(d.j * w) - 2.0 * (w * c - bm * w);
  // Modal: S̄ᵀ ḡ − Σ_kl (ω_k ω_l − δ_kl ω²) P_kl − 2 Σ_kl ω̃_kl S̄_kl η̇, P_kl = R_lkᵀ (the elastic
  // −K η − D η̇ is the load element flexible/ModalElasticityElement).
  Vec qe = d.sbar.transpose() * g;
  const Mat3 wt = tilde(w), ww = w * w.transpose() - w.squaredNorm() * Mat3::Identity();
  for (int k = 0; k < 3; ++k)
    for (int l = 0; l < 3; ++l) {
      if (ww(k, l) != 0.0)
        qe -= ww(k, l) * d.rkl[3 * l + k].transpose();
      if (wt(k, l) != 0.0)
        qe -= 2.0 * wt(k, l) * (body.Sbar[3 * k + l] * etaRate);
    }
  qbar.tail(m) = qe;
  return frameToCoordinates(p, m).transpose() * qbar;
}

}  // namespace mbs::solver::detail
