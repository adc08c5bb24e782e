// Redundant constraints: rank of Φ_q, DOF and the rows named in the report; analyses still run.
#include <gtest/gtest.h>

#include <Eigen/LU>

#include "analysis/ActiveRowsDae.hpp"
#include "analysis/InitialConditions.hpp"
#include "analysis/Redundancy.hpp"
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

// Reference: the rows of Φ_q scanned in order with dense Gram–Schmidt (twice, for orthogonality);
// a row is redundant when its part orthogonal to the kept rows is ≤ tolerance × its norm.
std::vector<int> denseGreedyRedundantRows(const System& sys, const Vec& q, double tolerance = 1e-8)
{
  SparseMat phiQ;
  sys.constraintJacobian(0.0, q, phiQ);
  const Mat a(phiQ);
  std::vector<Vec> basis;
  std::vector<int> redundant;
  for (int r = 0; r < a.rows(); ++r) {
    Vec v = a.row(r).transpose();
    const double norm = v.norm();
    for (int pass = 0; pass < 2; ++pass)
      for (const Vec& b : basis)
        v -= b.dot(v) * b;
    if (v.norm() <= tolerance * norm)
      redundant.push_back(r);
    else
      basis.push_back(v / v.norm());
  }
  return redundant;
}

// Cranks on ground revolutes at x = 0..n joined by couplers on revolutes: every planar loop has
// three redundant equations, so the sparse QR meets many zero pivots along the chain.
Model planarFourBarLadder(int n)
{
  Model m;
  m.gravity = Vec3(0, -9.81, 0);
  std::vector<int> tops;
  for (int k = 0; k <= n; ++k) {
    m.bodies.push_back(
        test::makeBody("crank" + std::to_string(k), 1.0, {0.08, 0.001, 0.08}, Vec3(k, 0.5, 0)));
    const int b = static_cast<int>(m.bodies.size()) - 1;
    test::addJoint(m, "ground_pin" + std::to_string(k), JointType::Revolute,
                   test::addMarker(m, "foot" + std::to_string(k), b, Vec3(0, -0.5, 0)),
                   test::addMarker(m, "base" + std::to_string(k), kGround, Vec3(k, 0, 0)));
    tops.push_back(b);
  }
  for (int k = 0; k < n; ++k) {
    m.bodies.push_back(
        test::makeBody("coupler" + std::to_string(k), 1.0, {0.001, 0.08, 0.08}, Vec3(k + 0.5, 1, 0)));
    const int b = static_cast<int>(m.bodies.size()) - 1;
    test::addJoint(m, "left_pin" + std::to_string(k), JointType::Revolute,
                   test::addMarker(m, "l" + std::to_string(k), b, Vec3(-0.5, 0, 0)),
                   test::addMarker(m, "lt" + std::to_string(k), tops[k], Vec3(0, 0.5, 0)));
    test::addJoint(m, "right_pin" + std::to_string(k), JointType::Revolute,
                   test::addMarker(m, "r" + std::to_string(k), b, Vec3(0.5, 0, 0)),
                   test::addMarker(m, "rt" + std::to_string(k), tops[k + 1], Vec3(0, 0.5, 0)));
  }
  return m;
}

std::vector<int> reportedRows(const RedundancyReport& report)
{
  std::vector<int> rows;
  for (const RedundantRow& r : report.redundant)
    rows.push_back(r.row);
  return rows;
}

TEST(Redundancy, SparseScanMatchesTheDenseInOrderScan)
{
  Model withMotion = test::sliderCrank(0.1, 0.3, 0.7, 10.0, false);
  const System crank(withMotion);
  const RedundancyReport crankReport = analyzeRedundancy(crank, crank.initialPositions(), 0.0);
  EXPECT_EQ(reportedRows(crankReport), denseGreedyRedundantRows(crank, crank.initialPositions()));

  const System ladder(planarFourBarLadder(6));
  const Vec q = ladder.initialPositions();
  const RedundancyReport report = analyzeRedundancy(ladder, q, 0.0);
  EXPECT_EQ(reportedRows(report), denseGreedyRedundantRows(ladder, q));
  EXPECT_EQ(report.redundant.size(), 3u * 6u);
  EXPECT_EQ(report.dof, 1);  // a parallelogram ladder moves as one
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
