// First-order states (Adams DIFF, Model::differentials) against closed forms with every integrator
// at its default tolerance: a first-order lag driven by a constant and by sin ωt, a DIFF integrating
// a part's velocity (= its displacement), and a DIFF that a force reads (a spring whose deflection is
// the state); statics and quasi-statics solving the states for ẋ = 0 or holding them (STATIC_HOLD).
// The linear analysis with the states in its state matrix; the kinematic analysis integrates them
// while a motion drives the part.
#include <gtest/gtest.h>

#include <cmath>

#include "System.hpp"
#include "mbs/solver/Analysis.hpp"
#include "mbs/solver/Plant.hpp"
#include "system_test_models.hpp"

namespace mbs::solver {
namespace {

struct Case {
  const char* name;
  IntegratorType integrator;
  Formulation formulation;
};
const Case kRuns[] = {{"GSTIFF SI2", IntegratorType::Gstiff, Formulation::SI2},
                      {"GSTIFF I3", IntegratorType::Gstiff, Formulation::I3},
                      {"WSTIFF SI2", IntegratorType::Wstiff, Formulation::SI2},
                      {"HHT", IntegratorType::Hht, Formulation::I3},
                      {"RKF45", IntegratorType::Rkf45, Formulation::SI2}};

// One free part (no gravity: it stays put unless a test moves it) and its CM marker.
Model onePart(const Vec3& gravity = Vec3::Zero())
{
  Model m;
  m.gravity = gravity;
  m.bodies.push_back(test::makeBody("block", 2.0, {0.1, 0.1, 0.1}, Vec3::Zero()));
  test::addMarker(m, "cm", 0, Vec3::Zero());
  return m;
}

Differential diff(const std::string& name, double ic, std::function<double(const StateView&)> f)
{
  Differential d;
  d.name = name;
  d.initialValue = ic;
  d.function = std::make_shared<test::LambdaFunction>(std::move(f));
  return d;
}

std::unique_ptr<ResultStore> run(const Model& model, const Case& r, double end)
{
  AnalysisSettings s;  // default tolerance
  s.kind = AnalysisKind::Dynamic;
  s.integrator = r.integrator;
  s.formulation = r.formulation;
  s.endTime = end;
  s.outputStep = 0.05;
  auto results = std::make_unique<ResultStore>();
  const AnalysisOutcome o = runAnalysis(model, s, nullptr, *results);
  EXPECT_TRUE(o.status.ok()) << r.name << ": " << o.status.message;
  return results;
}

TEST(Differential, FirstOrderLagDrivenByAConstant)
{
  const double tau = 0.3, u = 2.0;
  Model m = onePart();
  m.differentials.push_back(
      diff("lag", 0.0, [=](const StateView& s) { return (u - s.differential(0)) / tau; }));
  for (const Case& r : kRuns) {
    const auto stored = run(m, r, 2.0);
    const ResultStore& results = *stored;
    ASSERT_GT(results.size(), 10u) << r.name;
    double worst = 0.0;
    for (std::size_t i = 0; i < results.size(); ++i) {
      const ResultFrame f = results.frame(i);
      const double t = f.state.t, exact = u * (1.0 - std::exp(-t / tau));
      ASSERT_EQ(f.differentials.size(), 1) << r.name;
      worst = std::max(worst, std::abs(f.differentials[0] - exact));
      EXPECT_NEAR(f.differentialRates[0], (u - f.differentials[0]) / tau, 1e-9) << r.name;
    }
    EXPECT_LT(worst, 2e-4 * u) << r.name;
    EXPECT_EQ(results.layout().differentials, std::vector<std::string>{"lag"});
  }
}

TEST(Differential, FirstOrderLagDrivenBySine)
{
  // τẋ + x = sin ωt, x(0) = 0: x = (sin ωt − ωτ cos ωt + ωτ e^(−t/τ)) / (1 + ω²τ²).
  const double tau = 0.2, w = 2.0 * M_PI;
  Model m = onePart();
  m.differentials.push_back(diff(
      "lag", 0.0, [=](const StateView& s) { return (std::sin(w * s.time()) - s.differential(0)) / tau; }));
  for (const Case& r : kRuns) {
    const auto stored = run(m, r, 2.0);
    const ResultStore& results = *stored;
    double worst = 0.0;
    for (std::size_t i = 0; i < results.size(); ++i) {
      const ResultFrame f = results.frame(i);
      const double t = f.state.t, wt = w * tau;
      const double exact =
          (std::sin(w * t) - wt * std::cos(w * t) + wt * std::exp(-t / tau)) / (1.0 + wt * wt);
      worst = std::max(worst, std::abs(f.differentials[0] - exact));
    }
    EXPECT_LT(worst, 2e-4) << r.name;  // amplitude 1 / √(1 + ω²τ²) = 0.62
  }
}

TEST(Differential, IntegratingAVelocityGivesTheDisplacement)
{
  // A falling part (g along −y, v0 along x): ẋ = VY of its marker, so x(t) = y(t) − y(0) = −g t²/2.
  const double g = 9.80665;
  Model m = onePart(Vec3(0.0, -g, 0.0));
  m.bodies[0].velocity = Vec3(1.5, 0.0, 0.0);
  m.differentials.push_back(diff("travel", 0.0, [](const StateView& s) { return s.velocity(0).y(); }));
  for (const Case& r : kRuns) {
    const auto stored = run(m, r, 1.0);
    const ResultStore& results = *stored;
    for (std::size_t i = 0; i < results.size(); ++i) {
      const ResultFrame f = results.frame(i);
      const double t = f.state.t;
      EXPECT_NEAR(f.differentials[0], f.bodies[0].position.y(), 1e-9 + 1e-5 * t) << r.name << " t " << t;
      EXPECT_NEAR(f.differentials[0], -0.5 * g * t * t, 1e-4) << r.name << " t " << t;
    }
  }
}

TEST(Differential, ASpringReadingTheStateOscillatesAsTheClosedForm)
{
  // The state integrates the part's x velocity (x = displacement from the start); an action-only
  // force −k·x along ground x: m ẍ = −k x, x(0) = 0, v0: x = v0/ω sin ωt, ω = √(k/m).
  const double k = 50.0, mass = 2.0, v0 = 0.4, omega = std::sqrt(k / mass);
  Model m = onePart();
  m.bodies[0].velocity = Vec3(v0, 0.0, 0.0);
  test::addMarker(m, "origin", kGround, Vec3::Zero());
  m.differentials.push_back(diff("stretch", 0.0, [](const StateView& s) { return s.velocity(0).x(); }));
  Force f;
  f.name = "spring";
  f.type = ForceType::General;
  f.iMarker = 0;
  f.jMarker = kGround;
  f.referenceMarker = kGround;
  f.actionOnly = true;
  f.functions[0] =
      std::make_shared<test::LambdaFunction>([=](const StateView& s) { return -k * s.differential(0); });
  m.forces.push_back(f);
  for (const Case& r : kRuns) {
    const auto stored = run(m, r, 2.0);
    const ResultStore& results = *stored;
    double worst = 0.0;
    for (std::size_t i = 0; i < results.size(); ++i) {
      const ResultFrame fr = results.frame(i);
      const double exact = v0 / omega * std::sin(omega * fr.state.t);
      worst = std::max(
          {worst, std::abs(fr.differentials[0] - exact), std::abs(fr.bodies[0].position.x() - exact)});
    }
    EXPECT_LT(worst, 2e-3 * v0 / omega) << r.name;
  }
}

TEST(Differential, InitialValueIsTheStateAtTheStart)
{
  Model m = onePart();
  m.differentials.push_back(diff("held", 3.5, [](const StateView&) { return 0.0; }));
  m.differentials.push_back(diff("ramp", -1.0, [](const StateView& s) { return s.differential(0); }));
  AnalysisSettings s;
  s.kind = AnalysisKind::InitialConditions;
  ResultStore results;
  ASSERT_TRUE(runAnalysis(m, s, nullptr, results).status.ok());
  const ResultFrame f = results.frame(0);
  EXPECT_NEAR(f.differentials[0], 3.5, 1e-12);
  EXPECT_NEAR(f.differentials[1], -1.0, 1e-12);
  EXPECT_NEAR(f.differentialRates[1], 3.5, 1e-12);
  // The dynamic run: held stays, ramp = −1 + 3.5 t.
  const auto dynRun = run(m, kRuns[0], 1.0);
  const ResultStore& dyn = *dynRun;
  const ResultFrame last = dyn.frame(dyn.size() - 1);
  EXPECT_NEAR(last.differentials[0], 3.5, 1e-12);
  EXPECT_NEAR(last.differentials[1], -1.0 + 3.5 * last.state.t, 1e-6);
}

TEST(Differential, KinematicAnalysisCountsNoStateAsADegreeOfFreedom)
{
  Model m = onePart();
  m.differentials.push_back(diff("filter", 0.0, [](const StateView& s) { return -s.differential(0); }));
  AnalysisSettings s;
  s.kind = AnalysisKind::Kinematic;
  ResultStore results;
  const Status st = runAnalysis(m, s, nullptr, results).status;
  EXPECT_FALSE(st.ok());
  EXPECT_NE(st.message.find("the model has 6 degrees of freedom"), std::string::npos) << st.message;
  // The joint-coordinate formulation does not carry them: asked for, it refuses; chosen
  // automatically, the run goes to SI2 and says why.
  s.kind = AnalysisKind::Dynamic;
  s.formulation = Formulation::DMBS;
  s.endTime = 0.1;
  const Status dmbs = runAnalysis(m, s, nullptr, results).status;
  EXPECT_FALSE(dmbs.ok());
  EXPECT_NE(dmbs.message.find("'filter'"), std::string::npos) << dmbs.message;
  s.formulation = Formulation::Auto;
  const Status automatic = runAnalysis(m, s, nullptr, results).status;
  ASSERT_TRUE(automatic.ok()) << automatic.message;
  ASSERT_FALSE(automatic.notes.empty());
  EXPECT_NE(automatic.notes.front().find("SI2"), std::string::npos);
  EXPECT_NE(automatic.notes.front().find("'filter'"), std::string::npos) << automatic.notes.front();
}

TEST(Differential, LinearAnalysisTakesTheStatesIntoTheStateMatrix)
{
  // A block (m) on a vertical slider, spring k and damper c, pushed by an actuator whose force is a
  // lag τẋ + x = u: about the equilibrium (x = u, k z = u) the state vector is (z, ż, x) and
  //   A = [0 1 0; −k/m −c/m 1/m; 0 0 −1/τ],
  // eigenvalues −1/τ and the roots of s² + (c/m) s + k/m.
  const double k = 800.0, c = 8.0, mass = 2.0, tau = 0.1, u = 30.0;
  Model m;
  m.bodies.push_back(test::makeBody("block", mass, {0.1, 0.1, 0.1}, Vec3::Zero()));
  const int slide = test::addMarker(m, "slide", 0, Vec3::Zero());
  const int guide = test::addMarker(m, "guide", kGround, Vec3::Zero());
  test::addJoint(m, "slider", JointType::Translational, slide, guide);
  m.differentials.push_back(
      diff("actuator", 0.0, [=](const StateView& s) { return (u - s.differential(0)) / tau; }));
  Force f;
  f.name = "support";
  f.type = ForceType::General;
  f.iMarker = slide;
  f.jMarker = kGround;
  f.referenceMarker = kGround;
  f.actionOnly = true;
  f.functions[2] = std::make_shared<test::LambdaFunction>(
      [=](const StateView& s) { return -k * s.position(0).z() - c * s.velocity(0).z() + s.differential(0); });
  m.forces.push_back(f);
  AnalysisSettings s;
  s.kind = AnalysisKind::Linear;
  ResultStore results;
  StateMatrices matrices;
  const AnalysisOutcome o = runAnalysis(m, s, nullptr, results, StateMatrixRequest{}, matrices);
  ASSERT_TRUE(o.status.ok()) << o.status.message;
  EXPECT_NEAR(o.operatingPoint.q[2], u / k, 1e-12);  // the equilibrium the linearization is about
  ASSERT_EQ(matrices.states, (std::vector<std::string>{"block.z", "block.vz", "actuator"}));
  Mat expected(3, 3);
  expected << 0.0, 1.0, 0.0, -k / mass, -c / mass, 1.0 / mass, 0.0, 0.0, -1.0 / tau;
  EXPECT_LT((matrices.A - expected).cwiseAbs().maxCoeff(), 1e-5) << matrices.A;
  const std::complex<double> pair(-c / (2.0 * mass), std::sqrt(k / mass - c * c / (4.0 * mass * mass)));
  ASSERT_EQ(matrices.eigenvalues.size(), 3u);
  EXPECT_LT(std::abs(matrices.eigenvalues[0] - (-1.0 / tau)), 1e-6);  // (ascending |s|: 10, then 20)
  EXPECT_LT(std::abs(matrices.eigenvalues[1] - std::conj(pair)), 1e-6);
  EXPECT_LT(std::abs(matrices.eigenvalues[2] - pair), 1e-6);
  // The modes: the state's own (real, damping ratio 1; the block follows it), and the oscillator's.
  ASSERT_EQ(o.modes.size(), 2u);
  EXPECT_NEAR(o.modes[0].naturalFrequency, 1.0 / tau / (2.0 * M_PI), 1e-6);
  EXPECT_NEAR(o.modes[0].dampingRatio, 1.0, 1e-9);
  EXPECT_NEAR(o.modes[1].naturalFrequency, std::sqrt(k / mass) / (2.0 * M_PI), 1e-6);
}

// A block on a vertical slider (gravity −z) carried by a spring of stiffness k whose preload is the
// sum of two first-order lags towards u(t): "preload" free, "held" under STATIC_HOLD from IC 5 N.
// Statics (Adams): the free lag at its equilibrium x = u, the held one at its value, and the block
// where k z = x_preload + x_held − m g.
constexpr double kStiffness = 4000.0, kMass = 2.0, kG = 9.80665, kTau = 0.25, kHeld = 5.0;
double preloadTarget(double t)
{
  return 30.0 + 20.0 * t;
}

Model preloadedSlider()
{
  Model m;
  m.gravity = Vec3(0.0, 0.0, -kG);
  m.bodies.push_back(test::makeBody("block", kMass, {0.1, 0.1, 0.1}, Vec3::Zero()));
  const int slide = test::addMarker(m, "slide", 0, Vec3::Zero());
  const int guide = test::addMarker(m, "guide", kGround, Vec3::Zero());
  test::addJoint(m, "slider", JointType::Translational, slide, guide);
  const auto lag = [](const StateView& s, int k) {
    return (preloadTarget(s.time()) - s.differential(k)) / kTau;
  };
  m.differentials.push_back(diff("preload", 0.0, [=](const StateView& s) { return lag(s, 0); }));
  m.differentials.push_back(diff("held", kHeld, [=](const StateView& s) { return lag(s, 1); }));
  m.differentials.back().staticHold = true;
  Force f;
  f.name = "spring";
  f.type = ForceType::General;
  f.iMarker = slide;
  f.jMarker = kGround;
  f.referenceMarker = kGround;
  f.actionOnly = true;
  f.functions[2] = std::make_shared<test::LambdaFunction>([](const StateView& s) {
    return -kStiffness * s.position(0).z() + s.differential(0) + s.differential(1);
  });
  m.forces.push_back(f);
  return m;
}

double sliderHeight(double preload)
{
  return (preload + kHeld - kMass * kG) / kStiffness;
}

TEST(Differential, StaticsSolvesFreeStatesForZeroDerivativeAndHoldsStaticHold)
{
  const Model m = preloadedSlider();
  AnalysisSettings s;
  s.kind = AnalysisKind::Static;
  ResultStore results;
  const Status st = runAnalysis(m, s, nullptr, results).status;
  ASSERT_TRUE(st.ok()) << st.message;
  const ResultFrame f = results.frame(results.size() - 1);
  EXPECT_NEAR(f.differentials[0], preloadTarget(0.0), 1e-9);
  EXPECT_NEAR(f.differentialRates[0], 0.0, 1e-8);
  EXPECT_NEAR(f.differentials[1], kHeld, 1e-12);
  EXPECT_NEAR(f.differentialRates[1], (preloadTarget(0.0) - kHeld) / kTau, 1e-9);  // not 0 (Adams)
  EXPECT_NEAR(f.bodies[0].position.z(), sliderHeight(preloadTarget(0.0)), 1e-10);
}

TEST(Differential, QuasiStaticsFollowsTheMovingEquilibriumAndKeepsTheHeldState)
{
  const Model m = preloadedSlider();
  AnalysisSettings s;
  s.kind = AnalysisKind::QuasiStatic;
  s.endTime = 1.0;
  s.outputStep = 0.25;
  ResultStore results;
  const Status st = runAnalysis(m, s, nullptr, results).status;
  ASSERT_TRUE(st.ok()) << st.message;
  ASSERT_EQ(results.size(), 5u);
  for (std::size_t i = 0; i < results.size(); ++i) {
    const ResultFrame f = results.frame(i);
    const double t = f.state.t;
    EXPECT_NEAR(f.differentials[0], preloadTarget(t), 1e-9) << t;
    EXPECT_NEAR(f.differentials[1], kHeld, 1e-12) << t;
    EXPECT_NEAR(f.bodies[0].position.z(), sliderHeight(preloadTarget(t)), 1e-10) << t;
  }
}

TEST(Differential, ADynamicRunAfterStaticsStartsFromTheEquilibriumStates)
{
  // Adams: "uses the equilibrium values of the user-defined variables as the initial values for
  // any subsequent simulation". τẋ + x = u = 30 + 20 t: the free lag starts at its equilibrium
  // u(0), x = u − 20τ (1 − e^(−t/τ)); the held one from 5, x = u − 20τ + (5 − u(0) + 20τ) e^(−t/τ).
  Model m = preloadedSlider();
  AnalysisSettings s;
  s.kind = AnalysisKind::Static;
  ResultStore statics;
  ASSERT_TRUE(runAnalysis(m, s, nullptr, statics).status.ok());
  continueFrom(m, statics.frame(statics.size() - 1));
  const auto dynRun = run(m, kRuns[0], 1.0);
  const ResultStore& dyn = *dynRun;
  for (std::size_t i = 0; i < dyn.size(); ++i) {
    const ResultFrame f = dyn.frame(i);
    const double t = f.state.t, decay = std::exp(-t / kTau), slope = 20.0;
    EXPECT_NEAR(f.differentials[0], preloadTarget(t) - slope * kTau * (1.0 - decay), 1e-3) << t;
    EXPECT_NEAR(f.differentials[1],
                preloadTarget(t) - slope * kTau + (kHeld - preloadTarget(0.0) + slope * kTau) * decay, 1e-3)
        << t;
  }
}

TEST(Differential, StaticsOfAStateWithoutEquilibriumNamesIt)
{
  Model m = onePart();
  m.differentials.push_back(diff("ramp", 0.0, [](const StateView&) { return 1.0; }));
  AnalysisSettings s;
  s.kind = AnalysisKind::Static;
  ResultStore results;
  const Status st = runAnalysis(m, s, nullptr, results).status;
  EXPECT_FALSE(st.ok());
  EXPECT_NE(st.message.find("differential equation (DIFF) 'ramp' has no equilibrium"), std::string::npos)
      << st.message;
  EXPECT_EQ(st.entity, "ramp");
}

TEST(Differential, StatesAreNoDegreesOfFreedomNorMechanicalEnergy)
{
  Model m = onePart();
  m.differentials.push_back(diff("x", 2.0, [](const StateView&) { return 1.0; }));
  const System system(m);
  EXPECT_EQ(system.numCoordinates(), 8);
  EXPECT_EQ(system.differentialOffset(), 7);
  EXPECT_EQ(system.coordinateOwner(7), "x");
  SparseMat M;
  system.mass(system.initialPositions(), M);
  EXPECT_DOUBLE_EQ(M.coeff(7, 7), 1.0);
  Vec Q;
  system.forces(0.0, system.initialPositions(), system.initialVelocities(), Q);
  EXPECT_DOUBLE_EQ(Q[7], 1.0);
  EXPECT_DOUBLE_EQ(system.initialVelocities()[7], 2.0);
}

}  // namespace
}  // namespace mbs::solver
