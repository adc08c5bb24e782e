// Issue 29: a dynamic run whose state or energy balance becomes absurd stops with a located
// message (never a wrong answer with success), while sound runs pass; and the DMBS integrators
// keep the work bounds of the absolute ones (step limit, projection, minimum step, stiffness).
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "System.hpp"
#include "dynamics/EnergyAccount.hpp"
#include "dynamics/Plausibility.hpp"
#include "mbs/solver/Analysis.hpp"
#include "system_test_models.hpp"

namespace mbs::solver {
namespace {

// A 2 kg body flying free (no gravity, no joints, no forces) at `speed` along x.
Model freeBody(double speed)
{
  Model m;
  m.name = "free_body";
  m.gravity = Vec3::Zero();
  Body b = test::makeBody("projectile", 2.0, {1e-2, 1e-2, 1e-2}, Vec3::Zero());
  b.velocity = Vec3(speed, 0.0, 0.0);
  b.velocityExact = {true, true, true};
  m.bodies.push_back(b);
  return m;
}

// A point-like bob on a massless rod of length 1 about ground's z axis, starting horizontal.
Model pendulum()
{
  Model m;
  m.name = "pendulum";
  m.gravity = Vec3(0.0, -9.81, 0.0);
  m.bodies.push_back(test::makeBody("bob", 1.0, {1e-6, 1e-6, 1e-6}, Vec3(1.0, 0.0, 0.0)));
  const int pivot = test::addMarker(m, "bob_pivot", 0, Vec3(-1.0, 0.0, 0.0));
  const int ground = test::addMarker(m, "ground_pivot", kGround, Vec3::Zero());
  test::addJoint(m, "pivot", JointType::Revolute, pivot, ground);
  return m;
}

// A 1 kg block on a slide along x, on a spring-damper of stiffness k and damping k + 1 (eigenvalues
// −1 and −k: stiff), stretched by 1 mm: x(t) = 1 + 1e-3 e^(−t) after the fast mode dies.
Model stiffSpringBlock(double k)
{
  Model m;
  m.name = "stiff_spring";
  m.gravity = Vec3::Zero();
  m.bodies.push_back(test::makeBody("block", 1.0, {1, 1, 1}, Vec3(1.001, 0.0, 0.0)));
  const Mat3 zAlongX = Eigen::AngleAxisd(std::numbers::pi / 2, Vec3::UnitY()).toRotationMatrix();
  const int onBlock = test::addMarker(m, "block_slide", 0, Vec3::Zero(), zAlongX);
  const int onGround = test::addMarker(m, "ground_slide", kGround, Vec3::Zero(), zAlongX);
  test::addJoint(m, "slide", JointType::Translational, onBlock, onGround);
  Force spring;
  spring.name = "spring";
  spring.type = ForceType::TranslationalSpringDamper;
  spring.iMarker = onBlock;
  spring.jMarker = onGround;
  spring.stiffness = k;
  spring.damping = k + 1.0;
  spring.freeLength = 1.0;
  m.forces.push_back(spring);
  return m;
}

AnalysisSettings dynamic(double end, double step, Formulation formulation = Formulation::SI2,
                         IntegratorType integrator = IntegratorType::Gstiff)
{
  AnalysisSettings s;
  s.kind = AnalysisKind::Dynamic;
  s.formulation = formulation;
  s.integrator = integrator;
  s.endTime = end;
  s.outputStep = step;
  s.tolerance = 1e-6;
  return s;
}

bool contains(const std::string& text, const std::string& part)
{
  return text.find(part) != std::string::npos;
}

TEST(Plausibility, AFasterThanLightPartStopsTheRunAtTheStartNamingIt)
{
  for (Formulation f : {Formulation::I3, Formulation::SI2, Formulation::DMBS}) {
    SCOPED_TRACE(toString(f));
    ResultStore results;
    const Status st = runAnalysis(freeBody(1e20), dynamic(0.05, 0.01, f), nullptr, results).status;
    EXPECT_EQ(st.code, StatusCode::Implausible) << st.message;
    EXPECT_TRUE(contains(st.message, "part 'projectile' moves at 1e+20 m/s")) << st.message;
    EXPECT_TRUE(contains(st.message, "--max-speed")) << st.message;
    EXPECT_EQ(st.entity, "projectile");
    EXPECT_EQ(st.time, 0.0);
  }
  // 1e8 m/s is fast, not absurd: it flies 5e6 m in 0.05 s, as it should.
  ResultStore fast;
  const Status ok = runAnalysis(freeBody(1e8), dynamic(0.05, 0.01), nullptr, fast).status;
  ASSERT_TRUE(ok.ok()) << ok.message;
  EXPECT_NEAR(fast.frame(fast.size() - 1).bodies[0].position.x(), 5e6, 1e-2);
  // The bound is a setting.
  AnalysisSettings raised = dynamic(0.05, 0.01);
  raised.maxSpeed = 1e21;
  ResultStore raisedResults;
  EXPECT_TRUE(runAnalysis(freeBody(1e20), raised, nullptr, raisedResults).status.ok());
}

TEST(Plausibility, AnEnergyBalanceErrorBeyondTheBoundIsImplausibleRoundOffIsNot)
{
  const System system(freeBody(1.0));
  const Vec q = system.initialPositions();
  Vec qd = system.initialVelocities();
  const Vec lambda = Vec::Zero(system.numConstraints());
  EnergyAccount account(system);
  account.start(0.0, q, qd, lambda);
  // No force did work, yet the kinetic energy went from 1 J to 4 J: an error of the whole scale.
  qd[0] = 2.0;
  account.accept(0.01, q, qd, lambda);
  const Status st = checkPlausibleEnergy(account, PlausibilityBounds{.maxEnergyError = 0.5});
  EXPECT_EQ(st.code, StatusCode::Implausible);
  EXPECT_TRUE(contains(st.message, "the energy balance error is 3 J, 1 of the run's energy scale 3 J"))
      << st.message;
  EXPECT_TRUE(contains(st.message, "--max-energy-error")) << st.message;
  EXPECT_TRUE(checkPlausibleEnergy(account, PlausibilityBounds{.maxEnergyError = 2.0}).ok());

  // A free body keeping 1e40 J of kinetic energy: the round-off of the energies (9e-14 of the 1 %
  // floor of the energies reached) is no error.
  const System fast(freeBody(1e20));
  EnergyAccount steady(fast);
  Vec v = fast.initialVelocities();
  steady.start(0.0, fast.initialPositions(), v, lambda);
  v[0] *= 1.0 + 4e-16;
  steady.accept(0.01, fast.initialPositions(), v, lambda);
  EXPECT_TRUE(checkPlausibleEnergy(steady, PlausibilityBounds{}).ok());
  EXPECT_FALSE(checkPlausibleEnergy(steady, PlausibilityBounds{.maxEnergyError = 1e-14}).ok());
}

TEST(Plausibility, SoundRunsPassInEveryIntegrator)
{
  for (IntegratorType i :
       {IntegratorType::Gstiff, IntegratorType::Wstiff, IntegratorType::Hht, IntegratorType::Rkf45})
    for (Formulation f : {Formulation::I3, Formulation::SI2}) {
      SCOPED_TRACE(std::string(toString(i)) + " " + toString(f));
      ResultStore results;
      AnalysisSettings s = dynamic(2.0, 0.01, f, i);
      s.tolerance = 1e-3;  // loose: the balance error is larger, far from the bound
      const Status st = runAnalysis(pendulum(), s, nullptr, results).status;
      EXPECT_TRUE(st.ok()) << st.message;
    }
}

TEST(DmbsWorkLimits, StepLimitAndProjectionStopTheJointCoordinateIntegrators)
{
  for (IntegratorType i : {IntegratorType::Rkf45, IntegratorType::Gstiff}) {
    SCOPED_TRACE(toString(i));
    AnalysisSettings s = dynamic(1.0, 0.1, Formulation::DMBS, i);
    s.maxSteps = 50;
    s.maxStep = 1e-3;  // about 1000 steps needed
    ResultStore results;
    const Status st = runAnalysis(pendulum(), s, nullptr, results).status;
    EXPECT_EQ(st.code, StatusCode::ResourceLimit) << st.message;
    EXPECT_TRUE(
        contains(st.message, "the step limit of 50 steps (accepted and rejected) was reached at t = "))
        << st.message;
    EXPECT_TRUE(contains(st.message, "--max-steps")) << st.message;
    EXPECT_GT(st.time, 0.01);
    EXPECT_LE(st.time, 0.05 + 1e-12);
  }
  AnalysisSettings collapsed = dynamic(1.0, 0.1, Formulation::DMBS, IntegratorType::Rkf45);
  collapsed.maxStep = 1e-7;  // 1e7 steps to the end
  collapsed.maxSteps = 1'000'000;
  ResultStore results;
  const Status st = runAnalysis(pendulum(), collapsed, nullptr, results).status;
  EXPECT_EQ(st.code, StatusCode::ResourceLimit);
  EXPECT_TRUE(contains(st.message, "the step size has averaged 1e-07 s over the last 20000 steps"))
      << st.message;
  EXPECT_NEAR(st.time, 20001 * 1e-7, 2e-7);
}

TEST(DmbsWorkLimits, MinimumStepStopsTheRunNamingTheOption)
{
  AnalysisSettings s = dynamic(1.0, 0.5, Formulation::DMBS, IntegratorType::Rkf45);
  s.minStep = 0.2;  // the pendulum needs steps of a few ms at tol 1e-6
  ResultStore results;
  const Status st = runAnalysis(pendulum(), s, nullptr, results).status;
  EXPECT_EQ(st.code, StatusCode::StepSizeTooSmall) << st.message;
  EXPECT_TRUE(contains(st.message, "fell below the minimum step 0.2 s")) << st.message;
  EXPECT_TRUE(contains(st.message, "--min-step")) << st.message;
  // The default lets the same run finish.
  ResultStore ok;
  EXPECT_TRUE(
      runAnalysis(pendulum(), dynamic(1.0, 0.5, Formulation::DMBS, IntegratorType::Rkf45), nullptr, ok)
          .status.ok());
}

TEST(DmbsWorkLimits, RungeKuttaOnAStiffModelDetectsStiffnessAndNamesGstiff)
{
  const Model model = stiffSpringBlock(1e8);
  AnalysisSettings s = dynamic(1.0, 0.1, Formulation::DMBS, IntegratorType::Rkf45);
  s.maxSteps = 100000;
  ResultStore results;
  const Status st = runAnalysis(model, s, nullptr, results).status;
  EXPECT_EQ(st.code, StatusCode::ResourceLimit) << st.message;
  EXPECT_TRUE(contains(st.message, "stiffness detected at t = ")) << st.message;
  EXPECT_TRUE(contains(st.message, "use GSTIFF")) << st.message;

  // A short run finishes with the finding as a warning, on the closed form.
  ResultStore rk;
  const Status shortRun =
      runAnalysis(model, dynamic(2e-4, 1e-4, Formulation::DMBS, IntegratorType::Rkf45), nullptr, rk).status;
  ASSERT_TRUE(shortRun.ok()) << shortRun.message;
  bool warned = false;
  for (const auto& w : shortRun.warnings)
    warned |= contains(w, "stiffness detected");
  EXPECT_TRUE(warned);
  EXPECT_NEAR(rk.frame(rk.size() - 1).bodies[0].position.x(), 1.0 + 1e-3 * std::exp(-2e-4), 1e-8);

  // GSTIFF switches to the BDF and runs the whole second within the default bounds, to the closed form.
  ResultStore gstiff;
  const Status bdf = runAnalysis(model, dynamic(1.0, 0.1, Formulation::DMBS), nullptr, gstiff).status;
  ASSERT_TRUE(bdf.ok()) << bdf.message;
  EXPECT_NEAR(gstiff.frame(gstiff.size() - 1).bodies[0].position.x(), 1.0 + 1e-3 * std::exp(-1.0), 1e-6);
}

}  // namespace
}  // namespace mbs::solver
