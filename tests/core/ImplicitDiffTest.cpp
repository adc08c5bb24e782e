// DIFF/IMPLICIT (issue 31): an Adams/View-style IPS deck with one first-order lag written explicitly
// (ẋ = (2 − x)/0.3) and implicitly (0 = 0.3 DIF1 + DIF − 2), and a state nonlinear in its derivative
// (0 = EXP(DIF1) − 1 − TIME) — against the closed forms with every integrator, in statics, in a
// REQUEST, through the native file and the .adm export; bad input named.
#include <gtest/gtest.h>

#include <cmath>

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

Model implicitDeck()
{
  auto r = importAdm(test::admPath("diff_implicit_ips.adm"));
  for (const auto& e : r.errors)
    ADD_FAILURE() << e.toString();
  return r.ok() ? *r.model : Model();
}

double lagExact(double t)
{
  return 2.0 * (1.0 - std::exp(-t / 0.3));
}
double logRampExact(double t)
{
  return (1.0 + t) * std::log(1.0 + t) - t;
}

}  // namespace

TEST(ImplicitDiff, DeckImportsTheImplicitForm)
{
  const Model m = implicitDeck();
  ASSERT_EQ(m.differentials.size(), 3u);
  EXPECT_FALSE(m.differentials[0].implicit);
  EXPECT_TRUE(m.differentials[1].implicit);
  EXPECT_NEAR(m.differentials[1].initialRate, 6.666666667, 1e-12);  // IC's r2, the guess for ẋ(0)
  EXPECT_TRUE(m.differentials[2].implicit);
  EXPECT_EQ(m.differentials[2].initialRate, 0.0);
}

TEST(ImplicitDiff, ImplicitAndExplicitLagAgreeWithTheClosedFormInEveryIntegrator)
{
  const Model model = implicitDeck();
  const CompileResult c = compile(model);
  for (const auto& d : c.diagnostics)
    ADD_FAILURE() << d.toString();
  ASSERT_TRUE(c.ok);
  for (const auto integrator : {solver::IntegratorType::Gstiff, solver::IntegratorType::Wstiff,
                                solver::IntegratorType::Hht, solver::IntegratorType::Rkf45}) {
    solver::AnalysisSettings s;  // the default tolerance
    s.kind = solver::AnalysisKind::Dynamic;
    s.integrator = integrator;
    s.formulation = solver::Formulation::SI2;
    s.endTime = 2.0;
    s.outputStep = 0.02;
    solver::ResultStore results;
    const auto st = solver::runAnalysis(c.model, s, nullptr, results).status;
    ASSERT_TRUE(st.ok()) << solver::toString(integrator) << ": " << st.message;
    ASSERT_GT(results.size(), 50u);
    double worst = 0.0;
    for (std::size_t i = 0; i < results.size(); ++i) {
      const auto f = results.frame(i);
      const double t = f.state.t;
      worst = std::max({worst, std::abs(f.differentials[0] - lagExact(t)),
                        std::abs(f.differentials[1] - lagExact(t)),
                        std::abs(f.differentials[2] - logRampExact(t))});
      // DIF1 of the implicit states is F's root: the lag's rate and LN(1 + t).
      EXPECT_NEAR(f.differentialRates[1], (2.0 - f.differentials[1]) / 0.3, 1e-8) << t;
      EXPECT_NEAR(f.differentialRates[2], std::log(1.0 + t), 1e-10) << t;
    }
    EXPECT_LT(worst, 5e-4) << solver::toString(integrator);
  }
}

TEST(ImplicitDiff, StaticsSolvesTheImplicitStateForZeroDerivative)
{
  // 0 = 0.3·0 + x − 2 → x = 2, as the explicit lag; log_ramp: F(x, 0) = 0 at t = 0 for every x, so
  // it stays at its IC.
  const CompileResult c = compile(implicitDeck());
  ASSERT_TRUE(c.ok);
  solver::AnalysisSettings s;
  s.kind = solver::AnalysisKind::Static;
  solver::ResultStore results;
  const auto st = solver::runAnalysis(c.model, s, nullptr, results).status;
  ASSERT_TRUE(st.ok()) << st.message;
  const auto f = results.frame(0);
  EXPECT_NEAR(f.differentials[0], 2.0, 1e-8);
  EXPECT_NEAR(f.differentials[1], 2.0, 1e-8);
  EXPECT_NEAR(f.differentialRates[1], 0.0, 1e-7);
  EXPECT_EQ(f.differentials[2], 0.0);
}

TEST(ImplicitDiff, RequestsFileAndExportKeepTheImplicitForm)
{
  const Model model = implicitDeck();
  const CompileResult c = compile(model);
  ASSERT_TRUE(c.ok);
  solver::AnalysisSettings s;
  s.endTime = 0.5;
  s.outputStep = 0.1;
  solver::ResultStore results;
  ASSERT_TRUE(solver::runAnalysis(c.model, s, nullptr, results).status.ok());
  const RequestOutputs requests(model, c.map, c.model);
  ASSERT_TRUE(requests.ok());
  const auto last = results.frame(results.size() - 1);
  const auto v = requests.evaluate(last);
  EXPECT_DOUBLE_EQ(v[0], last.differentialRates[1]);
  EXPECT_NEAR(v[1], std::log(1.0 + last.state.t), 1e-10);

  const auto back = modelFromString(modelToString(model), "implicit.mbs.json");
  ASSERT_TRUE(back.ok());
  EXPECT_EQ(back.model->differentials, model.differentials);
  EXPECT_NE(modelToString(model).find("\"implicit\": true"), std::string::npos);

  const auto exported = exportAdm(model);
  for (const auto& e : exported.errors)
    ADD_FAILURE() << e.toString();
  EXPECT_NE(exported.text.find("IMPLICIT"), std::string::npos);
  auto again = importAdmFromString(exported.text, "exported.adm");
  for (const auto& e : again.errors)
    ADD_FAILURE() << e.toString();
  ASSERT_TRUE(again.ok());
  ASSERT_EQ(again.model->differentials.size(), 3u);
  for (std::size_t k = 0; k < 3; ++k) {
    EXPECT_EQ(again.model->differentials[k].implicit, model.differentials[k].implicit);
    EXPECT_NEAR(again.model->differentials[k].initialRate, model.differentials[k].initialRate, 1e-9);
  }
}

TEST(ImplicitDiff, BadImplicitEquationsAreNamed)
{
  // DIF1 of another implicit DIFF: coupled derivatives are not solved.
  Model model = implicitDeck();
  model.differentials[1].function = "0.3 * DIF1(implicit_lag) + DIF(implicit_lag) - 2 + DIF1(log_ramp)";
  const CompileResult coupled = compile(model);
  EXPECT_FALSE(coupled.ok);
  ASSERT_FALSE(coupled.diagnostics.empty());
  EXPECT_NE(coupled.diagnostics.front().reason.find("DIF1(log_ramp)"), std::string::npos)
      << coupled.diagnostics.front().reason;
  // An acceleration measure stays refused in an implicit function.
  model = implicitDeck();
  model.differentials[2].function = "EXP(DIF1(log_ramp)) - 1 - ACCX(block_cm)";
  const CompileResult accelerations = compile(model);
  EXPECT_FALSE(accelerations.ok);
  // An "implicit" function that does not read its derivative has no root in it: the run fails
  // naming the DIFF, never a wrong answer.
  model = implicitDeck();
  model.differentials[1].function = "DIF(implicit_lag) - 2";
  const CompileResult algebraic = compile(model);
  ASSERT_TRUE(algebraic.ok);
  solver::AnalysisSettings s;
  s.endTime = 0.5;
  solver::ResultStore results;
  const auto st = solver::runAnalysis(algebraic.model, s, nullptr, results).status;
  EXPECT_FALSE(st.ok());
  EXPECT_NE(st.message.find("implicit_lag"), std::string::npos) << st.message;
}
