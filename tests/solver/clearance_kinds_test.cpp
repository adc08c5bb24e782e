// Spherical and translational joints with clearance (issue 14, solver/src/forces/ClearanceKinds.hpp,
// ClearanceContact.hpp): the contacts' exact Jacobians against finite differences, the onset step
// limit, and dynamics against closed forms:
//   ball in socket:   rests at δ = (m g / K)^(1/n) along the gravity, in any direction in space;
//                     an elastic ball dropped from the socket's centre comes back to its height;
//                     a damped hit rebounds as the 1-DOF impact ODE of the law says (and ≈ e);
//   IMPACT law:       K δ^n + STEP(δ, 0, 0, d, c_max) δ̇ — its Jacobian, and a ball's rebound against
//                     the impact ODE of the same law (elastic with c_max = 0);
//   slider in guide:  a side load off the slider's centre rests on both ends with the penetrations
//                     of the moment balance, δ± = (F±/K)^(1/n), F± = m g (1/2 ± a/L);
//                     a slider hitting the wall side-on (both ends) rebounds as the ODE with 2K.
#include <gtest/gtest.h>

#include <Eigen/Dense>
#include <cmath>
#include <cstdio>
#include <functional>

#include "clearance_TestRun.hpp"
#include "dynamics/DynamicAnalysis.hpp"
#include "mbs/solver/Analysis.hpp"
#include "mbs/solver/Results.hpp"
#include "system_test_models.hpp"

namespace mbs::solver {
namespace {

constexpr double kG = 9.81;

ClearanceParameters contactLaw(double c, double k, double n, double e)
{
  ClearanceParameters p;
  p.clearance = c;
  p.stiffness = k;
  p.exponent = n;
  p.restitution = e;
  return p;
}

ClearanceParameters ballInSocket(double c, double k, double n, double e)
{
  ClearanceParameters p = contactLaw(c, k, n, e);
  p.journalRadius = 0.02;  // the ball's radius
  return p;
}

ClearanceParameters sliderInGuide(double c, double length, double k, double n, double e)
{
  ClearanceParameters p = contactLaw(c, k, n, e);
  p.sliderLength = length;
  return p;
}

// A ball (body 0) in a socket fixed to ground at the origin.
Model ballModel(double mass, const ClearanceParameters& p, const Vec3& gravity)
{
  Model m;
  m.gravity = gravity;
  m.bodies.push_back(test::makeBody("ball", mass, {1e-4, 1e-4, 1e-4}, Vec3::Zero()));
  const int ball = test::addMarker(m, "ball_centre", 0, Vec3::Zero());
  const int socket = test::addMarker(m, "socket", kGround, Vec3::Zero());
  const int j = test::addJoint(m, "socket_joint", JointType::Spherical, ball, socket);
  m.joints[j].clearance = p;
  return m;
}

// A slider (body 0, length L along z) in a guide along ground z; clearance direction ground x.
// The slider's CM sits `offset` along its axis from its centre (the I marker).
Model sliderModel(double mass, const ClearanceParameters& p, double offset, const Vec3& gravity)
{
  Model m;
  m.gravity = gravity;
  const double length = std::max(p.sliderLength, 0.1), izz = mass * length * length / 12.0;
  m.bodies.push_back(test::makeBody("slider", mass, {izz, izz, 1e-3 * izz}, Vec3(0, 0, offset)));
  const int slider = test::addMarker(m, "slider_centre", 0, Vec3(0, 0, -offset));
  const int guide = test::addMarker(m, "guide", kGround, Vec3::Zero());
  const int j = test::addJoint(m, "guide_joint", JointType::Translational, slider, guide);
  m.joints[j].clearance = p;
  return m;
}

void withFriction(ClearanceParameters& p)
{
  p.staticCoefficient = 0.3;
  p.dynamicCoefficient = 0.2;
  p.transitionVelocity = 0.05;
}

// Puts body 1 (the I side) at world orientation `axes` · (its marker's orientation)ᵀ and its marker
// origin at `origin`; ṗ is projected so that pᵀṗ = 0.
void placeBody(const Model& m, int marker, const Mat3& axes, const Vec3& origin, Vec& q, Vec& qd)
{
  const Mat3 a = axes * m.markers[marker].orientation.transpose();
  const Quat quat(a);
  const Vec4 p(quat.w(), quat.x(), quat.y(), quat.z());
  q.segment<4>(10) = p;
  Vec4 pd = qd.segment<4>(10);
  qd.segment<4>(10) = pd - p * p.dot(pd);
  q.segment<3>(7) = origin - a * m.markers[marker].position;
}

// The jets' Jacobian against central differences at `trials` states made by `place`, which puts
// the I side in contact (in the model `m`, bodies 0 = J side, 1 = I side, joint 0).
struct Branches {
  int rise = 0, fall = 0, dynamic = 0;
};

Branches checkJacobian(const Model& m, const std::function<void(int, Vec&, Vec&)>& place, int trials)
{
  std::mt19937 rng(11);
  const System sys(m);
  const ClearanceParameters& p = *m.joints[0].clearance;
  Branches b;
  for (int trial = 0; trial < trials; ++trial) {
    Vec q, qd;
    test::randomState(sys, rng, q, qd);
    place(trial, q, qd);
    qd *= std::pow(10.0, -2.0 + 2.0 * (trial % 8) / 7.0);  // sliding speeds in every branch of μ(w)
    const ClearanceOutput out = sys.clearanceOutput(0, q, qd);
    EXPECT_TRUE(out.contact) << trial;
    if (out.normalForce == 0.0)
      continue;
    const double mu = out.frictionForce / out.normalForce;
    if (std::abs(mu - p.dynamicCoefficient) < 1e-12)
      ++b.dynamic;
    else if (mu < p.dynamicCoefficient)
      ++b.rise;
    else
      ++b.fall;
    SparseMat dq, dqd, fdq, fdqd;
    sys.forceJacobians(0.0, q, qd, dq, dqd);
    sys.Dae::forceJacobians(0.0, q, qd, fdq, fdqd);
    const double scale = 1.0 + Mat(fdq).cwiseAbs().maxCoeff();
    EXPECT_GT(Mat(dq).cwiseAbs().maxCoeff(), 1e5) << trial;  // the contact is in the Jacobian
    // Central differences (h ≈ 1e-6) of δ^1.5 at δ ≥ 0.3 mm: truncation ~(h/δ)² of the largest entry.
    EXPECT_LT(Mat(dq - fdq).cwiseAbs().maxCoeff(), 1e-4 * scale) << trial;
    EXPECT_LT(Mat(dqd - fdqd).cwiseAbs().maxCoeff(), 1e-5 * (1.0 + Mat(fdqd).cwiseAbs().maxCoeff())) << trial;
  }
  std::printf("friction branches checked: rise %d, fall %d, dynamic %d\n", b.rise, b.fall, b.dynamic);
  return b;
}

TEST(ClearanceKinds, SphericalJacobianMatchesFiniteDifferences)
{
  std::mt19937 rng(5);
  Model m;
  m.bodies.push_back(test::makeBody("socket", 2.0, {0.1, 0.2, 0.3}, Vec3::Zero()));
  m.bodies.push_back(test::makeBody("ball", 1.0, {0.2, 0.1, 0.3}, Vec3::Zero()));
  const Mat3 rj = test::randomRotation(rng);
  const int socket = test::addMarker(m, "socket", 0, Vec3(0.1, -0.2, 0.05), rj);
  const int ball = test::addMarker(m, "ball", 1, Vec3(-0.05, 0.1, 0.02), test::randomRotation(rng));
  test::addJoint(m, "socket_joint", JointType::Spherical, ball, socket);
  ClearanceParameters p = ballInSocket(1e-3, 1e8, 1.5, 0.9);
  withFriction(p);
  m.joints[0].clearance = p;
  const Branches b = checkJacobian(
      m,
      [&](int trial, Vec& q, Vec& qd) {
        const Mat3 a0 = Quat(q[3], q[4], q[5], q[6]).toRotationMatrix();
        const Vec3 centre = q.segment<3>(0) + a0 * m.markers[socket].position;
        Vec3 dir = test::randomVec(rng).normalized();  // anywhere in space, not only a plane
        const Mat3 a1 = Quat(q[10], q[11], q[12], q[13]).toRotationMatrix();
        placeBody(m, ball, a1 * m.markers[ball].orientation, centre + 1.5e-3 * dir, q, qd);
        (void)trial;
      },
      40);
  EXPECT_GT(b.rise, 0);
  EXPECT_GT(b.dynamic, 0);
}

ClearanceParameters impactLaw(ClearanceParameters p, double cmax, double depth)
{
  p.law = ClearanceLaw::Impact;
  p.maxDamping = cmax;
  p.penetrationDepth = depth;
  return p;
}

// The IMPACT law's damping step over the penetration depth: states 0.5 mm deep with d = 1 mm (on
// the cubic ramp) and d = 0.2 mm (past it).
TEST(ClearanceKinds, ImpactLawJacobianMatchesFiniteDifferences)
{
  for (double depth : {1e-3, 2e-4}) {
    std::mt19937 rng(3);
    Model m;
    m.bodies.push_back(test::makeBody("socket", 2.0, {0.1, 0.2, 0.3}, Vec3::Zero()));
    m.bodies.push_back(test::makeBody("ball", 1.0, {0.2, 0.1, 0.3}, Vec3::Zero()));
    const Mat3 rj = test::randomRotation(rng);
    const int socket = test::addMarker(m, "socket", 0, Vec3(0.1, -0.2, 0.05), rj);
    const int ball = test::addMarker(m, "ball", 1, Vec3(-0.05, 0.1, 0.02), test::randomRotation(rng));
    test::addJoint(m, "socket_joint", JointType::Spherical, ball, socket);
    ClearanceParameters p = impactLaw(ballInSocket(1e-3, 1e8, 1.5, 0.9), 2e4, depth);
    withFriction(p);
    m.joints[0].clearance = p;
    const Branches b = checkJacobian(
        m,
        [&](int, Vec& q, Vec& qd) {
          const Mat3 a0 = Quat(q[3], q[4], q[5], q[6]).toRotationMatrix();
          const Vec3 centre = q.segment<3>(0) + a0 * m.markers[socket].position;
          const Mat3 a1 = Quat(q[10], q[11], q[12], q[13]).toRotationMatrix();
          placeBody(m, ball, a1 * m.markers[ball].orientation,
                    centre + 1.5e-3 * test::randomVec(rng).normalized(), q, qd);
        },
        40);
    EXPECT_GE(b.rise + b.fall + b.dynamic, 25);  // the rest separate fast enough to carry no load
    EXPECT_GT(b.rise, 0);
    EXPECT_GT(b.dynamic, 0);
  }
}

TEST(ClearanceKinds, TranslationalJacobianMatchesFiniteDifferences)
{
  std::mt19937 rng(9);
  Model m;
  m.bodies.push_back(test::makeBody("guide", 2.0, {0.1, 0.2, 0.3}, Vec3::Zero()));
  m.bodies.push_back(test::makeBody("slider", 1.0, {0.2, 0.1, 0.3}, Vec3::Zero()));
  const Mat3 rj = test::randomRotation(rng);
  const int guide = test::addMarker(m, "guide", 0, Vec3(0.1, -0.2, 0.05), rj);
  const int slider = test::addMarker(m, "slider", 1, Vec3(-0.05, 0.1, 0.02), test::randomRotation(rng));
  test::addJoint(m, "guide_joint", JointType::Translational, slider, guide);
  const double c = 1e-3, length = 0.1;
  ClearanceParameters p = sliderInGuide(c, length, 1e8, 1.5, 0.9);
  withFriction(p);
  m.joints[0].clearance = p;
  const Branches b = checkJacobian(
      m,
      [&](int trial, Vec& q, Vec& qd) {
        // End +L/2 0.5 mm into the +x wall and, on every other trial, end −L/2 0.3 mm into the −x
        // wall (else free): centre offset ex and end offset h = (L/2) sin θ with ex ± h at the walls.
        const bool both = trial % 2 == 0;
        const double ex = both ? 1e-4 : 0.5 * (c + 5e-4), h = c + 5e-4 - ex;
        const double theta = std::asin(h / (0.5 * length));
        const Mat3 a0 = Quat(q[3], q[4], q[5], q[6]).toRotationMatrix();
        const Mat3 guideAxes = a0 * rj;
        // A small twist out of the plane as well (the contact sees it; the constraint removes it).
        const Mat3 tilt = (Eigen::AngleAxisd(0.01, Vec3::UnitX()) * Eigen::AngleAxisd(theta, Vec3::UnitY()) *
                           Eigen::AngleAxisd(0.02, Vec3::UnitZ()))
                              .toRotationMatrix();
        const Vec3 origin =
            q.segment<3>(0) + a0 * m.markers[guide].position + guideAxes * Vec3(ex, 0.0, 0.03);
        placeBody(m, slider, guideAxes * tilt, origin, q, qd);
      },
      40);
  EXPECT_GT(b.rise, 0);
  EXPECT_GT(b.dynamic, 0);
}

using RunResult = test::ClearanceRun;

void run(const Model& m, double endTime, double outputStep, double hmax, RunResult& r,
         Formulation formulation = Formulation::SI2)
{
  test::runClearance(m, endTime, outputStep, hmax, r, formulation);
}

TEST(ClearanceKinds, BallRestsAtTheStaticPenetrationAlongTheGravity)
{
  for (const Formulation formulation : {Formulation::SI2, Formulation::DMBS}) {
    SCOPED_TRACE(toString(formulation));
    const double mass = 2.0, c = 5e-4, k = 1e9, n = 1.5;
    const Vec3 down = Vec3(-0.3, -0.9, 0.3).normalized();  // not in any coordinate plane
    RunResult r;
    run(ballModel(mass, ballInSocket(c, k, n, 0.3), kG * down), 0.5, 0.01, 1e-3, r, formulation);
    ASSERT_TRUE(r.status.ok()) << r.status.message;
    const ResultFrame last = r.results.frame(r.results.size() - 1);
    const ClearanceOutput& out = last.clearance.at(0);
    const double expected = std::pow(mass * kG / k, 1.0 / n);  // 7.27 µm
    const Vec3 e(out.eccentricityX, out.eccentricityY, out.eccentricityZ);
    std::printf("ball at rest: penetration %.6e m (closed form %.6e), normal force %.6f N (m g %.6f N)\n",
                out.penetration, expected, out.normalForce, mass * kG);
    EXPECT_TRUE(out.contact);
    EXPECT_NEAR(out.penetration, expected, 1e-3 * expected);
    EXPECT_NEAR(out.normalForce, mass * kG, 1e-3 * mass * kG);
    EXPECT_LT((e - (c + expected) * down).norm(), 1e-3 * expected);  // straight down the gravity
    EXPECT_NEAR(out.force.dot(down), -mass * kG, 1e-3 * mass * kG);  // the socket holds the ball up
  }
}

TEST(ClearanceKinds, ElasticBallDroppedInTheSocketComesBackToItsHeight)
{
  const double c = 5e-4, k = 1e9, n = 1.5;
  RunResult r;
  // Released at rest from the socket's centre; it falls c (10 ms), bounces and climbs back.
  run(ballModel(1.0, ballInSocket(c, k, n, 1.0), Vec3(0, -kG, 0)), 0.03, 1e-5, 1e-5, r);
  ASSERT_TRUE(r.status.ok()) << r.status.message;
  double highestAfter = -1.0, deepest = 0.0;
  bool hit = false;
  for (size_t i = 0; i < r.results.size(); ++i) {
    const ResultFrame f = r.results.frame(i);
    const ClearanceOutput& o = f.clearance[0];
    deepest = std::max(deepest, o.penetration);
    if (o.contact)
      hit = true;
    else if (hit && f.state.t < 0.025)
      highestAfter = std::max(highestAfter, o.eccentricityY);
  }
  ASSERT_TRUE(hit);
  // Deepest penetration from the energy balance m g (c + δ) = K δ^(n+1)/(n+1) (m = 1), by bisection.
  double lo = 0.0, hi = 1e-3;
  for (int i = 0; i < 200; ++i) {
    const double mid = 0.5 * (lo + hi);
    (k * std::pow(mid, n + 1.0) / (n + 1.0) > kG * (c + mid) ? hi : lo) = mid;
  }
  const double deepestClosed = lo;
  std::printf(
      "elastic ball: back to height %.3e m (start 0, clearance %.1e), deepest %.6e m (closed form "
      "%.6e)\n",
      highestAfter, c, deepest, deepestClosed);
  EXPECT_NEAR(highestAfter, 0.0, 1e-3 * c);
  EXPECT_NEAR(deepest, deepestClosed, 5e-3 * deepestClosed);  // frames every 10 µs sample the peak
  EXPECT_LT(deepest, deepestClosed * (1.0 + 1e-6));
}

// The 1-DOF impact m δ̈ = −max(0, F(δ, δ̇)) from δ = 0 at v0 until δ is back at 0 (classical RK4,
// fixed step far below the contact time); returns the rebound speed.
double impactOdeRebound(const std::function<double(double, double)>& force, double mass, double v0, double dt)
{
  auto accel = [&](double x, double v) { return x > 0.0 ? -std::max(0.0, force(x, v)) / mass : 0.0; };
  double x = 0.0, v = v0;
  for (long step = 0; step < 100000000; ++step) {
    const double k1x = v, k1v = accel(x, v);
    const double k2x = v + 0.5 * dt * k1v, k2v = accel(x + 0.5 * dt * k1x, v + 0.5 * dt * k1v);
    const double k3x = v + 0.5 * dt * k2v, k3v = accel(x + 0.5 * dt * k2x, v + 0.5 * dt * k2v);
    const double k4x = v + dt * k3v, k4v = accel(x + dt * k3x, v + dt * k3v);
    const double xn = x + dt / 6.0 * (k1x + 2.0 * k2x + 2.0 * k3x + k4x);
    const double vn = v + dt / 6.0 * (k1v + 2.0 * k2v + 2.0 * k3v + k4v);
    if (step > 0 && xn <= 0.0)
      return -(v + x / (x - xn) * (vn - v));
    x = xn;
    v = vn;
  }
  ADD_FAILURE() << "the reference impact did not end";
  return 0.0;
}

// Lankarani–Nikravesh, F = K δ^n (1 + 3(1−e²)/4 · δ̇/v0), times `contacts` equal contacts.
std::function<double(double, double)> lankaraniNikravesh(double k, double n, double e, double v0,
                                                         int contacts)
{
  return [=](double x, double v) {
    return contacts * k * std::pow(x, n) * (1.0 + 0.75 * (1.0 - e * e) * v / v0);
  };
}

TEST(ClearanceKinds, DampedBallHitReboundsWithTheRestitution)
{
  for (const Formulation formulation : {Formulation::SI2, Formulation::DMBS}) {
    SCOPED_TRACE(toString(formulation));
    const double v0 = 0.5, k = 1e9, n = 1.5;
    const Vec3 dir = Vec3(0.48, -0.6, 0.64).normalized();  // a hit in space
    for (double e : {0.95, 0.9}) {
      Model m = ballModel(1.0, ballInSocket(5e-4, k, n, e), Vec3::Zero());
      m.bodies[0].velocity = v0 * dir;
      m.bodies[0].velocityExact = {true, true, true};
      RunResult r;
      run(m, 3.0 * 5e-4 / v0, 1e-5, 1e-5, r, formulation);
      ASSERT_TRUE(r.status.ok()) << r.status.message;
      const ResultFrame last = r.results.frame(r.results.size() - 1);
      EXPECT_FALSE(last.clearance[0].contact);
      const double rebound = -last.bodies[0].velocity.dot(dir);
      const double ode = impactOdeRebound(lankaraniNikravesh(k, n, e, v0, 1), 1.0, v0, 1e-8);
      std::printf("ball, restitution %.2f: rebound/approach %.5f (impact ODE %.5f)\n", e, rebound / v0,
                  ode / v0);
      EXPECT_NEAR(rebound, ode, 2e-4 * v0);
      EXPECT_NEAR(rebound / v0, e, 0.02);  // the law's known bias as e falls, as for the revolute
      EXPECT_LT((last.bodies[0].velocity + rebound * dir).norm(), 1e-6);  // straight back
    }
  }
}

// Adams IMPACT: F = K δ^n + STEP(δ, 0, 0, d, c_max) δ̇, clamped at zero.
std::function<double(double, double)> impactForce(double k, double n, double cmax, double depth)
{
  return [=](double x, double v) {
    const double s = std::min(x / depth, 1.0);
    return k * std::pow(x, n) + cmax * s * s * (3.0 - 2.0 * s) * v;
  };
}

TEST(ClearanceKinds, BallHitWithTheImpactLawReboundsAsItsOde)
{
  const double v0 = 0.5, k = 1e9, n = 1.5, depth = 1e-4;
  const Vec3 dir = Vec3(0.48, -0.6, 0.64).normalized();
  for (double cmax : {0.0, 2e3, 1e4}) {
    Model m = ballModel(1.0, impactLaw(ballInSocket(5e-4, k, n, 1.0), cmax, depth), Vec3::Zero());
    m.bodies[0].velocity = v0 * dir;
    m.bodies[0].velocityExact = {true, true, true};
    RunResult r;
    run(m, 3.0 * 5e-4 / v0, 1e-5, 1e-5, r);
    ASSERT_TRUE(r.status.ok()) << r.status.message;
    const ResultFrame last = r.results.frame(r.results.size() - 1);
    EXPECT_FALSE(last.clearance[0].contact);
    const double rebound = -last.bodies[0].velocity.dot(dir);
    const double ode = impactOdeRebound(impactForce(k, n, cmax, depth), 1.0, v0, 1e-8);
    std::printf("ball, IMPACT c_max %.0e N s/m, d %.0e m: rebound/approach %.5f (impact ODE %.5f)\n", cmax,
                depth, rebound / v0, ode / v0);
    EXPECT_NEAR(rebound, ode, 2e-4 * v0);
    if (cmax == 0.0)
      EXPECT_NEAR(rebound, v0, 1e-4 * v0);  // no damping: elastic
    else
      EXPECT_LT(rebound, 0.98 * v0);  // the damping matters
  }
}

TEST(ClearanceKinds, SliderUnderASideLoadRestsOnBothEndsByMomentBalance)
{
  for (const Formulation formulation : {Formulation::SI2, Formulation::DMBS}) {
    SCOPED_TRACE(toString(formulation));
    const double mass = 2.0, c = 5e-4, length = 0.1, offset = 0.02, k = 1e9, n = 1.5;
    RunResult r;
    run(sliderModel(mass, sliderInGuide(c, length, k, n, 0.3), offset, Vec3(-kG, 0, 0)), 0.5, 0.01, 1e-3, r,
        formulation);
    ASSERT_TRUE(r.status.ok()) << r.status.message;
    const ResultFrame last = r.results.frame(r.results.size() - 1);
    const ClearanceOutput& out = last.clearance.at(0);
    // Ends at ±L/2 from the centre, the load m g at the CM `offset` towards +L/2.
    const double front = mass * kG * (0.5 + offset / length), back = mass * kG * (0.5 - offset / length);
    const double dFront = std::pow(front / k, 1.0 / n), dBack = std::pow(back / k, 1.0 / n);
    // The ends lie at e_x ± e_y across the guide, on the −x wall at −(c + δ±).
    const double simFront = -(out.eccentricityX + out.eccentricityY) - c;
    const double simBack = -(out.eccentricityX - out.eccentricityY) - c;
    std::printf(
        "slider at rest: penetration front %.6e back %.6e m (moment balance %.6e, %.6e); normal force "
        "%.6f N (m g %.6f)\n",
        simFront, simBack, dFront, dBack, out.normalForce, mass * kG);
    EXPECT_TRUE(out.contact);
    EXPECT_NEAR(simFront, dFront, 1e-3 * dFront);
    EXPECT_NEAR(simBack, dBack, 1e-3 * dBack);
    EXPECT_NEAR(out.penetration, dFront, 1e-3 * dFront);
    EXPECT_NEAR(out.normalForce, mass * kG, 1e-3 * mass * kG);
    EXPECT_NEAR(out.eccentricityZ, 0.0, 0.0);
    // The planar constraint holds it in the guide's xz plane.
    EXPECT_NEAR(last.bodies[0].position.y(), 0.0, 1e-9);
  }
}

TEST(ClearanceKinds, SliderHittingTheWallSideOnReboundsAsTheImpactOde)
{
  for (const Formulation formulation : {Formulation::SI2, Formulation::DMBS}) {
    SCOPED_TRACE(toString(formulation));
    const double v0 = 0.5, k = 1e9, n = 1.5, c = 5e-4;
    for (double e : {1.0, 0.9}) {
      Model m = sliderModel(1.0, sliderInGuide(c, 0.1, k, n, e), 0.0, Vec3::Zero());
      m.bodies[0].velocity = Vec3(v0, 0, 0);
      m.bodies[0].velocityExact = {true, true, true};
      RunResult r;
      run(m, 3.0 * c / v0, 1e-5, 1e-5, r, formulation);
      ASSERT_TRUE(r.status.ok()) << r.status.message;
      const ResultFrame last = r.results.frame(r.results.size() - 1);
      EXPECT_FALSE(last.clearance[0].contact);
      const double rebound = -last.bodies[0].velocity.x();
      const double ode = impactOdeRebound(lankaraniNikravesh(k, n, e, v0, 2), 1.0, v0, 1e-8);
      std::printf(
          "slider side-on, restitution %.2f: rebound/approach %.5f (impact ODE with both ends %.5f)\n", e,
          rebound / v0, ode / v0);
      EXPECT_NEAR(rebound, ode, 2e-4 * v0);
      EXPECT_NEAR(last.bodies[0].angularVelocity.norm(), 0.0, 1e-6);  // both ends alike: no spin
    }
  }
}

// The onset step control: a free contact slot approaching at rate v with gap g limits the step to
// (0.01 c + g)/v, so that the step enters the wall at most 1 % of the clearance deep.
TEST(ClearanceKinds, StepLimitOntoContactOnset)
{
  const double c = 5e-4;
  {
    const System sys(ballModel(1.0, ballInSocket(c, 1e9, 1.5, 0.9), Vec3::Zero()));
    Vec q = Vec::Zero(7), qd = Vec::Zero(7);
    q[3] = 1.0;
    const Vec3 dir = Vec3(1, 2, 2) / 3.0;
    q.head<3>() = 2e-4 * dir;  // gap 3e-4
    qd.head<3>() = 0.2 * dir;
    EXPECT_NEAR(sys.contactStepLimit(0.0, q, qd), (0.01 * c + 3e-4) / 0.2, 1e-12);
    qd.head<3>() = -0.2 * dir;  // leaving
    EXPECT_TRUE(std::isinf(sys.contactStepLimit(0.0, q, qd)));
  }
  {
    const double length = 0.1;
    const System sys(sliderModel(1.0, sliderInGuide(c, length, 1e9, 1.5, 0.9), 0.0, Vec3::Zero()));
    Vec q = Vec::Zero(7), qd = Vec::Zero(7);
    // Turning about y at ω: the front end (z = +L/2) moves along +x at ω L/2, from 1e-4 off centre.
    const double omega = 2.0;
    const Quat turn(Eigen::AngleAxisd(2e-3, Vec3::UnitY()));  // front end at x = (L/2) sin 2e-3
    q.segment<4>(3) = Vec4(turn.w(), turn.x(), turn.y(), turn.z());
    q[0] = 1e-4;
    const double frontX = 1e-4 + 0.5 * length * std::sin(2e-3);
    // ṗ = ½ (0, ω) ⊗ p for the world angular velocity ω = (0, ω, 0).
    const Quat pdot = Quat(0.0, 0.0, 0.5 * omega, 0.0) * turn;
    qd.segment<4>(3) = Vec4(pdot.w(), pdot.x(), pdot.y(), pdot.z());
    const double rate = omega * 0.5 * length * std::cos(2e-3);
    EXPECT_NEAR(sys.contactStepLimit(0.0, q, qd), (0.01 * c + (c - frontX)) / rate, 1e-9);
  }
}

TEST(ClearanceKinds, BadSettingsNameTheJoint)
{
  Model m = sliderModel(1.0, sliderInGuide(5e-4, 0.0, 1e9, 1.5, 0.9), 0.0, Vec3::Zero());
  Status s = System::validate(m);
  EXPECT_NE(
      s.message.find("joint 'guide_joint': clearance: a translational clearance needs a positive slider "
                     "length"),
      std::string::npos)
      << s.message;
  m = ballModel(1.0, ballInSocket(5e-4, 1e9, 1.5, 0.9), Vec3::Zero());
  m.joints[0].clearance->journalRadius = 0.0;
  s = System::validate(m);
  EXPECT_NE(s.message.find("joint 'socket_joint': clearance: the ball radius must be positive"),
            std::string::npos)
      << s.message;
  m.joints[0].clearance = ballInSocket(5e-4, 1e9, 1.5, 0.9);
  m.joints[0].clearance->sliderLength = 0.1;
  s = System::validate(m);
  EXPECT_NE(s.message.find("a slider length belongs to a translational clearance only"), std::string::npos)
      << s.message;
  m.joints[0].clearance = impactLaw(ballInSocket(5e-4, 1e9, 1.5, 0.9), 1e3, 0.0);
  s = System::validate(m);
  EXPECT_NE(
      s.message.find("joint 'socket_joint': clearance: the IMPACT law needs a maximum damping of at least 0 "
                     "and a positive penetration depth"),
      std::string::npos)
      << s.message;
  m.joints[0].clearance = ballInSocket(5e-4, 1e9, 1.5, 0.9);
  m.joints[0].type = JointType::Cylindrical;
  s = System::validate(m);
  EXPECT_NE(s.message.find("only a revolute, spherical or translational joint can have a clearance"),
            std::string::npos)
      << s.message;
}

// DMBS (joint coordinates) runs every kind (the contact a load of the tree, issue 37).
TEST(ClearanceKinds, JointCoordinatesRunEveryKind)
{
  for (const Model& model : {ballModel(1.0, ballInSocket(5e-4, 1e9, 1.5, 0.9), Vec3::Zero()),
                             sliderModel(1.0, sliderInGuide(5e-4, 0.1, 1e9, 1.5, 0.9), 0.0, Vec3::Zero())}) {
    AnalysisSettings settings;
    settings.kind = AnalysisKind::Dynamic;
    settings.formulation = Formulation::DMBS;
    settings.endTime = 0.01;
    ResultStore results;
    const AnalysisOutcome outcome = runAnalysis(model, settings, nullptr, results);
    EXPECT_TRUE(outcome.status.ok()) << outcome.status.message;
    ASSERT_GT(results.size(), 0u);
    EXPECT_EQ(results.frame(results.size() - 1).clearance.size(), 1u);
  }
}

}  // namespace
}  // namespace mbs::solver
