// Revolute joints with radial clearance (issue 14, solver/src/forces/ClearanceElement.cpp): the
// pin-in-hole contact's exact Jacobian against finite differences, and dynamics against closed
// forms of the Lankarani–Nikravesh law F = K δ^n (1 + 3(1−e²)/4 · δ̇/δ̇⁻):
//   rest:        a journal hanging in its bearing settles at δ = (m g / K)^(1/n);
//   elastic hit: e = 1 rebounds with the approach speed, the deepest penetration from
//                ½ m v² = K δ^(n+1)/(n+1);
//   damped hit:  the rebound speed over the approach speed is ≈ e (the law is derived for e → 1);
//   slider-crank: Flores et al.'s benchmark with a clearance at the piston pin, through two crank
//                 turns: the journal orbit and slider acceleration against the paper's findings;
// and of the seed-003 polynomial-damping law K δ^n + (d₁ δ + d₂ δ²) δ̇: elastic without damping, and
// the restitution of a damped hit against an RK4 integration of the 1-DOF impact ODE.
#include <gtest/gtest.h>

#include <Eigen/Dense>
#include <cmath>
#include <cstdio>

#include "clearance_TestRun.hpp"
#include "dynamics/DynamicAnalysis.hpp"
#include "mbs/solver/Results.hpp"
#include "system_test_models.hpp"

namespace mbs::solver {
namespace {

constexpr double kG = 9.81;

ClearanceParameters clearance(double c, double k, double n, double e)
{
  ClearanceParameters p;
  p.clearance = c;
  p.journalRadius = 0.01;
  p.stiffness = k;
  p.exponent = n;
  p.restitution = e;
  return p;
}

// A journal (body 0, mass m) in a bearing fixed to ground; both axes along ground z.
Model journalInGround(double mass, const ClearanceParameters& p, const Vec3& gravity)
{
  Model m;
  m.gravity = gravity;
  m.bodies.push_back(test::makeBody("journal", mass, {1e-4, 1e-4, 1e-4}, Vec3::Zero()));
  const int pin = test::addMarker(m, "pin", 0, Vec3::Zero());
  const int hole = test::addMarker(m, "hole", kGround, Vec3::Zero());
  const int j = test::addJoint(m, "bearing", JointType::Revolute, pin, hole);
  m.joints[j].clearance = p;
  return m;
}

// The seed-003 law K δ^n + (d₁ δ + d₂ δ²) δ̇ (Joint::clearance with ClearanceLaw::PolynomialDamping).
ClearanceParameters polynomialDamping(double c, double k, double n, double d1, double d2)
{
  ClearanceParameters p = clearance(c, k, n, 1.0);
  p.law = ClearanceLaw::PolynomialDamping;
  p.linearDamping = d1;
  p.quadraticDamping = d2;
  return p;
}

// The jets' Jacobians against central differences, in contact and both friction regimes.
void checkJacobianAgainstDifferences(ClearanceParameters p)
{
  std::mt19937 rng(7);
  Model m;
  m.bodies.push_back(test::makeBody("bearing", 2.0, {0.1, 0.2, 0.3}, Vec3::Zero()));
  m.bodies.push_back(test::makeBody("journal", 1.0, {0.2, 0.1, 0.3}, Vec3::Zero()));
  const Mat3 rj = test::randomRotation(rng);
  const int hole = test::addMarker(m, "hole", 0, Vec3(0.1, -0.2, 0.05), rj);
  const int pin = test::addMarker(m, "pin", 1, Vec3(-0.05, 0.1, 0.02), test::randomRotation(rng));
  const int j = test::addJoint(m, "bearing_joint", JointType::Revolute, pin, hole);
  p.staticCoefficient = 0.3;
  p.dynamicCoefficient = 0.2;
  p.transitionVelocity = 0.05;
  m.joints[j].clearance = p;
  const System sys(m);
  // Random states with the pin 0.5 mm into the wall (the differences' step 1e-6 is then small
  // against δ), velocities scaled so that the sliding speed falls in every branch of μ(w).
  int branches[3] = {0, 0, 0};  // static rise, fall to μ_d, μ_d
  for (int trial = 0; trial < 40; ++trial) {
    Vec q, qd;
    test::randomState(sys, rng, q, qd);
    const Mat3 a0 = Quat(q[3], q[4], q[5], q[6]).toRotationMatrix();
    const Mat3 a1 = Quat(q[10], q[11], q[12], q[13]).toRotationMatrix();
    const Vec3 holeOrigin = q.segment<3>(0) + a0 * m.markers[hole].position;
    const Mat3 holeAxes = a0 * rj;
    const double angle = 0.3 * trial;
    const Vec3 dir = holeAxes * Vec3(std::cos(angle), std::sin(angle), 0.0);
    const Vec3 pinOrigin = holeOrigin + 1.5e-3 * dir + 0.01 * holeAxes.col(2);
    q.segment<3>(7) = pinOrigin - a1 * m.markers[pin].position;
    qd *= std::pow(10.0, -2.0 + 2.0 * (trial % 8) / 7.0);  // 0.01 … 1
    const ClearanceOutput out = sys.clearanceOutput(j, q, qd);
    ASSERT_TRUE(out.contact);
    EXPECT_NEAR(out.penetration, 5e-4, 1e-12);
    if (out.normalForce == 0.0)  // separating fast enough for the damping to cancel the spring
      continue;
    const double mu = out.frictionForce / out.normalForce;
    ++branches[mu >= p.dynamicCoefficient - 1e-12 && mu <= p.dynamicCoefficient + 1e-12 ? 2
               : mu < p.dynamicCoefficient                                              ? 0
                                                                                        : 1];
    SparseMat dq, dqd, fdq, fdqd;
    sys.forceJacobians(0.0, q, qd, dq, dqd);
    sys.Dae::forceJacobians(0.0, q, qd, fdq, fdqd);
    const double scale = 1.0 + Mat(fdq).cwiseAbs().maxCoeff();
    EXPECT_GT(Mat(dq).cwiseAbs().maxCoeff(), 1e5);  // the contact is really in the Jacobian
    // Central differences step h = 1e-6·max(1, |q|) ≤ 4e-6: their truncation error of δ^1.5 is
    // ~(h/δ)² ≈ 6e-5 of the largest entry.
    EXPECT_LT(Mat(dq - fdq).cwiseAbs().maxCoeff(), 1e-4 * scale) << trial;
    EXPECT_LT(Mat(dqd - fdqd).cwiseAbs().maxCoeff(), 1e-5 * (1.0 + Mat(fdqd).cwiseAbs().maxCoeff())) << trial;
  }
  std::printf("friction branches checked: rise %d, fall %d, dynamic %d\n", branches[0], branches[1],
              branches[2]);
  EXPECT_GT(branches[0], 0);
  EXPECT_GT(branches[2], 0);
}

TEST(ClearanceJoint, JacobianMatchesFiniteDifferences)
{
  checkJacobianAgainstDifferences(clearance(1e-3, 1e8, 1.5, 0.9));
}

TEST(ClearanceJoint, PolynomialDampingJacobianMatchesFiniteDifferences)
{
  // d₁ δ δ̇ and d₂ δ² δ̇ each about a fifth of the spring force at 0.5 mm and 0.5 m/s.
  checkJacobianAgainstDifferences(polynomialDamping(1e-3, 1e8, 1.5, 4.5e6, 9e9));
}

TEST(ClearanceJoint, BadSettingsNameTheJoint)
{
  Model m = journalInGround(1.0, clearance(0.0, 1e8, 1.5, 0.9), Vec3::Zero());
  Status s = System::validate(m);
  EXPECT_FALSE(s.ok());
  EXPECT_NE(s.message.find("joint 'bearing': clearance: the radial clearance must be positive"),
            std::string::npos)
      << s.message;
  m.joints[0].clearance = clearance(1e-3, 1e8, 1.5, 1.5);
  s = System::validate(m);
  EXPECT_NE(s.message.find("restitution"), std::string::npos) << s.message;
  m.joints[0].clearance = polynomialDamping(1e-3, 1e8, 1.5, -1.0, 0.0);
  s = System::validate(m);
  EXPECT_NE(
      s.message.find("joint 'bearing': clearance: the damping coefficients d1 and d2 must not be negative"),
      std::string::npos)
      << s.message;
  m.joints[0].clearance = polynomialDamping(1e-3, 1e8, 1.5, 0.0, 0.0);
  m.joints[0].clearance->restitution = 7.0;  // not used by this law
  EXPECT_TRUE(System::validate(m).ok());
  m.joints[0].clearance = clearance(1e-3, 1e8, 1.5, 0.9);
  m.joints[0].type = JointType::Cylindrical;
  s = System::validate(m);
  EXPECT_NE(s.message.find("only a revolute, spherical or translational joint can have a clearance"),
            std::string::npos)
      << s.message;
}

using RunResult = test::ClearanceRun;

void run(const Model& m, double endTime, double outputStep, double hmax, RunResult& r,
         Formulation formulation = Formulation::SI2)
{
  test::runClearance(m, endTime, outputStep, hmax, r, formulation);
}

TEST(ClearanceJoint, JournalRestsAtTheStaticPenetration)
{
  for (const Formulation formulation : {Formulation::SI2, Formulation::DMBS}) {
    SCOPED_TRACE(toString(formulation));
    const double mass = 2.0, c = 5e-4, k = 1e9, n = 1.5;
    RunResult r;
    run(journalInGround(mass, clearance(c, k, n, 0.3), Vec3(0, -kG, 0)), 0.5, 0.01, 1e-3, r, formulation);
    ASSERT_TRUE(r.status.ok()) << r.status.message;
    const ResultFrame last = r.results.frame(r.results.size() - 1);
    ASSERT_EQ(last.clearance.size(), 1u);
    const ClearanceOutput& out = last.clearance[0];
    const double expected = std::pow(mass * kG / k, 1.0 / n);  // 7.28 µm
    std::printf("rest: penetration %.6e m (closed form %.6e), normal force %.6f N (m g %.6f N)\n",
                out.penetration, expected, out.normalForce, mass * kG);
    EXPECT_TRUE(out.contact);
    EXPECT_NEAR(out.penetration, expected, 1e-3 * expected);
    EXPECT_NEAR(out.normalForce, mass * kG, 1e-3 * mass * kG);
    EXPECT_NEAR(out.eccentricityY, -(c + expected), 1e-3 * expected);  // hanging straight down
    EXPECT_NEAR(out.eccentricityX, 0.0, 1e-9);
  }
}

// A journal crossing its clearance at v0 (no gravity) hits the wall once: rebound speed and the
// deepest penetration.
struct Hit {
  double rebound = 0.0, deepest = 0.0;
  bool ok = false;
};

Hit radialHit(const ClearanceParameters& p, double v0, Formulation formulation = Formulation::SI2)
{
  const double mass = 1.0, c = p.clearance;
  Model m = journalInGround(mass, p, Vec3::Zero());
  m.bodies[0].velocity = Vec3(v0, 0.0, 0.0);
  m.bodies[0].velocityExact = {true, true, true};
  RunResult r;
  run(m, 3.0 * c / v0, 1e-5, 1e-5, r, formulation);
  EXPECT_TRUE(r.status.ok()) << r.status.message;
  Hit h;
  h.ok = r.status.ok();
  for (size_t i = 0; i < r.results.size(); ++i)
    h.deepest = std::max(h.deepest, r.results.frame(i).clearance[0].penetration);
  const ResultFrame last = r.results.frame(r.results.size() - 1);
  EXPECT_FALSE(last.clearance[0].contact);
  h.rebound = -last.bodies[0].velocity.x();
  return h;
}

TEST(ClearanceJoint, ElasticImpactKeepsEnergy)
{
  for (const Formulation formulation : {Formulation::SI2, Formulation::DMBS}) {
    SCOPED_TRACE(toString(formulation));
    const double v0 = 0.5, k = 1e9, n = 1.5;
    const Hit h = radialHit(clearance(5e-4, k, n, 1.0), v0, formulation);
    ASSERT_TRUE(h.ok);
    const double deepest = std::pow(0.5 * v0 * v0 * (n + 1.0) / k, 1.0 / (n + 1.0));  // m = 1
    std::printf("elastic: rebound %.6f m/s (approach %.3f), deepest %.6e m (closed form %.6e)\n", h.rebound,
                v0, h.deepest, deepest);
    EXPECT_NEAR(h.rebound, v0, 1e-3 * v0);
    // Frames every 10 µs sample the peak to within a few per mille.
    EXPECT_NEAR(h.deepest, deepest, 5e-3 * deepest);
    EXPECT_LT(h.deepest, deepest * (1.0 + 1e-6));
  }
}

TEST(ClearanceJoint, DampedImpactReboundsWithTheRestitution)
{
  for (const Formulation formulation : {Formulation::SI2, Formulation::DMBS}) {
    SCOPED_TRACE(toString(formulation));
    const double v0 = 0.5;
    for (double e : {0.95, 0.9}) {
      const Hit h = radialHit(clearance(5e-4, 1e9, 1.5, e), v0, formulation);
      ASSERT_TRUE(h.ok);
      std::printf("restitution %.2f: rebound/approach %.4f\n", e, h.rebound / v0);
      // Lankarani–Nikravesh is exact as e → 1; at 0.9 its effective restitution is a little above e.
      EXPECT_NEAR(h.rebound / v0, e, 0.02);
    }
  }
}

// Reference for the polynomial-damping law: the 1-DOF impact m δ̈ = −max(0, K δ^n + (d₁ δ + d₂ δ²) δ̇)
// from δ = 0, δ̇ = v0 until δ is back at 0, by classical RK4 at a fixed step far below the contact
// time (~1 ms); returns the rebound speed (linear interpolation at the crossing, where the force
// has vanished) and the deepest penetration.
struct OdeHit {
  double rebound = 0.0, deepest = 0.0;
};

OdeHit impactOde(double mass, double k, double n, double d1, double d2, double v0, double dt)
{
  auto accel = [&](double x, double v) {
    const double xp = std::max(x, 0.0);
    return -std::max(0.0, k * std::pow(xp, n) + (d1 * xp + d2 * xp * xp) * v) / mass;
  };
  double x = 0.0, v = v0;
  OdeHit hit;
  for (long step = 0; step < 100000000; ++step) {
    const double k1x = v, k1v = accel(x, v);
    const double k2x = v + 0.5 * dt * k1v, k2v = accel(x + 0.5 * dt * k1x, v + 0.5 * dt * k1v);
    const double k3x = v + 0.5 * dt * k2v, k3v = accel(x + 0.5 * dt * k2x, v + 0.5 * dt * k2v);
    const double k4x = v + dt * k3v, k4v = accel(x + dt * k3x, v + dt * k3v);
    const double xn = x + dt / 6.0 * (k1x + 2.0 * k2x + 2.0 * k3x + k4x);
    const double vn = v + dt / 6.0 * (k1v + 2.0 * k2v + 2.0 * k3v + k4v);
    hit.deepest = std::max(hit.deepest, xn);
    if (step > 0 && xn <= 0.0) {
      const double s = x / (x - xn);
      hit.rebound = -(v + s * (vn - v));
      return hit;
    }
    x = xn;
    v = vn;
  }
  ADD_FAILURE() << "the reference impact did not end";
  return hit;
}

// d₁ = d₂ = 0: the nonlinear spring alone gives back the approach speed, and the deepest
// penetration is the energy balance ½ m v² = K δ^(n+1)/(n+1).
TEST(ClearanceJoint, PolynomialLawWithoutDampingIsElastic)
{
  const double v0 = 0.5, k = 1e9, n = 1.5;
  const Hit h = radialHit(polynomialDamping(5e-4, k, n, 0.0, 0.0), v0);
  ASSERT_TRUE(h.ok);
  const double deepest = std::pow(0.5 * v0 * v0 * (n + 1.0) / k, 1.0 / (n + 1.0));  // m = 1
  std::printf("polynomial, d = 0: rebound %.6f m/s (approach %.3f), deepest %.6e m (closed form %.6e)\n",
              h.rebound, v0, h.deepest, deepest);
  EXPECT_NEAR(h.rebound, v0, 1e-3 * v0);
  EXPECT_NEAR(h.deepest, deepest, 5e-3 * deepest);
  EXPECT_LT(h.deepest, deepest * (1.0 + 1e-6));
}

// With damping: the restitution and the deepest penetration of one radial hit against the RK4
// reference of the same 1-DOF impact.
TEST(ClearanceJoint, PolynomialDampingRestitutionMatchesTheImpactOde)
{
  const double v0 = 0.5, k = 1e9, n = 1.5;
  struct Case {
    double d1, d2;
  };
  for (const Case& cs : {Case{1e7, 0.0}, Case{0.0, 1e11}, Case{5e6, 5e10}}) {
    const OdeHit ref = impactOde(1.0, k, n, cs.d1, cs.d2, v0, 1e-8);
    const OdeHit half = impactOde(1.0, k, n, cs.d1, cs.d2, v0, 5e-9);
    EXPECT_NEAR(ref.rebound, half.rebound, 1e-7 * v0);  // the reference is converged
    const Hit h = radialHit(polynomialDamping(5e-4, k, n, cs.d1, cs.d2), v0);
    ASSERT_TRUE(h.ok);
    std::printf(
        "polynomial d1 %.1e d2 %.1e: restitution %.5f (RK4 reference %.5f), deepest %.5e m (reference "
        "%.5e)\n",
        cs.d1, cs.d2, h.rebound / v0, ref.rebound / v0, h.deepest, ref.deepest);
    EXPECT_LT(ref.rebound, 0.95 * v0);  // the damping matters
    // Measured: the same restitution to 5 digits; the deepest frame (every 10 µs) within 1e-4.
    EXPECT_NEAR(h.rebound, ref.rebound, 2e-4 * v0);
    EXPECT_NEAR(h.deepest, ref.deepest, 1e-3 * ref.deepest);
  }
}

// Slider-crank with a clearance in the piston pin (rod–slider), the planar benchmark of Flores,
// Ambrósio, Claro & Lankarani (crank 0.05 m, rod 0.12 m; masses 0.30/0.21/0.14 kg; moments of
// inertia 1e-4/2.5e-4/1e-4 kg m²; journal radius 10 mm, clearance 0.5 mm; e = 0.9; steel–steel
// Hertz stiffness K = 4/(3(σ_i+σ_j)) √(R_i R_j/(R_i−R_j)), E = 207 GPa, ν = 0.3, n = 1.5;
// crank at 5000 rpm; friction μ = 0.01), gravity along −y; started at top dead centre with the
// ideal mechanism's velocities (the clearance gives the pin a free radial velocity, which would
// otherwise start far from the mechanism's). `withClearance` false: the same mechanism with an
// ideal wrist pin, the paper's reference curve.
Model floresSliderCrank(bool withClearance, double omega, double& stiffness)
{
  const double r = 0.05, l = 0.12;
  Model m = test::sliderCrank(r, l, 0.0, omega, false);
  m.gravity = Vec3(0, -kG, 0);
  const std::array<double, 3> mass{0.30, 0.21, 0.14}, izz{1e-4, 2.5e-4, 1e-4};
  for (int b = 0; b < 3; ++b) {
    m.bodies[b].mass = mass[b];
    m.bodies[b].inertia = Vec3(izz[b], izz[b], izz[b]).asDiagonal();
  }
  const double vA = omega * r;
  m.bodies[0].angularVelocity = Vec3(0, 0, omega);
  m.bodies[0].velocity = Vec3(0, 0.5 * vA, 0);
  m.bodies[1].angularVelocity = Vec3(0, 0, -vA / l);
  m.bodies[1].velocity = Vec3(0, 0.5 * vA, 0);
  for (int b = 1; b < 3; ++b) {
    m.bodies[b].velocityExact = {true, true, true};
    m.bodies[b].angularVelocityExact = {true, true, true};
  }
  const double ri = 0.0105, rj = 0.01, sigma = (1.0 - 0.3 * 0.3) / 207e9;
  stiffness = 4.0 / (3.0 * 2.0 * sigma) * std::sqrt(ri * rj / (ri - rj));
  ClearanceParameters p = clearance(5e-4, stiffness, 1.5, 0.9);
  p.staticCoefficient = p.dynamicCoefficient = 0.01;
  p.transitionVelocity = 1e-4;
  for (Joint& j : m.joints)
    if (j.name == "wrist_pin" && withClearance)
      j.clearance = p;
  return m;
}

// The paper's findings, checked qualitatively: the journal keeps to the bearing wall most of the
// time (continuous contact, broken by free flights and impacts where the rod's load reverses), on
// both sides of the bearing (rod in compression, then in tension); the slider's acceleration
// follows the ideal mechanism's curve with high spikes at the impacts.
TEST(ClearanceJoint, SliderCrankBenchmarkFollowsFloresQualitatively)
{
  const double omega = 5000.0 * 2.0 * std::numbers::pi / 60.0, period = 2.0 * std::numbers::pi / omega;
  const double c = 5e-4, r = 0.05, l = 0.12;
  double k = 0.0;
  RunResult clearanceRun, idealRun;
  run(floresSliderCrank(true, omega, k), 2.0 * period, period / 400.0, period / 400.0, clearanceRun);
  ASSERT_TRUE(clearanceRun.status.ok()) << clearanceRun.status.message;
  run(floresSliderCrank(false, omega, k), 2.0 * period, period / 400.0, period / 400.0, idealRun);
  ASSERT_TRUE(idealRun.status.ok()) << idealRun.status.message;
  ASSERT_EQ(clearanceRun.results.size(), idealRun.results.size());

  double deepest = 0.0, peakForce = 0.0;
  int onsets = 0, inContact = 0, compressionSide = 0, tensionSide = 0;
  bool before = false;
  const std::size_t frames = clearanceRun.results.size();
  std::vector<double> withClearance(frames), ideal(frames);
  for (std::size_t i = 0; i < frames; ++i) {
    const ResultFrame f = clearanceRun.results.frame(i);
    const ClearanceOutput& o = f.clearance[0];
    deepest = std::max(deepest, o.penetration);
    peakForce = std::max(peakForce, o.normalForce);
    onsets += o.contact && !before;
    inContact += o.contact;
    before = o.contact;
    // Eccentricity of the rod's pin (I) from the slider's bearing (J), in the bearing's frame.
    compressionSide += o.contact && o.eccentricityX < -0.9 * c;
    tensionSide += o.contact && o.eccentricityX > 0.9 * c;
    EXPECT_LT(std::hypot(o.eccentricityX, o.eccentricityY), c + 1e-4);
    withClearance[i] = f.bodies[2].acceleration.x();
    ideal[i] = idealRun.results.frame(i).bodies[2].acceleration.x();
  }
  // The slider acceleration averaged over a twentieth of a turn (20 frames) against the ideal one.
  double idealPeak = 0.0, clearancePeak = 0.0, idealSquares = 0.0, differenceSquares = 0.0;
  const int half = 10;
  for (std::size_t i = half; i + half < frames; ++i) {
    double mean = 0.0;
    for (std::size_t j = i - half; j <= i + half; ++j)
      mean += withClearance[j] / (2 * half + 1);
    double idealMean = 0.0;
    for (std::size_t j = i - half; j <= i + half; ++j)
      idealMean += ideal[j] / (2 * half + 1);
    differenceSquares += (mean - idealMean) * (mean - idealMean);
    idealSquares += idealMean * idealMean;
  }
  for (std::size_t i = 0; i < frames; ++i) {
    idealPeak = std::max(idealPeak, std::abs(ideal[i]));
    clearancePeak = std::max(clearancePeak, std::abs(withClearance[i]));
  }
  const double smoothedDeviation = std::sqrt(differenceSquares / idealSquares);
  std::printf(
      "Flores slider-crank: K = %.4e N/m^1.5; %d contact onsets, in contact %.0f %% of the frames "
      "(%d on the compression side, %d on the tension side); deepest %.3e m, peak normal force %.1f N; "
      "slider acceleration peak %.0f m/s^2 (ideal %.0f), smoothed deviation from the ideal %.3f\n",
      k, onsets, 100.0 * inContact / frames, compressionSide, tensionSide, deepest, peakForce, clearancePeak,
      idealPeak, smoothedDeviation);
  EXPECT_GT(onsets, 1);
  EXPECT_GT(inContact, static_cast<int>(frames / 2));  // continuous contact most of the time
  EXPECT_GT(compressionSide, static_cast<int>(frames / 20));
  EXPECT_GT(tensionSide, static_cast<int>(frames / 20));
  EXPECT_GT(deepest, 0.0);
  EXPECT_LT(deepest, 0.2 * c);                // the pin stays in its bearing; impacts are tens of µm deep
  EXPECT_GT(clearancePeak, 1.5 * idealPeak);  // the impacts' spikes
  EXPECT_LT(smoothedDeviation, 0.3);          // ... on top of the ideal curve
  // The slider follows the crank: after two turns it is back near x = r + l.
  const ResultFrame last = clearanceRun.results.frame(frames - 1);
  EXPECT_NEAR(last.bodies[2].position.x(), r + l, 1e-3);
}

}  // namespace
}  // namespace mbs::solver
