// Adams NFORCE (beams/MultiPointForceElement.hpp, docs/solver-notes.md "Multi-point forces"):
// its exact Jacobians against finite differences, one I marker against the FIELD it equals, a
// two-spring chain (three collinear markers) against the springs' statics and natural frequencies,
// its preload, a two-element cantilever against the BEAMs and the closed form, and its energy account.
#include <gtest/gtest.h>

#include <Eigen/Dense>
#include <cmath>
#include <numbers>

#include "analysis/LinearAnalysis.hpp"
#include "analysis/StaticAnalysis.hpp"
#include "dynamics/DynamicAnalysis.hpp"
#include "dynamics/EnergyAccount.hpp"
#include "system_test_models.hpp"

namespace mbs::solver {
namespace {

using namespace test;

// Appends an NFORCE's entries (one per I marker) to the model; returns the first one's index.
int addNforce(Model& m, const std::string& name, const std::vector<int>& iMarkers, int j, const Mat& k,
              const Mat& c, const Vec& reference, const Vec& preload)
{
  auto field = std::make_shared<MultiPointField>();
  field->iMarkers = iMarkers;
  field->stiffness = k, field->damping = c, field->reference = reference, field->preload = preload;
  const int first = static_cast<int>(m.forces.size());
  for (int n = 0; n < static_cast<int>(iMarkers.size()); ++n) {
    Force f;
    f.name = n == 0 ? name : name + "." + std::to_string(n + 1);
    f.type = ForceType::MultiPoint;
    f.iMarker = iMarkers[n];
    f.jMarker = j;
    f.multiPoint = field;
    f.multiPointMember = n;
    m.forces.push_back(f);
  }
  return first;
}

Force constantLoad(int marker, const Vec3& force)
{
  Force f;
  f.name = "load";
  f.type = ForceType::General;
  f.iMarker = marker;
  f.jMarker = kGround;
  f.referenceMarker = kGround;
  f.actionOnly = true;
  for (int k = 0; k < 3; ++k) {
    const double v = force[k];
    f.functions[k] = std::make_shared<LambdaFunction>([v](const StateView&) { return v; });
  }
  return f;
}

TEST(Nforce, JacobiansMatchFiniteDifferences)
{
  std::mt19937 rng(11);
  Model m;
  for (int b = 0; b < 3; ++b)
    m.bodies.push_back(makeBody("b" + std::to_string(b), 1.0 + b, {0.1, 0.2, 0.3}, randomVec(rng)));
  // I markers on bodies 0, 1, 0 (two on one body) and on ground; J on body 2.
  std::vector<int> iMarkers;
  for (int body : {0, 1, 0, kGround})
    iMarkers.push_back(
        addMarker(m, "i" + std::to_string(iMarkers.size()), body, randomVec(rng), randomRotation(rng)));
  const int j = addMarker(m, "j", 2, randomVec(rng), randomRotation(rng));
  const int size = 6 * static_cast<int>(iMarkers.size());
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  Mat k(size, size), c(size, size);
  Vec reference(size), preload(size);
  for (int r = 0; r < size; ++r) {
    reference[r] = 0.3 * u(rng), preload[r] = u(rng);
    for (int col = 0; col < size; ++col) {
      k(r, col) = (r == col ? 30.0 : 0.0) + 3.0 * u(rng);
      c(r, col) = (r == col ? 1.0 : 0.0) + 0.2 * u(rng);
    }
  }
  k.block<6, 6>(0, 18).setZero();  // a zero block is skipped
  addNforce(m, "nf", iMarkers, j, k, c, reference, preload);
  const System sys(m);
  for (int trial = 0; trial < 3; ++trial) {
    Vec q, qd;
    randomState(sys, rng, q, qd);
    SparseMat dq, dqd, fdq, fdqd;
    sys.forceJacobians(0.0, q, qd, dq, dqd);
    sys.Dae::forceJacobians(0.0, q, qd, fdq, fdqd);
    const double scale = 1.0 + Mat(fdq).cwiseAbs().maxCoeff();
    EXPECT_GT(Mat(fdq).cwiseAbs().maxCoeff(), 1.0);
    EXPECT_LT(Mat(dq - fdq).cwiseAbs().maxCoeff(), 1e-6 * scale);
    EXPECT_LT(Mat(dqd - fdqd).cwiseAbs().maxCoeff(), 1e-6 * scale);
  }
}

// One I marker: the NFORCE is the FIELD with the same matrices (forces, outputs, Jacobians).
TEST(Nforce, OneIMarkerIsTheField)
{
  std::mt19937 rng(5);
  Model base;
  base.bodies.push_back(makeBody("a", 2.0, {0.1, 0.2, 0.3}, randomVec(rng)));
  base.bodies.push_back(makeBody("b", 1.0, {0.2, 0.2, 0.3}, randomVec(rng)));
  const int i = addMarker(base, "i", 0, randomVec(rng), randomRotation(rng));
  const int j = addMarker(base, "j", 1, randomVec(rng), randomRotation(rng));
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  LinearField field;
  for (int r = 0; r < 6; ++r) {
    field.reference[r] = 0.2 * u(rng), field.preload[r] = u(rng);
    for (int col = 0; col < 6; ++col)
      field.stiffness(r, col) = (r == col ? 20.0 : 0.0) + 2.0 * u(rng), field.damping(r, col) = 0.1 * u(rng);
  }
  Model withField = base, withNforce = base;
  Force f;
  f.name = "field";
  f.type = ForceType::Field;
  f.iMarker = i, f.jMarker = j, f.field = field;
  withField.forces.push_back(f);
  addNforce(withNforce, "nf", {i}, j, field.stiffness, field.damping, field.reference, field.preload);
  const System a(withField), b(withNforce);
  Vec q, qd;
  randomState(a, rng, q, qd);
  Vec qa, qb;
  a.forces(0.0, q, qd, qa);
  b.forces(0.0, q, qd, qb);
  EXPECT_LT((qa - qb).cwiseAbs().maxCoeff(), 1e-12 * (1.0 + qa.cwiseAbs().maxCoeff()));
  const ForceOutput oa = a.forceOutput(0, 0.0, q, qd), ob = b.forceOutput(0, 0.0, q, qd);
  EXPECT_LT((oa.force - ob.force).norm(), 1e-12 * (1.0 + oa.force.norm()));
  EXPECT_LT((oa.torque - ob.torque).norm(), 1e-12 * (1.0 + oa.torque.norm()));
  SparseMat da, dda, db, ddb;
  a.forceJacobians(0.0, q, qd, da, dda);
  b.forceJacobians(0.0, q, qd, db, ddb);
  EXPECT_LT(Mat(da - db).cwiseAbs().maxCoeff(), 1e-10 * (1.0 + Mat(da).cwiseAbs().maxCoeff()));
  EXPECT_LT(Mat(dda - ddb).cwiseAbs().maxCoeff(), 1e-10 * (1.0 + Mat(dda).cwiseAbs().maxCoeff()));
}

// The chain ground —k1— body 1 —k2— body 2 along x (J at the origin, I1 at L, I2 at 2L), the same
// stiffness pattern in every direction: K = B ⊗ diag(s) with B = [[a1 + a2, −a2], [−a2, a2]].
struct Chain {
  double k1 = 2000.0, k2 = 1000.0, m1 = 1.5, m2 = 0.5, length = 0.1;
  double rotation = 0.05;  // rotational stiffness per unit translational
  Model model(double cratio = 0.0, const Vec& preload = Vec::Zero(12)) const
  {
    Model m;
    m.bodies.push_back(makeBody("one", m1, {1e-3, 2e-3, 3e-3}, Vec3(length, 0, 0)));
    m.bodies.push_back(makeBody("two", m2, {2e-3, 1e-3, 3e-3}, Vec3(2 * length, 0, 0)));
    const int i1 = addMarker(m, "one.i", 0, Vec3::Zero());
    const int i2 = addMarker(m, "two.i", 1, Vec3::Zero());
    const int j = addMarker(m, "ground.j", kGround, Vec3::Zero());
    Mat b(2, 2);
    b << k1 + k2, -k2, -k2, k2;
    Mat k = Mat::Zero(12, 12);
    for (int r = 0; r < 2; ++r)
      for (int c = 0; c < 2; ++c)
        for (int d = 0; d < 6; ++d)
          k(6 * r + d, 6 * c + d) = b(r, c) * (d < 3 ? 1.0 : rotation);
    Vec reference = Vec::Zero(12);
    reference[0] = length, reference[6] = 2 * length;
    addNforce(m, "chain", {i1, i2}, j, k, cratio * k, reference, preload);
    return m;
  }
};

TEST(Nforce, TwoSpringChainStaticsAndLoadsAtEachIMarker)
{
  const Chain chain;
  Model m = chain.model();
  const double p = 30.0;
  m.forces.push_back(constantLoad(1, Vec3(p, -0.5 * p, 0.25 * p)));  // on body 2's marker
  const System sys(m);
  State state;
  const Status s = solveStatics(sys, state);
  ASSERT_TRUE(s.ok()) << s.message;
  // Springs in series: u1 = P/k1, u2 = P/k1 + P/k2, in each direction.
  const Vec3 load(p, -0.5 * p, 0.25 * p);
  const Vec3 u1 = state.q.segment<3>(0) - Vec3(chain.length, 0, 0);
  const Vec3 u2 = state.q.segment<3>(7) - Vec3(2 * chain.length, 0, 0);
  EXPECT_LT((u1 - load / chain.k1).norm(), 1e-10);
  EXPECT_LT((u2 - load / chain.k1 - load / chain.k2).norm(), 1e-10);
  // The NFORCE's load on each I marker: none on I1 (its two springs balance), −P on I2.
  const ForceOutput o1 = sys.forceOutput(0, 0.0, state.q, state.qd),
                    o2 = sys.forceOutput(1, 0.0, state.q, state.qd);
  EXPECT_LT(o1.force.norm(), 1e-8);
  EXPECT_LT((o2.force + load).norm(), 1e-8);
  std::printf("[nforce] chain u2.x %.9e m, closed form %.9e m\n", u2.x(), p / chain.k1 + p / chain.k2);
}

TEST(Nforce, PreloadIsTheForceAtTheReferencePositions)
{
  const Chain chain;
  Vec preload = Vec::Zero(12);
  const double p = 12.0;
  preload[6] = p;  // FORCE on I2 along J's x
  const System sys(chain.model(0.0, preload));
  State state;
  const Status s = solveStatics(sys, state);
  ASSERT_TRUE(s.ok()) << s.message;
  EXPECT_NEAR(state.q[0] - chain.length, p / chain.k1, 1e-12);
  EXPECT_NEAR(state.q[7] - 2 * chain.length, p / chain.k1 + p / chain.k2, 1e-12);
  // At the reference positions the loads are the preload itself.
  const Vec q0 = sys.initialPositions();
  const ForceOutput o2 = sys.forceOutput(1, 0.0, q0, Vec::Zero(q0.size()));
  EXPECT_LT((o2.force - Vec3(p, 0, 0)).norm(), 1e-12);
}

TEST(Nforce, TwoSpringChainNaturalFrequencies)
{
  const Chain chain;
  const System sys(chain.model());
  State state;
  ASSERT_TRUE(solveStatics(sys, state).ok());
  LinearSystem lin;
  const Status s = linearize(sys, state, lin);
  ASSERT_TRUE(s.ok()) << s.message;
  // m1 m2 ω⁴ − (m1 k2 + m2 (k1 + k2)) ω² + k1 k2 = 0 (translations; the same in x, y, z).
  const double a = chain.m1 * chain.m2, b = chain.m1 * chain.k2 + chain.m2 * (chain.k1 + chain.k2);
  const double c = chain.k1 * chain.k2, disc = std::sqrt(b * b - 4 * a * c);
  for (double w2 : {(b - disc) / (2 * a), (b + disc) / (2 * a)}) {
    const double hz = std::sqrt(w2) / (2 * std::numbers::pi);
    int found = 0;
    for (const LinearMode& mode : lin.modes)
      found += std::abs(mode.naturalFrequency - hz) < 1e-7 * hz;
    EXPECT_EQ(found, 3) << hz << " Hz";  // x, y and z
    std::printf("[nforce] chain mode %.9f Hz (closed form), found %d times\n", hz, found);
  }
  EXPECT_EQ(lin.modes.size(), 12u);
}

// A two-element Timoshenko cantilever (root J on ground, nodes I1 at L/2 and I2 at L): the NFORCE
// holds the assembled 12 × 12 stiffness of the two elements (each BEAM's matrix K for the far node
// relative to the near one, K_near = Gᵀ K G with G the rigid transfer over the element's length).
// Its tip deflection is the closed form PL³/3EI + PL·ASY/(GA); and an NFORCE holding one element's
// matrix loads the bodies exactly as the BEAM does.
TEST(Nforce, TwoElementCantileverMatchesTheClosedFormAndTheBeam)
{
  const double length = 0.5, load = 20.0, r = 0.01, pi = std::numbers::pi;
  BeamProperties b;
  b.length = length / 2, b.area = pi * r * r, b.iyy = b.izz = pi * std::pow(r, 4) / 4, b.ixx = 2 * b.iyy;
  b.youngsModulus = 2.1e11, b.shearModulus = 8.0e10, b.shearAreaRatioY = b.shearAreaRatioZ = 10.0 / 9.0;
  const Mat6 ke = beamStiffness(b);
  Mat6 g = Mat6::Identity();  // far node's rigid motion from the near node's: u + θ × (l x̂)
  g(1, 5) = b.length, g(2, 4) = -b.length;
  Mat k = Mat::Zero(12, 12);
  k.block<6, 6>(0, 0) = ke + g.transpose() * ke * g;
  k.block<6, 6>(0, 6) = -g.transpose() * ke;
  k.block<6, 6>(6, 0) = -ke * g;
  k.block<6, 6>(6, 6) = ke;
  Model m;
  m.bodies.push_back(makeBody("mid", 1.0, {1e-3, 1e-3, 1e-3}, Vec3(length / 2, 0, 0)));
  m.bodies.push_back(makeBody("tip", 1.0, {1e-3, 1e-3, 1e-3}, Vec3(length, 0, 0)));
  const int i1 = addMarker(m, "mid.i", 0, Vec3::Zero());
  const int i2 = addMarker(m, "tip.i", 1, Vec3::Zero());
  const int j = addMarker(m, "ground.j", kGround, Vec3::Zero());
  Vec reference = Vec::Zero(12);
  reference[0] = length / 2, reference[6] = length;
  addNforce(m, "link", {i1, i2}, j, k, Mat::Zero(12, 12), reference, Vec::Zero(12));
  m.forces.push_back(constantLoad(i2, Vec3(0, -load, 0)));
  const System sys(m);
  State state;
  const Status s = solveStatics(sys, state);
  ASSERT_TRUE(s.ok()) << s.message;
  const double tip = -(state.q[8]);
  const double closed = load * std::pow(length, 3) / (3 * b.youngsModulus * b.izz) +
                        load * length * (10.0 / 9.0) / (b.shearModulus * b.area);
  std::printf("[nforce] two-element cantilever tip %.9e m, closed form %.9e m\n", tip, closed);
  EXPECT_NEAR(tip, closed, 1e-8 * closed);

  // One element: the NFORCE with the BEAM's matrix and LENGTH is the BEAM, at any state.
  std::mt19937 rng(2);
  Model one;
  one.bodies.push_back(makeBody("a", 1.0, {1e-3, 1e-3, 1e-3}, Vec3(b.length, 0, 0)));
  const int ia = addMarker(one, "a.i", 0, Vec3::Zero());
  const int ja = addMarker(one, "ground.j", kGround, Vec3::Zero());
  Model withBeam = one, withNforce = one;
  Force beam;
  beam.name = "beam", beam.type = ForceType::Beam, beam.iMarker = ia, beam.jMarker = ja;
  beam.field = beamField(b, 1e-3 * ke);
  withBeam.forces.push_back(beam);
  Vec ref = Vec::Zero(6);
  ref[0] = b.length;
  addNforce(withNforce, "nf", {ia}, ja, ke, 1e-3 * ke, ref, Vec::Zero(6));
  const System sa(withBeam), sb(withNforce);
  Vec q, qd;
  randomState(sa, rng, q, qd);
  q.head<3>() = Vec3(b.length, 0, 0) + 1e-3 * randomVec(rng);
  Vec qa, qb;
  sa.forces(0.0, q, qd, qa);
  sb.forces(0.0, q, qd, qb);
  EXPECT_LT((qa - qb).cwiseAbs().maxCoeff(), 1e-9 * qa.cwiseAbs().maxCoeff());
}

// A damped chain under gravity from rest: the account balances, and without damping the NFORCE's
// work is minus its strain energy ½ (X − L)ᵀ K (X − L) at the end.
TEST(Nforce, EnergyAccountBalancesTheNforcesWork)
{
  for (double cratio : {0.0, 1e-3}) {
    SCOPED_TRACE(cratio);
    const Chain chain;
    Model m = chain.model(cratio);
    m.gravity = Vec3(0, -9.81, 0);
    const System sys(m);
    DynamicOptions options;
    options.endTime = 0.2;
    options.outputStep = 1e-3;
    options.integrator = IntegratorType::Gstiff;
    options.integratorOptions.tolerance = 1e-8;
    options.integratorOptions.hmax = 1e-3;
    EnergyAccount account(sys);
    ResultStore results;
    const Status s = runDynamics(sys, options, nullptr, results, &account);
    ASSERT_TRUE(s.ok()) << s.message;
    EXPECT_LT(std::abs(account.residual()), 1e-6 * account.scale());
    if (cratio == 0.0) {
      const Vec& q = results.frame(results.size() - 1).state.q;
      const double u1 = q[1], u2 = q[8];  // y; the rotations stay zero (loads at the CMs)
      const double strain = 0.5 * chain.k1 * u1 * u1 + 0.5 * chain.k2 * (u2 - u1) * (u2 - u1);
      EXPECT_NEAR(account.work(WorkKind::Force, 0), -strain, 1e-6 * account.scale());
      std::printf("[nforce] work %.9e J, -strain energy %.9e J, residual %.2e J\n",
                  account.work(WorkKind::Force, 0), -strain, account.residual());
    }
  }
}

}  // namespace
}  // namespace mbs::solver
