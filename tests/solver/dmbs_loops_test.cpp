// The DMBS formulation on many closed loops: the sparse G M⁻¹ Gᵀ (dmbs/SparseLoops.hpp) against
// the dense one built from tree responses, at a general and at a singular position, and a chain
// of ten four-bar loops against the absolute formulation.
#include <gtest/gtest.h>

#include <Eigen/Cholesky>
#include <Eigen/QR>
#include <cmath>
#include <memory>
#include <numbers>
#include <random>
#include <utility>

#include "dmbs/CutConstraints.hpp"
#include "dmbs/JointSpaceEquations.hpp"
#include "dmbs/NearSingular.hpp"
#include "dmbs/Topology.hpp"
#include "mbs/solver/Analysis.hpp"
#include "system_test_models.hpp"

namespace mbs::solver {
namespace {

// N four-bar loops side by side (the benchmark's UDC A02 layout): N+1 cranks of length 1 on
// ground revolutes at x = 0..N, N couplers of length 1 on ball joints joining their tips. The
// cranks stand vertical (or lie along +x: `flat`, where every loop is at a singular position)
// turning at ω; `driven` adds a motion on the first crank's revolute.
Model fourBarChain(int n, bool flat, bool driven)
{
  Model m;
  m.gravity = Vec3(0, -9.81, 0);
  const double omega = 1.0;
  const Quat turn = flat ? Quat(Eigen::AngleAxisd(-std::numbers::pi / 2, Vec3::UnitZ())) : Quat::Identity();
  const Vec3 up = turn * Vec3::UnitY(), tipVelocity = turn * Vec3(-omega, 0, 0);
  int drivenBase = -1, drivenGround = -1;
  for (int k = 0; k <= n; ++k) {
    Body b = test::makeBody("crank" + std::to_string(k), 1.0, {0.084, 0.001, 0.084}, Vec3(k, 0, 0) + 0.5 * up,
                            turn);
    b.velocity = 0.5 * tipVelocity;
    b.angularVelocity = Vec3(0, 0, omega);
    m.bodies.push_back(b);
    const int base = test::addMarker(m, "crank_base" + std::to_string(k), k, Vec3(0, -0.5, 0));
    const int ground = test::addMarker(m, "ground" + std::to_string(k), kGround, Vec3(k, 0, 0));
    test::addJoint(m, "pivot" + std::to_string(k), JointType::Revolute, base, ground);
    if (k == 0)
      drivenBase = base, drivenGround = ground;
  }
  for (int k = 0; k < n; ++k) {
    Body c =
        test::makeBody("coupler" + std::to_string(k), 1.0, {0.001, 0.084, 0.084}, Vec3(k + 0.5, 0, 0) + up);
    c.velocity = tipVelocity;
    m.bodies.push_back(c);
    const int body = n + 1 + k;
    test::addJoint(m, "ball" + std::to_string(2 * k), JointType::Spherical,
                   test::addMarker(m, "c" + std::to_string(2 * k), body, Vec3(-0.5, 0, 0)),
                   test::addMarker(m, "t" + std::to_string(2 * k), k, Vec3(0, 0.5, 0)));
    test::addJoint(m, "ball" + std::to_string(2 * k + 1), JointType::Spherical,
                   test::addMarker(m, "c" + std::to_string(2 * k + 1), body, Vec3(0.5, 0, 0)),
                   test::addMarker(m, "t" + std::to_string(2 * k + 1), k + 1, Vec3(0, 0.5, 0)));
  }
  if (driven) {
    Motion drive;
    drive.name = "crank_drive";
    drive.iMarker = drivenBase;
    drive.jMarker = drivenGround;
    drive.axis = MotionAxis::RotationZ;
    drive.displacement = std::make_shared<test::Polynomial>(0.0, omega);
    m.motions.push_back(drive);
  }
  return m;
}

// The joint-space equations of `model` at its initial body states, solving the multipliers sparse
// from `sparseFromRows` active equations on.
struct Equations {
  // The equations keep a reference to the model: it lives here, not in the caller's temporary.
  Equations(Model built, int sparseFromRows) : model(std::move(built)), system(model)
  {
    EXPECT_TRUE(dmbs::buildTopology(model, topology).ok());
    std::vector<dmbs::ConstraintRow> rows;
    EXPECT_TRUE(dmbs::buildConstraintRows(model, topology, 0.0, rows).ok());
    dmbs::Stabilization stabilization;
    stabilization.sparseFromRows = sparseFromRows;
    equations = std::make_unique<dmbs::JointSpaceEquations>(system, topology, rows, stabilization);
    std::vector<Mat3> rot;
    std::vector<Vec3> r;
    std::vector<dmbs::Vec6> twist;
    for (const Body& b : model.bodies) {
      rot.push_back(b.orientation.toRotationMatrix());
      r.push_back(b.position);
      dmbs::Vec6 t;
      t << b.angularVelocity, b.velocity - b.angularVelocity.cross(b.position);
      twist.push_back(t);
    }
    equations->tree().initialize(rot, r, twist, q, v);
    equations->removeRedundantRows(0.0, q, v);
  }
  Model model;
  System system;  // (its model is a copy; the tree's bodies are the same)
  dmbs::Topology topology;
  std::unique_ptr<dmbs::JointSpaceEquations> equations;
  Vec q, v;
};

// v̇ from the sparse and the dense multiplier solves at (q, v) moved randomly by `spread` from the
// start (0: the start itself); returns the largest difference relative to the largest v̇.
double sparseAgainstDense(const Model& model, double spread)
{
  Equations sparse(model, 1), dense(model, 1 << 30);
  EXPECT_EQ(sparse.equations->activeRows(), dense.equations->activeRows());
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> u(-spread, spread);
  Vec q = sparse.q, v = sparse.v;
  for (int k = 0; k < q.size(); ++k)
    q[k] += u(rng);
  for (const dmbs::Mobilizer& m : sparse.topology.mobilizers)
    dmbs::normalizeCoordinates(m, q.data() + m.qOffset);
  for (int k = 0; k < v.size(); ++k)
    v[k] += 10 * u(rng);
  Vec qd1, vd1, qd2, vd2;
  sparse.equations->derivative(0.3, q, v, qd1, vd1);
  dense.equations->derivative(0.3, q, v, qd2, vd2);
  EXPECT_TRUE(vd1.allFinite());

  return (vd1 - vd2).cwiseAbs().maxCoeff() / vd2.cwiseAbs().maxCoeff();
}

TEST(DmbsLoops, SparseMultipliersEqualTheDenseOnesAtAGeneralPosition)
{
  // Free and driven (the motion is an equation on a tree coordinate).
  EXPECT_LT(sparseAgainstDense(fourBarChain(6, false, false), 0.05), 1e-10);
  // (the random rates violate the loops: the stabilization terms are large)
  EXPECT_LT(sparseAgainstDense(fourBarChain(6, false, true), 0.05), 1e-10);
}

TEST(DmbsLoops, SparseMultipliersEqualTheDenseOnesAtASingularPosition)
{
  // Cranks along x: no rate moves a coupler's far end along x, a zero row of G in every loop, and
  // both paths take the damped least-squares solve.
  Equations flat(fourBarChain(4, true, true), 1);
  flat.equations->removeRedundantRows(0.0, flat.q, flat.v);
  const Mat g = flat.equations->jacobian();
  Eigen::JacobiSVD<Mat> svd(g);
  EXPECT_LT(svd.singularValues().tail<1>()[0], 1e-9 * svd.singularValues()[0]);  // singular here
  EXPECT_LT(sparseAgainstDense(fourBarChain(4, true, true), 0.0), 1e-6);
}

TEST(DmbsLoops, TheDampedSolveIsTakenAtSingularPositionsOnly)
{
  // A regular position: the plain solve, sparse (30 equations) and dense.
  for (int sparseFrom : {1, 1 << 30}) {
    Equations regular(fourBarChain(10, false, true), sparseFrom);
    Vec qd, vd;
    regular.equations->derivative(0.0, regular.q, regular.v, qd, vd);
    EXPECT_EQ(regular.equations->dampedSolves(), 0) << sparseFrom;
    // Flat (every loop singular): the damped solve.
    Equations flat(fourBarChain(4, true, true), sparseFrom);
    flat.equations->derivative(0.0, flat.q, flat.v, qd, vd);
    EXPECT_EQ(flat.equations->dampedSolves(), 1) << sparseFrom;
  }
}

// H = Q diag(s) Qᵀ with a fixed rotation Q, its LDLᵀ and the test.
bool nearSingularWithEigenvalues(const Vec& s)
{
  const Mat q = Eigen::HouseholderQR<Mat>(Mat::Random(s.size(), s.size())).householderQ();
  const Mat h = q * s.asDiagonal() * q.transpose();
  const Eigen::LDLT<Mat> ldlt(h);
  return dmbs::nearSingular(
      ldlt.vectorD(), [&]() { return Vec(h.cwiseAbs().rowwise().sum()); },
      [&](const Vec& x) { return Vec(ldlt.solve(x)); });
}

TEST(DmbsLoops, NearSingularJudgesTheSmallestEigenvalue)
{
  // Pivots within 1e4: regular.
  EXPECT_FALSE(dmbs::nearSingular(
      Vec(Vec3(1, 0.5, 2)), [] { return Vec(Vec3(1, 1, 1)); }, [](const Vec& x) { return x; }));
  // Zero or negative pivots: singular.
  EXPECT_TRUE(dmbs::nearSingular(
      Vec(Vec3(1, 0, 2)), [] { return Vec(Vec3(1, 1, 1)); }, [](const Vec& x) { return x; }));
  // Badly scaled but regular: H = diag(1, 3e-5) spreads its pivots beyond 1e4, its smallest
  // eigenvalue is 3e-5 of the largest, where the damping would change nothing.
  EXPECT_FALSE(dmbs::nearSingular(
      Vec(Eigen::Vector2d(1, 3e-5)), [] { return Vec(Eigen::Vector2d(1, 3e-5)); },
      [](const Vec& x) { return Vec(x.cwiseQuotient(Vec(Eigen::Vector2d(1, 3e-5)))); }));
  // Full matrices: regular, and with one or two eigenvalues near zero (found by inverse iteration
  // whatever the eigenvectors).
  EXPECT_FALSE(nearSingularWithEigenvalues((Vec(6) << 5, 3, 2, 1, 0.5, 0.2).finished()));
  EXPECT_TRUE(nearSingularWithEigenvalues((Vec(6) << 5, 3, 2, 1, 0.5, 1e-8).finished()));
  EXPECT_TRUE(nearSingularWithEigenvalues((Vec(6) << 5, 3, 2, 1e-7, 1, 2e-7).finished()));
}

TEST(DmbsLoops, TenFourBarLoopsMatchTheAbsoluteFormulation)
{
  const Model model = fourBarChain(10, false, false);  // 30 cut equations: the sparse solve
  AnalysisSettings settings;
  settings.kind = AnalysisKind::Dynamic;
  settings.endTime = 1.0;
  settings.outputStep = 0.25;
  settings.tolerance = 1e-9;
  settings.formulation = Formulation::DMBS;
  settings.integrator = IntegratorType::Rkf45;
  ResultStore dmbs, absolute;
  const AnalysisOutcome out = runAnalysis(model, settings, nullptr, dmbs);
  ASSERT_TRUE(out.status.ok()) << out.status.message;
  settings.formulation = Formulation::SI2;
  settings.integrator = IntegratorType::Gstiff;
  ASSERT_TRUE(runAnalysis(model, settings, nullptr, absolute).status.ok());
  ASSERT_EQ(dmbs.size(), absolute.size());
  double largest = 0.0, moved = 0.0;
  for (size_t k = 0; k < dmbs.size(); ++k) {
    const ResultFrame a = dmbs.frame(k), b = absolute.frame(k);
    for (std::size_t body = 0; body < model.bodies.size(); ++body) {
      largest = std::max(largest, (a.bodies[body].position - b.bodies[body].position).norm());
      moved = std::max(moved, (b.bodies[body].position - model.bodies[body].position).norm());
    }
    // Every loop's cut ball joint carries a reaction, in both.
    for (std::size_t j = 0; j < model.joints.size(); ++j)
      EXPECT_LT((a.joints[j].force - b.joints[j].force).norm(), 1e-3 * (1 + b.joints[j].force.norm()))
          << model.joints[j].name << " t " << a.state.t;
  }
  EXPECT_GT(moved, 0.3);  // (the cranks did turn)
  EXPECT_LT(largest, 1e-6);
}

}  // namespace
}  // namespace mbs::solver
