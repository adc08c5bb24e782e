// The DMBS spanning tree with the user's constraint elements (Joint::constraintElement, DMBS manual
// §2.4.2): the user's cut joints are cut first, further loops by the default rule; the cut set and
// why each joint is cut are reported; the motion does not depend on where the loop is cut.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numbers>

#include "mbs/solver/Analysis.hpp"
#include "mbs/solver/DmbsTree.hpp"
#include "system_test_models.hpp"

namespace mbs::solver {
namespace {

// A uniform rod from a to b (in the xy plane) of mass m, its x axis along the rod; markers at its
// ends, named <name>_a and <name>_b.
int addRod(Model& model, const std::string& name, const Vec3& a, const Vec3& b, double m)
{
  const Vec3 d = b - a;
  const double l = d.norm();
  const Quat q(Eigen::AngleAxisd(std::atan2(d.y(), d.x()), Vec3::UnitZ()));
  model.bodies.push_back(test::makeBody(name, m, {1e-4, m * l * l / 12, m * l * l / 12}, 0.5 * (a + b), q));
  const int body = static_cast<int>(model.bodies.size()) - 1;
  test::addMarker(model, name + "_a", body, Vec3(-l / 2, 0, 0));
  test::addMarker(model, name + "_b", body, Vec3(l / 2, 0, 0));
  return body;
}

int markerIndex(const Model& model, const std::string& name)
{
  for (std::size_t k = 0; k < model.markers.size(); ++k)
    if (model.markers[k].name == name)
      return static_cast<int>(k);
  return -1;
}

// A general (non-parallelogram) four-bar swinging under gravity from rest: ground pivots at
// (0, 0) and (1.2, 0), crank to (0.6, 0.8), rocker to (1.5, 1), the coupler between their tips.
// Joints, in order: crank_pivot, rocker_pivot, crank_pin, rocker_pin.
Model fourBar()
{
  Model m;
  m.name = "four_bar";
  m.gravity = Vec3(0, -9.81, 0);
  const Vec3 a(0, 0, 0), b(0.6, 0.8, 0), c(1.5, 1, 0), d(1.2, 0, 0);
  addRod(m, "crank", a, b, 1.0);
  addRod(m, "coupler", b, c, 1.5);
  addRod(m, "rocker", d, c, 1.2);
  const int groundA = test::addMarker(m, "ground_a", kGround, a);
  const int groundD = test::addMarker(m, "ground_d", kGround, d);
  test::addJoint(m, "crank_pivot", JointType::Revolute, markerIndex(m, "crank_a"), groundA);
  test::addJoint(m, "rocker_pivot", JointType::Revolute, markerIndex(m, "rocker_a"), groundD);
  test::addJoint(m, "crank_pin", JointType::Revolute, markerIndex(m, "coupler_a"), markerIndex(m, "crank_b"));
  test::addJoint(m, "rocker_pin", JointType::Revolute, markerIndex(m, "coupler_b"),
                 markerIndex(m, "rocker_b"));
  return m;
}

AnalysisSettings dynamicSettings(Formulation f)
{
  AnalysisSettings s;
  s.kind = AnalysisKind::Dynamic;
  s.formulation = f;
  s.integrator = f == Formulation::DMBS ? IntegratorType::Rkf45 : IntegratorType::Gstiff;
  s.endTime = 1.5;
  s.outputStep = 0.05;
  s.tolerance = 1e-9;
  return s;
}

std::vector<int> cutSet(const DmbsTree& tree)
{
  std::vector<int> joints;
  for (const CutJoint& c : tree.cuts)
    joints.push_back(c.joint);
  return joints;
}

TEST(DmbsCutJoints, DefaultRuleCutsTheLoopAtTheJointFoundLast)
{
  const DmbsTree tree = dmbsTree(fourBar());
  ASSERT_TRUE(tree.status.ok()) << tree.status.message;
  ASSERT_EQ(cutSet(tree), std::vector<int>{3});  // rocker_pin
  EXPECT_EQ(tree.cuts[0].reason, CutReason::ClosesLoop);
  EXPECT_EQ(tree.treeJoints, (std::vector<int>{0, 1, 2}));
}

TEST(DmbsCutJoints, UserConstraintElementIsCutInsteadAndReported)
{
  Model model = fourBar();
  model.joints[2].constraintElement = true;  // crank_pin
  const DmbsTree tree = dmbsTree(model);
  ASSERT_TRUE(tree.status.ok()) << tree.status.message;
  ASSERT_EQ(cutSet(tree), std::vector<int>{2});
  EXPECT_EQ(tree.cuts[0].reason, CutReason::ConstraintElement);
  std::vector<int> treeJoints = tree.treeJoints;
  std::sort(treeJoints.begin(), treeJoints.end());
  EXPECT_EQ(treeJoints, (std::vector<int>{0, 1, 3}));
  EXPECT_EQ(describeCuts(model, tree.cuts),
            "cut joints: 'crank_pin' (constraint element, marked by the user)");

  ResultStore results;
  const AnalysisOutcome out = runAnalysis(model, dynamicSettings(Formulation::DMBS), nullptr, results);
  ASSERT_TRUE(out.status.ok()) << out.status.message;
  ASSERT_EQ(out.status.notes.size(), 2u);  // the cut set, then the integrator
  EXPECT_EQ(out.status.notes[0],
            "DMBS spanning tree, cut joints: 'crank_pin' (constraint element, marked by the user)");
}

// The motion is the mechanism's, not the cut's: the user's cut (crank_pin), the default cut
// (rocker_pin) and the absolute SI2 formulation agree, positions and every joint's reaction.
TEST(DmbsCutJoints, UserCutGivesTheSameMotionAsTheDefaultCutAndAsSi2)
{
  Model userCut = fourBar();
  userCut.joints[2].constraintElement = true;
  ResultStore user, automatic, si2;
  ASSERT_TRUE(runAnalysis(userCut, dynamicSettings(Formulation::DMBS), nullptr, user).status.ok());
  ASSERT_TRUE(runAnalysis(fourBar(), dynamicSettings(Formulation::DMBS), nullptr, automatic).status.ok());
  ASSERT_TRUE(runAnalysis(fourBar(), dynamicSettings(Formulation::SI2), nullptr, si2).status.ok());
  ASSERT_EQ(user.size(), 31u);
  ASSERT_EQ(automatic.size(), user.size());
  ASSERT_EQ(si2.size(), user.size());
  double crankTravel = 0.0, toDefault = 0.0, toSi2 = 0.0;
  for (std::size_t k = 0; k < user.size(); ++k) {
    const ResultFrame u = user.frame(k), a = automatic.frame(k), s = si2.frame(k);
    for (int body = 0; body < 3; ++body) {
      toDefault = std::max(toDefault, (u.bodies[body].position - a.bodies[body].position).norm());
      toSi2 = std::max(toSi2, (u.bodies[body].position - s.bodies[body].position).norm());
      EXPECT_LT((u.bodies[body].position - a.bodies[body].position).norm(), 1e-8)
          << "body " << body << " t " << u.state.t;
      EXPECT_LT((u.bodies[body].position - s.bodies[body].position).norm(), 5e-7)
          << "body " << body << " t " << u.state.t;
      EXPECT_LT((u.bodies[body].velocity - s.bodies[body].velocity).norm(), 2e-5)
          << "body " << body << " t " << u.state.t;
    }
    for (int joint = 0; joint < 4; ++joint)
      EXPECT_LT((u.joints[joint].force - s.joints[joint].force).norm(),
                1e-3 * (1.0 + s.joints[joint].force.norm()))
          << "joint " << joint << " t " << u.state.t;
    // Every joint holds: the coupler's ends stay on the crank's and the rocker's tips.
    const Vec3 crankTip = 2.0 * u.bodies[0].position;
    const Vec3 rockerTip = 2.0 * u.bodies[2].position - Vec3(1.2, 0, 0);
    const Vec3 half = u.bodies[1].orientation * Vec3(0.5 * std::hypot(0.9, 0.2), 0, 0);
    EXPECT_LT((u.bodies[1].position - half - crankTip).norm(), 1e-6) << "t " << u.state.t;
    EXPECT_LT((u.bodies[1].position + half - rockerTip).norm(), 1e-6) << "t " << u.state.t;
    crankTravel = std::max(crankTravel, (crankTip - Vec3(0.6, 0.8, 0)).norm());
  }
  EXPECT_GT(crankTravel, 0.3);  // it did swing
  std::printf("[ measure  ] user cut vs default cut %.2e m, vs SI2 %.2e m; crank tip travel %.2f m\n",
              toDefault, toSi2, crankTravel);
}

TEST(DmbsCutJoints, ConstraintElementThatLeavesNoSpanningTreeIsRefusedNamingIt)
{
  Model model = fourBar();
  model.joints[2].constraintElement = true;  // crank_pin and rocker_pin: the coupler hangs on neither
  model.joints[3].constraintElement = true;
  const DmbsTree tree = dmbsTree(model);
  EXPECT_EQ(tree.status.code, StatusCode::BadInput);
  EXPECT_EQ(tree.status.entity, "crank_pin");
  EXPECT_NE(
      tree.status.message.find("joint 'crank_pin' cannot be a constraint element (cut joint): without it "
                               "body 'coupler' has no path of tree joints to ground"),
      std::string::npos)
      << tree.status.message;
  EXPECT_TRUE(tree.cuts.empty());
  ResultStore results;
  const AnalysisOutcome out = runAnalysis(model, dynamicSettings(Formulation::DMBS), nullptr, results);
  EXPECT_EQ(out.status.code, StatusCode::BadInput);
  EXPECT_EQ(out.status.entity, "crank_pin");

  Model pivot = fourBar();  // a ground pivot: the crank's only way to ground but through the loop
  pivot.joints[0].constraintElement = true;
  pivot.joints[3].constraintElement = true;
  const DmbsTree second = dmbsTree(pivot);
  EXPECT_EQ(second.status.code, StatusCode::BadInput);
  EXPECT_NE(second.status.message.find("has no path of tree joints to ground"), std::string::npos);
}

TEST(DmbsCutJoints, JointPrimitivesAreAlwaysCutAndSaySo)
{
  Model model = fourBar();
  // An in-plane primitive holding the coupler's middle in the plane z = 0 (redundant, planar).
  const int mid = test::addMarker(model, "coupler_mid", 1, Vec3::Zero());
  const int plane = test::addMarker(model, "ground_plane", kGround, Vec3::Zero());
  test::addJoint(model, "keep_planar", JointType::Inplane, mid, plane);
  model.joints[2].constraintElement = true;
  const DmbsTree tree = dmbsTree(model);
  ASSERT_TRUE(tree.status.ok()) << tree.status.message;
  ASSERT_EQ(cutSet(tree), (std::vector<int>{2, 4}));
  EXPECT_EQ(tree.cuts[1].reason, CutReason::NeverTreeJoint);
  EXPECT_EQ(
      describeCuts(model, tree.cuts),
      "cut joints: 'crank_pin' (constraint element, marked by the user), 'keep_planar' (joint primitive, "
      "always cut)");
  EXPECT_EQ(describeCuts(model, {}), "no cut joints (the model is a tree)");
}

}  // namespace
}  // namespace mbs::solver
