// Kinematic analysis: the slider-crank against the closed form of CASES.md (1), reactions by
// power balance, and the driver over output times.
#include <gtest/gtest.h>

#include <numbers>

#include "analysis/KinematicAnalysis.hpp"
#include "system_test_models.hpp"

namespace mbs::solver {
namespace {

constexpr double kR = 0.1, kL = 0.3, kOmega = 10.0;

struct ClosedForm {
  double x, xd, xdd, phi, phid;
};

// CASES.md closed form 1 with e = 0 and θ̈ = 0 (ẍ by differentiating ẋ once more).
ClosedForm sliderCrankClosedForm(double theta)
{
  const double s = kR * std::sin(theta), c = kR * std::cos(theta), root = std::sqrt(kL * kL - s * s);
  const double sd = c * kOmega, cd = -s * kOmega;
  const double rootd = -s * sd / root;
  ClosedForm f;
  f.x = c + root;
  f.xd = cd - s * sd / root;
  const double sdd = -s * kOmega * kOmega, cdd = -c * kOmega * kOmega;
  f.xdd = cdd - (sd * sd + s * sdd) / root + s * sd * rootd / (root * root);
  f.phi = std::asin(s / kL);
  f.phid = sd / root;
  return f;
}

TEST(KinematicAnalysis, SliderCrankMatchesClosedForm)
{
  const double theta = std::numbers::pi / 3;
  const System sys(test::sliderCrank(kR, kL, theta, kOmega));
  State state;
  const Status s = solveKinematics(sys, state);
  ASSERT_TRUE(s.ok()) << s.message;
  // The all-revolute 3-D slider-crank has 3 redundant equations, reported and removed.
  EXPECT_FALSE(s.warnings.empty());
  const BodyOutput slider = sys.bodyOutput(2, state.q, state.qd, state.qdd);
  const BodyOutput rod = sys.bodyOutput(1, state.q, state.qd, state.qdd);
  EXPECT_NEAR(slider.position.x(), 0.337228132326901, 1e-9);
  EXPECT_NEAR(slider.velocity.x(), -1.01678107607332, 1e-9);
  EXPECT_NEAR(slider.acceleration.x(), -3.33834964769561, 1e-9);
  // φ = asin(r sin θ / l) is the rod's angle below the slider axis: rotation −φ about z.
  const Eigen::AngleAxisd rodAngle(rod.orientation);
  EXPECT_NEAR(rodAngle.angle() * rodAngle.axis().z(), -0.292842771728575, 1e-9);
  EXPECT_NEAR(rod.angularVelocity.z(), -1.74077655955698, 1e-9);
  const ClosedForm f = sliderCrankClosedForm(theta);
  EXPECT_NEAR(f.xdd, -3.33834964769561, 1e-12);  // the differentiation above reproduces CASES.md
}

TEST(KinematicAnalysis, DriverFollowsClosedFormOverTwoTurnsAndBalancesPower)
{
  const System sys(test::sliderCrank(kR, kL, 0.2, kOmega));
  std::vector<double> times;
  for (int k = 0; k <= 160; ++k)
    times.push_back(k * 0.008);  // 1.28 s ≈ 2 turns
  State state;
  int calls = 0;
  double worst = 0.0, worstPower = 0.0;
  const Status s = runKinematics(sys, state, times, [&](const State& st) {
    ++calls;
    const ClosedForm f = sliderCrankClosedForm(0.2 + kOmega * st.t);
    const BodyOutput slider = sys.bodyOutput(2, st.q, st.qd, st.qdd);
    const BodyOutput rod = sys.bodyOutput(1, st.q, st.qd, st.qdd);
    worst = std::max({worst, std::abs(slider.position.x() - f.x), std::abs(slider.velocity.x() - f.xd),
                      std::abs(slider.acceleration.x() - f.xdd) / 10.0,
                      std::abs(rod.angularVelocity.z() + f.phid)});
    // Driver power = rate of kinetic energy (no gravity, no other forces).
    double dT = 0.0;
    for (int b = 0; b < 3; ++b) {
      const Body& body = sys.model().bodies[b];
      const BodyOutput o = sys.bodyOutput(b, st.q, st.qd, st.qdd);
      const Mat3 a = o.orientation.toRotationMatrix();
      const Mat3 j = a * body.inertia * a.transpose();
      dT += body.mass * o.velocity.dot(o.acceleration) + o.angularVelocity.dot(j * o.angularAcceleration);
    }
    const Reaction drive = sys.motionReaction(0, st.q, st.lambda);
    worstPower = std::max(worstPower, std::abs(drive.torque.z() * kOmega - dT));
    return Status::success();
  });
  ASSERT_TRUE(s.ok()) << s.message;
  EXPECT_EQ(calls, static_cast<int>(times.size()));
  EXPECT_LT(worst, 1e-9);
  EXPECT_LT(worstPower, 1e-8);
}

// A nut on a cylindrical + screw joint driven through several turns: the screw row and the rotation
// motion stay continuous beyond ±π, so the lead follows z = pitch·θ/2π.
TEST(KinematicAnalysis, ScrewAdvancesContinuouslyOverSeveralTurns)
{
  Model m;
  m.bodies.push_back(test::makeBody("nut", 0.3, {1e-3, 1e-3, 2e-3}, Vec3::Zero()));
  const int i = test::addMarker(m, "nut_axis", 0, Vec3::Zero());
  const int j = test::addMarker(m, "bolt_axis", kGround, Vec3::Zero());
  test::addJoint(m, "bolt", JointType::Cylindrical, i, j);
  const int screw = test::addJoint(m, "thread", JointType::Screw, i, j);
  m.joints[screw].pitch = 0.004;
  Motion drive;
  drive.name = "wrench";
  drive.iMarker = i;
  drive.jMarker = j;
  drive.axis = MotionAxis::RotationZ;
  drive.displacement = std::make_shared<test::Polynomial>(0.0, 10.0);
  m.motions.push_back(drive);
  const System sys(m);
  std::vector<double> times;
  for (int k = 0; k <= 40; ++k)
    times.push_back(0.05 * k);  // 20 rad ≈ 3.2 turns
  State state;
  double worst = 0.0;
  const Status s = runKinematics(sys, state, times, [&](const State& st) {
    const double theta = 10.0 * st.t;
    worst = std::max({worst, std::abs(st.q[2] - 0.004 * theta / (2 * std::numbers::pi)),
                      std::abs(st.qd[2] - 0.004 * 10.0 / (2 * std::numbers::pi))});
    return Status::success();
  });
  ASSERT_TRUE(s.ok()) << s.message;
  EXPECT_LT(worst, 1e-12);
}

TEST(KinematicAnalysis, UndrivenModelIsRejectedWithItsDegreesOfFreedom)
{
  Model m = test::sliderCrank(kR, kL, 0.5, kOmega);
  m.motions.clear();
  const System sys(m);
  State state;
  const Status s = solveKinematics(sys, state);
  EXPECT_EQ(s.code, StatusCode::BadInput);
  EXPECT_NE(s.message.find("1 degrees of freedom"), std::string::npos) << s.message;
}

TEST(KinematicAnalysis, CancelStopsTheDriver)
{
  const System sys(test::sliderCrank(kR, kL, 0.5, kOmega));
  CancelFlag cancel;
  State state;
  int calls = 0;
  const Status s = runKinematics(
      sys, state, {0.0, 0.1, 0.2, 0.3},
      [&](const State&) {
        if (++calls == 2)
          cancel.requestCancel();
        return Status::success();
      },
      &cancel);
  EXPECT_EQ(s.code, StatusCode::Cancelled);
  EXPECT_EQ(calls, 2);
}

}  // namespace
}  // namespace mbs::solver
