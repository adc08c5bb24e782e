// Joint reactions of the DMBS formulation on a tree without cut joints or motions, where they come
// from one Newton–Euler sweep over the tree (DmbsAnalysis.cpp, FrameBuilder::treeFrame) instead of
// the absolute formulation's multipliers: the same convention as System::jointReaction (force on
// the I marker's body, moment about the I marker, ground frame; the reaction on ground when I is on
// ground), checked against a closed form and against SI2 on a tree with every marker arrangement.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "mbs/solver/Analysis.hpp"
#include "system_test_models.hpp"

namespace mbs::solver {
namespace {

constexpr double kPi = std::numbers::pi;
constexpr double kG = 9.81;

AnalysisSettings dynamicSettings(Formulation f, double end, double step, double tol)
{
  AnalysisSettings s;
  s.kind = AnalysisKind::Dynamic;
  s.formulation = f;
  s.integrator = f == Formulation::DMBS ? IntegratorType::Rkf45 : IntegratorType::Gstiff;
  s.endTime = end;
  s.outputStep = step;
  s.tolerance = tol;
  return s;
}

// A rod (length L, mass m) along x from a revolute joint about ground's vertical z at the origin,
// spinning at ω under gravity −z. Its pivot inertia is principal about z, so ω stays constant and
// the joint carries F = m a_CM − m g = −m ω² L/2 r̂ + m g ẑ and, about the pivot,
// n = −r_CM × m g = m g L/2 (r̂ × ẑ), r̂ = (cos ωt, sin ωt, 0).
Model spinningRod(double omega, bool iOnGround)
{
  const double l = 1.2, m = 2.0;
  Model model;
  model.gravity = Vec3(0, 0, -kG);
  Body rod = test::makeBody("rod", m, {1e-4, m * l * l / 12, m * l * l / 12}, Vec3(l / 2, 0, 0));
  rod.angularVelocity = Vec3(0, 0, omega);
  rod.velocity = Vec3(0, omega * l / 2, 0);
  model.bodies.push_back(rod);
  const int onRod = test::addMarker(model, "rod_pivot", 0, Vec3(-l / 2, 0, 0));
  const int onGround = test::addMarker(model, "ground_pivot", kGround, Vec3::Zero());
  if (iOnGround)
    test::addJoint(model, "pivot", JointType::Revolute, onGround, onRod);
  else
    test::addJoint(model, "pivot", JointType::Revolute, onRod, onGround);
  return model;
}

TEST(DmbsTreeReactions, SpinningRodReactionFollowsTheClosedFormWithTheIMarkersSign)
{
  const double omega = 3.0, l = 1.2, m = 2.0;
  for (const bool iOnGround : {false, true}) {
    ResultStore results;
    const AnalysisOutcome out = runAnalysis(
        spinningRod(omega, iOnGround), dynamicSettings(Formulation::DMBS, 1.0, 0.1, 1e-10), nullptr, results);
    ASSERT_TRUE(out.status.ok()) << out.status.message;
    ASSERT_EQ(results.size(), 11u);
    // On the rod, or (I on ground) the rod's action on ground.
    const double sign = iOnGround ? -1.0 : 1.0;
    for (size_t k = 0; k < results.size(); ++k) {
      const ResultFrame f = results.frame(k);
      const double t = f.state.t;
      const Vec3 radial(std::cos(omega * t), std::sin(omega * t), 0.0);
      const Vec3 force = sign * (-m * omega * omega * l / 2 * radial + m * kG * Vec3::UnitZ());
      const Vec3 torque = sign * m * kG * l / 2 * radial.cross(Vec3::UnitZ());
      EXPECT_LT((f.joints[0].force - force).norm(), 1e-6 * force.norm())
          << "t = " << t << " I on ground " << iOnGround;
      EXPECT_LT((f.joints[0].torque - torque).norm(), 1e-6 * torque.norm())
          << "t = " << t << " I on ground " << iOnGround;
    }
  }
}

// A five-body tree with every way a joint's markers can sit: a ground revolute with I on ground,
// a revolute with I on the parent (axis along x), a ball joint with I on the child, a fixed joint
// (no joint coordinates), a translational joint off the CMs, and a spring to ground on the last
// body (a force element in the applied loads).
Model mixedTree()
{
  Model model;
  model.gravity = Vec3(0, 0, -kG);
  const Mat3 zToX = Eigen::AngleAxisd(kPi / 2, Vec3::UnitY()).toRotationMatrix();
  Body arm = test::makeBody("arm", 1.5, {0.002, 0.12, 0.12}, Vec3(0.5, 0, 0));
  arm.angularVelocity = Vec3(0, 0, 2.0);
  model.bodies.push_back(arm);
  model.bodies.push_back(test::makeBody("upper", 1.0, {0.08, 0.09, 0.003}, Vec3(1, 0, -0.5)));
  Body lower = test::makeBody("lower", 0.8, {0.07, 0.06, 0.002}, Vec3(1, 0, -1.5));
  lower.angularVelocity = Vec3(1.0, 0.5, 0.0);
  model.bodies.push_back(lower);
  model.bodies.push_back(test::makeBody("foot", 0.5, {0.01, 0.02, 0.015}, Vec3(1, 0, -2.25)));
  model.bodies.push_back(test::makeBody("slider", 0.3, {0.004, 0.005, 0.006}, Vec3(1.3, 0, -2.25)));

  test::addJoint(model, "shoulder", JointType::Revolute, test::addMarker(model, "g_o", kGround, Vec3::Zero()),
                 test::addMarker(model, "arm_o", 0, Vec3(-0.5, 0, 0)));
  test::addJoint(model, "elbow", JointType::Revolute,
                 test::addMarker(model, "arm_tip", 0, Vec3(0.5, 0, 0), zToX),
                 test::addMarker(model, "upper_top", 1, Vec3(0, 0, 0.5), zToX));
  test::addJoint(model, "wrist", JointType::Spherical,
                 test::addMarker(model, "lower_top", 2, Vec3(0, 0, 0.5)),
                 test::addMarker(model, "upper_bottom", 1, Vec3(0, 0, -0.5)));
  test::addJoint(model, "ankle", JointType::Fixed, test::addMarker(model, "foot_top", 3, Vec3(0, 0, 0.25)),
                 test::addMarker(model, "lower_bottom", 2, Vec3(0, 0, -0.5)));
  test::addJoint(model, "rail", JointType::Translational,
                 test::addMarker(model, "slider_o", 4, Vec3::Zero(), zToX),
                 test::addMarker(model, "foot_rail", 3, Vec3(0.3, 0, 0), zToX));
  Force spring;
  spring.name = "spring";
  spring.type = ForceType::TranslationalSpringDamper;
  spring.iMarker = test::addMarker(model, "slider_end", 4, Vec3(0.05, 0, 0));
  spring.jMarker = test::addMarker(model, "g_anchor", kGround, Vec3(2, 0, -2.25));
  spring.stiffness = 50.0;
  spring.damping = 0.5;
  spring.freeLength = 0.5;
  model.forces.push_back(spring);
  return model;
}

TEST(DmbsTreeReactions, EveryMarkerArrangementMatchesTheAbsoluteFormulation)
{
  const Model model = mixedTree();
  ResultStore dmbs, absolute;
  const AnalysisOutcome a =
      runAnalysis(model, dynamicSettings(Formulation::DMBS, 1.0, 0.1, 1e-10), nullptr, dmbs);
  ASSERT_TRUE(a.status.ok()) << a.status.message;
  const AnalysisOutcome b =
      runAnalysis(model, dynamicSettings(Formulation::SI2, 1.0, 0.1, 1e-10), nullptr, absolute);
  ASSERT_TRUE(b.status.ok()) << b.status.message;
  ASSERT_EQ(dmbs.size(), absolute.size());
  double largest = 0.0;
  for (size_t k = 0; k < dmbs.size(); ++k) {
    const ResultFrame fa = dmbs.frame(k), fb = absolute.frame(k);
    for (size_t body = 0; body < fa.bodies.size(); ++body)
      EXPECT_LT((fa.bodies[body].position - fb.bodies[body].position).norm(), 1e-6)
          << model.bodies[body].name << " t " << fa.state.t;
    ASSERT_EQ(fa.joints.size(), model.joints.size());
    for (size_t j = 0; j < model.joints.size(); ++j) {
      const Reaction& ra = fa.joints[j];
      const Reaction& rb = fb.joints[j];
      largest = std::max(largest, rb.force.norm());
      EXPECT_LT((ra.force - rb.force).norm(), 1e-4 * (1 + rb.force.norm()))
          << model.joints[j].name << " t " << fa.state.t;
      EXPECT_LT((ra.torque - rb.torque).norm(), 1e-4 * (1 + rb.torque.norm()))
          << model.joints[j].name << " t " << fa.state.t;
    }
  }
  EXPECT_GT(largest, 10.0);  // (the joints do carry load: gravity alone is ~40 N at the shoulder)
}

}  // namespace
}  // namespace mbs::solver
