// Force functions that read solved loads (issue 28): JOINT(), FZ() and VARVAL of a VARIABLE reading
// FZ() in SFORCE functions, an algebraic loop (the drag presses the block onto its slide, so the
// normal reaction depends on the drag and the drag on the reaction) solved with the equations of
// motion, checked against the closed form in dynamics and statics
// (tests/data/adams_view/expr_reaction_friction_mmks.adm).
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "mbs/core/AdmImport.hpp"
#include "mbs/core/Compile.hpp"
#include "mbs/core/RequestOutputs.hpp"
#include "mbs/solver/Analysis.hpp"

using namespace mbs;
using namespace mbs::core;

namespace {

constexpr double kMass = 2.0, kG = 9.80665, kMu = 0.3, kPull = 10.0, kSpring = 2000.0;  // SI
const double kAlpha = std::numbers::pi / 6;  // the drag 30 degrees below the slide
// N - m g - mu N sin(alpha) = 0 along the normal.
const double kNormal = kMass * kG / (1.0 - kMu * std::sin(kAlpha));
// m a = P - mu N cos(alpha) along the slide.
const double kAcceleration = (kPull - kMu * kNormal * std::cos(kAlpha)) / kMass;

struct Run {
  Model model;
  CompileResult compiled;
  solver::ResultStore results;
  solver::AnalysisOutcome outcome;
};

std::unique_ptr<Run> run(solver::AnalysisSettings settings)
{
  auto out = std::make_unique<Run>();
  const auto imported =
      importAdm(std::string(MBS_TEST_DATA_DIR) + "/adams_view/expr_reaction_friction_mmks.adm");
  for (const auto& e : imported.errors)
    ADD_FAILURE() << e.toString();
  if (!imported.ok())
    return nullptr;
  out->model = *imported.model;
  out->compiled = compile(out->model);
  for (const auto& d : out->compiled.diagnostics)
    if (!out->compiled.ok)
      ADD_FAILURE() << d.reason;
  if (!out->compiled.ok)
    return nullptr;
  out->outcome = solver::runAnalysis(out->compiled.model, settings, nullptr, out->results);
  return out;
}

int body(const Run& r, const std::string& name)
{
  for (std::size_t b = 0; b < r.compiled.model.bodies.size(); ++b)
    if (r.compiled.model.bodies[b].name == name)
      return int(b);
  ADD_FAILURE() << "no body " << name;
  return 0;
}

double column(const RequestOutputs& r, const std::vector<double>& values, const std::string& name)
{
  for (std::size_t k = 0; k < r.columns().size(); ++k)
    if (r.columns()[k] == name)
      return values[k];
  ADD_FAILURE() << "no column " << name;
  return NAN;
}

}  // namespace

// Blocks A (drag = 0.3 JOINT(1, 0, 4, 0)) and B (drag = - -0.3 VARVAL(FZ(31, 12))) pulled by 10 N:
// both slide at a = (P - mu N cos 30)/m with N = m g/(1 - mu sin 30), and the joints carry N.
TEST(ReactionForceDeck, DragReadingTheNormalReactionSlidesAtTheClosedFormAcceleration)
{
  solver::AnalysisSettings settings;
  settings.kind = solver::AnalysisKind::Dynamic;
  settings.endTime = 1.0;
  settings.outputStep = 0.1;
  settings.tolerance = 1e-8;
  for (const auto formulation : {solver::Formulation::SI2, solver::Formulation::I3}) {
    settings.formulation = formulation;
    const auto r = run(settings);
    ASSERT_TRUE(r);
    ASSERT_TRUE(r->outcome.status.ok()) << r->outcome.status.message;
    const RequestOutputs requests(r->model, r->compiled.map, r->compiled.model);
    for (const auto& d : requests.diagnostics())
      ADD_FAILURE() << d.reason;
    ASSERT_EQ(r->results.size(), 11u);
    const int a = body(*r, "block_joint_fn"), b = body(*r, "block_varval_fz");
    for (std::size_t f = 1; f < r->results.size(); ++f) {
      const auto frame = r->results.frame(f);
      const double t = frame.state.t;
      const double x = 0.5 * kAcceleration * t * t;
      EXPECT_NEAR(frame.bodies[std::size_t(a)].position.x(), x, 1e-7) << t;
      EXPECT_NEAR(frame.bodies[std::size_t(b)].position.x(), x, 1e-7) << t;
      EXPECT_NEAR(frame.bodies[std::size_t(a)].acceleration.x(), kAcceleration, 1e-6) << t;
      EXPECT_NEAR(frame.bodies[std::size_t(b)].acceleration.x(), kAcceleration, 1e-6) << t;
      const auto v = requests.evaluate(frame);
      EXPECT_NEAR(column(requests, v, "normal_a.f2"), kNormal, 1e-6 * kNormal) << t;
      EXPECT_NEAR(column(requests, v, "normal_a.f3"), kMu * kNormal, 1e-6 * kNormal) << t;
      EXPECT_NEAR(column(requests, v, "normal_a.f4"), 1000.0 * x, 1e-4) << t;
    }
  }
}

// Statics in IPS (tests/data/adams_view/expr_reaction_spring_ips.adm): a 10 lbm block held by a
// 20 lbf/in spring along its slide is pushed back by a drag of 0.25 FZ(slide) at 30 degrees below
// the slide, to x = -mu N cos 30 / k with N = m g/(1 - mu sin 30) on the slide.
TEST(ReactionForceDeck, StaticEquilibriumSolvesTheLoopOfDragAndReaction)
{
  const auto imported =
      importAdm(std::string(MBS_TEST_DATA_DIR) + "/adams_view/expr_reaction_spring_ips.adm");
  for (const auto& e : imported.errors)
    ADD_FAILURE() << e.toString();
  ASSERT_TRUE(imported.ok());
  const auto compiled = compile(*imported.model);
  ASSERT_TRUE(compiled.ok);
  solver::AnalysisSettings settings;
  settings.kind = solver::AnalysisKind::Static;
  solver::ResultStore results;
  const auto outcome = solver::runAnalysis(compiled.model, settings, nullptr, results);
  ASSERT_TRUE(outcome.status.ok()) << outcome.status.message;
  ASSERT_GE(results.size(), 1u);
  const double lbm = 0.45359237, inch = 0.0254, lbf = 4.4482216152605;
  const double m = 10 * lbm, g = 386.088 * inch, mu = 0.25, k = 20 * lbf / inch;
  const double alpha = std::numbers::pi / 6;
  const double normal = m * g / (1.0 - mu * std::sin(alpha));
  const auto frame = results.frame(results.size() - 1);
  EXPECT_NEAR(frame.bodies[0].position.x(), -mu * normal * std::cos(alpha) / k, 1e-9);
  EXPECT_NEAR(frame.joints[0].force.z(), normal, 1e-7 * normal);
  EXPECT_NEAR(frame.forces[0].force.norm(), mu * normal, 1e-7 * normal);
}

// A force reading an acceleration (Adams solves it implicitly) is refused, naming the force and the
// measure, directly and through a VARIABLE: evaluated it would read 0 (it did, with exit 0, before).
TEST(ReactionForceDeck, ForcesReadingAccelerationsAreRefusedByName)
{
  const auto refusal = [](const std::string& extra) {
    const std::string deck =
        "acceleration in a force\n"
        "UNITS/FORCE=NEWTON, MASS=KILOGRAM, LENGTH=METER, TIME=SECOND\n"
        "PART/1, GROUND\nMARKER/1, PART=1, QP=0,0,0\n"
        "PART/2, MASS=1, CM=20, IP=1,1,1\nMARKER/20, PART=2, QP=0,0,0\n"
        "JOINT/1, TRANSLATIONAL, I=20, J=1\n" +
        extra + "END\n";
    auto imported = importAdmFromString(deck, "acc.adm");
    EXPECT_TRUE(imported.model) << (imported.errors.empty() ? "" : imported.errors.front().toString());
    if (!imported.model)
      return std::string();
    const CompileResult compiled = compile(*imported.model);
    EXPECT_FALSE(compiled.ok);
    std::string all;
    for (const auto& d : compiled.diagnostics)
      all += d.toString() + "\n";
    return all;
  };
  const std::string direct = refusal("SFORCE/1, TRANSLATIONAL, I=20, J=1, FUNCTION=1 - 0.5*ACCZ(20,1)\n");
  EXPECT_NE(direct.find("force 'SFORCE_1': ACCZ() reads an acceleration"), std::string::npos) << direct;
  const std::string viaVariable =
      refusal("VARIABLE/3, FUNCTION=WDTZ(20)\nSFORCE/1, TRANSLATIONAL, I=20, J=1, FUNCTION=1 + VARVAL(3)\n");
  EXPECT_NE(viaVariable.find("(WDTZ()) reads an acceleration"), std::string::npos) << viaVariable;
}
