// DIFF (issue 31): an Adams/View-style MMKS deck with first-order states — a lag to a constant, a
// lag driven by sin ωt, a state integrating a block's velocity and a spring whose stiffness and
// deflection are states — against the closed forms with every integrator at its default tolerance;
// DIF and DIF1 in a REQUEST; the native file and the .adm export round trips; bad input named.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "TestUtil.hpp"
#include "mbs/core/AdmExport.hpp"
#include "mbs/core/AdmImport.hpp"
#include "mbs/core/Compile.hpp"
#include "mbs/core/ModelFile.hpp"
#include "mbs/core/RequestOutputs.hpp"
#include "mbs/solver/Analysis.hpp"

using namespace mbs;
using namespace mbs::core;

namespace {

Model deckModel()
{
  auto r = importAdm(test::admPath("diff_states_mmks.adm"));
  for (const auto& e : r.errors)
    ADD_FAILURE() << e.toString();
  return r.ok() ? *r.model : Model();
}

struct Outcome {
  CompileResult compiled;
  solver::ResultStore results;
  solver::Status status;
};

std::unique_ptr<Outcome> simulate(const Model& model, solver::IntegratorType integrator,
                                  solver::Formulation formulation, double end = 2.0)
{
  auto o = std::make_unique<Outcome>();
  o->compiled = compile(model);
  for (const auto& d : o->compiled.diagnostics)
    ADD_FAILURE() << d.toString();
  solver::AnalysisSettings s;  // the default tolerance
  s.kind = solver::AnalysisKind::Dynamic;
  s.integrator = integrator;
  s.formulation = formulation;
  s.endTime = end;
  s.outputStep = 0.02;
  o->status = solver::runAnalysis(o->compiled.model, s, nullptr, o->results).status;
  return o;
}

int stateIndex(const solver::ResultStore& results, const std::string& name)
{
  const auto names = results.layout().differentials;
  for (std::size_t k = 0; k < names.size(); ++k)
    if (names[k] == name)
      return int(k);
  ADD_FAILURE() << "no state " << name;
  return 0;
}

}  // namespace

TEST(DiffDeck, AdamsViewDeckImportsItsStates)
{
  auto r = importAdm(test::admPath("diff_states_mmks.adm"));
  ASSERT_TRUE(r.ok());
  const Model& m = *r.model;
  ASSERT_EQ(m.differentials.size(), 4u);
  EXPECT_EQ(m.differentials[0].name, "lag");
  EXPECT_EQ(m.differentials[1].name, "sine_lag");
  EXPECT_EQ(m.differentials[2].name, "travel");
  EXPECT_EQ(m.differentials[3].name, "stiffness");
  EXPECT_DOUBLE_EQ(m.differentials[3].initialValue, 0.05);
  EXPECT_TRUE(m.differentials[3].staticHold);
  // The constant VARIABLE it reads became a parameter, read by name.
  EXPECT_NE(m.differentials[0].function.find("tau"), std::string::npos) << m.differentials[0].function;
  EXPECT_FALSE(m.differentials[0].staticHold);
  bool saidIc = false;  // IC's second value of an explicit DIFF is not used, and said so
  for (const auto& w : r.warnings)
    saidIc = saidIc || (w.reason.find("IC's second value") != std::string::npos && w.line > 0);
  EXPECT_TRUE(saidIc);
}

TEST(DiffDeck, DeckStatesFollowTheClosedFormsWithEveryIntegrator)
{
  const Model model = deckModel();
  struct Case {
    const char* name;
    solver::IntegratorType integrator;
    solver::Formulation formulation;
  };
  for (const Case c : {Case{"GSTIFF SI2", solver::IntegratorType::Gstiff, solver::Formulation::SI2},
                       Case{"GSTIFF I3", solver::IntegratorType::Gstiff, solver::Formulation::I3},
                       Case{"HHT", solver::IntegratorType::Hht, solver::Formulation::I3},
                       Case{"RKF45", solver::IntegratorType::Rkf45, solver::Formulation::SI2},
                       Case{"automatic", solver::IntegratorType::Gstiff, solver::Formulation::Auto}}) {
    SCOPED_TRACE(c.name);
    const auto o = simulate(model, c.integrator, c.formulation);
    ASSERT_TRUE(o->status.ok()) << o->status.message;
    const auto& res = o->results;
    const int lag = stateIndex(res, "lag"), sine = stateIndex(res, "sine_lag");
    const int travel = stateIndex(res, "travel"), stiffness = stateIndex(res, "stiffness");
    const double w = 2.0 * std::numbers::pi, tau = 0.2, wt = w * tau;
    double worstLag = 0, worstSine = 0, worstTravel = 0, worstBlock = 0;
    for (std::size_t i = 0; i < res.size(); ++i) {
      const solver::ResultFrame f = res.frame(i);
      const double t = f.state.t;
      worstLag = std::max(worstLag, std::abs(f.differentials[lag] - 2.0 * (1.0 - std::exp(-t / 0.3))));
      const double sineExact =
          (std::sin(w * t) - wt * std::cos(w * t) + wt * std::exp(-t / tau)) / (1 + wt * wt);
      worstSine = std::max(worstSine, std::abs(f.differentials[sine] - sineExact));
      // m ẍ = −k x with k = 0.05 N/mm = 50 N/m, m = 2 kg, v0 = 400 mm/s: x = 80 sin 5t mm.
      const double travelExact = 80.0 * std::sin(5.0 * t);
      worstTravel = std::max(worstTravel, std::abs(f.differentials[travel] - travelExact));
      worstBlock = std::max(worstBlock, std::abs(f.bodies[0].position.x() * 1000.0 - travelExact));
      EXPECT_NEAR(f.differentials[stiffness], 0.05, 1e-12);  // ẋ = 0: round-off only
      EXPECT_NEAR(f.differentialRates[lag], (2.0 - f.differentials[lag]) / 0.3, 1e-9);
    }
    EXPECT_LT(worstLag, 1e-3);
    EXPECT_LT(worstSine, 1e-3);
    EXPECT_LT(worstTravel, 0.08);  // 1e-3 of the 80 mm amplitude
    EXPECT_LT(worstBlock, 0.08);
  }
}

TEST(DiffDeck, RequestsReadTheStateAndItsDerivative)
{
  const Model model = deckModel();
  const auto o = simulate(model, solver::IntegratorType::Gstiff, solver::Formulation::SI2, 0.5);
  ASSERT_TRUE(o->status.ok()) << o->status.message;
  const RequestOutputs requests(model, o->compiled.map, o->compiled.model);
  ASSERT_TRUE(requests.ok());
  ASSERT_EQ(requests.columns().size(), 2u);
  const int lag = stateIndex(o->results, "lag");
  for (std::size_t i = 0; i < o->results.size(); ++i) {
    const auto f = o->results.frame(i);
    const auto v = requests.evaluate(f);
    EXPECT_DOUBLE_EQ(v[0], f.differentials[lag]);
    EXPECT_DOUBLE_EQ(v[1], f.differentialRates[lag]);
  }
}

TEST(DiffDeck, NativeFileKeepsTheStates)
{
  const Model model = deckModel();
  const auto back = modelFromString(modelToString(model), "diff.mbs.json");
  for (const auto& e : back.errors)
    ADD_FAILURE() << e.toString();
  ASSERT_TRUE(back.ok());
  EXPECT_EQ(back.model->differentials, model.differentials);
  EXPECT_NE(modelToString(model).find("\"static_hold\": true"), std::string::npos);
}

TEST(DiffDeck, AdmExportRoundTripRunsTheSame)
{
  const Model model = deckModel();
  const auto exported = exportAdm(model);
  for (const auto& e : exported.errors)
    ADD_FAILURE() << e.toString();
  EXPECT_NE(exported.text.find("DIFF/1"), std::string::npos);
  auto again = importAdmFromString(exported.text, "exported.adm");
  for (const auto& e : again.errors)
    ADD_FAILURE() << e.toString();
  ASSERT_TRUE(again.ok());
  ASSERT_EQ(again.model->differentials.size(), 4u);
  for (std::size_t k = 0; k < 4; ++k) {
    EXPECT_EQ(again.model->differentials[k].name, model.differentials[k].name);
    EXPECT_EQ(again.model->differentials[k].initialValue, model.differentials[k].initialValue);
    EXPECT_EQ(again.model->differentials[k].staticHold, model.differentials[k].staticHold);
  }
  const auto a = simulate(model, solver::IntegratorType::Gstiff, solver::Formulation::SI2, 1.0);
  const auto b = simulate(*again.model, solver::IntegratorType::Gstiff, solver::Formulation::SI2, 1.0);
  ASSERT_TRUE(a->status.ok() && b->status.ok());
  const auto fa = a->results.frame(a->results.size() - 1), fb = b->results.frame(b->results.size() - 1);
  for (int k = 0; k < 4; ++k)
    EXPECT_NEAR(fa.differentials[k], fb.differentials[k], 1e-9 * (1 + std::abs(fa.differentials[k])));
}

TEST(DiffDeck, StaticsSolvesTheFreeStatesAndHoldsStaticHold)
{
  // Adams: without STATIC_HOLD statics "sets the time derivatives of the user-defined variables
  // to zero"; with it the state keeps its initial condition. lag: (2 − x)/0.3 = 0 → 2;
  // sine_lag: sin(0) − x = 0 → 0; stiffness (STATIC_HOLD) stays 0.05.
  const Model model = deckModel();
  const CompileResult c = compile(model);
  ASSERT_TRUE(c.ok);
  solver::AnalysisSettings s;
  s.kind = solver::AnalysisKind::Static;
  solver::ResultStore statics;
  const auto st = solver::runAnalysis(c.model, s, nullptr, statics).status;
  ASSERT_TRUE(st.ok()) << st.message;
  const auto f = statics.frame(0);
  ASSERT_EQ(f.differentials.size(), 4);
  EXPECT_NEAR(f.differentials[0], 2.0, 1e-8);
  EXPECT_NEAR(f.differentials[1], 0.0, 1e-8);
  EXPECT_EQ(f.differentials[3], 0.05);
  s.kind = solver::AnalysisKind::Kinematic;
  solver::ResultStore kinematics;
  const auto kin = solver::runAnalysis(c.model, s, nullptr, kinematics).status;
  // The block moves freely: kinematics refuses its degree of freedom (the states are none; a fully
  // driven model with DIFFs integrates them: KinematicDifferentialTest).
  EXPECT_FALSE(kin.ok());
  EXPECT_NE(kin.message.find("the model has 1 degrees of freedom"), std::string::npos) << kin.message;
}

TEST(DiffDeck, BadInputIsNamed)
{
  const std::string deck = test::readFile(test::admPath("diff_states_mmks.adm"));
  auto replaced = [&](const std::string& from, const std::string& to) {
    std::string text = deck;
    const auto at = text.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    return text.replace(at, from.size(), to);
  };
  const auto messages = [](const AdmImportResult& r) {
    std::string all;
    for (const auto& d : r.errors)
      all += d.toString() + "\n";
    for (const auto& d : r.dropped)
      all += d.toString() + "\n";
    return all;
  };
  // DIF of a DIFF that does not exist.
  auto r = importAdmFromString(replaced("FUNCTION = (2 - DIF(1))", "FUNCTION = (2 - DIF(9))"), "bad.adm");
  EXPECT_FALSE(r.ok());
  EXPECT_NE(messages(r).find("DIFF/9 in DIF() does not exist"), std::string::npos) << messages(r);
  // A user subroutine.
  r = importAdmFromString(replaced("FUNCTION = 0\n", "FUNCTION = USER(1, 2)\n"), "user.adm");
  EXPECT_FALSE(r.ok());
  EXPECT_NE(messages(r).find("DIFF/4"), std::string::npos) << messages(r);

  // Native: an unknown DIFF name, DIF1 in a force (an acceleration-level read), DIF in a motion.
  Model model = deckModel();
  model.differentials[0].function = "-DIF(nosuch)";
  Diagnostics d = model.validate();
  ASSERT_FALSE(d.empty());
  EXPECT_NE(d.front().reason.find("unknown DIFF 'NOSUCH'"), std::string::npos) << d.front().reason;
  model = deckModel();
  Force* spring = model.force(model.findForce("spring"));
  ASSERT_NE(spring, nullptr);
  spring->functions[0] = "-DIF1(travel)";
  const CompileResult c = compile(model);
  EXPECT_FALSE(c.ok);
  ASSERT_FALSE(c.diagnostics.empty());
  EXPECT_NE(c.diagnostics.front().reason.find("DIF1() reads an acceleration"), std::string::npos)
      << c.diagnostics.front().reason;
  model = deckModel();
  model.differentials[1].function = "DIF1(lag)";
  const CompileResult c2 = compile(model);
  EXPECT_FALSE(c2.ok);
  ASSERT_FALSE(c2.diagnostics.empty());
  EXPECT_NE(c2.diagnostics.front().reason.find("differential equation 'sine_lag'"), std::string::npos)
      << c2.diagnostics.front().reason;
  // A duplicate name.
  model = deckModel();
  model.differentials[1].name = "block";
  d = model.validate();
  ASSERT_FALSE(d.empty());
  EXPECT_NE(d.front().reason.find("duplicate name 'block'"), std::string::npos) << d.front().reason;
}
