// Load elements (solver/src/loads/LoadElement.hpp): every element's Jacobians — exact or the
// shared difference fallback — against central differences of its own forces over all
// coordinates (so its declared reads are checked too), its forces only on the rows it declares,
// the fallback against an exact Jacobian, run histories that do not share state, and the family
// table's checks.
#include <gtest/gtest.h>

#include <Eigen/Dense>
#include <cmath>

#include "System.hpp"
#include "dynamics/EnergyAccount.hpp"
#include "flexible_BeamModel.hpp"
#include "friction_TestModels.hpp"
#include "loads/FiniteDifferences.hpp"
#include "loads/Registry.hpp"
#include "system_test_models.hpp"

namespace mbs::solver {
namespace {

// Springs, bushings and function forces between two bodies and the ground; one spring ends on a
// flexible beam's tip node.
Model mixedForces(std::mt19937& rng)
{
  test::BeamProperties beam;
  beam.elements = 4;
  beam.modes = 4;
  beam.dampingRatio = 0.02;
  Model m = test::cantilever(beam, Vec3(0.0, -9.81, 0.0));
  const int tip = test::addNodeMarker(m, "tip", 0, 4);
  m.bodies.push_back(test::makeBody("a", 2.0, {0.1, 0.2, 0.3}, Vec3(0.3, 0.1, 0.0)));
  m.bodies.push_back(test::makeBody("b", 1.5, {0.3, 0.2, 0.25}, Vec3(-0.2, 0.4, 0.1)));
  const int a0 = test::addMarker(m, "a0", 1, test::randomVec(rng, 0.1), test::randomRotation(rng));
  const int a1 = test::addMarker(m, "a1", 1, test::randomVec(rng, 0.1), test::randomRotation(rng));
  const int b0 = test::addMarker(m, "b0", 2, test::randomVec(rng, 0.1), test::randomRotation(rng));
  const int g = test::addMarker(m, "g", kGround, test::randomVec(rng), test::randomRotation(rng));
  auto add = [&](ForceType type, int i, int j) -> Force& {
    Force f;
    f.name = "f" + std::to_string(m.forces.size());
    f.type = type;
    f.iMarker = i;
    f.jMarker = j;
    f.stiffness = 30.0, f.damping = 2.0, f.freeLength = 0.4, f.preload = 1.5;
    f.translationalStiffness = {10, 20, 30}, f.translationalDamping = {1, 2, 3};
    f.rotationalStiffness = {4, 5, 6}, f.rotationalDamping = {0.4, 0.5, 0.6};
    m.forces.push_back(f);
    return m.forces.back();
  };
  add(ForceType::TranslationalSpringDamper, a0, b0);
  add(ForceType::RotationalSpringDamper, a1, g);
  add(ForceType::Bushing, b0, g);
  add(ForceType::TranslationalSpringDamper, tip, a0);  // on the flexible beam: differences
  Force& s = add(ForceType::SingleComponent, a1, b0);
  s.functions[0] = std::make_shared<test::LambdaFunction>([=](const StateView& v) {
    return -5.0 * (v.position(a1) - v.position(b0)).norm() - 0.5 * (v.velocity(tip) - v.velocity(b0)).x();
  });
  Force& gf = add(ForceType::General, b0, a0);
  gf.referenceMarker = a1;
  for (int k = 0; k < 6; ++k)
    gf.functions[k] = std::make_shared<test::LambdaFunction>([=](const StateView& v) {
      return (k + 1) * v.position(b0)[k % 3] - 0.3 * v.velocity(a0)[(k + 1) % 3] +
             v.orientation(a1)(k % 3, 1);
    });
  return m;
}

struct Differences {
  Mat dq, dqd, dlambda;
};

// Central differences of one element's forces over every coordinate (and multiplier).
Differences differencesOf(const loads::Element& e, const System& sys, double t, const Vec& q, const Vec& qd,
                          const Vec& lambda, const loads::ElementHistory* history, double step)
{
  const int n = sys.numCoordinates(), m = sys.numConstraints();
  auto eval = [&](const Vec& x, const Vec& xd, const Vec& l) {
    Vec Q = Vec::Zero(n);
    e.addForces({sys, t, x, xd, &l, history}, Q);
    return Q;
  };
  Differences d{Mat::Zero(n, n), Mat::Zero(n, n), Mat::Zero(n, m)};
  for (int k = 0; k < n; ++k)
    for (int which = 0; which < 2; ++which) {
      Vec x = q, xd = qd;
      Vec& v = which == 0 ? x : xd;
      const double h = step * std::max(1.0, std::abs(v[k]));
      v[k] += h;
      const Vec fp = eval(x, xd, lambda);
      v[k] -= 2 * h;
      const Vec fm = eval(x, xd, lambda);
      (which == 0 ? d.dq : d.dqd).col(k) = (fp - fm) / (2 * h);
    }
  if (e.usesMultipliers())
    for (int k = 0; k < m; ++k) {
      Vec l = lambda;
      const double h = 1e-6 * std::max(1.0, std::abs(l[k]));
      l[k] += h;
      const Vec fp = eval(q, qd, l);
      l[k] -= 2 * h;
      const Vec fm = eval(q, qd, l);
      d.dlambda.col(k) = (fp - fm) / (2 * h);
    }
  return d;
}

double relativeError(const Mat& a, const Mat& b)
{
  return (a - b).cwiseAbs().maxCoeff() / std::max(1.0, b.cwiseAbs().maxCoeff());
}

// Each element of `sys` at a state: its Jacobians against differences, its forces on its rows.
// step: of the differences (relative); a stiction bristle needs one well inside δ_max.
void checkElements(const System& sys, const Vec& q, const Vec& qd, const Vec& lambda,
                   const loads::History* history, double tolerance, double step = 1e-6)
{
  const int n = sys.numCoordinates(), m = sys.numConstraints();
  for (std::size_t k = 0; k < sys.loadElements().size(); ++k) {
    const loads::Element& e = *sys.loadElements()[k];
    SCOPED_TRACE(e.describe());
    const loads::ElementHistory* slot = history ? history->slot(k) : nullptr;
    Triplets tq, tqd, tl;
    e.addJacobians({sys, 0.3, q, qd, &lambda, slot}, {&tq, &tqd, e.usesMultipliers() ? &tl : nullptr});
    SparseMat dq(n, n), dqd(n, n), dl(n, m);
    dq.setFromTriplets(tq.begin(), tq.end());
    dqd.setFromTriplets(tqd.begin(), tqd.end());
    dl.setFromTriplets(tl.begin(), tl.end());
    const Differences d = differencesOf(e, sys, 0.3, q, qd, lambda, slot, step);
    // A λ-dependent element leaves ∂Q/∂q to the modified Newton iterations except for stiff
    // bristles (JointFrictionElement.hpp): compared only where it gives one.
    if (!e.usesMultipliers() || dq.nonZeros() > 0)
      EXPECT_LT(relativeError(Mat(dq), d.dq), tolerance) << "dQ/dq";
    EXPECT_LT(relativeError(Mat(dqd), d.dqd), tolerance) << "dQ/dq̇";
    if (e.usesMultipliers())
      EXPECT_LT(relativeError(Mat(dl), d.dlambda), tolerance) << "dQ/dλ";
    // Forces only on the declared rows, and something on them.
    Vec Q = Vec::Zero(n);
    e.addForces({sys, 0.3, q, qd, &lambda, slot}, Q);
    const std::vector<int> rows = e.writes(sys);
    double declared = 0.0;
    for (int r : rows) {
      declared += std::abs(Q[r]);
      Q[r] = 0.0;
    }
    EXPECT_EQ(Q.cwiseAbs().maxCoeff(), 0.0) << "forces outside the declared rows";
    EXPECT_GT(declared, 0.0);
  }
}

TEST(LoadElements, ForceElementJacobiansMatchDifferencesOfTheirOwnForces)
{
  std::mt19937 rng(11);
  const System sys(mixedForces(rng));
  // One element per force (4 spring-like, 2 function-driven) and the beam's elasticity.
  ASSERT_EQ(sys.loadElements().size(), 7u);
  for (int trial = 0; trial < 3; ++trial) {
    Vec q, qd;
    test::randomState(sys, rng, q, qd);  // the 7 per body; the modal coordinates follow
    q.conservativeResize(sys.numCoordinates());
    qd.conservativeResize(sys.numCoordinates());
    for (int b = 0; b < sys.numBodies(); ++b)
      if (sys.modalOffset(b) >= 0) {
        q.segment(sys.modalOffset(b), sys.modeCount(b)) = 1e-3 * Vec::Random(sys.modeCount(b));
        qd.segment(sys.modalOffset(b), sys.modeCount(b)) = 1e-2 * Vec::Random(sys.modeCount(b));
      }
    checkElements(sys, q, qd, Vec::Zero(sys.numConstraints()), nullptr, 1e-6);
  }
}

TEST(LoadElements, FrictionJacobiansMatchDifferencesWithAndWithoutStictionAnchors)
{
  std::mt19937 rng(5);
  {
    const System sys(test::seedPendulum());
    Vec q = sys.initialPositions(), qd = sys.initialVelocities();
    qd[5] += 0.3;  // turning and sliding
    const Vec lambda = Vec::Random(sys.numConstraints()) * 50.0;
    checkElements(sys, q, qd, lambda, nullptr, 1e-5);
  }
  {
    FrictionParameters p = test::coulomb(0.7, 0.5, 1e-3);
    p.maxStictionDeformation = 1e-6;
    const System sys(test::blockOnIncline(M_PI / 6.0, 1.0, 9.81, p));
    const Vec q0 = sys.initialPositions();
    const loads::History history = sys.startLoadHistory(0.0, q0);
    Vec q = q0;
    q.head<3>() += 0.4e-6 * test::slopeFrame(M_PI / 6.0).col(2);  // a deflected bristle
    Vec qd = Vec::Zero(sys.numCoordinates());
    qd.head<3>() = 2e-4 * test::slopeFrame(M_PI / 6.0).col(2);
    const Vec lambda = Vec::Random(sys.numConstraints()) * 5.0;
    // Steps of 1e-3 δ_max; the bristle's stiffness (≈ μ_s N / δ_max) makes round-off larger.
    checkElements(sys, q, qd, lambda, &history, 1e-4, 1e-9);
  }
}

TEST(LoadElements, DifferenceFallbackMatchesAnExactJacobian)
{
  // Q_0 = sin(q_1) q̇_2, Q_2 = q_0² q̇_0 on a System's coordinates: its default addJacobians (the
  // shared differences) against the exact derivatives.
  struct Analytic final : loads::Element {
    std::string describe() const override { return "analytic test element"; }
    std::vector<int> reads(const loads::Host&) const override { return {0, 1, 2}; }
    void addForces(const loads::Context& c, Vec& Q) const override
    {
      Q[0] += std::sin(c.q[1]) * c.qd[2];
      Q[2] += c.q[0] * c.q[0] * c.qd[0];
    }
  };
  std::mt19937 rng(3);
  const System sys(mixedForces(rng));
  Vec q = Vec::Random(sys.numCoordinates()), qd = Vec::Random(sys.numCoordinates());
  const Analytic e;
  Triplets tq, tqd;
  e.addJacobians({sys, 0.0, q, qd}, {&tq, &tqd, nullptr});
  const int n = sys.numCoordinates();
  SparseMat dq(n, n), dqd(n, n);
  dq.setFromTriplets(tq.begin(), tq.end());
  dqd.setFromTriplets(tqd.begin(), tqd.end());
  Mat exactQ = Mat::Zero(n, n), exactQd = Mat::Zero(n, n);
  exactQ(0, 1) = std::cos(q[1]) * qd[2];
  exactQd(0, 2) = std::sin(q[1]);
  exactQ(2, 0) = 2.0 * q[0] * qd[0];
  exactQd(2, 0) = q[0] * q[0];
  EXPECT_LT((Mat(dq) - exactQ).cwiseAbs().maxCoeff(), 1e-9);
  EXPECT_LT((Mat(dqd) - exactQd).cwiseAbs().maxCoeff(), 1e-9);
  // The power helper: Q·q̇ over the rows it writes.
  EXPECT_NEAR(loads::forcePower(e, {sys, 0.0, q, qd}),
              std::sin(q[1]) * qd[2] * qd[0] + q[0] * q[0] * qd[0] * qd[2], 1e-14);
}

TEST(LoadElements, RunHistoriesAreOwnedByTheRunsNotTheSystem)
{
  FrictionParameters p = test::coulomb(0.7, 0.5, 1e-3);
  p.maxStictionDeformation = 1e-6;
  const double phi = M_PI / 6.0;
  const System sys(test::blockOnIncline(phi, 1.0, 9.81, p));
  const Vec q0 = sys.initialPositions(), down = test::slopeFrame(phi).col(2);
  const Vec qd = Vec::Zero(sys.numCoordinates());
  Vec lambda = Vec::Zero(sys.numConstraints());
  lambda.setConstant(3.0);
  // Two runs on one System: anchors at q0 and 0.5 δ_max further down the slope.
  loads::History first = sys.startLoadHistory(0.0, q0);
  Vec shifted = q0;
  shifted.head<3>() += 0.5e-6 * down.head<3>();
  const loads::History second = sys.startLoadHistory(0.0, shifted);
  Vec q = q0;
  q.head<3>() += 0.2e-6 * down.head<3>();
  Vec qFirst, qSecond, qNone;
  sys.reactionForces(0.0, q, qd, lambda, qFirst, &first);
  sys.reactionForces(0.0, q, qd, lambda, qSecond, &second);
  sys.reactionForces(0.0, q, qd, lambda, qNone, nullptr);
  // The bristle is deflected down the slope in the first run and up it in the second: opposite
  // friction along the slope; without a history the block is at rest and feels none.
  EXPECT_LT(qFirst.head<3>().dot(down.head<3>()), 0.0);
  EXPECT_GT(qSecond.head<3>().dot(down.head<3>()), 0.0);
  EXPECT_EQ(qNone.norm(), 0.0);
  // Advancing one run's history leaves the other's alone.
  Vec far = q0;
  far.head<3>() += 5e-6 * down.head<3>();  // saturated: the anchor slides
  sys.acceptLoadStep(0.1, far, first);
  Vec again;
  sys.reactionForces(0.0, q, qd, lambda, again, &second);
  EXPECT_EQ((again - qSecond).norm(), 0.0);
}

TEST(LoadElements, FamiliesNameTheBadEntityAndTheEnergyAccountListsEveryChannel)
{
  std::mt19937 rng(2);
  Model m = mixedForces(rng);
  m.forces[2].jMarker = 999;
  const Status bad = loads::validate(m);
  EXPECT_FALSE(bad.ok());
  EXPECT_NE(bad.message.find("force 'f2'"), std::string::npos) << bad.message;
  EXPECT_NE(bad.message.find("J marker"), std::string::npos) << bad.message;
  EXPECT_FALSE(System::validate(m).ok());

  const System sys(mixedForces(rng));
  const EnergyAccount account(sys);
  std::size_t channels = 0;
  for (const auto& e : sys.loadElements()) {
    EXPECT_FALSE(e->describe().empty());
    channels += e->workChannels().size();
  }
  // Six forces and the beam's material damping; no motions.
  EXPECT_EQ(channels, 7u);
  EXPECT_EQ(account.terms().size(), channels);
}

}  // namespace
}  // namespace mbs::solver
