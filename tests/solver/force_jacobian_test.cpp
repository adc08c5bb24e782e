// Generalized forces: Jacobians against finite differences, spring forces against potentials,
// and the inertia terms of the r–p formulation against Euler's equations.
#include <gtest/gtest.h>

#include <Eigen/Dense>

#include "system_test_models.hpp"

namespace mbs::solver {
namespace {

Model forceModel(std::mt19937& rng)
{
  Model m;
  m.gravity = Vec3(0.0, 0.0, -9.81);
  m.bodies.push_back(test::makeBody("a", 2.0, {0.1, 0.2, 0.3}, Vec3::Zero()));
  m.bodies.push_back(test::makeBody("b", 1.5, {0.3, 0.2, 0.25}, Vec3::Zero()));
  for (int k = 0; k < 3; ++k) {
    test::addMarker(m, "a" + std::to_string(k), 0, test::randomVec(rng), test::randomRotation(rng));
    test::addMarker(m, "b" + std::to_string(k), 1, test::randomVec(rng), test::randomRotation(rng));
  }
  test::addMarker(m, "g", kGround, test::randomVec(rng), test::randomRotation(rng));
  auto add = [&](ForceType type, int i, int j) -> Force& {
    Force f;
    f.name = "f" + std::to_string(m.forces.size());
    f.type = type;
    f.iMarker = i;
    f.jMarker = j;
    f.stiffness = 30.0, f.damping = 2.0, f.freeLength = 0.4, f.preload = 1.5;
    f.translationalStiffness = {10, 20, 30}, f.translationalDamping = {1, 2, 3};
    f.rotationalStiffness = {4, 5, 6}, f.rotationalDamping = {0.4, 0.5, 0.6};
    f.preloadForce = {1, -1, 2}, f.preloadTorque = {0.1, 0.2, -0.3};
    m.forces.push_back(f);
    return m.forces.back();
  };
  add(ForceType::TranslationalSpringDamper, 0, 1);
  add(ForceType::TranslationalSpringDamper, 2, 6);
  add(ForceType::RotationalSpringDamper, 3, 4);
  add(ForceType::Bushing, 4, 5);
  add(ForceType::Bushing, 0, 6);
  // SFORCE with magnitude −k·DM − c·VX, and a GFORCE in a body marker's frame.
  Force& s = add(ForceType::SingleComponent, 2, 3);
  s.functions[0] = std::make_shared<test::LambdaFunction>([](const StateView& v) {
    return -5.0 * (v.position(2) - v.position(3)).norm() - 0.5 * (v.velocity(2) - v.velocity(3)).x();
  });
  Force& r = add(ForceType::SingleComponent, 5, 6);
  r.rotational = true;
  r.functions[0] = std::make_shared<test::LambdaFunction>(
      [](const StateView& v) { return -2.0 * v.angularVelocity(5).z() + std::sin(v.time()); });
  Force& g = add(ForceType::General, 1, 0);
  g.referenceMarker = 3;
  for (int k = 0; k < 6; ++k)
    g.functions[k] = std::make_shared<test::LambdaFunction>([k](const StateView& v) {
      return (k + 1) * v.position(1)[k % 3] - 0.3 * v.velocity(0)[(k + 1) % 3] + v.orientation(3)(k % 3, 1);
    });
  // A damped BEAM (Timoshenko, CRATIO) and a FIELD with a full, unsymmetric K and C and a preload.
  BeamProperties beam;
  beam.length = 0.6, beam.area = 2e-3, beam.ixx = 3e-7, beam.iyy = 2e-7, beam.izz = 1e-7;
  beam.youngsModulus = 2e5, beam.shearModulus = 8e4, beam.shearAreaRatioY = 1.2, beam.shearAreaRatioZ = 1.1;
  Force& b = add(ForceType::Beam, 1, 3);
  b.field = beamField(beam, 0.01 * beamStiffness(beam));
  Force& field = add(ForceType::Field, 5, 6);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  for (int r = 0; r < 6; ++r) {
    field.field.reference[r] = 0.3 * u(rng);
    field.field.preload[r] = u(rng);
    for (int c = 0; c < 6; ++c) {
      field.field.stiffness(r, c) = (r == c ? 20.0 : 0.0) + 3.0 * u(rng);
      field.field.damping(r, c) = (r == c ? 1.0 : 0.0) + 0.2 * u(rng);
    }
  }
  return m;
}

TEST(ForceJacobians, MatchFiniteDifferences)
{
  std::mt19937 rng(3);
  const System sys(forceModel(rng));
  for (int trial = 0; trial < 3; ++trial) {
    Vec q, qd;
    test::randomState(sys, rng, q, qd);
    SparseMat dq, dqd, fdq, fdqd;
    sys.forceJacobians(0.4, q, qd, dq, dqd);
    sys.Dae::forceJacobians(0.4, q, qd, fdq, fdqd);
    const double scale = 1.0 + Mat(fdq).cwiseAbs().maxCoeff();
    EXPECT_LT(Mat(dq - fdq).cwiseAbs().maxCoeff(), 1e-6 * scale);
    EXPECT_LT(Mat(dqd - fdqd).cwiseAbs().maxCoeff(), 1e-6 * scale);
  }
}

// Without damping and preload, spring forces are −∂V/∂q in the directions tangent to pᵀp = 1.
// The rotational spring's angle is about J's z, so it is checked with the z axes aligned.
TEST(ForceJacobians, SpringForcesDeriveFromTheirPotentials)
{
  for (int which : {0, 2}) {
    SCOPED_TRACE(which);
    std::mt19937 rng(9);
    Model m = forceModel(rng);
    m.gravity.setZero();
    m.forces = {m.forces[which]};
    m.forces[0].damping = 0.0, m.forces[0].preload = 0.0;
    if (which == 2)
      for (Marker& mk : m.markers)
        mk.orientation = Eigen::AngleAxisd(0.3 * mk.position.x(), Vec3::UnitZ()).matrix();
    const System sys(m);
    Vec q, qd;
    test::randomState(sys, rng, q, qd);
    qd.setZero();
    if (which == 2) {
      q.segment<4>(3) << std::cos(0.4), 0.0, 0.0, std::sin(0.4);
      q.segment<4>(10) << std::cos(-1.1), 0.0, 0.0, std::sin(-1.1);
    }
    auto energy = [&](const Vec& x) {
      Vec xn = x;
      sys.normalize(xn);  // the potential is a function of the rotation, not of |p|
      const ForceOutput out = sys.forceOutput(0, 0.0, xn, Vec::Zero(xn.size()));
      return Vec::Constant(1, 0.5 * m.forces[0].stiffness * std::pow(out.length - m.forces[0].freeLength, 2));
    };
    const Vec grad = test::numericJacobian(energy, q).row(0).transpose();
    Vec Q;
    sys.forces(0.0, q, qd, Q);
    EXPECT_GT(grad.norm(), 1.0);
    EXPECT_LT((Q + grad).cwiseAbs().maxCoeff(), 1e-6);
  }
}

TEST(SystemInertia, KineticEnergyMatchesRigidBodyFormula)
{
  std::mt19937 rng(4);
  Model m;
  m.bodies.push_back(test::makeBody("a", 2.5, {0.1, 0.2, 0.3}, Vec3::Zero()));
  m.bodies[0].inertia(0, 1) = m.bodies[0].inertia(1, 0) = 0.02;
  const System sys(m);
  Vec q, qd;
  test::randomState(sys, rng, q, qd);
  const Vec4 p = q.segment<4>(3);
  const Vec3 omegaGround = test::randomVec(rng, 3.0);
  // ṗ = ½ Eᵀ ω for unit p.
  Eigen::Matrix<double, 3, 4> e;
  e << -p[1], p[0], -p[3], p[2], -p[2], p[3], p[0], -p[1], -p[3], -p[2], p[1], p[0];
  qd.segment<4>(3) = 0.5 * e.transpose() * omegaGround;
  SparseMat M;
  sys.mass(q, M);
  const double t = 0.5 * qd.dot(M * qd);
  const Mat3 a = Quat(p[0], p[1], p[2], p[3]).toRotationMatrix();
  const Vec3 omegaBody = a.transpose() * omegaGround;
  const double expected =
      0.5 * 2.5 * qd.head<3>().squaredNorm() + 0.5 * omegaBody.dot(m.bodies[0].inertia * omegaBody);
  EXPECT_NEAR(t, expected, 1e-12 * expected);
  const BodyOutput out = sys.bodyOutput(0, q, qd, Vec::Zero(7));
  EXPECT_LT((out.angularVelocity - omegaGround).norm(), 1e-12);
}

// A free body: M q̈ + Φ_qᵀλ = Q with only the normalization row must reproduce Euler's equations
// J ω̇' = −ω' × J ω' (the quadratic-velocity term 8 Ġᵀ J' Ġ p).
TEST(SystemInertia, FreeRotationFollowsEulerEquations)
{
  std::mt19937 rng(8);
  Model m;
  m.bodies.push_back(test::makeBody("a", 1.0, {0.1, 0.25, 0.4}, Vec3::Zero()));
  const System sys(m);
  Vec q, qd;
  test::randomState(sys, rng, q, qd);
  SparseMat M, phiQ;
  Vec Q, gamma;
  sys.mass(q, M);
  sys.forces(0.0, q, qd, Q);
  sys.constraintJacobian(0.0, q, phiQ);
  sys.accelerationRhs(0.0, q, qd, gamma);
  Mat kkt = Mat::Zero(8, 8);
  kkt.topLeftCorner(7, 7) = Mat(M);
  kkt.topRightCorner(7, 1) = Mat(phiQ).transpose();
  kkt.bottomLeftCorner(1, 7) = Mat(phiQ);
  Vec rhs(8);
  rhs << Q, gamma;
  const Vec sol = kkt.fullPivLu().solve(rhs);
  const BodyOutput out = sys.bodyOutput(0, q, qd, sol.head(7));
  const Mat3 a = out.orientation.toRotationMatrix();
  const Vec3 w = a.transpose() * out.angularVelocity, wd = a.transpose() * out.angularAcceleration;
  const Mat3& j = m.bodies[0].inertia;
  EXPECT_LT((j * wd + w.cross(j * w)).norm(), 1e-10);
}

}  // namespace
}  // namespace mbs::solver
