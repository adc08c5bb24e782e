// Kinematic analysis in the DMBS joint coordinates (AnalysisSettings::formulation = DMBS, kind
// Kinematic; solver/src/dmbs/JointKinematics): a driven slider-crank against its closed form and
// against the absolute formulation's kinematic analysis, positions to reactions; a model with
// degrees of freedom left is refused.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "dmbs_test_models.hpp"
#include "mbs/solver/Analysis.hpp"

namespace mbs::solver {
namespace {

constexpr double kPi = std::numbers::pi;

AnalysisSettings kinematicSettings(Formulation f, double end, double step)
{
  AnalysisSettings s;
  s.kind = AnalysisKind::Kinematic;
  s.formulation = f;
  s.endTime = end;
  s.outputStep = step;
  return s;
}

TEST(DmbsKinematics, DrivenSliderCrankFollowsItsClosedFormAndTheAbsoluteKinematicAnalysis)
{
  // Crank r = 0.3 turning at ω = 2π from θ0 = 0.4 through a full turn (both dead centres), rod
  // l = 1, gravity on: the reactions carry the weights and the inertia forces.
  const double r = 0.3, l = 1.0, omega = 2 * kPi, theta0 = 0.4;
  Model model = test::sliderCrank(r, l, theta0, omega);
  model.gravity = Vec3(0, -9.81, 0);
  ResultStore dmbs, absolute;
  const AnalysisOutcome a =
      runAnalysis(model, kinematicSettings(Formulation::DMBS, 1.0, 0.02), nullptr, dmbs);
  const AnalysisOutcome b =
      runAnalysis(model, kinematicSettings(Formulation::SI2, 1.0, 0.02), nullptr, absolute);
  ASSERT_TRUE(a.status.ok()) << a.status.message;
  ASSERT_TRUE(b.status.ok()) << b.status.message;
  ASSERT_EQ(dmbs.size(), 51u);
  ASSERT_EQ(absolute.size(), 51u);
  bool noted = false;
  for (const std::string& note : a.status.notes)
    noted |= note.find("DMBS spanning tree") != std::string::npos;
  EXPECT_TRUE(noted);
  double largestReaction = 0.0;
  for (size_t k = 0; k < dmbs.size(); ++k) {
    const ResultFrame x = dmbs.frame(k), ref = absolute.frame(k);
    const double t = x.state.t, th = theta0 + omega * t;
    ASSERT_NEAR(t, ref.state.t, 1e-12);
    // Closed form: slider at x = r cos θ + √(l² − r² sin² θ), its velocity and acceleration the
    // derivatives (θ̇ = ω constant).
    const double root = std::sqrt(l * l - std::pow(r * std::sin(th), 2));
    const double xs = r * std::cos(th) + root;
    const double dx = -r * omega * std::sin(th) - r * r * omega * std::sin(th) * std::cos(th) / root;
    const double s2 = std::sin(2 * th), c2 = std::cos(2 * th);
    const double ddx = -r * omega * omega * std::cos(th) - r * r * omega * omega * c2 / root -
                       std::pow(r * r * omega * s2 / 2, 2) / (root * root * root);
    EXPECT_NEAR(x.bodies[2].position.x(), xs, 1e-9) << "t = " << t;
    EXPECT_NEAR(x.bodies[2].velocity.x(), dx, 1e-8) << "t = " << t;
    EXPECT_NEAR(x.bodies[2].acceleration.x(), ddx, 1e-6) << "t = " << t;
    EXPECT_NEAR(x.bodies[0].angularVelocity.z(), omega, 1e-9);
    // Everything else as the absolute kinematic analysis: every body, every joint's reaction.
    for (int body = 0; body < 3; ++body) {
      EXPECT_LT((x.bodies[body].position - ref.bodies[body].position).norm(), 1e-9) << "t = " << t;
      EXPECT_LT((x.bodies[body].velocity - ref.bodies[body].velocity).norm(), 1e-8) << "t = " << t;
      EXPECT_LT((x.bodies[body].acceleration - ref.bodies[body].acceleration).norm(), 1e-6) << "t = " << t;
      EXPECT_LT((x.bodies[body].angularAcceleration - ref.bodies[body].angularAcceleration).norm(), 1e-6);
    }
    for (size_t j = 0; j < model.joints.size(); ++j) {
      const double scale = 1.0 + ref.joints[j].force.norm();
      EXPECT_LT((x.joints[j].force - ref.joints[j].force).norm(), 1e-6 * scale)
          << "joint " << j << " t = " << t;
      EXPECT_LT((x.joints[j].torque - ref.joints[j].torque).norm(),
                1e-6 * (1.0 + ref.joints[j].torque.norm()))
          << "joint " << j << " t = " << t;
      largestReaction = std::max(largestReaction, ref.joints[j].force.norm());
    }
    // The drive's torque too.
    ASSERT_EQ(x.motions.size(), 1u);
    EXPECT_NEAR(x.motions[0].torque.z(), ref.motions[0].torque.z(),
                1e-6 * (1.0 + std::abs(ref.motions[0].torque.z())));
  }
  EXPECT_GT(largestReaction, 20.0);  // (weights ~ 37 N and inertia forces: the reactions are not trivial)
}

TEST(DmbsKinematics, ParallelogramDrivenThroughItsFlatPositionsStaysAParallelogram)
{
  const double omega = 2 * kPi;
  ResultStore results;
  // The flat instants (t = 0.25, 0.75) are avoided: there the cut pin's equations lose rank.
  const AnalysisOutcome out = runAnalysis(test::parallelogram(omega),
                                          kinematicSettings(Formulation::DMBS, 1.0, 0.035), nullptr, results);
  ASSERT_TRUE(out.status.ok()) << out.status.message;
  for (size_t k = 0; k < results.size(); ++k) {
    const ResultFrame f = results.frame(k);
    const double angle = kPi / 2 + omega * f.state.t;
    const Vec3 tip(std::cos(angle), std::sin(angle), 0);
    EXPECT_LT((f.bodies[2].position - (Vec3(1, 0, 0) + 0.5 * tip)).norm(), 1e-9) << "t = " << f.state.t;
    EXPECT_LT((f.bodies[1].position - (tip + Vec3(0.5, 0, 0))).norm(), 1e-9);
    EXPECT_LT(std::abs(f.bodies[1].angularVelocity.z()), 1e-8);
    EXPECT_LT(f.bodies[1].angularAcceleration.norm(), 1e-6);
  }
}

TEST(DmbsKinematics, RefusesAModelWithDegreesOfFreedomLeft)
{
  ResultStore results;
  const AnalysisOutcome out =
      runAnalysis(test::rodPendulum(0.3), kinematicSettings(Formulation::DMBS, 1.0, 0.1), nullptr, results);
  EXPECT_EQ(out.status.code, StatusCode::BadInput);
  EXPECT_NE(
      out.status.message.find("has 1 degrees of freedom; kinematic analysis needs motions on all of them"),
      std::string::npos)
      << out.status.message;
}

}  // namespace
}  // namespace mbs::solver
