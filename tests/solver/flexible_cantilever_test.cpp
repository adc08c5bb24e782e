// A flexible cantilever (FFR beam clamped at its root interface node) against Euler-Bernoulli:
// static tip deflection under gravity and the clamped-free natural frequencies; the analytic
// constraint Jacobian of a flexible marker against finite differences.
#include <gtest/gtest.h>

#include <numbers>

#include "System.hpp"
#include "analysis/LinearAnalysis.hpp"
#include "analysis/StaticAnalysis.hpp"
#include "flexible_BeamModel.hpp"

namespace mbs::solver {
namespace {

// Ground-frame y of the beam's tip node (deformed) at the state q.
double tipY(const System& sys, const Vec& q, const test::BeamProperties& p)
{
  const FlexibleBodyData& beam = *sys.model().bodies[0].flexible;
  const Vec3 local =
      beam.interfaces[p.elements].position +
      beam.interfaces[p.elements].shapes.topRows<3>() * q.segment(sys.modalOffset(0), beam.modeCount());
  const Quat rot(q[3], q[4], q[5], q[6]);
  return (q.head<3>() + rot * local).y();
}

TEST(FlexibleCantilever, StaticTipDeflectionUnderGravityIsEulerBernoulli)
{
  test::BeamProperties p;  // steel 1 m × 20 mm × 20 mm, 10 elements, all 20 elastic modes
  const double g = 9.81;
  const System sys(test::cantilever(p, Vec3(0, -g, 0)));
  State state;
  const Status s = solveStatics(sys, state);
  ASSERT_TRUE(s.ok()) << s.message;
  // δ = q L⁴ / (8 EI), q = ρ A g: 0.4398 mm. With every mode of the Hermite model the FFR solution
  // is the FE solution, whose nodal values are exact for a uniform load.
  const double exact = p.massPerLength() * g * std::pow(p.length, 4) / (8.0 * p.ei());
  // The remaining 4e-6 is geometric: the floating frame rotates by a finite angle (~2e-3 rad) while
  // marker rotations are first order.
  EXPECT_NEAR(-tipY(sys, state.q, p), exact, 1e-5 * exact);
  // The clamp carries the weight (reaction on the beam, upwards).
  const Reaction r = sys.jointReaction(0, state.q, state.lambda);
  EXPECT_NEAR(r.force.y(), p.mass() * g, 1e-6 * p.mass() * g);
}

double truncatedTipRatio(int modes, bool craigBampton)
{
  test::BeamProperties p;
  p.modes = modes;
  p.craigBamptonRoot = craigBampton;
  const double g = 9.81;
  const System sys(test::cantilever(p, Vec3(0, -g, 0)));
  State state;
  EXPECT_TRUE(solveStatics(sys, state).ok());
  const double exact = p.massPerLength() * g * std::pow(p.length, 4) / (8.0 * p.ei());
  return -tipY(sys, state.q, p) / exact;
}

TEST(FlexibleCantilever, TipDeflectionConvergesWithTheModeCount)
{
  // Four free-free modes represent a root-clamped load case poorly (0.706 of the exact value); a
  // Craig-Bampton basis with the root as interface spans the cantilever modes, so four modes give
  // the modal series of the uniform load (0.9997: the 1/ω² terms beyond mode 4).
  EXPECT_NEAR(truncatedTipRatio(4, false), 0.7056, 1e-3);
  EXPECT_NEAR(truncatedTipRatio(4, true), 1.0, 1e-3);
  EXPECT_LT(std::abs(truncatedTipRatio(8, true) - 1.0), std::abs(truncatedTipRatio(4, true) - 1.0));
}

TEST(FlexibleCantilever, LinearAnalysisGivesClampedFreeFrequencies)
{
  test::BeamProperties p;
  p.modes = 6;
  p.craigBamptonRoot = true;
  const System sys(test::cantilever(p, Vec3::Zero()));
  State state;
  ASSERT_TRUE(solveStatics(sys, state).ok());
  LinearSystem lin;
  const Status s = linearize(sys, state, lin);
  ASSERT_TRUE(s.ok()) << s.message;
  ASSERT_EQ(lin.basis.cols(), p.modes);
  // The Craig-Bampton basis spans the clamped FE modes, so the FFR frequencies are those of the
  // 10-element Hermite cantilever (16.7103462, 104.725328, 293.298904 Hz, computed separately), which
  // lie above Euler-Bernoulli (Rayleigh-Ritz) by 9e-7, 3e-5 and 2.6e-4.
  const double fe[] = {16.7103462, 104.725328, 293.298904};
  const double tolerance[] = {2e-6, 5e-5, 3e-4};
  for (int i = 0; i < 3; ++i) {
    const double f = lin.modes[i].naturalFrequency;
    EXPECT_NEAR(f / fe[i], 1.0, 1e-8) << "mode " << i;
    EXPECT_GE(f, p.cantileverHz(i)) << "mode " << i;
    EXPECT_NEAR(f / p.cantileverHz(i), 1.0, tolerance[i]) << "mode " << i;
  }
}

TEST(FlexibleCantilever, LinearAnalysisOfAPinnedBeamGivesPinnedFreeFrequencies)
{
  // The same beam on a revolute joint (axis z, the bending plane x-y) at its root: one rigid mode
  // (rotation about the pin, 0 Hz) and the pinned-free bending modes, β L = 3.926602, 7.068583.
  test::BeamProperties p;
  p.modes = 6;
  p.craigBamptonRoot = true;  // root constraint modes: the basis spans the pinned-free modes
  Model model = test::cantilever(p, Vec3::Zero());
  model.joints[0].type = JointType::Revolute;
  const System sys(model);
  State state;
  ASSERT_TRUE(solveStatics(sys, state).ok());
  LinearSystem lin;
  const Status s = linearize(sys, state, lin);
  ASSERT_TRUE(s.ok()) << s.message;
  ASSERT_EQ(lin.basis.cols(), 1 + p.modes);
  const double scale = std::sqrt(p.ei() / p.massPerLength()) / (2.0 * std::numbers::pi * p.length * p.length);
  // The rigid rotation is the double root s = 0 (listed twice, ~1e-5 Hz of round-off).
  ASSERT_GE(lin.modes.size(), 4u);
  EXPECT_LT(lin.modes[0].naturalFrequency, 1e-3);
  EXPECT_LT(lin.modes[1].naturalFrequency, 1e-3);
  const double betaL[] = {3.926602312047919, 7.068582745628732};
  // 73.2783 / 237.5103 Hz: 10 Hermite elements lie above Euler-Bernoulli (Rayleigh-Ritz) by 1.6e-5
  // and 1.9e-4.
  const double tolerance[] = {3e-5, 3e-4};
  for (int i = 0; i < 2; ++i) {
    const double exact = betaL[i] * betaL[i] * scale;
    EXPECT_GE(lin.modes[2 + i].naturalFrequency, exact) << "mode " << i;
    EXPECT_NEAR(lin.modes[2 + i].naturalFrequency / exact, 1.0, tolerance[i]) << "mode " << i;
  }
}

TEST(FlexibleCantilever, ConstraintJacobianMatchesFiniteDifferences)
{
  test::BeamProperties p;
  p.modes = 5;
  const System sys(test::cantilever(p, Vec3::Zero()));
  Vec q = sys.initialPositions();
  q.segment<4>(3) = Vec4(0.9, 0.1, -0.3, 0.2).normalized();
  q.head<3>() = Vec3(0.1, -0.2, 0.3);
  for (int i = 0; i < 5; ++i)
    q[sys.modalOffset(0) + i] = 0.01 * (i + 1);
  SparseMat jac;
  sys.constraintJacobian(0.0, q, jac);
  const double h = 1e-6;
  for (int k = 0; k < q.size(); ++k) {
    Vec qp = q, qm = q, fp, fm;
    qp[k] += h;
    qm[k] -= h;
    sys.constraints(0.0, qp, fp);
    sys.constraints(0.0, qm, fm);
    const Vec fd = (fp - fm) / (2 * h);
    for (int r = 0; r < fd.size(); ++r)
      EXPECT_NEAR(Mat(jac)(r, k), fd[r], 1e-7) << "row " << r << " column " << k;
  }
  // ∂(Φ_qᵀλ)/∂q against differences of Φ_qᵀλ.
  Vec lambda(jac.rows());
  for (int r = 0; r < lambda.size(); ++r)
    lambda[r] = std::cos(2.0 + r);
  SparseMat hessian;
  sys.constraintForceJacobian(0.0, q, lambda, hessian);
  for (int k = 0; k < q.size(); ++k) {
    Vec qp = q, qm = q;
    qp[k] += h;
    qm[k] -= h;
    SparseMat jp, jm;
    sys.constraintJacobian(0.0, qp, jp);
    sys.constraintJacobian(0.0, qm, jm);
    const Vec fd = (Vec(jp.transpose() * lambda) - Vec(jm.transpose() * lambda)) / (2 * h);
    for (int r = 0; r < fd.size(); ++r)
      EXPECT_NEAR(Mat(hessian)(r, k), fd[r], 1e-6) << "row " << r << " column " << k;
  }
  // γ = −(Φ_q q̇)_q q̇: compare with the second difference of Φ along q̇.
  Vec qd = Vec::Zero(q.size());
  for (int k = 0; k < q.size(); ++k)
    qd[k] = 0.1 * std::sin(1.0 + k);
  // ∂(Φ_q q̇)/∂q (the SI2 Newton matrix) against differences of Φ_q q̇; its Φ_qᵀλ part as above.
  {
    SparseMat forceJacobian, velocityJacobian;
    sys.constraintSecondDerivatives(0.0, q, lambda, qd, forceJacobian, velocityJacobian);
    EXPECT_LT(Mat(forceJacobian - hessian).cwiseAbs().maxCoeff(), 1e-12);
    double largest = 0.0;
    for (int k = 0; k < q.size(); ++k) {
      Vec qp = q, qm = q;
      qp[k] += h;
      qm[k] -= h;
      SparseMat jp, jm;
      sys.constraintJacobian(0.0, qp, jp);
      sys.constraintJacobian(0.0, qm, jm);
      const Vec fd = (Vec(jp * qd) - Vec(jm * qd)) / (2 * h);
      largest = std::max(largest, fd.cwiseAbs().maxCoeff());
      for (int r = 0; r < fd.size(); ++r)
        EXPECT_NEAR(Mat(velocityJacobian)(r, k), fd[r], 1e-6) << "row " << r << " column " << k;
    }
    EXPECT_GT(largest, 1e-3);
  }
  Vec gamma, f0, fp, fm;
  sys.accelerationRhs(0.0, q, qd, gamma);
  const double s = 1e-4;
  sys.constraints(0.0, q, f0);
  sys.constraints(0.0, q + s * qd, fp);
  sys.constraints(0.0, q - s * qd, fm);
  const Vec second = (fp - 2 * f0 + fm) / (s * s);
  for (int r = 1; r < gamma.size(); ++r)  // row 0 is the normalization (its own formula)
    EXPECT_NEAR(gamma[r], -second[r], 1e-5) << "row " << r;
}

}  // namespace
}  // namespace mbs::solver
