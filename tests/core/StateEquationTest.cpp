// TFSISO and LSE (issue 31) from an Adams/View-style MMKS deck: a first-order lag 1/(1 + 0.2 s)
// and a lead (1 + s)/(1 + 0.2 s) driven by sin 2πt, and an LSE oscillator x'' = −25 x, read
// through ARYVAL of their Y, X and U arrays, against the closed forms with every integrator; bad
// input named.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "TestUtil.hpp"
#include "mbs/core/AdmImport.hpp"
#include "mbs/core/Compile.hpp"
#include "mbs/core/RequestOutputs.hpp"
#include "mbs/solver/Analysis.hpp"

using namespace mbs;
using namespace mbs::core;

namespace {

std::string deckText()
{
  return test::readFile(test::admPath("tfsiso_lse_mmks.adm"));
}

std::string errors(const AdmImportResult& r)
{
  std::string all;
  for (const auto& d : r.errors)
    all += d.toString() + "\n";
  for (const auto& d : r.dropped)
    all += d.toString() + "\n";
  return all;
}

}  // namespace

TEST(StateEquations, ImportAsStatesAndOutputs)
{
  auto r = importAdmFromString(deckText(), "control.adm");
  ASSERT_TRUE(r.ok()) << errors(r);
  const Model& m = *r.model;
  ASSERT_EQ(m.differentials.size(), 4u);  // lag 1, lead 1, oscillator 2
  EXPECT_EQ(m.differentials[0].name, "lag_tf_x1");
  EXPECT_EQ(m.differentials[2].name, "oscillator_x1");
  EXPECT_DOUBLE_EQ(m.differentials[2].initialValue, 1.0);
  EXPECT_DOUBLE_EQ(m.differentials[3].initialValue, 0.0);
  EXPECT_TRUE(m.differentials[1].staticHold);
  EXPECT_FALSE(m.differentials[0].staticHold);
  EXPECT_TRUE(m.findVariable("lag_tf_y1"));
  EXPECT_TRUE(m.findVariable("oscillator_y2"));
}

TEST(StateEquations, FollowTheClosedFormsWithEveryIntegrator)
{
  auto r = importAdmFromString(deckText(), "control.adm");
  ASSERT_TRUE(r.ok()) << errors(r);
  const Model& model = *r.model;
  const CompileResult c = compile(model);
  for (const auto& d : c.diagnostics)
    ADD_FAILURE() << d.toString();
  ASSERT_TRUE(c.ok);
  const RequestOutputs requests(model, c.map, c.model);
  ASSERT_TRUE(requests.ok());
  ASSERT_EQ(requests.columns().size(), 5u);
  const double w = 2.0 * std::numbers::pi, tau = 0.2, wt = w * tau;
  for (const auto integrator : {solver::IntegratorType::Gstiff, solver::IntegratorType::Wstiff,
                                solver::IntegratorType::Hht, solver::IntegratorType::Rkf45}) {
    SCOPED_TRACE(int(integrator));
    solver::AnalysisSettings s;  // default tolerance
    s.kind = solver::AnalysisKind::Dynamic;
    s.integrator = integrator;
    s.endTime = 2.0;
    s.outputStep = 0.02;
    solver::ResultStore results;
    const auto st = solver::runAnalysis(c.model, s, nullptr, results).status;
    ASSERT_TRUE(st.ok()) << st.message;
    double worst[4] = {0, 0, 0, 0};
    for (std::size_t i = 0; i < results.size(); ++i) {
      const auto f = results.frame(i);
      const double t = f.state.t;
      const auto v = requests.evaluate(f);
      const double lag = (std::sin(w * t) - wt * std::cos(w * t) + wt * std::exp(-t / tau)) / (1 + wt * wt);
      // (1 + s)/(1 + τs) = 1/τ + (1 − 1/τ)/(1 + τs)
      const double lead = std::sin(w * t) / tau + (1.0 - 1.0 / tau) * lag;
      const double exact[4] = {lag, lead, std::cos(5.0 * t), -5.0 * std::sin(5.0 * t)};
      for (int k = 0; k < 4; ++k)
        worst[k] = std::max(worst[k], std::abs(v[std::size_t(k)] - exact[k]));
      EXPECT_NEAR(v[4], std::sin(w * t), 1e-12);  // ARYVAL of the U array: its VARIABLE
    }
    EXPECT_LT(worst[0], 1e-3);
    EXPECT_LT(worst[1], 4e-3);  // the lead amplifies by up to 1/τ = 5
    EXPECT_LT(worst[2], 1e-3);
    EXPECT_LT(worst[3], 5e-3);
  }
}

TEST(StateEquations, BadInputIsNamed)
{
  const std::string deck = deckText();
  auto replaced = [&](const std::string& from, const std::string& to) {
    std::string text = deck;
    const auto at = text.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    return text.replace(at, from.size(), to);
  };
  // A TFSISO's states: Adams does not document its realization.
  auto r = importAdmFromString(replaced("FUNCTION = ARYVAL(5, 1)", "FUNCTION = ARYVAL(4, 1)"), "x.adm");
  EXPECT_FALSE(r.ok());
  EXPECT_NE(errors(r).find("realization"), std::string::npos) << errors(r);
  r = importAdmFromString(replaced(", NUMERATOR = 1\n", ", NUMERATOR = 1, 2, 3\n"), "num.adm");
  EXPECT_FALSE(r.ok());
  EXPECT_NE(errors(r).find("NUMERATOR has more coefficients"), std::string::npos) << errors(r);
  r = importAdmFromString(
      replaced(", COLUMNS = 2\n, VALUES = 0, 1, -25, 0", ", COLUMNS = 1\n, VALUES = 0, 1"), "a.adm");
  EXPECT_FALSE(r.ok());
  EXPECT_NE(errors(r).find("square"), std::string::npos) << errors(r);
  r = importAdmFromString(replaced("X = 4\n", "X = 2\n"), "twice.adm");
  EXPECT_FALSE(r.ok());
  EXPECT_NE(errors(r).find("already used by TFSISO/1"), std::string::npos) << errors(r);
  r = importAdmFromString(replaced("ARYVAL(7, 2)", "ARYVAL(7, 3)"), "range.adm");
  EXPECT_FALSE(r.ok());
  EXPECT_NE(errors(r).find("positions 1 to 2"), std::string::npos) << errors(r);
}
