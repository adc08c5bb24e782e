// Point-to-curve joints (Adams PTCV, JointType::PointCurve): the B-spline curve, the joint's rows
// and their derivatives against finite differences, a point held on a circle as a pendulum (period
// and contact force in closed form), a point follower on a rotating eccentric circular cam (lift in
// closed form, the contact point going round the closed curve twice), and a point sliding off the
// end of an open curve.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "System.hpp"
#include "constraint_derivatives.hpp"
#include "mbs/solver/Analysis.hpp"
#include "mbs/solver/Curve.hpp"
#include "system_test_models.hpp"

namespace mbs::solver {
namespace {

constexpr double kPi = std::numbers::pi;

// n + 1 points of a circle of radius r about the origin in the xy plane (the first repeated last).
Mat circlePoints(double r, int n, double phase = 0.0)
{
  Mat p(n + 1, 3);
  for (int i = 0; i <= n; ++i) {
    const double a = phase + 2.0 * kPi * i / n;
    p.row(i) << r * std::cos(a), r * std::sin(a), 0.0;
  }
  return p;
}

TEST(PointCurve, OpenCurveThroughPointsPassesThroughEveryPoint)
{
  Mat p(6, 3);
  p << 0, 0, 0, 1, 2, 0, 2, 1, 1, 3, 3, 0, 4, 0, -1, 5, 1, 0;
  const Curve curve(p, 4, false, true);
  ASSERT_TRUE(curve.valid()) << curve.problem();
  for (int i = 0; i < 6; ++i)
    EXPECT_LT((curve.evaluate(-1.0 + 2.0 * i / 5).position - p.row(i).transpose()).norm(), 1e-12) << i;
  // Derivatives against differences of the curve itself.
  for (double a : {-0.9, -0.31, 0.13, 0.77}) {  // (not at a knot: c''' jumps there)
    const double h = 1e-6;
    const CurvePoint c = curve.evaluate(a), cp = curve.evaluate(a + h), cm = curve.evaluate(a - h);
    EXPECT_LT((c.first - (cp.position - cm.position) / (2 * h)).norm(), 1e-6);
    EXPECT_LT((c.second - (cp.first - cm.first) / (2 * h)).norm(), 1e-5);
  }
  // Order 2 through control points is the polyline itself.
  const Curve line(p, 2, false, false);
  EXPECT_LT((line.evaluate(-0.4).position - 0.5 * (p.row(1) + p.row(2)).transpose()).norm(), 1e-12);
}

TEST(PointCurve, ClosedCurveInterpolatesACircleAndWraps)
{
  const double r = 0.3;
  const Curve curve(circlePoints(r, 72), 4, true, true);
  ASSERT_TRUE(curve.valid()) << curve.problem();
  EXPECT_LT((curve.evaluate(-1.0).position - Vec3(r, 0, 0)).norm(), 1e-12);
  for (double a = -1.0; a < 1.0; a += 0.013) {
    const CurvePoint c = curve.evaluate(a);
    EXPECT_NEAR(c.position.norm(), r, 2e-6 * r);
    // Periodic: the same point one period on, and c' continuous across the closure.
    EXPECT_LT((curve.evaluate(a + 2.0).position - c.position).norm(), 1e-12);
    EXPECT_LT((curve.evaluate(a - 4.0).first - c.first).norm(), 1e-9);
  }
  EXPECT_NEAR(curve.closestParameter(Vec3(0.0, 2.0 * r, 0.0)), -0.5, 1e-6);
  const Curve bad(circlePoints(r, 8).topRows(8), 4, true, true);
  EXPECT_FALSE(bad.valid());
  EXPECT_NE(bad.problem().find("first and last points must be the same"), std::string::npos);
}

// A bob (mass m, its I marker at its CM) held on a circle of radius R in ground's xy plane, gravity
// −y, released at rest at angle θ0 below the horizontal through the centre.
Model pendulumOnCircle(double r, double theta0, double mass = 2.0)
{
  Model m;
  m.name = "ptcv_pendulum";
  m.gravity = Vec3(0.0, -9.81, 0.0);
  const Vec3 start(r * std::sin(theta0), -r * std::cos(theta0), 0.0);
  m.bodies.push_back(test::makeBody("bob", mass, {1e-3, 1e-3, 1e-3}, start));
  const int bob = test::addMarker(m, "bob_point", 0, Vec3::Zero());
  const int rm = test::addMarker(m, "circle_rm", kGround, Vec3::Zero());
  test::addJoint(m, "on_circle", JointType::PointCurve, bob, rm);
  m.joints.back().curve = std::make_shared<Curve>(circlePoints(r, 120), 4, true, true);
  return m;
}

TEST(PointCurve, JacobiansMatchFiniteDifferences)
{
  Model model = pendulumOnCircle(0.5, 0.4);
  // A second joint on a moving curve: the curve on the bob, a point of a second body on it.
  model.bodies.push_back(test::makeBody("slider", 1.0, {1e-2, 2e-2, 3e-2}, Vec3(0.3, -0.1, 0.2)));
  Mat p(5, 3);
  p << -0.2, 0, 0, -0.1, 0.1, 0.05, 0, 0.05, 0, 0.1, 0.12, -0.03, 0.2, 0, 0;
  const int onBob = test::addMarker(model, "bob_rm", 0, Vec3(0.01, 0.02, -0.03),
                                    Eigen::AngleAxisd(0.3, Vec3(1, 2, 3).normalized()).matrix());
  const int point = test::addMarker(model, "slider_point", 1, Vec3(0.05, -0.02, 0.01));
  test::addJoint(model, "on_bob", JointType::PointCurve, point, onBob);
  model.joints.back().curve = std::make_shared<Curve>(p, 4, false, true);
  const System sys(model);
  ASSERT_EQ(sys.numCoordinates(), 16);
  ASSERT_EQ(sys.curveCoordinate(0), 14);
  ASSERT_EQ(sys.curveCoordinate(1), 15);
  std::mt19937 rng(7);
  Vec q, qd;
  test::randomState(sys, rng, q, qd);
  q.conservativeResize(16);
  qd.conservativeResize(16);
  q.tail<2>() << 0.37, -0.42;
  qd.tail<2>() << 0.8, -1.3;
  const double t = 0.0;
  test::expectConstraintDerivativesMatchDifferences(sys, t, q, qd);
}

AnalysisSettings dynamicSettings(double endTime, double outputStep)
{
  AnalysisSettings s;
  s.kind = AnalysisKind::Dynamic;
  s.endTime = endTime;
  s.outputStep = outputStep;
  s.tolerance = 1e-8;
  return s;
}

TEST(PointCurve, PointOnACircleSwingsAsAPendulum)
{
  const double r = 0.5, theta0 = 0.8, mass = 2.0, g = 9.81;
  // Quarter period of the exact pendulum: √(R/g) K(sin(θ0/2)).
  const double quarter = std::sqrt(r / g) * std::comp_ellint_1(std::sin(theta0 / 2));
  ResultStore results;
  const AnalysisOutcome out =
      runAnalysis(pendulumOnCircle(r, theta0, mass), dynamicSettings(1.2 * quarter, 1e-3), nullptr, results);
  ASSERT_TRUE(out.status.ok()) << out.status.message;
  ASSERT_EQ(results.layout().curveParameters, std::vector<std::string>{"on_circle.alpha"});
  double crossing = -1.0;
  for (std::size_t k = 0; k < results.size(); ++k) {
    const ResultFrame f = results.frame(k);
    const Vec3 p = f.bodies[0].position;
    EXPECT_NEAR(p.norm(), r, 1e-5 * r);
    // The contact force: along the radius, F·u = −m v²/R + m g y/R with v² = 2 g (y − y0)… from
    // the energy: v² = 2 g (y0 − y). The reaction on the bob is the joint's output.
    const double v2 = 2.0 * g * (-r * std::cos(theta0) - p.y());
    const Vec3 u = p / p.norm();
    const Vec3 force = f.joints[0].force;
    EXPECT_NEAR(force.dot(u), -mass * v2 / r + mass * g * p.y() / r, 2e-3 * mass * g);
    EXPECT_LT((force - force.dot(u) * u).norm(), 2e-3 * mass * g);
    // α follows the bob round the circle (α = −1 at +x, −0.5 at the bottom … −1 + angle/π).
    const double angle = std::atan2(p.y(), p.x());
    const double alpha = -1.0 + (angle < 0 ? angle + 2 * kPi : angle) / kPi;
    EXPECT_NEAR(std::remainder(f.curveParameters[0] - alpha, 2.0), 0.0, 1e-4);
    if (crossing < 0.0 && k > 0 && p.x() <= 0.0) {
      const ResultFrame prev = results.frame(k - 1);
      const double x0 = prev.bodies[0].position.x(), x1 = p.x();
      crossing = prev.state.t + (f.state.t - prev.state.t) * x0 / (x0 - x1);
      // At the bottom: |F| = m g + m v²/R.
      EXPECT_NEAR(force.norm(), mass * g + mass * 2.0 * g * (1.0 - std::cos(theta0)), 2e-3 * mass * g);
    }
  }
  EXPECT_NEAR(crossing, quarter, 1e-4 * quarter);
}

// A point follower on an eccentric circular cam. The cam (radius R, its centre e from the pivot
// along its x axis) turns about ground's z with θ = ω t (a MOTION); the follower slides along
// ground's y on a translational joint with its tip held on the cam's profile (PTCV). The lift is
// y = e sin θ + √(R² − e² cos² θ).
TEST(PointCurve, FollowerOnAnEccentricCamLiftsInClosedForm)
{
  const double r = 0.04, e = 0.01, omega = 2.0 * kPi;
  Model m;
  m.name = "cam";
  m.gravity = Vec3(0.0, -9.81, 0.0);
  m.bodies.push_back(test::makeBody("cam", 1.0, {1e-3, 1e-3, 2e-3}, Vec3::Zero()));
  m.bodies.push_back(test::makeBody("follower", 0.2, {1e-4, 1e-4, 1e-4}, Vec3(0.0, r + 0.003, 0.0)));
  const int camPivot = test::addMarker(m, "cam_pivot", 0, Vec3::Zero());
  const int groundPivot = test::addMarker(m, "ground_pivot", kGround, Vec3::Zero());
  test::addJoint(m, "cam_bearing", JointType::Revolute, camPivot, groundPivot);
  const Mat3 alongY = Eigen::AngleAxisd(-kPi / 2, Vec3::UnitX()).matrix();
  const int followerGuide = test::addMarker(m, "follower_guide", 1, Vec3::Zero(), alongY);
  const int groundGuide = test::addMarker(m, "ground_guide", kGround, Vec3::Zero(), alongY);
  test::addJoint(m, "follower_slide", JointType::Translational, followerGuide, groundGuide);
  const int tip = test::addMarker(m, "follower_tip", 1, Vec3::Zero());
  const int camRm = test::addMarker(m, "cam_rm", 0, Vec3::Zero());
  test::addJoint(m, "cam_contact", JointType::PointCurve, tip, camRm);
  Mat profile = circlePoints(r, 90);
  profile.col(0).array() += e;
  m.joints.back().curve = std::make_shared<Curve>(profile, 4, true, true);
  Motion drive;
  drive.name = "cam_drive";
  drive.iMarker = camPivot;
  drive.jMarker = groundPivot;
  drive.axis = MotionAxis::RotationZ;
  drive.displacement = std::make_shared<test::Polynomial>(0.0, omega);
  m.motions.push_back(drive);
  ResultStore results;
  const AnalysisOutcome out = runAnalysis(m, dynamicSettings(2.0, 0.01), nullptr, results);  // two turns
  ASSERT_TRUE(out.status.ok()) << out.status.message;
  double alphaTravel = 0.0;
  for (std::size_t k = 0; k < results.size(); ++k) {
    const ResultFrame f = results.frame(k);
    const double th = omega * f.state.t;
    const double lift = e * std::sin(th) + std::sqrt(r * r - std::pow(e * std::cos(th), 2));
    EXPECT_NEAR(f.bodies[1].position.y(), lift, 1e-7) << "t = " << f.state.t;
    EXPECT_NEAR(f.bodies[1].position.x(), 0.0, 1e-9);
    alphaTravel = f.curveParameters[0] - results.frame(0).curveParameters[0];
  }
  // The contact point went round the closed profile twice, backwards (the cam turns under it).
  EXPECT_NEAR(alphaTravel, -4.0, 0.05);
}

TEST(PointCurve, PointRunningOffAnOpenCurveStopsNamingTheJoint)
{
  // A bead on a straight open curve 1 m long down a 30° slope from its upper end: it reaches the
  // lower end at t = √(2 L / (g sin 30°)).
  Model m;
  m.name = "bead";
  m.gravity = Vec3(0.0, -9.81, 0.0);
  const double slope = kPi / 6;
  m.bodies.push_back(test::makeBody("bead", 0.1, {1e-5, 1e-5, 1e-5}, Vec3::Zero()));
  const int bead = test::addMarker(m, "bead_point", 0, Vec3::Zero());
  const int rm = test::addMarker(m, "wire_rm", kGround, Vec3::Zero());
  test::addJoint(m, "wire", JointType::PointCurve, bead, rm);
  Mat p(4, 3);
  for (int i = 0; i < 4; ++i)
    p.row(i) << std::cos(slope) * i / 3.0, -std::sin(slope) * i / 3.0, 0.0;
  m.joints.back().curve = std::make_shared<Curve>(p, 2, false, false);
  ResultStore results;
  const AnalysisOutcome out = runAnalysis(m, dynamicSettings(2.0, 0.01), nullptr, results);
  ASSERT_FALSE(out.status.ok());
  EXPECT_EQ(out.status.entity, "wire");
  EXPECT_NE(out.status.message.find("joint 'wire': the point left the open curve at t = "), std::string::npos)
      << out.status.message;
  EXPECT_NEAR(out.status.time, std::sqrt(2.0 / (9.81 * std::sin(slope))), 0.02);
}

TEST(PointCurve, JointCoordinateFormulationRefusesItAndAutomaticRunsSi2)
{
  AnalysisSettings s = dynamicSettings(0.1, 0.01);
  s.formulation = Formulation::DMBS;
  ResultStore results;
  AnalysisOutcome out = runAnalysis(pendulumOnCircle(0.5, 0.3), s, nullptr, results);
  ASSERT_FALSE(out.status.ok());
  EXPECT_NE(out.status.message.find("joint 'on_circle': point-to-curve (PTCV) joint"), std::string::npos)
      << out.status.message;
  s.formulation = Formulation::Auto;
  ResultStore again;
  out = runAnalysis(pendulumOnCircle(0.5, 0.3), s, nullptr, again);
  ASSERT_TRUE(out.status.ok()) << out.status.message;
  EXPECT_EQ(again.size(), 11u);
}

TEST(PointCurve, DispAndVelSetTheInitialContactPointAndSpeed)
{
  // No gravity: the bob keeps the speed VEL given along the circle; DISP puts it at the top.
  Model m = pendulumOnCircle(0.5, 0.3);
  m.gravity = Vec3::Zero();
  m.joints[0].curveStart = Vec3(0.0, 0.5, 0.0);
  m.joints[0].curveVelocity = 1.5;
  ResultStore results;
  const AnalysisOutcome out = runAnalysis(m, dynamicSettings(0.2, 0.1), nullptr, results);
  ASSERT_TRUE(out.status.ok()) << out.status.message;
  const ResultFrame first = results.frame(0);
  EXPECT_NEAR(first.curveParameters[0], -0.5, 1e-6);
  EXPECT_LT((first.bodies[0].position - Vec3(0.0, 0.5, 0.0)).norm(), 1e-6);
  EXPECT_LT((first.bodies[0].velocity - Vec3(-1.5, 0.0, 0.0)).norm(), 1e-5);
  const ResultFrame last = results.frame(results.size() - 1);
  EXPECT_NEAR(last.bodies[0].velocity.norm(), 1.5, 1e-4);
}

}  // namespace
}  // namespace mbs::solver
