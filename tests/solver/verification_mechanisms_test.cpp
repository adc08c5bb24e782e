// Closed-form verification of spatial and planar mechanisms through System + runDynamics:
// energy of a spatial double pendulum (conservative, drift bounded and shrinking with the
// tolerance), a crank-driven Grashof four-bar over a full crank revolution against the
// loop-closure solution, and the steady motion of a conical pendulum (CASES.md 5).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>

#include "System.hpp"
#include "dynamics/DynamicAnalysis.hpp"
#include "mbs/solver/Results.hpp"

namespace mbs::solver {
namespace {

constexpr double kG = 9.81;

class LinearAngle final : public TimeFunction {
public:
  LinearAngle(double a0, double rate) : m_a0(a0), m_rate(rate) {}
  double value(double t) const override { return m_a0 + m_rate * t; }
  double derivative(double, int order) const override { return order == 1 ? m_rate : 0.0; }

private:
  double m_a0, m_rate;
};

Marker marker(int body, const Vec3& position)
{
  Marker mk;
  mk.body = body;
  mk.position = position;
  return mk;
}

Joint joint(JointType type, int i, int j, const char* name)
{
  Joint jt;
  jt.name = name;
  jt.type = type;
  jt.iMarker = i;
  jt.jMarker = j;
  return jt;
}

double kineticEnergy(const BodyOutput& b, double mass, const Mat3& inertia)
{
  const Vec3 w = b.orientation.toRotationMatrix().transpose() * b.angularVelocity;
  return 0.5 * mass * b.velocity.squaredNorm() + 0.5 * w.dot(inertia * w);
}

// Two uniform rods (m = 1, L = 1) on spherical joints, starting at rest and horizontal: the first
// along x from the fixed pivot, the second along y from its tip, so the motion is spatial (the
// second rod swings out of the first one's vertical plane). Gravity 9.81 in −z.
struct DoublePendulumRun {
  double maxEnergyError = 0.0;  // max |E(t) − E(0)| over 3 s
  double energyScale = 0.0;     // m g L: the potential energy exchanged
  long steps = 0;
};

DoublePendulumRun runSpatialDoublePendulum(IntegratorType type, Formulation formulation, double tol)
{
  const Mat3 I1 = Vec3(1e-4, 1.0 / 12, 1.0 / 12).asDiagonal();  // rod along its local x
  const Mat3 I2 = Vec3(1.0 / 12, 1e-4, 1.0 / 12).asDiagonal();  // rod along its local y
  Model model;
  model.gravity = Vec3(0, 0, -kG);
  Body a;
  a.name = "rod1";
  a.inertia = I1;
  a.position = Vec3(0.5, 0, 0);
  Body b;
  b.name = "rod2";
  b.inertia = I2;
  b.position = Vec3(1.0, 0.5, 0);
  for (Body* body : {&a, &b}) {
    body->positionExact = {true, true, true};
    body->orientationExact = true;
    body->velocityExact = {true, true, true};
    body->angularVelocityExact = {true, true, true};
  }
  model.bodies = {a, b};
  model.markers = {marker(0, Vec3(-0.5, 0, 0)), marker(kGround, Vec3::Zero()), marker(1, Vec3(0, -0.5, 0)),
                   marker(0, Vec3(0.5, 0, 0))};
  model.joints = {joint(JointType::Spherical, 0, 1, "pivot"), joint(JointType::Spherical, 2, 3, "elbow")};
  System system(model);
  DynamicOptions options;
  options.endTime = 3.0;
  options.outputStep = 0.01;
  options.integrator = type;
  options.integratorOptions.tolerance = tol;
  options.integratorOptions.formulation = formulation;
  ResultStore results;
  const Status st = runDynamics(system, options, nullptr, results);
  EXPECT_TRUE(st.ok()) << st.message;
  DoublePendulumRun run;
  run.energyScale = kG;
  double e0 = 0.0;
  for (size_t k = 0; k < results.size(); ++k) {
    const ResultFrame f = results.frame(k);
    const double e = kineticEnergy(f.bodies[0], 1.0, I1) + kineticEnergy(f.bodies[1], 1.0, I2) +
                     kG * (f.bodies[0].position.z() + f.bodies[1].position.z());
    if (k == 0)
      e0 = e;
    run.maxEnergyError = std::max(run.maxEnergyError, std::abs(e - e0));
  }
  return run;
}

TEST(MechanismVerification, SpatialDoublePendulumEnergyDriftShrinksWithTolerance)
{
  // Conservative: E(t) = E(0) exactly. The integrators do not conserve energy by construction,
  // so the drift is a direct measure of the global error: it must stay a small fraction of the
  // exchanged energy m g L and fall with the tolerance (at least 5× over two decades).
  // Measured (max |ΔE| / m g L over 3 s): GSTIFF SI2 6.9e-4 / 1.3e-5 at tol 1e-4 / 1e-6.
  const DoublePendulumRun loose = runSpatialDoublePendulum(IntegratorType::Gstiff, Formulation::SI2, 1e-4);
  const DoublePendulumRun tight = runSpatialDoublePendulum(IntegratorType::Gstiff, Formulation::SI2, 1e-6);
  std::printf("spatial double pendulum |dE|/mgL: tol 1e-4 %.2e, tol 1e-6 %.2e\n",
              loose.maxEnergyError / loose.energyScale, tight.maxEnergyError / tight.energyScale);
  EXPECT_LT(loose.maxEnergyError, 1e-2 * loose.energyScale);
  EXPECT_LT(tight.maxEnergyError, 2e-4 * tight.energyScale);
  EXPECT_LT(tight.maxEnergyError, 0.2 * loose.maxEnergyError);
}

// Crank-rocker: ground O2 = (0,0) – O4 = (d,0), crank a, coupler b, rocker c (a + b < c + d: Grashof,
// the crank turns fully). Closed form from the loop closure |B − A| = b, |B − O4| = c with
// A = a(cos θ2, sin θ2), B = O4 + c(cos θ4, sin θ4), upper branch.
struct FourBarPose {
  double theta4, omega4, alpha4;
  double stretch;  // |B − O2|: largest when crank and coupler are collinear
};

FourBarPose fourBarClosedForm(double a, double b, double c, double d, double th2, double w2)
{
  const Eigen::Vector2d A(a * std::cos(th2), a * std::sin(th2)), O4(d, 0.0);
  const Eigen::Vector2d D = O4 - A;
  const double dist = D.norm();
  // B at distance b from A and c from O4, on the left of A→O4 (B.y > 0 when the crank is at 0).
  const double x = (b * b - c * c + dist * dist) / (2 * dist);
  const double y = std::sqrt(b * b - x * x);
  const Eigen::Vector2d u = D / dist, nrm(-u.y(), u.x());
  const Eigen::Vector2d B = A + x * u + y * nrm;
  FourBarPose p;
  p.theta4 = std::atan2(B.y(), B.x() - d);
  const Eigen::Vector2d e4 = (B - O4) / c, u4(-e4.y(), e4.x());
  const Eigen::Vector2d Ad = a * w2 * Eigen::Vector2d(-std::sin(th2), std::cos(th2));
  const Eigen::Vector2d BA = B - A;
  // (B − A)·(Ḃ − Ȧ) = 0 with Ḃ = c ω4 u4.
  p.omega4 = BA.dot(Ad) / (c * BA.dot(u4));
  const Eigen::Vector2d Bd = c * p.omega4 * u4;
  // (B − A)·(B̈ − Ä) + |Ḃ − Ȧ|² = 0 with B̈ = c α4 u4 − ω4² (B − O4), Ä = −ω2² A.
  const Eigen::Vector2d Add = -w2 * w2 * A;
  p.alpha4 = (BA.dot(Add + p.omega4 * p.omega4 * (B - O4)) - (Bd - Ad).squaredNorm()) / (c * BA.dot(u4));
  p.stretch = B.norm();
  return p;
}

TEST(MechanismVerification, CrankDrivenGrashofFourBarFollowsLoopClosureOverFullRevolution)
{
  const double a = 0.1, b = 0.4, c = 0.3, d = 0.35, w2 = 2 * M_PI;  // one crank turn per second
  const FourBarPose p0 = fourBarClosedForm(a, b, c, d, 0.0, w2);
  const Eigen::Vector2d A0(a, 0.0);
  const Eigen::Vector2d B0(d + c * std::cos(p0.theta4), c * std::sin(p0.theta4));
  const double th3 = std::atan2(B0.y() - A0.y(), B0.x() - A0.x());
  auto rod = [](const char* name, const Eigen::Vector2d& from, double angle, double length) {
    Body body;
    body.name = name;
    body.mass = 1.0;
    body.inertia = Vec3(1e-4, length * length / 12, length * length / 12).asDiagonal();
    body.position =
        Vec3(from.x() + 0.5 * length * std::cos(angle), from.y() + 0.5 * length * std::sin(angle), 0);
    body.orientation = Quat(Eigen::AngleAxisd(angle, Vec3::UnitZ()));
    return body;
  };
  Model model;
  model.gravity = Vec3(0, -kG, 0);
  model.bodies = {rod("crank", Eigen::Vector2d::Zero(), 0.0, a), rod("coupler", A0, th3, b),
                  rod("rocker", Eigen::Vector2d(d, 0), p0.theta4, c)};
  model.markers = {marker(0, Vec3(-a / 2, 0, 0)), marker(kGround, Vec3::Zero()),    // O2
                   marker(1, Vec3(-b / 2, 0, 0)), marker(0, Vec3(a / 2, 0, 0)),     // A
                   marker(2, Vec3(c / 2, 0, 0)),  marker(1, Vec3(b / 2, 0, 0)),     // B
                   marker(2, Vec3(-c / 2, 0, 0)), marker(kGround, Vec3(d, 0, 0))};  // O4
  model.joints = {joint(JointType::Revolute, 0, 1, "O2"), joint(JointType::Revolute, 2, 3, "A"),
                  joint(JointType::Revolute, 4, 5, "B"), joint(JointType::Revolute, 6, 7, "O4")};
  Motion drive;
  drive.name = "crank";
  drive.iMarker = 0;
  drive.jMarker = 1;
  drive.axis = MotionAxis::RotationZ;
  drive.displacement = std::make_shared<LinearAngle>(0.0, w2);
  model.motions.push_back(drive);
  System system(model);
  DynamicOptions options;
  options.endTime = 1.0;
  options.outputStep = 0.005;
  options.integratorOptions.tolerance = 1e-6;
  options.integratorOptions.formulation = Formulation::SI2;
  ResultStore results;
  const Status st = runDynamics(system, options, nullptr, results);
  ASSERT_TRUE(st.ok()) << st.message;
  ASSERT_EQ(results.size(), 201u);
  double errTheta = 0.0, errOmega = 0.0, errAlpha = 0.0, maxStretch = 0.0, errAtStretch = 0.0;
  double alphaScale = 0.0;
  for (size_t k = 0; k < results.size(); ++k) {
    const ResultFrame f = results.frame(k);
    const double t = f.state.t;
    const FourBarPose p = fourBarClosedForm(a, b, c, d, w2 * t, w2);
    const BodyOutput& r = f.bodies[2];
    const Vec3 x = r.orientation * Vec3::UnitX();
    const double th4 = std::atan2(x.y(), x.x());
    const double e = std::abs(std::remainder(th4 - p.theta4, 2 * M_PI));
    errTheta = std::max(errTheta, e);
    errOmega = std::max(errOmega, std::abs(r.angularVelocity.z() - p.omega4));
    errAlpha = std::max(errAlpha, std::abs(r.angularAcceleration.z() - p.alpha4));
    alphaScale = std::max(alphaScale, std::abs(p.alpha4));
    if (p.stretch > maxStretch) {
      maxStretch = p.stretch;
      errAtStretch = e;
    }
  }
  std::printf(
      "four-bar: max err theta4 %.2e rad, omega4 %.2e rad/s, alpha4 %.2e rad/s^2 (max |alpha4| %.1f); "
      "at the most stretched frame (|B - O2| = %.4f of %.4f) %.2e rad\n",
      errTheta, errOmega, errAlpha, alphaScale, maxStretch, a + b, errAtStretch);
  // The crank angle is prescribed and the mechanism has no free DOF, so the outputs are the
  // constraint solution at each frame: positions to the Newton tolerance (~1e-8 here), velocities
  // and accelerations from the index-1 equations at the output state (exact to round-off times
  // the Jacobian conditioning). The bounds leave two orders of margin over the measured errors.
  EXPECT_LT(errTheta, 1e-6);
  EXPECT_LT(errOmega, 1e-5);
  EXPECT_LT(errAlpha, 1e-4 * alphaScale);
  // The samples pass within 2·(5 ms · 2π)² ≈ 1e-3 of the fully stretched pose a + b.
  EXPECT_GT(maxStretch, a + b - 1e-3);
}

TEST(MechanismVerification, ConicalPendulumKeepsItsSteadyMotion)
{
  // Point mass (isotropic inertia 1e-6: no gyroscopic moment, so the steady state is the
  // point-mass one) on a massless link l = 1 from a spherical joint, circling at ω = 2π:
  // cos θ = g/(l ω²), θ = 1.31967507026879 rad from the vertical (CASES.md 5), radius l sin θ,
  // height −l cos θ, azimuth ωt, centripetal acceleration ω² l sin θ.
  const double l = 1.0, w = 2 * M_PI, theta = std::acos(kG / (l * w * w));
  ASSERT_NEAR(theta, 1.31967507026879, 1e-12);
  const double r = l * std::sin(theta), z = -l * std::cos(theta);
  Model model;
  model.gravity = Vec3(0, 0, -kG);
  Body bob;
  bob.name = "bob";
  bob.inertia = 1e-6 * Mat3::Identity();
  bob.position = Vec3(r, 0, z);
  bob.velocity = Vec3(0, w * r, 0);
  bob.angularVelocity = Vec3(0, 0, w);
  bob.positionExact = {true, true, true};
  bob.orientationExact = true;
  bob.velocityExact = {true, true, true};
  bob.angularVelocityExact = {true, true, true};
  model.bodies.push_back(bob);
  model.markers = {marker(0, Vec3(-r, 0, -z)), marker(kGround, Vec3::Zero())};
  model.joints = {joint(JointType::Spherical, 0, 1, "pivot")};
  System system(model);
  for (IntegratorType type : {IntegratorType::Gstiff, IntegratorType::Rkf45}) {
    DynamicOptions options;
    options.endTime = 3.0;  // three revolutions
    options.outputStep = 0.01;
    options.integrator = type;
    options.integratorOptions.tolerance = 1e-6;
    options.integratorOptions.formulation = Formulation::SI2;
    ResultStore results;
    const Status st = runDynamics(system, options, nullptr, results);
    ASSERT_TRUE(st.ok()) << st.message;
    double errPos = 0.0, errVel = 0.0, errAcc = 0.0;
    for (size_t k = 0; k < results.size(); ++k) {
      const ResultFrame f = results.frame(k);
      const double t = f.state.t, c = std::cos(w * t), s = std::sin(w * t);
      const BodyOutput& o = f.bodies[0];
      errPos = std::max(errPos, (o.position - Vec3(r * c, r * s, z)).norm());
      errVel = std::max(errVel, (o.velocity - Vec3(-w * r * s, w * r * c, 0)).norm());
      errAcc = std::max(errAcc, (o.acceleration - Vec3(-w * w * r * c, -w * w * r * s, 0)).norm());
    }
    std::printf("conical pendulum %s: max err pos %.2e m, vel %.2e m/s, acc %.2e m/s^2\n", toString(type),
                errPos, errVel, errAcc);
    // The steady circle is neutrally stable (small oscillations about it at ω sin θ): integration
    // errors are not damped out; the phase error grows linearly over the three periods. Measured at
    // tol 1e-6: GSTIFF SI2 1.1e-4 m / 6.9e-4 m/s / 4.4e-3 m/s², RKF45 1.6e-5 / 1.6e-4 / 6.3e-4.
    // Bounds: 3e-4 m on the 0.97 m circle, scaled by ω and ω² for velocity and acceleration.
    EXPECT_LT(errPos, 3e-4) << toString(type);
    EXPECT_LT(errVel, 3e-4 * w) << toString(type);
    EXPECT_LT(errAcc, 3e-4 * w * w) << toString(type);
  }
}

}  // namespace
}  // namespace mbs::solver
