// The energy account of dynamic runs (dynamics/EnergyAccount.hpp, docs/solver-notes.md "Energy
// balance") against closed forms: a block sliding to rest on a translational joint with Coulomb
// friction, a pendulum driven at a constant rate against a rotational damper under gravity, and
// Simeon's flexible slider-crank with material damping (balance only). The IMPACT decks are in
// tests/core/ImpactEnergyBalanceTest.cpp.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "dynamics/EnergyAccount.hpp"
#include "flexible_SliderCrankModel.hpp"
#include "friction_TestModels.hpp"

namespace mbs::solver {
namespace {

using namespace test;

struct AccountRun {
  Status status;
  std::unique_ptr<EnergyAccount> account;
  std::vector<ResultFrame> frames;
};

AccountRun runWithAccount(const System& system, IntegratorType type, double end, double step, double tol,
                          Formulation formulation = Formulation::SI2, bool initialConditions = true)
{
  DynamicOptions options;
  options.endTime = end;
  options.outputStep = step;
  options.integrator = type;
  options.integratorOptions.tolerance = tol;
  options.integratorOptions.formulation = formulation;
  options.integratorOptions.hmax = step;
  options.solveInitialConditions = initialConditions;
  AccountRun run;
  run.account = std::make_unique<EnergyAccount>(system);
  ResultStore results;
  run.status = runDynamics(system, options, nullptr, results, run.account.get());
  for (std::size_t k = 0; k < results.size(); ++k)
    run.frames.push_back(results.frame(k));
  return run;
}

void printAccount(const char* what, const EnergyAccount& account)
{
  std::printf("[energy] %s: residual %.3e J, %.3e of the largest term %.4g J\n", what, account.residual(),
              std::abs(account.residual()) / account.scale(), account.scale());
  for (const std::string& line : account.report())
    std::printf("[energy]   %s\n", line.c_str());
}

constexpr IntegratorType kIntegrators[] = {IntegratorType::Gstiff, IntegratorType::Wstiff,
                                           IntegratorType::Hht, IntegratorType::Rkf45};

// A 2 kg block on a horizontal translational joint (μ_s = μ_d = 0.2, stiction velocity 1 mm/s)
// pushed at v0 = 1 m/s slides d = v0²/(2 μ g) = 0.255 m and stops: the friction's work is
// −½ m v0² = −μ m g d, all the kinetic energy; nothing else works (gravity is normal to the slide).
TEST(EnergyBalance, BlockSlidingToRestLosesItsKineticEnergyToFriction)
{
  const double mass = 2.0, g = 9.81, mu = 0.2, v0 = 1.0;
  Model model = blockOnIncline(0.0, mass, g, coulomb(mu, mu, 1e-3));
  model.bodies[0].velocity = Vec3(v0, 0.0, 0.0);  // down the "slope" (its z) = ground x
  const System system(model);
  for (IntegratorType type : kIntegrators) {
    const double tol = 1e-7;
    const AccountRun run = runWithAccount(system, type, 1.0, 1e-2, tol);
    ASSERT_TRUE(run.status.ok()) << toString(type) << ": " << run.status.message;
    const EnergyAccount& account = *run.account;
    printAccount(toString(type), account);
    const double kinetic = 0.5 * mass * v0 * v0;
    const double friction = account.work(WorkKind::JointFriction, 0);
    // At rest after 0.51 s (the last 0.5 s creep at the stiction law's viscous slope).
    EXPECT_NEAR(run.frames.back().bodies[0].position.x(), v0 * v0 / (2 * mu * g), 2e-3) << toString(type);
    EXPECT_NEAR(account.initialEnergy().kinetic, kinetic, 1e-12);
    EXPECT_NEAR(account.finalEnergy().kinetic, 0.0, 1e-6 * kinetic);
    EXPECT_NEAR(friction, -kinetic, 100 * tol * kinetic) << toString(type);
    EXPECT_NEAR(account.motionWork(), 0.0, 1e-12);
    EXPECT_LT(std::abs(account.residual()), 10 * tol * kinetic) << toString(type);
  }
}

// A bar (m, CM at L from the pin) on a revolute joint about ground z, driven at θ = ω t by a
// motion, with a rotational damper c between it and the ground, gravity −y: the kinetic energy is
// constant, the gravity potential m g L sin θ, the damper dissipates c ω² T, so the motion works
// W = m g L sin(ω T) + c ω² T.
TEST(EnergyBalance, DrivenPendulumWithADamperBalancesTheMotionsWork)
{
  const double mass = 1.5, length = 0.4, omega = 3.0, damping = 0.2, g = 9.81, end = 1.3, outputStep = 1e-3;
  Model model;
  model.name = "driven_pendulum";
  model.gravity = Vec3(0.0, -g, 0.0);
  Body bar = makeBody("bar", mass, Vec3(1e-3, 0.02, 0.02), Vec3(length, 0.0, 0.0));
  bar.angularVelocity = Vec3(0.0, 0.0, omega);
  bar.velocity = Vec3(0.0, omega * length, 0.0);
  model.bodies.push_back(bar);
  const int pin = addMarker(model, "bar.pin", 0, Vec3(-length, 0.0, 0.0));
  const int ground = addMarker(model, "ground.pin", kGround, Vec3::Zero());
  addJoint(model, "pivot", JointType::Revolute, pin, ground);
  Motion drive;
  drive.name = "drive";
  drive.iMarker = pin;
  drive.jMarker = ground;
  drive.axis = MotionAxis::RotationZ;
  drive.displacement = std::make_shared<Polynomial>(0.0, omega);
  model.motions.push_back(drive);
  Force damper;
  damper.name = "damper";
  damper.type = ForceType::RotationalSpringDamper;
  damper.iMarker = pin;
  damper.jMarker = ground;
  damper.damping = damping;
  model.forces.push_back(damper);
  const System system(model);
  const double dissipated = damping * omega * omega * end;
  const double lift = mass * g * length * std::sin(omega * end);
  for (IntegratorType type : kIntegrators)
    for (double tol : {1e-5, 1e-7}) {
      const AccountRun run = runWithAccount(system, type, end, outputStep, tol);
      ASSERT_TRUE(run.status.ok()) << toString(type) << ": " << run.status.message;
      const EnergyAccount& account = *run.account;
      printAccount(toString(type), account);
      const double scale = mass * g * length + dissipated;
      SCOPED_TRACE(::testing::Message() << toString(type) << " tol " << tol);
      // HHT's velocities leave the driven rate by 2e-5 at tol 1e-7 (its steps are held at hmax):
      // the works then differ from the closed forms by that much, and its residual stays near 3e-6.
      const bool hht = type == IntegratorType::Hht;
      const double closedForm = (hht ? 1e3 : 100) * tol;
      EXPECT_NEAR(account.work(WorkKind::Force, 0), -dissipated, closedForm * dissipated);
      EXPECT_NEAR(account.finalEnergy().gravity - account.initialEnergy().gravity, lift, closedForm * scale);
      EXPECT_NEAR(account.motionWork(), lift + dissipated, closedForm * scale);
      EXPECT_LT(std::abs(account.residual()), (hht ? 50 : 10) * tol * scale);
    }
}

// Simeon's flexible slider-crank (crank.f's consistent start), the rod with material damping
// D = 1e-4 K: the drive's work goes into the kinetic energy (modal rates included), the rod's
// strain energy ½ ηᵀKη and its damping. No closed form: the balance closes to the tolerance
// (measured at tol 1e-6: WSTIFF 1.0e-5, HHT 5.4e-6 of the drive's work) except for GSTIFF, whose
// multipliers (and so the drive's work) carry 1.3e-4 (docs/solver-notes.md, "Energy balance").
TEST(EnergyBalance, FlexibleSliderCrankBalancesDriveStrainAndMaterialDamping)
{
  SimeonInitial init;
  init.rodRate = -0.749957670e2;
  init.sliderX = 0.450016933;
  init.sliderRate = -0.268938672e-5;
  init.eta << 0.0, 0.0, 0.103339863e-4, 0.169327969e-4;
  init.etaRate << 0.444896105, 0.463434311e-2, -0.178591076e-5, -0.268938672e-5;
  auto rod = std::make_shared<FlexibleBodyData>(*simeonRod());
  rod->modalDamping = 1e-4 * rod->modalStiffness;
  const System system(simeonSliderCrank(init, rod));
  for (IntegratorType type : {IntegratorType::Gstiff, IntegratorType::Wstiff, IntegratorType::Hht}) {
    const double tol = 1e-6;
    const AccountRun run = runWithAccount(system, type, 0.05, 1e-3, tol, Formulation::SI2, false);
    ASSERT_TRUE(run.status.ok()) << toString(type) << ": " << run.status.message;
    const EnergyAccount& account = *run.account;
    printAccount(toString(type), account);
    EXPECT_GT(account.finalEnergy().strain, 0.0);
    EXPECT_LT(account.work(WorkKind::MaterialDamping, 1), 0.0);
    const double bound = (type == IntegratorType::Gstiff ? 300 : 20) * tol;
    EXPECT_LT(std::abs(account.residual()), bound * account.scale()) << toString(type);
  }
}

// A 1 kg journal crossing its 0.5 mm clearance at 0.5 m/s (no gravity) hits the bearing wall once
// under the seed-003 law K δ^1.5 + d₁ δ δ̇ (K 1e9, d₁ 1e7): the 1-DOF impact ODE (RK4 at 10 ns,
// docs/solver-notes.md "Clearance joints") rebounds with e = 0.72517, so the contact's normal
// force does −½ m v0² (1 − e²). Started 0.3 mm off centre with friction (μ 0.2), it hits the wall
// obliquely (normal (0.8, 0.6), sliding at 0.3 m/s): the friction is listed on its own and the
// balance still closes.
TEST(EnergyBalance, ClearanceContactDissipatesTheEnergyOfItsRestitution)
{
  const double mass = 1.0, v0 = 0.5, restitution = 0.72517;
  for (double offset : {0.0, 3e-4}) {
    ClearanceParameters p;
    p.clearance = 5e-4;
    p.journalRadius = 0.01;
    p.law = ClearanceLaw::PolynomialDamping;
    p.stiffness = 1e9;
    p.exponent = 1.5;
    p.linearDamping = 1e7;
    p.staticCoefficient = p.dynamicCoefficient = offset > 0.0 ? 0.2 : 0.0;
    Model m;
    m.bodies.push_back(makeBody("journal", mass, {1e-4, 1e-4, 1e-4}, Vec3(0.0, offset, 0.0)));
    m.bodies[0].positionExact = {true, true, true};
    m.bodies[0].velocity = Vec3(v0, 0.0, 0.0);
    m.bodies[0].velocityExact = {true, true, true};
    const int pin = addMarker(m, "pin", 0, Vec3::Zero());
    const int hole = addMarker(m, "hole", kGround, Vec3::Zero());
    addJoint(m, "bearing", JointType::Revolute, pin, hole);
    m.joints[0].clearance = p;
    const System system(m);
    const double tol = 1e-7;
    const AccountRun run = runWithAccount(system, IntegratorType::Gstiff, 3.0 * p.clearance / v0, 1e-5, tol);
    ASSERT_TRUE(run.status.ok()) << run.status.message;
    const EnergyAccount& account = *run.account;
    printAccount(offset > 0.0 ? "oblique clearance hit with friction" : "clearance hit", account);
    const double kinetic = 0.5 * mass * v0 * v0;
    const double normal = account.work(WorkKind::ClearanceContact, 0);
    const double friction = account.work(WorkKind::ClearanceFriction, 0);
    if (offset == 0.0) {
      EXPECT_NEAR(normal, -0.5 * mass * v0 * v0 * (1 - restitution * restitution), 1e-4 * kinetic);
      EXPECT_EQ(friction, 0.0);
    } else {
      EXPECT_LT(friction, -1e-3 * kinetic);
    }
    EXPECT_LT(std::abs(account.residual()), 10 * tol * kinetic);
  }
}

// The report: energies, the motion, the elements that worked (largest first), the error.
TEST(EnergyBalance, ReportListsTheTermsThatWorked)
{
  Model model = blockOnIncline(0.0, 2.0, 9.81, coulomb(0.2, 0.2, 1e-3));
  model.bodies[0].velocity = Vec3(1.0, 0.0, 0.0);
  const System system(model);
  const AccountRun run = runWithAccount(system, IntegratorType::Gstiff, 0.2, 1e-2, 1e-6);
  ASSERT_TRUE(run.status.ok());
  const std::vector<std::string> lines = run.account->report();
  ASSERT_EQ(lines.size(), 3u);  // no motion line
  EXPECT_EQ(lines[0].rfind("Energy balance 0 → 0.2 s [J]: mechanical energy ", 0), 0u) << lines[0];
  EXPECT_NE(lines[0].find("(kinetic 1 → "), std::string::npos) << lines[0];
  EXPECT_EQ(lines[1].rfind("Energy balance: work of forces -", 0), 0u) << lines[1];
  EXPECT_NE(lines[1].find(": 'slide' friction -"), std::string::npos) << lines[1];
  EXPECT_EQ(lines[2].rfind("Energy balance error ", 0), 0u) << lines[2];
  EXPECT_NE(lines[2].find(" of the largest term)"), std::string::npos) << lines[2];
}

}  // namespace
}  // namespace mbs::solver
