// Redundant constraints: rank of Φ_q, DOF and the rows named in the report; analyses still run.
#include <gtest/gtest.h>

#include <Eigen/LU>

#include "mbs/solver/ActiveRowsDae.hpp"
#include "mbs/solver/InitialConditions.hpp"
#include "mbs/solver/Redundancy.hpp"
#include "system_test_models.hpp"

namespace mbs::solver {
namespace {

TEST(Redundancy, AllRevoluteSliderCrankHasThreeRedundantEquations)
{
  Model m = test::sliderCrank(0.1, 0.3, 0.7, 10.0, false);
  m.motions.clear();
  const System sys(m);
  const RedundancyReport report = analyzeRedundancy(sys, sys.initialPositions(), 0.0);
  EXPECT_EQ(report.rank, 20);
  EXPECT_EQ(report.dof, 1);  // 6·3 − (20 − 3)
  ASSERT_EQ(report.redundant.size(), 3u);
  EXPECT_EQ(report.activeRows.size(), 20u);
  // The scan keeps earlier rows, so the later joints' out-of-plane equations are the redundant ones.
  for (const RedundantRow& r : report.redundant) {
    EXPECT_TRUE(r.entity == "wrist_pin" || r.entity == "slide") << r.description;
    EXPECT_NE(r.description.find("joint '" + r.entity + "'"), std::string::npos);
  }
  const std::vector<std::string> w = report.warnings();
  ASSERT_FALSE(w.empty());
  EXPECT_NE(w[0].find("redundant"), std::string::npos);
}

TEST(Redundancy, ReplacingRevolutesWithSphericalAndUniversalRemovesTheRedundancy)
{
  Model m = test::sliderCrank(0.1, 0.3, 0.7, 10.0, false);
  m.motions.clear();
  m.joints[1].type = JointType::Spherical;  // crank pin
  // The wrist pin as a universal joint: cross axes along the rod's y (I z) and the slider's z.
  m.markers[4].orientation = Eigen::AngleAxisd(-std::numbers::pi / 2, Vec3::UnitX()).matrix();
  m.joints[2].type = JointType::Universal;
  const System sys(m);
  const RedundancyReport report = analyzeRedundancy(sys, sys.initialPositions(), 0.0);
  EXPECT_TRUE(report.redundant.empty());
  EXPECT_EQ(report.dof, 1);
  EXPECT_EQ(report.rank, sys.numConstraints());
}

TEST(Redundancy, DuplicatedJointIsReportedAndReactionsStayCorrect)
{
  // A pendulum hanging on two identical revolute joints: the second adds five redundant rows.
  Model m;
  m.gravity = Vec3(0, 0, -9.81);
  m.bodies.push_back(test::makeBody("pendulum", 3.0, {0.1, 0.2, 0.2}, Vec3(0, 0, -1)));
  const int i = test::addMarker(m, "pin", 0, Vec3(0, 0, 1));
  const int j = test::addMarker(m, "ground", kGround, Vec3::Zero());
  test::addJoint(m, "hinge", JointType::Revolute, i, j);
  test::addJoint(m, "hinge_copy", JointType::Revolute, i, j);
  const System sys(m);
  State state;
  const Status s = solveInitialConditions(sys, state);
  ASSERT_TRUE(s.ok()) << s.message;
  ASSERT_EQ(s.warnings.size(), 1u);
  EXPECT_NE(s.warnings[0].find("joint 'hinge_copy' (revolute): equations 1, 2, 3, 4, 5"), std::string::npos)
      << s.warnings[0];
  // The whole weight goes through the kept joint; the removed one carries nothing.
  EXPECT_LT((sys.jointReaction(0, state.q, state.lambda).force - Vec3(0, 0, 3 * 9.81)).norm(), 1e-9);
  EXPECT_LT(sys.jointReaction(1, state.q, state.lambda).force.norm(), 1e-12);
}

TEST(Redundancy, ActiveRowsDaeDropsTheRedundantRows)
{
  Model m = test::sliderCrank(0.1, 0.3, 0.7, 10.0, false);
  const System sys(m);
  const Vec q = sys.initialPositions();
  const RedundancyReport report = analyzeRedundancy(sys, q, 0.0);
  const ActiveRowsDae dae(sys, report.activeRows);
  EXPECT_EQ(dae.numConstraints(), sys.numConstraints() - 3);
  SparseMat phiQ;
  dae.constraintJacobian(0.0, q, phiQ);
  // The kept rows are independent: Φ_q Φ_qᵀ is regular (here square: zero DOF with the motion).
  const Mat g = Mat(phiQ) * Mat(phiQ).transpose();
  EXPECT_EQ(Eigen::FullPivLU<Mat>(g).rank(), dae.numConstraints());
  // Its constraint-force Jacobian is the system's with zero multipliers on the removed rows.
  std::mt19937 rng(2);
  const Vec lambda =
      Vec::NullaryExpr(dae.numConstraints(), [&]() { return std::normal_distribution<double>()(rng); });
  SparseMat analytic, generic;
  dae.constraintForceJacobian(0.0, q, lambda, analytic);
  dae.Dae::constraintForceJacobian(0.0, q, lambda, generic);
  EXPECT_LT(Mat(analytic - generic).cwiseAbs().maxCoeff(), 1e-6);
  const Vec full = dae.fullMultipliers(lambda);
  for (const RedundantRow& r : report.redundant)
    EXPECT_EQ(full[r.row], 0.0);
}

}  // namespace
}  // namespace mbs::solver
