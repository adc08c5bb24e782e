// Curve-to-curve joints (Adams CVCV, JointType::CurveCurve): the rows and their derivatives against
// finite differences, an eccentric circular cam under a flat-faced and under a disc-faced
// translating follower (lift, curve parameters and the contact force in closed form; the curves
// only touch and stay tangent, nothing makes them roll), the contact point leaving an open curve,
// IDISP/JDISP/IVEL, the refusals of validation and of the joint-coordinate formulation.
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

// n + 1 points of a circle of radius r about (cx, 0) in the xy plane (the first repeated last).
Mat circlePoints(double r, int n, double cx = 0.0)
{
  Mat p(n + 1, 3);
  for (int i = 0; i <= n; ++i) {
    const double a = 2.0 * kPi * i / n;
    p.row(i) << cx + r * std::cos(a), r * std::sin(a), 0.0;
  }
  return p;
}

// A straight open curve along x from −half to half: order 2 through its ends, so x = half·β.
std::shared_ptr<Curve> flatFace(double half)
{
  Mat p(2, 3);
  p << -half, 0, 0, half, 0, 0;
  return std::make_shared<Curve>(p, 2, false, false);
}

TEST(CurveCurve, CurveThirdDerivativeMatchesDifferences)
{
  Mat p(6, 3);
  p << 0, 0, 0, 1, 2, 0, 2, 1, 0, 3, 3, 0, 4, 0, 0, 5, 1, 0;
  for (const bool closed : {false, true}) {
    Mat pts = p;
    if (closed) {
      pts.conservativeResize(7, 3);
      pts.row(6) = pts.row(0);
    }
    const Curve curve(pts, 5, closed, true);  // quartic: c''' continuous
    ASSERT_TRUE(curve.valid()) << curve.problem();
    for (double a : {-0.83, -0.31, 0.13, 0.77}) {
      const double h = 1e-5;
      const CurvePoint cp = curve.evaluate(a + h), cm = curve.evaluate(a - h);
      EXPECT_LT((curve.evaluate(a).third - (cp.second - cm.second) / (2 * h)).norm(),
                1e-4 * (1 + cp.third.norm()));
    }
  }
}

TEST(CurveCurve, JacobiansMatchFiniteDifferences)
{
  Model model;
  model.name = "cvcv_fd";
  model.bodies.push_back(test::makeBody("a", 1.0, {1e-2, 2e-2, 3e-2}, Vec3(0.1, 0.2, 0.3)));
  model.bodies.push_back(test::makeBody("b", 2.0, {3e-2, 2e-2, 1e-2}, Vec3(-0.3, 0.1, 0.2)));
  const int irm = test::addMarker(model, "a_rm", 0, Vec3(0.01, 0.02, -0.03),
                                  Eigen::AngleAxisd(0.3, Vec3(1, 2, 3).normalized()).matrix());
  const int jrm = test::addMarker(model, "b_rm", 1, Vec3(-0.02, 0.05, 0.01),
                                  Eigen::AngleAxisd(-0.7, Vec3(3, -1, 2).normalized()).matrix());
  test::addJoint(model, "pair", JointType::CurveCurve, irm, jrm);
  Mat p(5, 3);
  p << -0.2, 0, 0, -0.1, 0.1, 0, 0, 0.05, 0, 0.1, 0.12, 0, 0.2, 0, 0;
  model.joints.back().iCurve = std::make_shared<Curve>(p, 4, false, true);
  model.joints.back().curve = std::make_shared<Curve>(circlePoints(0.3, 40, 0.05), 4, true, true);
  // And a second one on ground (its J columns absent).
  const int groundRm = test::addMarker(model, "ground_rm", kGround, Vec3(0.3, 0, 0));
  const int onB = test::addMarker(model, "b_rm2", 1, Vec3(0.0, 0.1, 0.0));
  test::addJoint(model, "pair2", JointType::CurveCurve, onB, groundRm);
  model.joints.back().iCurve = std::make_shared<Curve>(circlePoints(0.2, 30), 4, true, true);
  model.joints.back().curve = std::make_shared<Curve>(p, 3, false, false);
  const System sys(model);
  ASSERT_EQ(sys.numCoordinates(), 18);
  ASSERT_EQ(sys.numConstraints(), 12);
  ASSERT_EQ(sys.curveCoordinate(0), 14);
  ASSERT_EQ(sys.curveCoordinate(1), 16);
  std::mt19937 rng(11);
  Vec q, qd;
  test::randomState(sys, rng, q, qd);
  q.conservativeResize(18);
  qd.conservativeResize(18);
  q.tail<4>() << 0.37, -0.42, 0.61, -0.23;
  qd.tail<4>() << 0.8, -1.3, 0.5, 0.9;
  const double t = 0.0;
  const SparseMat phiQ = test::expectConstraintDerivativesMatchDifferences(sys, t, q, qd);
  // The α and β columns are there (not just the bodies').
  EXPECT_GT(Mat(phiQ).col(14).norm(), 0.0);
  EXPECT_GT(Mat(phiQ).col(15).norm(), 0.0);
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

// An eccentric circular cam (radius R, its centre e from the pivot along its x axis) turns about
// ground's z with θ = θ0 + ω t (a MOTION); a follower of mass m slides along ground's y on a
// translational joint, gravity −y. The follower's face is a curve in its marker's xy plane: a flat
// line along x (face = nullptr) or a disc of radius `disc` about its origin. The cam's circle is
// the CVCV's J curve, the face its I curve.
Model camAndFollower(double r, double e, double omega, double theta0, double mass, double lift0,
                     std::shared_ptr<Curve> face)
{
  Model m;
  m.name = "cvcv_cam";
  m.gravity = Vec3(0.0, -9.81, 0.0);
  m.bodies.push_back(test::makeBody("cam", 1.0, {1e-3, 1e-3, 2e-3}, Vec3::Zero(),
                                    Quat(Eigen::AngleAxisd(theta0, Vec3::UnitZ()))));
  m.bodies.push_back(test::makeBody("follower", mass, {1e-4, 1e-4, 1e-4}, Vec3(0.0, lift0, 0.0)));
  const int camPivot = test::addMarker(m, "cam_pivot", 0, Vec3::Zero());
  const int groundPivot = test::addMarker(m, "ground_pivot", kGround, Vec3::Zero());
  test::addJoint(m, "cam_bearing", JointType::Revolute, camPivot, groundPivot);
  const Mat3 alongY = Eigen::AngleAxisd(-kPi / 2, Vec3::UnitX()).matrix();
  const int followerGuide = test::addMarker(m, "follower_guide", 1, Vec3::Zero(), alongY);
  const int groundGuide = test::addMarker(m, "ground_guide", kGround, Vec3::Zero(), alongY);
  test::addJoint(m, "follower_slide", JointType::Translational, followerGuide, groundGuide);
  const int faceRm = test::addMarker(m, "follower_face", 1, Vec3::Zero());
  const int camRm = test::addMarker(m, "cam_rm", 0, Vec3::Zero());
  test::addJoint(m, "cam_contact", JointType::CurveCurve, faceRm, camRm);
  m.joints.back().iCurve = std::move(face);
  m.joints.back().curve = std::make_shared<Curve>(circlePoints(r, 90, e), 4, true, true);
  Motion drive;
  drive.name = "cam_drive";
  drive.iMarker = camPivot;
  drive.jMarker = groundPivot;
  drive.axis = MotionAxis::RotationZ;
  drive.displacement = std::make_shared<test::Polynomial>(theta0, omega);
  m.motions.push_back(drive);
  return m;
}

// A flat face: its lift is e sin θ + R exactly, the contact at x = e cos θ on the face, the
// contact force on the follower m (g + ÿ) = m (g − e ω² sin θ) along +y.
TEST(CurveCurve, FlatFollowerOnAnEccentricCamLiftsInClosedForm)
{
  const double r = 0.04, e = 0.01, omega = 2.0 * kPi, mass = 0.2, half = 0.03, g = 9.81;
  ResultStore results;
  const AnalysisOutcome out = runAnalysis(camAndFollower(r, e, omega, 0.0, mass, r + 0.002, flatFace(half)),
                                          dynamicSettings(1.5, 0.01), nullptr, results);
  ASSERT_TRUE(out.status.ok()) << out.status.message;
  ASSERT_EQ(results.layout().curveParameters,
            (std::vector<std::string>{"cam_contact.alpha", "cam_contact.beta"}));
  double betaTravel = 0.0;
  for (std::size_t k = 0; k < results.size(); ++k) {
    const ResultFrame f = results.frame(k);
    const double th = omega * f.state.t;
    EXPECT_NEAR(f.bodies[1].position.y(), e * std::sin(th) + r, 1e-7) << "t = " << f.state.t;
    EXPECT_NEAR(f.bodies[1].position.x(), 0.0, 1e-9);
    EXPECT_NEAR(f.curveParameters[0], e * std::cos(th) / half, 1e-5) << "t = " << f.state.t;
    // (α̇ follows the profile's curvature, which the 90-point B-spline has to 0.3 %.)
    EXPECT_NEAR(f.curveRates[0], -e * omega * std::sin(th) / half, 5e-3 * e * omega / half)
        << "t = " << f.state.t;
    // The contact force on the follower (slot 0 = I = the face's part).
    const Vec3 force = f.joints[2].force;
    EXPECT_NEAR(force.y(), mass * (g - e * omega * omega * std::sin(th)), 1e-4 * mass * g) << f.state.t;
    EXPECT_NEAR(force.x(), 0.0, 1e-5 * mass * g);
    EXPECT_NEAR(force.z(), 0.0, 1e-5 * mass * g);
    betaTravel = f.curveParameters[1] - results.frame(0).curveParameters[1];
  }
  // The contact point went round the cam's closed profile one and a half times, backwards.
  EXPECT_NEAR(std::remainder(betaTravel + 3.0, 2.0), 0.0, 0.02);
  EXPECT_LT(betaTravel, -2.5);
}

// A disc face of radius ρ: the centres stay R + ρ apart, so the lift is
// e sin θ + √((R + ρ)² − e² cos² θ) (the disc slides round the cam: CVCV does not make it roll).
TEST(CurveCurve, DiscFollowerOnAnEccentricCamLiftsInClosedForm)
{
  const double r = 0.04, e = 0.01, rho = 0.015, omega = 3.0;
  const double lift0 = r + rho + 0.001;
  ResultStore results;
  const AnalysisOutcome out =
      runAnalysis(camAndFollower(r, e, omega, 0.3, 0.2, lift0,
                                 std::make_shared<Curve>(circlePoints(rho, 60), 4, true, true)),
                  dynamicSettings(2.0, 0.01), nullptr, results);
  ASSERT_TRUE(out.status.ok()) << out.status.message;
  for (std::size_t k = 0; k < results.size(); ++k) {
    const ResultFrame f = results.frame(k);
    const double th = 0.3 + omega * f.state.t;
    const double lift = e * std::sin(th) + std::sqrt(std::pow(r + rho, 2) - std::pow(e * std::cos(th), 2));
    EXPECT_NEAR(f.bodies[1].position.y(), lift, 2e-7) << "t = " << f.state.t;
    // The contact point lies on the line of centres: on the disc towards the cam's centre.
    const double angle = std::atan2(e * std::sin(th) - lift, e * std::cos(th));
    const double alpha = -1.0 + (angle < 0 ? angle + 2 * kPi : angle) / kPi;
    EXPECT_NEAR(std::remainder(f.curveParameters[0] - alpha, 2.0), 0.0, 1e-4) << "t = " << f.state.t;
  }
}

TEST(CurveCurve, ContactLeavingAnOpenCurveStopsNamingTheJoint)
{
  // θ = π/2 + ω t: the contact on the flat face runs x = −e sin ωt and leaves a face of half-width
  // e/2 at ωt = π/6.
  const double e = 0.01, omega = 2.0 * kPi;
  ResultStore results;
  const AnalysisOutcome out =
      runAnalysis(camAndFollower(0.04, e, omega, kPi / 2, 0.2, 0.04 + e, flatFace(e / 2)),
                  dynamicSettings(0.5, 0.002), nullptr, results);
  ASSERT_FALSE(out.status.ok());
  EXPECT_EQ(out.status.entity, "cam_contact");
  EXPECT_NE(out.status.message.find("joint 'cam_contact': the contact point left the open I curve at t = "),
            std::string::npos)
      << out.status.message;
  EXPECT_NEAR(out.status.time, kPi / 6 / omega, 0.005);
}

TEST(CurveCurve, DispAndVelSetTheInitialContactPointsAndSpeeds)
{
  // IDISP picks α on the face, JDISP β on the cam; JVEL the contact point's initial speed along the
  // cam's profile. No motion on the cam: it turns freely, so JVEL = ω R sets it turning at ω (the
  // contact point at the top stays at the top).
  const double r = 0.04, e = 0.01, half = 0.03;
  Model m = camAndFollower(r, e, 0.0, 0.0, 0.2, r, flatFace(half));
  m.gravity = Vec3::Zero();
  m.motions.clear();
  Joint& j = m.joints.back();
  j.iCurveStart = Vec3(e, 0.0, 0.0);
  j.curveStart = Vec3(e, r, 0.0);  // the top of the cam's circle, at β = −0.5
  j.curveVelocity = -2.0 * r;      // backwards along the profile: the cam turns at +2 rad/s
  ResultStore results;
  const AnalysisOutcome out = runAnalysis(m, dynamicSettings(0.01, 0.01), nullptr, results);
  ASSERT_TRUE(out.status.ok()) << out.status.message;
  const ResultFrame first = results.frame(0);
  EXPECT_NEAR(first.curveParameters[0], e / half, 1e-6);
  EXPECT_NEAR(first.curveParameters[1], -0.5, 1e-6);
  EXPECT_NEAR(first.curveRates[1], -2.0 * r / (kPi * r), 1e-3);  // |c'(β)| = π R
  EXPECT_NEAR(first.bodies[0].angularVelocity.z(), 2.0, 1e-3);
}

TEST(CurveCurve, ValidationNamesTheJointAndTheCurve)
{
  Model m = camAndFollower(0.04, 0.01, 1.0, 0.0, 0.2, 0.04, flatFace(0.03));
  Mat bent(3, 3);
  bent << -0.03, 0, 0, 0, 0, 0.001, 0.03, 0, 0;
  m.joints.back().iCurve = std::make_shared<Curve>(bent, 2, false, false);
  Status s = System::validate(m);
  ASSERT_FALSE(s.ok());
  EXPECT_NE(
      s.message.find("joint 'cam_contact': the I curve of a curve-to-curve joint must lie in the xy plane"),
      std::string::npos)
      << s.message;
  m.joints.back().iCurve.reset();
  s = System::validate(m);
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.message.find("curve-to-curve joint without a valid I curve"), std::string::npos) << s.message;
}

TEST(CurveCurve, JointCoordinateFormulationRefusesItAndAutomaticRunsSi2)
{
  const Model m = camAndFollower(0.04, 0.01, 2.0, 0.0, 0.2, 0.042, flatFace(0.03));
  AnalysisSettings s = dynamicSettings(0.1, 0.01);
  s.formulation = Formulation::DMBS;
  ResultStore results;
  AnalysisOutcome out = runAnalysis(m, s, nullptr, results);
  ASSERT_FALSE(out.status.ok());
  EXPECT_NE(out.status.message.find("joint 'cam_contact': curve-to-curve (CVCV) joint"), std::string::npos)
      << out.status.message;
  s.formulation = Formulation::Auto;
  ResultStore again;
  out = runAnalysis(m, s, nullptr, again);
  ASSERT_TRUE(out.status.ok()) << out.status.message;
  EXPECT_EQ(again.size(), 11u);
}

}  // namespace
}  // namespace mbs::solver
