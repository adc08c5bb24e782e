// LinearSolver: UMFPACK results, symbolic-analysis reuse, singular matrices.
#include <gtest/gtest.h>

#include <random>

#include "linalg/LinearSolver.hpp"

namespace mbs::solver {
namespace {

SparseMat randomSparse(int n, std::mt19937& rng, double diagonal)
{
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  Triplets t;
  for (int i = 0; i < n; ++i) {
    t.emplace_back(i, i, diagonal + u(rng));
    t.emplace_back(i, (i * 7 + 3) % n, u(rng));
    t.emplace_back((i * 5 + 1) % n, i, u(rng));
  }
  SparseMat A(n, n);
  A.setFromTriplets(t.begin(), t.end());
  return A;
}

TEST(LinearSolver, SolvesAndReusesTheSymbolicAnalysis)
{
  std::mt19937 rng(7);
  LinearSolver solver;
  for (int round = 0; round < 3; ++round) {
    const SparseMat A = randomSparse(200, rng, 4.0);
    const Vec x = Vec::Random(200);
    ASSERT_TRUE(solver.factorize(A));
    const Vec solved = solver.solve(A * x);
    EXPECT_LT((solved - x).norm(), 1e-10);
    EXPECT_GT(solver.reciprocalCondition(), 1e-6);
  }
  EXPECT_EQ(solver.factorizations(), 3);
  EXPECT_EQ(solver.symbolicAnalyses(), 1);  // same pattern every round
  const SparseMat B = randomSparse(150, rng, 4.0);
  ASSERT_TRUE(solver.factorize(B));
  EXPECT_EQ(solver.symbolicAnalyses(), 2);
}

TEST(LinearSolver, ReportsSingularMatrices)
{
  SparseMat A(3, 3);
  Triplets t{{0, 0, 1.0}, {0, 1, 2.0}, {1, 0, 2.0}, {1, 1, 4.0}, {2, 2, 1.0}};  // rank 2
  A.setFromTriplets(t.begin(), t.end());
  LinearSolver solver;
  EXPECT_FALSE(solver.factorize(A));
  EXPECT_FALSE(solver.factorized());
  EXPECT_THROW(solver.solve(Vec::Ones(3)), std::logic_error);
  SparseMat Z(2, 2);  // structurally singular
  EXPECT_FALSE(solver.factorize(Z));
}

}  // namespace
}  // namespace mbs::solver
