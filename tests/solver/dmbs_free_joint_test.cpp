// The DMBS formulation's free (6-DOF) tree joint, which every body without a path to ground hangs
// on: a spinning top in free flight against the closed forms of projectile motion and torque-free
// precession, and two free bodies joined by a bushing (the element-force path on tree bodies)
// against the two-body oscillator and the absolute formulation.
#include <gtest/gtest.h>

#include <cmath>

#include "dmbs/Topology.hpp"
#include "mbs/solver/Analysis.hpp"
#include "system_test_models.hpp"

namespace mbs::solver {
namespace {

AnalysisSettings dynamic(Formulation f, double end, double step, double tol)
{
  AnalysisSettings s;
  s.kind = AnalysisKind::Dynamic;
  s.formulation = f;
  s.integrator = f == Formulation::DMBS ? IntegratorType::Rkf45 : IntegratorType::Gstiff;
  s.endTime = end;
  s.outputStep = step;
  s.tolerance = tol;
  return s;
}

TEST(DmbsFreeJoint, SpinningTopInFreeFlightFollowsProjectileMotionAndTorqueFreePrecession)
{
  // Axisymmetric body (transverse It, axial Ia about its z), thrown with v0 and spinning with
  // body-frame ω = (w⊥, 0, ω3) from a tilted start. Closed forms: the CM r0 + v0 t + g t²/2; the
  // body-frame ω3 constant and (ω1, ω2) turning at Ω = (Ia − It)/It ω3; the angular momentum in
  // ground R I ω constant.
  const double m = 2.0, it = 0.3, ia = 0.1, wPerp = 1.5, w3 = 8.0;
  const Vec3 r0(0.2, -0.1, 1.0), v0(1.0, 0.5, 4.0), g(0, 0, -9.81);
  const Quat q0(Eigen::AngleAxisd(0.4, Vec3(1, 2, 0).normalized()));
  Model model;
  model.gravity = g;
  Body top = test::makeBody("top", m, {it, it, ia}, r0, q0);
  top.velocity = v0;
  top.angularVelocity = q0 * Vec3(wPerp, 0, w3);
  model.bodies.push_back(top);
  dmbs::Topology topology;
  ASSERT_TRUE(dmbs::buildTopology(model, topology).ok());
  ASSERT_EQ(topology.mobilizers.size(), 1u);
  EXPECT_EQ(topology.mobilizers[0].kind, dmbs::MobilizerKind::Free);

  ResultStore results;
  const AnalysisOutcome out =
      runAnalysis(model, dynamic(Formulation::DMBS, 2.0, 0.1, 1e-10), nullptr, results);
  ASSERT_TRUE(out.status.ok()) << out.status.message;
  ASSERT_EQ(results.size(), 21u);
  const Mat3 inertia = Vec3(it, it, ia).asDiagonal();
  const Vec3 h0 = q0 * (inertia * Vec3(wPerp, 0, w3));
  const double precession = (ia - it) / it * w3;
  for (size_t k = 0; k < results.size(); ++k) {
    const ResultFrame f = results.frame(k);
    const double t = f.state.t;
    const BodyOutput& b = f.bodies[0];
    EXPECT_LT((b.position - (r0 + v0 * t + 0.5 * g * t * t)).norm(), 1e-8) << "t = " << t;
    EXPECT_LT((b.velocity - (v0 + g * t)).norm(), 1e-8) << "t = " << t;
    EXPECT_LT((b.acceleration - g).norm(), 1e-8) << "t = " << t;
    const Vec3 wBody = b.orientation.conjugate() * b.angularVelocity;
    const Vec3 expected(wPerp * std::cos(precession * t), wPerp * std::sin(precession * t), w3);
    EXPECT_LT((wBody - expected).norm(), 1e-7) << "t = " << t;
    EXPECT_LT((b.orientation * (inertia * wBody) - h0).norm(), 1e-7) << "t = " << t;
  }
}

// Two free bodies, no gravity, a bushing from marker I at body 1's CM to marker J at body 0's CM
// (neutral when the two coincide; isotropic stiffness, so the force −k d does not depend on how
// J's frame has turned): body 1 starts δ along x from body 0 and turned by φ0 about z. The force
// and torque act through both CMs, so translation and rotation decouple: x_rel = δ cos(ω t),
// ω² = k (1/m0 + 1/m1); φ_rel ≈ φ0 cos(ω_r t), ω_r² = k_r (1/I0 + 1/I1) about z (the bushing's
// torque is k_r sin φ: φ0 = 1e-3 keeps that within 1e-7 of linear); the pair's CM stays put.
Model bushedPair(double delta, double phi0)
{
  Model model;
  model.bodies.push_back(test::makeBody("left", 1.0, {0.02, 0.03, 0.04}, Vec3::Zero()));
  model.bodies.push_back(test::makeBody("right", 3.0, {0.05, 0.06, 0.07}, Vec3(delta, 0, 0),
                                        Quat(Eigen::AngleAxisd(phi0, Vec3::UnitZ()))));
  Force bushing;
  bushing.name = "bushing";
  bushing.type = ForceType::Bushing;
  bushing.iMarker = test::addMarker(model, "right_cm", 1, Vec3::Zero());
  bushing.jMarker = test::addMarker(model, "left_cm", 0, Vec3::Zero());
  bushing.translationalStiffness = Vec3::Constant(300.0);
  bushing.rotationalStiffness = Vec3::Constant(7.0);
  model.forces.push_back(bushing);
  return model;
}

TEST(DmbsFreeJoint, TwoFreeBodiesOnABushingOscillateAsTheTwoBodyClosedFormAndMatchSi2)
{
  const double delta = 0.01, phi0 = 1e-3;
  const Model model = bushedPair(delta, phi0);
  dmbs::Topology topology;
  ASSERT_TRUE(dmbs::buildTopology(model, topology).ok());
  ASSERT_EQ(topology.mobilizers.size(), 2u);  // a free joint each: no joint reaches ground
  ResultStore dmbs, absolute;
  const AnalysisOutcome out = runAnalysis(model, dynamic(Formulation::DMBS, 1.0, 0.05, 1e-10), nullptr, dmbs);
  ASSERT_TRUE(out.status.ok()) << out.status.message;
  ASSERT_TRUE(runAnalysis(model, dynamic(Formulation::SI2, 1.0, 0.05, 1e-9), nullptr, absolute).status.ok());
  ASSERT_EQ(dmbs.size(), absolute.size());
  const double m0 = 1.0, m1 = 3.0, omega = std::sqrt(300.0 * (1 / m0 + 1 / m1));
  const double omegaR = std::sqrt(7.0 * (1 / 0.04 + 1 / 0.07));
  const Vec3 centre = (m1 * Vec3(delta, 0, 0)) / (m0 + m1);
  for (size_t k = 0; k < dmbs.size(); ++k) {
    const ResultFrame a = dmbs.frame(k), b = absolute.frame(k);
    const double t = a.state.t;
    const Vec3 rel = a.bodies[1].position - a.bodies[0].position;
    EXPECT_NEAR(rel.x(), delta * std::cos(omega * t), 1e-8) << "t = " << t;
    EXPECT_LT(std::hypot(rel.y(), rel.z()), 1e-10) << "t = " << t;
    EXPECT_LT(((m0 * a.bodies[0].position + m1 * a.bodies[1].position) / (m0 + m1) - centre).norm(), 1e-10);
    const Quat turn = a.bodies[0].orientation.conjugate() * a.bodies[1].orientation;
    const double phi = 2.0 * std::atan2(turn.z(), turn.w());
    EXPECT_NEAR(phi, phi0 * std::cos(omegaR * t), 1e-8) << "t = " << t;
    // The bushing's force on I: −k x_rel along x, as the absolute formulation reports it.
    EXPECT_NEAR(a.forces[0].force.x(), -300.0 * rel.x(), 1e-8) << "t = " << t;
    EXPECT_LT((a.forces[0].force - b.forces[0].force).norm(), 1e-5) << "t = " << t;
    for (int body = 0; body < 2; ++body) {
      EXPECT_LT((a.bodies[body].position - b.bodies[body].position).norm(), 1e-7) << "t = " << t;
      EXPECT_LT((a.bodies[body].angularVelocity - b.bodies[body].angularVelocity).norm(), 1e-5)
          << "t = " << t;
    }
  }
}

}  // namespace
}  // namespace mbs::solver
