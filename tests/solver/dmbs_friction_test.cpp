// Joint friction in joint coordinates (DMBS, dmbs/FrictionCoupling.hpp): the tree joints'
// reactions come from the Newton–Euler equations once v̇ is known and the cut joints' from their
// multipliers, solved together with the friction loads in every evaluation. Checked against closed
// forms (a block sliding down an incline, a rotor braking with μ F R, the seed paper's pendulum at
// its start) and against the absolute formulation (SI2) on the same models: the slider-crank with
// friction in every joint (one of them the loop's cut joint, another a cut translational joint),
// a double pendulum with bending-coupled pins, the driven slider-crank in kinematics; and the
// automatic formulation now takes DMBS for a friction model and says so.
#include <gtest/gtest.h>

#include <cmath>

#include "dmbs_friction_TestRun.hpp"
#include "friction_TestModels.hpp"

namespace mbs::solver {
namespace {

using namespace test;

constexpr IntegratorType kDmbsIntegrators[] = {IntegratorType::Gstiff, IntegratorType::Rkf45};

// --- The block on an incline (friction_incline_test's model) -------------------------------------

constexpr double kBlockMass = 2.0, kG = 9.81, kMuS = 0.5, kMuD = 0.4, kVs = 1e-3;

TEST(DmbsFriction, BlockSlidesDownTheInclineWithGTimesSinMinusMuDynamicCos)
{
  const double phi = std::atan(0.7);  // tan φ = 0.7 > μ_s
  const Vec3 down = slopeFrame(phi).col(2);
  const double a = kG * (std::sin(phi) - kMuD * std::cos(phi));
  const Model model = blockOnIncline(phi, kBlockMass, kG, coulomb(kMuS, kMuD, kVs));
  for (IntegratorType type : kDmbsIntegrators) {
    const auto frames = dmbsFrames(model, type, 1.0, 0.1);
    ASSERT_EQ(frames.size(), 11u);
    for (const ResultFrame& f : frames) {
      if (f.state.t < 0.1)
        continue;  // breaking away through the stiction band takes ~v_s/a ≈ 1 ms
      SCOPED_TRACE(std::string(toString(type)) + " t=" + std::to_string(f.state.t));
      EXPECT_NEAR(f.bodies[0].acceleration.dot(down), a, 1e-6 * a);
      EXPECT_NEAR(f.bodies[0].velocity.dot(down), a * f.state.t, 2e-3);
      EXPECT_NEAR(f.friction[0].force.dot(down), -kMuD * kBlockMass * kG * std::cos(phi),
                  1e-6 * kBlockMass * kG);
      EXPECT_NEAR(f.friction[0].normalForce, kBlockMass * kG * std::cos(phi), 1e-6 * kBlockMass * kG);
      EXPECT_FALSE(f.friction[0].stick);
      EXPECT_NEAR(f.friction[0].power, kMuD * kBlockMass * kG * std::cos(phi) * f.bodies[0].velocity.norm(),
                  1e-6);
    }
  }
}

TEST(DmbsFriction, BlockSticksBelowTheStaticFrictionAngle)
{
  const double phi = std::atan(0.3);  // tan φ = 0.3 < μ_s: held by the velocity law (creeps < v_s)
  const Vec3 down = slopeFrame(phi).col(2);
  const Model model = blockOnIncline(phi, kBlockMass, kG, coulomb(kMuS, kMuD, kVs));
  for (IntegratorType type : kDmbsIntegrators) {
    const auto frames = dmbsFrames(model, type, 2.0, 0.1);
    ASSERT_EQ(frames.size(), 21u);
    // The stick branch is a stiff viscous law (μ_s N / v_s ≈ 10⁴ N·s/m on 2 kg): the BDF damps it
    // exactly; Dormand–Prince's frames come from its continuous extension, whose velocity error
    // (~3e-7 m/s at tol 1e-6) the stick damping turns into a friction ripple of ~3e-4 m g.
    const double tol = type == IntegratorType::Rkf45 ? 1e-3 : 1e-5;
    for (const ResultFrame& f : frames) {
      SCOPED_TRACE(std::string(toString(type)) + " t=" + std::to_string(f.state.t));
      EXPECT_LT(std::abs(f.bodies[0].velocity.dot(down)), kVs);
      EXPECT_TRUE(f.friction[0].stick);
      if (f.state.t >= 0.5) {
        EXPECT_NEAR(f.friction[0].force.dot(down), -kBlockMass * kG * std::sin(phi), tol * kBlockMass * kG);
        EXPECT_NEAR(f.bodies[0].acceleration.norm(), 0.0, tol * kG);
      }
    }
  }
}

// --- The rotor under a radial load (friction_rotor_test's model) ---------------------------------

constexpr double kRotorMass = Rotor::kMass, kJ = Rotor::kJ, kMu = Rotor::kMu, kR = Rotor::kR,
                 kOmega0 = Rotor::kOmega0;

Model rotor(JointType type)
{
  return rotorModel(type);
}

TEST(DmbsFriction, RotorBrakesWithMuFRInRevoluteAndSphericalJoints)
{
  const double decel = kMu * kRotorMass * kG * kR / kJ;  // 0.7848 rad/s²
  for (JointType joint : {JointType::Revolute, JointType::Spherical}) {
    for (IntegratorType type : kDmbsIntegrators) {
      const auto frames = dmbsFrames(rotor(joint), type, 4.0, 0.5, 1e-7);
      ASSERT_EQ(frames.size(), 9u);
      for (const ResultFrame& f : frames) {
        SCOPED_TRACE(std::string(toString(joint)) + " " + toString(type) + " t=" + std::to_string(f.state.t));
        EXPECT_NEAR(f.bodies[0].angularVelocity.z(), kOmega0 - decel * f.state.t, 1e-4);
        EXPECT_NEAR(f.bodies[0].angularAcceleration.z(), -decel, 1e-4 * decel);
        EXPECT_NEAR(f.friction[0].normalForce, kRotorMass * kG, 1e-6 * kRotorMass * kG);
        EXPECT_NEAR(f.friction[0].torque.z(), -kMu * kRotorMass * kG * kR, 1e-6);
        EXPECT_NEAR(f.joints[0].force.norm(), kRotorMass * kG, 1e-6 * kRotorMass * kG);
        EXPECT_FALSE(f.friction[0].stick);
      }
    }
  }
}

TEST(DmbsFriction, RotorStopsAndSticks)
{
  const double tStop = kOmega0 / (kMu * kRotorMass * kG * kR / kJ);
  const auto frames = dmbsFrames(rotor(JointType::Revolute), IntegratorType::Gstiff, 7.0, 0.5);
  ASSERT_EQ(frames.size(), 15u);
  for (const ResultFrame& f : frames) {
    SCOPED_TRACE("t=" + std::to_string(f.state.t));
    EXPECT_GE(f.bodies[0].angularVelocity.z(), -1e-6);  // friction never drives it backwards
    if (f.state.t > tStop + 0.3) {
      EXPECT_TRUE(f.friction[0].stick);
      EXPECT_LT(std::abs(f.bodies[0].angularVelocity.z()) * kR, 1e-4);
    }
  }
}

// --- The seed paper's pendulum (friction_pendulum_test's model) ----------------------------------

TEST(DmbsFriction, SeedPendulumStartsWithTheClosedFormDecelerationAndSwingsAsSi2)
{
  using P = SeedPendulum;
  // At t = 0 the contacts slide axially only: N = F_y/√(1 − μ²), F_y = m g (1 − m (L/2)²/J_O), and
  // the axial friction −μ N bends the pin (the coupling solved with v̇, not one step late).
  const double m = P::mass();
  const double fy = m * P::g * (1.0 - m * 0.25 * P::L * P::L / P::pivotInertia());
  const double n = fy / std::sqrt(1.0 - P::mu * P::mu);
  const Model model = seedPendulum();
  const auto si2 = runFormulation(model, Formulation::SI2, IntegratorType::Gstiff, 2.0, 0.05, 1e-8);
  ASSERT_TRUE(si2.status.ok()) << si2.status.message;
  for (IntegratorType type : kDmbsIntegrators) {
    SCOPED_TRACE(toString(type));
    const auto frames = dmbsFrames(model, type, 2.0, 0.05, 1e-8);
    ASSERT_EQ(frames.size(), si2.frames.size());
    const ResultFrame& f0 = frames.front();
    EXPECT_NEAR(f0.friction[0].normalForce, n, 1e-9 * n);
    EXPECT_NEAR(f0.friction[0].force.z(), -P::mu * n, 1e-9 * n);
    EXPECT_NEAR(f0.bodies[0].acceleration.z(), -P::mu * n / m, 1e-9);
    EXPECT_NEAR(f0.joints[0].force.y(), fy, 1e-9 * fy);
    double worst = 0.0;
    for (std::size_t k = 0; k < frames.size(); ++k) {
      const BodyOutput &a = frames[k].bodies[0], &b = si2.frames[k].bodies[0];
      worst = std::max({worst, (a.position - b.position).norm(), (a.velocity - b.velocity).norm() / 10.0});
      EXPECT_NEAR(frames[k].friction[0].normalForce, si2.frames[k].friction[0].normalForce, 1e-4 * m * P::g);
      EXPECT_NEAR(frames[k].friction[0].torque.z(), si2.frames[k].friction[0].torque.z(),
                  1e-4 * m * P::g * P::R);
    }
    EXPECT_LT(worst, 1e-5);
    EXPECT_LT(frames.back().bodies[0].velocity.z(), 0.9 * P::s0);  // friction slowed the slide
    std::printf("[ seed pendulum DMBS %s ] largest difference to SI2 %.2e m\n", toString(type), worst);
  }
}

// --- Against SI2 where friction couples through the tree and the cut joints -----------------------

FrictionParameters pin()
{
  FrictionParameters p = coulomb(0.2, 0.15, 1e-3);
  p.pinRadius = 0.01;
  p.halfLength = 0.02;
  return p;
}

// The slider-crank of system_test_models.hpp without its drive, falling under gravity from a
// spinning crank, with friction in every joint. DMBS cuts the loop at the wrist pin (or, marked as
// the user's constraint element, at the slide).
Model frictionSliderCrank(bool cutAtSlide)
{
  Model model = sliderCrank(0.1, 0.3, 0.7, 0.0, /*perturb=*/false);
  model.motions.clear();
  model.gravity = Vec3(0.0, -9.81, 0.0);
  model.bodies[0].angularVelocity = Vec3(0.0, 0.0, 6.0);
  for (int j = 0; j < 3; ++j)
    model.joints[j].friction = pin();
  FrictionParameters slide = coulomb(0.3, 0.25, 1e-3);
  slide.frictionArm = 0.05;
  slide.halfLength = 0.03;
  model.joints[3].friction = slide;
  model.joints[3].constraintElement = cutAtSlide;
  return model;
}

// Largest difference of positions (m), accelerations (relative) and friction forces (relative to
// the largest) between two runs' frames.
struct Difference {
  double position = 0.0, acceleration = 0.0, friction = 0.0;
};

Difference compare(const std::vector<ResultFrame>& a, const std::vector<ResultFrame>& b)
{
  Difference d;
  double accScale = 1.0, frictionScale = 1e-12;
  for (const ResultFrame& f : b) {
    for (const BodyOutput& body : f.bodies)
      accScale = std::max(accScale, body.acceleration.norm());
    for (const FrictionOutput& fr : f.friction)
      frictionScale = std::max({frictionScale, fr.force.norm(), fr.torque.norm()});
  }
  EXPECT_EQ(a.size(), b.size());
  for (std::size_t k = 0; k < std::min(a.size(), b.size()); ++k) {
    for (std::size_t i = 0; i < a[k].bodies.size(); ++i) {
      d.position = std::max(d.position, (a[k].bodies[i].position - b[k].bodies[i].position).norm());
      d.acceleration = std::max(
          d.acceleration, (a[k].bodies[i].acceleration - b[k].bodies[i].acceleration).norm() / accScale);
    }
    for (std::size_t i = 0; i < a[k].friction.size(); ++i)
      d.friction =
          std::max({d.friction, (a[k].friction[i].force - b[k].friction[i].force).norm() / frictionScale,
                    (a[k].friction[i].torque - b[k].friction[i].torque).norm() / frictionScale});
  }
  return d;
}

TEST(DmbsFriction, SliderCrankWithFrictionInEveryJointAgreesWithSi2)
{
  for (bool cutAtSlide : {false, true}) {
    SCOPED_TRACE(cutAtSlide ? "cut at the slide" : "cut at the wrist pin");
    const Model model = frictionSliderCrank(cutAtSlide);
    const auto si2 = runFormulation(model, Formulation::SI2, IntegratorType::Gstiff, 0.5, 0.01, 1e-9);
    ASSERT_TRUE(si2.status.ok()) << si2.status.message;
    const FrictionRun dmbs =
        runFormulation(model, Formulation::DMBS, IntegratorType::Gstiff, 0.5, 0.01, 1e-9);
    ASSERT_TRUE(dmbs.status.ok()) << dmbs.status.message;
    // The first frame is the same state in both: v̇ and the friction loads solved together agree
    // with the absolute formulation's consistent q̈ and λ to round-off.
    const Difference start = compare({dmbs.frames.front()}, {si2.frames.front()});
    EXPECT_LT(start.acceleration, 1e-9);
    EXPECT_LT(start.friction, 1e-9);
    const Difference all = compare(dmbs.frames, si2.frames);
    EXPECT_LT(all.position, 1e-6);
    EXPECT_LT(all.friction, 1e-3);
    double work = 0.0;  // a real effect: the joints dissipate
    for (const ResultFrame& f : dmbs.frames)
      for (const FrictionOutput& fr : f.friction)
        work += 0.01 * fr.power;
    EXPECT_GT(work, 1e-3);
    std::printf("[ slider-crank %s ] DMBS - SI2: start q'' %.1e, positions %.1e m, friction %.1e\n",
                cutAtSlide ? "cut at slide" : "cut at wrist pin", start.acceleration, all.position,
                all.friction);
  }
}

TEST(DmbsFriction, DoublePendulumWithBendingCoupledPinsAgreesWithSi2)
{
  // Two bars on revolute pins whose axes are not the bars' swing axes' normals: the bars hang off
  // their pins sideways (CM offset along the pin), so each pin carries a bending moment, which the
  // short pins turn into end-contact forces that the friction of the other pin changes.
  Model model;
  model.name = "double_pendulum";
  model.gravity = Vec3(0.0, -9.81, 0.0);
  const Mat3 tilted = Eigen::AngleAxisd(0.3, Vec3::UnitX()).matrix();
  model.bodies.push_back(makeBody("upper", 2.0, Vec3(0.01, 0.2, 0.2), Vec3(0.5, 0.0, 0.1)));
  model.bodies.push_back(makeBody("lower", 1.0, Vec3(0.01, 0.1, 0.1), Vec3(1.5, 0.0, 0.2)));
  model.bodies[0].angularVelocity = Vec3(0.0, 0.0, 1.0);
  const int g0 = addMarker(model, "ground.pin", kGround, Vec3::Zero(), tilted);
  const int u0 = addMarker(model, "upper.pin", 0, Vec3(-0.5, 0.0, -0.1), tilted);
  const int u1 = addMarker(model, "upper.knee", 0, Vec3(0.5, 0.0, -0.1), tilted);
  const int l1 = addMarker(model, "lower.knee", 1, Vec3(-0.5, 0.0, -0.2), tilted);
  addJoint(model, "hip", JointType::Revolute, u0, g0);
  addJoint(model, "knee", JointType::Revolute, l1, u1);
  for (Joint& j : model.joints) {
    FrictionParameters p = coulomb(0.3, 0.25, 1e-3);
    p.pinRadius = 0.05;
    p.halfLength = 0.05;
    j.friction = p;
  }
  const auto si2 = runFormulation(model, Formulation::SI2, IntegratorType::Gstiff, 1.0, 0.02, 1e-9);
  ASSERT_TRUE(si2.status.ok()) << si2.status.message;
  for (IntegratorType type : kDmbsIntegrators) {
    const auto frames = dmbsFrames(model, type, 1.0, 0.02, 1e-9);
    const Difference start = compare({frames.front()}, {si2.frames.front()});
    const Difference all = compare(frames, si2.frames);
    EXPECT_LT(start.acceleration, 1e-9) << toString(type);
    EXPECT_LT(start.friction, 1e-9) << toString(type);
    EXPECT_LT(all.position, 1e-6) << toString(type);
    EXPECT_LT(all.friction, 1e-3) << toString(type);
    // The bending coupling is real: the pins' end contacts carry more than the radial force.
    const FrictionOutput& hip = frames.front().friction[0];
    EXPECT_GT(hip.normalForce, 1.1 * frames.front().joints[0].force.norm()) << toString(type);
    std::printf("[ double pendulum DMBS %s ] start q'' %.1e, positions %.1e m, friction %.1e\n",
                toString(type), start.acceleration, all.position, all.friction);
  }
}

TEST(DmbsFriction, DrivenSliderCrankKinematicsAgreesWithTheAbsoluteFormulation)
{
  // friction_slider_crank_test's model: the drive supplies the friction work; the DMBS kinematic
  // run's drive torque and friction outputs are the absolute run's.
  Model model = sliderCrank(0.1, 0.3, 0.2, 2.0 * std::numbers::pi);
  model.gravity = Vec3(0.0, -9.81, 0.0);
  for (int j = 0; j < 2; ++j)
    model.joints[j].friction = pin();
  FrictionParameters slide = coulomb(0.3, 0.25, 1e-3);
  slide.frictionArm = 0.05;
  slide.halfLength = 0.03;
  model.joints[3].friction = slide;
  const auto absolute = runFormulation(model, Formulation::SI2, IntegratorType::Gstiff, 1.0, 0.01, 1e-6, 0.0,
                                       AnalysisKind::Kinematic);
  const auto dmbs = runFormulation(model, Formulation::DMBS, IntegratorType::Gstiff, 1.0, 0.01, 1e-6, 0.0,
                                   AnalysisKind::Kinematic);
  ASSERT_TRUE(absolute.status.ok()) << absolute.status.message;
  ASSERT_TRUE(dmbs.status.ok()) << dmbs.status.message;
  ASSERT_EQ(dmbs.frames.size(), absolute.frames.size());
  double frictionWork = 0.0;
  for (std::size_t k = 0; k < dmbs.frames.size(); ++k) {
    const ResultFrame &a = dmbs.frames[k], &b = absolute.frames[k];
    SCOPED_TRACE("t=" + std::to_string(a.state.t));
    const double torque = b.motions[0].torque.z();
    EXPECT_NEAR(a.motions[0].torque.z(), torque, 1e-6 * (1.0 + std::abs(torque)));
    for (std::size_t i = 0; i < a.friction.size(); ++i) {
      EXPECT_NEAR(a.friction[i].power, b.friction[i].power, 1e-6 * (1.0 + std::abs(b.friction[i].power)));
      EXPECT_NEAR(a.friction[i].normalForce, b.friction[i].normalForce,
                  1e-6 * (1.0 + b.friction[i].normalForce));
      frictionWork += 0.01 * a.friction[i].power;
    }
  }
  EXPECT_GT(frictionWork, 0.05);
}

TEST(DmbsFriction, TheAutomaticFormulationRunsAFrictionModelInJointCoordinates)
{
  const double phi = std::atan(0.7);
  const Model model = blockOnIncline(phi, kBlockMass, kG, coulomb(kMuS, kMuD, kVs));
  const FrictionRun run = runFormulation(model, Formulation::Auto, IntegratorType::Gstiff, 0.5, 0.1);
  ASSERT_TRUE(run.status.ok()) << run.status.message;
  ASSERT_FALSE(run.status.notes.empty());
  EXPECT_NE(run.status.notes.front().find("formulation (automatic): DMBS"), std::string::npos)
      << run.status.notes.front();
  const double a = kG * (std::sin(phi) - kMuD * std::cos(phi));
  EXPECT_NEAR(run.frames.back().bodies[0].acceleration.dot(slopeFrame(phi).col(2)), a, 1e-6 * a);
}

TEST(DmbsFriction, TheAutomaticFormulationRunsStictionInJointCoordinatesOnTheBdf)
{
  // MAX_STICTION_DEFORMATION > 0: the automatic formulation takes DMBS, and GSTIFF holds the stiff
  // stick branch with the BDF from the start (an explicit first step broke a held block away).
  FrictionParameters p = coulomb(0.7, 0.5, 1e-3);
  p.maxStictionDeformation = 1e-6;
  const double phi = std::numbers::pi / 6.0;
  const Model model = blockOnIncline(phi, 1.0, kG, p);
  const FrictionRun run = runFormulation(model, Formulation::Auto, IntegratorType::Gstiff, 0.5, 0.1);
  ASSERT_TRUE(run.status.ok()) << run.status.message;
  ASSERT_FALSE(run.status.notes.empty());
  EXPECT_NE(run.status.notes.front().find("formulation (automatic): DMBS"), std::string::npos)
      << run.status.notes.front();
  bool bdf = false;
  for (const std::string& note : run.status.notes)
    bdf = bdf || note.find("DMBS integrator: BDF") != std::string::npos;
  EXPECT_TRUE(bdf);
  EXPECT_NE(run.status.notes.front().find("the BDF from the start"), std::string::npos);
  for (const ResultFrame& f : run.frames) {
    EXPECT_LE(std::abs(f.bodies[0].position.dot(slopeFrame(phi).col(2))),
              p.maxStictionDeformation * (1 + 1e-6));
    EXPECT_TRUE(f.friction[0].stick) << "t=" << f.state.t;
  }
}

}  // namespace
}  // namespace mbs::solver
