// Coordinate partitioning of RKF45 (linalg/CoordinatePartition): the sparse partial-pivoting
// choice of the dependent coordinates against a dense full-pivoting LU, rank deficiency, the
// 1-norm estimate of Φ_D⁻¹Φ_I, and the integrator's repartition when the dependent block degrades.
#include <gtest/gtest.h>

#include <Eigen/LU>
#include <Eigen/SVD>
#include <cmath>
#include <random>

#include "dynamics/DynamicAnalysis.hpp"
#include "integrator_TestDaes.hpp"
#include "integrators/Rkf45.hpp"
#include "linalg/CoordinatePartition.hpp"

namespace mbs::solver {
namespace {

// Planar slider-crank in absolute coordinates (x, y, θ) of crank (length r, pinned at the origin),
// rod (length l) and slider (on the x axis): 8 constraint rows on 9 coordinates at crank angle θ1.
SparseMat sliderCrankJacobian(double theta1, double r = 0.3, double l = 1.0)
{
  const double rod = std::asin(-r * std::sin(theta1) / l);  // rod angle with the slider on y = 0
  const double c1 = std::cos(theta1), s1 = std::sin(theta1), c2 = std::cos(rod), s2 = std::sin(rod);
  // Rows: crank start at the origin (2), crank end = rod start (2), rod end = slider (2), slider
  // y = 0 and θ = 0 (2). Columns: x1 y1 θ1 x2 y2 θ2 x3 y3 θ3.
  Triplets t{{0, 0, 1.0},          {0, 2, 0.5 * r * s1},  {1, 1, 1.0},  {1, 2, -0.5 * r * c1},
             {2, 0, 1.0},          {2, 2, -0.5 * r * s1}, {2, 3, -1.0}, {2, 5, -0.5 * l * s2},
             {3, 1, 1.0},          {3, 2, 0.5 * r * c1},  {3, 4, -1.0}, {3, 5, 0.5 * l * c2},
             {4, 3, 1.0},          {4, 5, -0.5 * l * s2}, {4, 6, -1.0}, {5, 4, 1.0},
             {5, 5, 0.5 * l * c2}, {5, 7, -1.0},          {6, 7, 1.0},  {7, 8, 1.0}};
  SparseMat J(8, 9);
  J.setFromTriplets(t.begin(), t.end());
  return J;
}

Mat columns(const Mat& A, const std::vector<int>& which)
{
  Mat out(A.rows(), static_cast<Eigen::Index>(which.size()));
  for (std::size_t j = 0; j < which.size(); ++j)
    out.col(static_cast<Eigen::Index>(j)) = A.col(which[j]);
  return out;
}

double conditionNumber(const Mat& A)
{
  const Vec s = Eigen::JacobiSVD<Mat>(A).singularValues();
  return s[0] / s[s.size() - 1];
}

TEST(CoordinatePartition, DependentBlockIsRegularAndAsWellConditionedAsFullPivoting)
{
  for (int k = 0; k < 36; ++k) {
    const double theta = 2.0 * M_PI * k / 36.0 + 0.01;
    const SparseMat J = sliderCrankJacobian(theta);
    const Mat dense(J);
    const auto partition = partitionCoordinates(J);
    ASSERT_TRUE(partition.has_value()) << "crank angle " << theta;
    ASSERT_EQ(partition->dependent.size(), 8u);
    ASSERT_EQ(partition->independent.size(), 1u);
    // The dense reference: the pivot columns of a full-pivoting LU of Φ_q.
    const Eigen::FullPivLU<Mat> lu(dense);
    std::vector<int> denseDependent(lu.permutationQ().indices().data(),
                                    lu.permutationQ().indices().data() + 8);
    std::sort(denseDependent.begin(), denseDependent.end());
    const double sparseCondition = conditionNumber(columns(dense, partition->dependent));
    const double denseCondition = conditionNumber(columns(dense, denseDependent));
    EXPECT_LT(sparseCondition, 2.0 * denseCondition) << "crank angle " << theta;
    EXPECT_LT(sparseCondition, 100.0) << "crank angle " << theta;
  }
}

TEST(CoordinatePartition, ReportsRankDeficiency)
{
  // The slider-crank with its crank pin stated twice (a redundant row).
  const SparseMat J = sliderCrankJacobian(0.7);
  Triplets t;
  for (int k = 0; k < J.outerSize(); ++k)
    for (SparseMat::InnerIterator it(J, k); it; ++it) {
      t.emplace_back(it.row(), it.col(), it.value());
      if (it.row() == 0)
        t.emplace_back(8, it.col(), it.value());
    }
  SparseMat redundant(9, 9);
  redundant.setFromTriplets(t.begin(), t.end());
  EXPECT_FALSE(partitionCoordinates(redundant).has_value());
  // A constraint without any dependence on q, and more constraints than coordinates.
  SparseMat zeroRow = J;
  zeroRow.prune([](int row, int, double) { return row != 7; });
  EXPECT_FALSE(partitionCoordinates(zeroRow).has_value());
  SparseMat tall(3, 2);
  tall.insert(0, 0) = 1.0;
  tall.insert(1, 1) = 1.0;
  tall.insert(2, 0) = 1.0;
  EXPECT_FALSE(partitionCoordinates(tall).has_value());
  // No constraints: everything is independent.
  const auto free = partitionCoordinates(SparseMat(0, 3));
  ASSERT_TRUE(free.has_value());
  EXPECT_EQ(free->independent, (std::vector<int>{0, 1, 2}));
}

TEST(CoordinatePartition, SensitivityEstimateMatchesTheExactOneNorm)
{
  for (double theta : {0.1, 1.2, 2.5, M_PI / 2 - 1e-3, 4.0}) {
    const SparseMat J = sliderCrankJacobian(theta);
    const Mat dense(J);
    const auto partition = partitionCoordinates(J);
    ASSERT_TRUE(partition.has_value());
    LinearSolver solver;
    solver.setMethod(LinearSolver::Method::KluRefactor);
    ASSERT_TRUE(solver.factorize(columns(dense, partition->dependent).sparseView()));
    const Mat B = columns(dense, partition->dependent).lu().solve(columns(dense, partition->independent));
    const double exact = B.cwiseAbs().colwise().sum().maxCoeff();
    const double estimate = estimateDependentSensitivity(J, *partition, solver);
    // Hager–Higham gives a lower bound, exact here (one independent coordinate).
    EXPECT_NEAR(estimate, exact, 1e-12 * exact) << "crank angle " << theta;
  }
  // A block with many independent columns: still a lower bound within the estimator's factor.
  std::mt19937 rng(3);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  Triplets t;
  const int m = 30, n = 70;
  for (int i = 0; i < m; ++i) {
    t.emplace_back(i, i, 2.0 + u(rng));
    for (int k = 0; k < 4; ++k)
      t.emplace_back(i, (i * 13 + 7 * k + 5) % n, u(rng));
  }
  SparseMat J(m, n);
  J.setFromTriplets(t.begin(), t.end());
  const auto partition = partitionCoordinates(J);
  ASSERT_TRUE(partition.has_value());
  const Mat dense(J);
  LinearSolver solver;
  ASSERT_TRUE(solver.factorize(columns(dense, partition->dependent).sparseView()));
  const Mat B = columns(dense, partition->dependent).lu().solve(columns(dense, partition->independent));
  const double exact = B.cwiseAbs().colwise().sum().maxCoeff();
  const double estimate = estimateDependentSensitivity(J, *partition, solver);
  EXPECT_LE(estimate, exact * (1.0 + 1e-12));
  EXPECT_GE(estimate, exact / 3.0);
}

// The pendulum's one constraint row is (x, y): from the horizontal start x is dependent, and the
// block degrades towards the bottom (x → 0), where y has to take over, and again at the turning
// points. The trigger keeps |Φ_D| from falling far below the other entry.
TEST(CoordinatePartition, RkfRepartitionsWhenTheDependentPivotVanishes)
{
  testing::CartesianPendulum dae;
  IntegratorOptions options;
  options.tolerance = 1e-8;
  Rkf45Integrator integrator(dae, options);
  ASSERT_TRUE(integrator.initialize(testing::consistentState(dae, dae.initialState(-M_PI / 2))).ok());
  ASSERT_EQ(integrator.independentCoordinates(), std::vector<int>{1});  // x dependent
  double smallestPivotShare = 1.0;
  std::vector<int> independentSeen;
  while (integrator.time() < 3.0) {
    ASSERT_TRUE(integrator.step(3.0).ok());
    const Vec& q = integrator.state().q;
    const int independent = integrator.independentCoordinates()[0];
    const double pivot = std::abs(q[1 - independent]);
    smallestPivotShare = std::min(smallestPivotShare, pivot / q.cwiseAbs().maxCoeff());
    if (independentSeen.empty() || independentSeen.back() != independent)
      independentSeen.push_back(independent);
  }
  // A swing of 2.37 s: past the bottom, to the far turning point, back past the bottom.
  EXPECT_GE(integrator.repartitions(), 4);
  EXPECT_GE(independentSeen.size(), 4u);
  // Repartitioned once ‖Φ_D⁻¹Φ_I‖ = |other / pivot| passed 10 (checked before each step).
  EXPECT_GT(smallestPivotShare, 0.02);  // within a step it can fall below 0.1
  const double energy0 = dae.energy(dae.initialState(-M_PI / 2).q, Vec::Zero(2));
  EXPECT_LT(std::abs(dae.energy(integrator.state().q, integrator.state().qd) - energy0), 1e-5);
}

TEST(CoordinatePartition, RkfReportsRedundantConstraints)
{
  // The pendulum's constraint stated twice.
  struct RedundantPendulum : testing::CartesianPendulum {
    int numConstraints() const override { return 2; }
    void constraints(double t, const Vec& q, Vec& phi) const override
    {
      Vec one;
      CartesianPendulum::constraints(t, q, one);
      phi = Vec::Constant(2, one[0]);
    }
    void constraintJacobian(double, const Vec& q, SparseMat& J) const override
    {
      Triplets t{{0, 0, q[0]}, {0, 1, q[1]}, {1, 0, q[0]}, {1, 1, q[1]}};
      J.resize(2, 2);
      J.setFromTriplets(t.begin(), t.end());
    }
    void constraintTimeDerivative(double, const Vec&, Vec& phiT) const override { phiT = Vec::Zero(2); }
    void accelerationRhs(double, const Vec&, const Vec& qd, Vec& gamma) const override
    {
      gamma = Vec::Constant(2, -qd.squaredNorm());
    }
  } dae;
  Rkf45Integrator integrator(dae, IntegratorOptions{});
  const Status st = integrator.initialize(dae.initialState(0.5));
  EXPECT_EQ(st.code, StatusCode::SingularJacobian);
  EXPECT_NE(st.message.find("rank deficient"), std::string::npos) << st.message;
}

}  // namespace
}  // namespace mbs::solver
