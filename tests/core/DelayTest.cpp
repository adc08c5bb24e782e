// Adams' DELAY(e_delayed, e_delay, e_history [, 0]) (issue 28): the expression's value at TIME −
// delay, its history before the start, a negative delay taken as zero, a delay that is itself an
// expression; an Adams/View-style MMKS deck (tests/data/adams_view/expr_delay_mmks.adm) whose
// delayed push, delayed brake and delayed first-order states follow their closed forms (the method
// of steps) with every integrator; the analyses that keep no record of the past refuse it; the
// .adm export round trip; bad input named.
#include <gtest/gtest.h>

#include <cmath>

#include "TestUtil.hpp"
#include "mbs/core/AdmExport.hpp"
#include "mbs/core/AdmImport.hpp"
#include "mbs/core/Compile.hpp"
#include "mbs/core/Expression.hpp"
#include "mbs/solver/Analysis.hpp"

using namespace mbs;
using namespace mbs::core;

namespace {

// x' = −a x(t − τ) with x = h before 0 and x(0) = x0, exactly, by the method of steps: on
// [kτ, (k+1)τ] x is a polynomial p_k(w), w = t − kτ, with p_0(w) = x0 − a h w and
// p_k(w) = p_{k−1}(τ) − a ∫₀ʷ p_{k−1}.
class MethodOfSteps {
public:
  MethodOfSteps(double a, double tau, double x0, double h, int pieces) : m_tau(tau)
  {
    m_p.push_back({x0, -a * h});
    for (int k = 1; k < pieces; ++k) {
      const auto& prev = m_p.back();
      std::vector<double> next{eval(prev, tau)};
      for (std::size_t i = 0; i < prev.size(); ++i)
        next.push_back(-a * prev[i] / double(i + 1));
      m_p.push_back(next);
    }
  }
  double value(double t) const
  {
    const auto [k, w] = piece(t);
    return eval(m_p[k], w);
  }
  double integral(double t) const  // ∫₀ᵗ x
  {
    const auto [k, w] = piece(t);
    double sum = 0.0;
    for (std::size_t j = 0; j < k; ++j)
      sum += primitive(m_p[j], m_tau);
    return sum + primitive(m_p[k], w);
  }

private:
  std::pair<std::size_t, double> piece(double t) const
  {
    const auto k = std::min(std::size_t(std::max(0.0, std::floor(t / m_tau))), m_p.size() - 1);
    return {k, t - double(k) * m_tau};
  }
  static double eval(const std::vector<double>& p, double w)
  {
    double v = 0.0;
    for (std::size_t i = p.size(); i-- > 0;)
      v = v * w + p[i];
    return v;
  }
  static double primitive(const std::vector<double>& p, double w)
  {
    double v = 0.0;
    for (std::size_t i = p.size(); i-- > 0;)
      v = v * w + p[i] / double(i + 1);
    return v * w;
  }
  double m_tau;
  std::vector<std::vector<double>> m_p;
};

Model deckModel()
{
  auto r = importAdm(std::string(MBS_TEST_DATA_DIR) + "/adams_view/expr_delay_mmks.adm");
  for (const auto& e : r.errors)
    ADD_FAILURE() << e.toString();
  return r.ok() ? *r.model : Model();
}

struct Outcome {
  CompileResult compiled;
  solver::ResultStore results;
  solver::Status status;
};

std::unique_ptr<Outcome> simulate(const Model& model, solver::AnalysisKind kind,
                                  solver::IntegratorType integrator, solver::Formulation formulation,
                                  double end = 3.0)
{
  auto o = std::make_unique<Outcome>();
  o->compiled = compile(model);
  for (const auto& d : o->compiled.diagnostics)
    ADD_FAILURE() << d.toString();
  solver::AnalysisSettings s;  // the default tolerance
  s.kind = kind;
  s.integrator = integrator;
  s.formulation = formulation;
  s.endTime = end;
  s.outputStep = 0.05;
  o->status = solver::runAnalysis(o->compiled.model, s, nullptr, o->results).status;
  return o;
}

double evalAt(const std::string& text, double t)
{
  auto r = Expression::compile(text, ExpressionContext{});
  EXPECT_TRUE(r.ok()) << text << ": " << (r.error ? r.error->message : "");
  return r.ok() ? r.expression->evaluate(t) : std::nan("");
}

ExpressionError compileError(const std::string& text)
{
  ExpressionContext c;
  c.marker = [](std::string_view n) -> std::optional<int> {
    if (n == "M1")
      return 0;
    return std::nullopt;
  };
  auto r = Expression::compile(text, c);
  EXPECT_FALSE(r.ok()) << text;
  return r.ok() ? ExpressionError{} : *r.error;
}

}  // namespace

TEST(Delay, FunctionsOfTimeAreTheirValueAtTheDelayedTimeAndTheHistoryBefore)
{
  EXPECT_DOUBLE_EQ(evalAt("DELAY(TIME, 0.1, 7)", 0.05), 7.0);  // before the start: e_history
  EXPECT_DOUBLE_EQ(evalAt("DELAY(TIME, 0.1, 7)", 0.3), 0.3 - 0.1);
  EXPECT_DOUBLE_EQ(evalAt("delay(time, 0.3, 2*time)", 0.1), -0.4);       // e_history at TIME = t − delay
  EXPECT_DOUBLE_EQ(evalAt("DELAY(TIME, -1, 0)", 0.5), 0.5);              // a negative delay is zero
  EXPECT_DOUBLE_EQ(evalAt("DELAY(TIME**2, 0.5*TIME, 0, 0)", 2.0), 1.0);  // the delay an expression
  EXPECT_DOUBLE_EQ(evalAt("DELAY(DELAY(TIME, 0.1, 0), 0.2, 5)", 1.0), 0.7);  // nested
  EXPECT_DOUBLE_EQ(evalAt("DELAY(DELAY(TIME, 0.1, 0), 0.2, 5)", 0.25), 0.0);
  EXPECT_DOUBLE_EQ(evalAt("DELAY(DELAY(TIME, 0.1, 0), 0.2, 5)", 0.1), 5.0);
  EXPECT_DOUBLE_EQ(evalAt("1 + DELAY(TIME, DELAY(TIME, 0.5, 0.25), 3)", 1.0), 1.0 + 0.5);
  EXPECT_DOUBLE_EQ(evalAt("DELAY(SIN(TIME), 1, 0)", 2.5), std::sin(1.5));
}

TEST(Delay, BadCallsAreNamedWithTheirPosition)
{
  EXPECT_EQ(compileError("1 + DELAY(TIME, 1)").message,
            "function 'DELAY' takes 3 to 4 arguments (e_delayed, e_delay, e_history [, id]), not 2");
  const ExpressionError array = compileError("DELAY(TIME, 1, 0, 3)");
  EXPECT_EQ(array.position, 18);
  EXPECT_EQ(array.message.rfind("DELAY's fourth argument (the id of an ARRAY", 0), 0u) << array.message;
  const ExpressionError history = compileError("DELAY(TIME, 1, DX(M1))");
  EXPECT_EQ(history.position, 15);
  EXPECT_EQ(history.message.rfind("DELAY's history (a function of TIME or a constant): ", 0), 0u)
      << history.message;
  const ExpressionError inner = compileError("DELAY(DX(M2), 1, 0)");
  EXPECT_EQ(inner.message.rfind("DELAY's delayed expression: ", 0), 0u) << inner.message;
  EXPECT_EQ(inner.position, 9);
}

TEST(DelayDeck, AdamsViewDeckImportsAndExportsItsDelays)
{
  const Model model = deckModel();
  ASSERT_EQ(model.forces().size(), 2u);
  EXPECT_EQ(model.forces()[1].functions[0], "- -(-2.0E-03)*DELAY((VX(MARKER_5, 0, 0)/0.001), 0.5, 0.0, 0)");
  ASSERT_EQ(model.variables().size(), 1u);
  const CompileResult c = compile(model);
  ASSERT_TRUE(c.ok);
  // The brake's velocity and the VARIABLE's state are recorded by the run; the push is a function
  // of TIME (evaluated at the delayed time directly) and DIFF/1's own delayed state is recorded.
  ASSERT_EQ(c.model.recordedSignals.size(), 3u);
  EXPECT_NE(c.model.recordedSignals[0]->describe().find("in VARIABLE 'late_state'"), std::string::npos)
      << c.model.recordedSignals[0]->describe();

  const AdmExportResult out = exportAdm(model);
  ASSERT_TRUE(out.ok());
  EXPECT_NE(out.text.find("DELAY(DIF("), std::string::npos);
  const auto back = importAdmFromString(out.text, "delay.adm");
  for (const auto& e : back.errors)
    ADD_FAILURE() << e.toString();
  ASSERT_TRUE(back.ok());
  EXPECT_EQ(compile(*back.model).model.recordedSignals.size(), 3u);
}

TEST(DelayDeck, DeckFollowsTheMethodOfStepsWithEveryIntegrator)
{
  const Model model = deckModel();
  struct Case {
    const char* name;
    solver::IntegratorType integrator;
    solver::Formulation formulation;
  };
  const MethodOfSteps decay(1.0, 1.0, 1.0, 1.0, 4);    // DIFF/1
  const MethodOfSteps fast(2.0, 0.5, 1.0, 1.0, 7);     // DIFF/2 through VARIABLE/1
  const MethodOfSteps brake(1.0, 0.5, 100.0, 0.0, 7);  // the braked block's velocity [mm/s]
  // The closed forms at a glance: x(1) = 0, x(2) = −1/2, x(3) = −1/6 (DIFF/1).
  EXPECT_NEAR(decay.value(1.0), 0.0, 1e-15);
  EXPECT_NEAR(decay.value(2.0), -0.5, 1e-15);
  EXPECT_NEAR(decay.value(3.0), -1.0 / 6.0, 1e-15);
  for (const Case c : {Case{"GSTIFF SI2", solver::IntegratorType::Gstiff, solver::Formulation::SI2},
                       Case{"GSTIFF I3", solver::IntegratorType::Gstiff, solver::Formulation::I3},
                       Case{"WSTIFF", solver::IntegratorType::Wstiff, solver::Formulation::SI2},
                       Case{"HHT", solver::IntegratorType::Hht, solver::Formulation::I3},
                       Case{"RKF45", solver::IntegratorType::Rkf45, solver::Formulation::SI2},
                       Case{"automatic", solver::IntegratorType::Gstiff, solver::Formulation::Auto}}) {
    SCOPED_TRACE(c.name);
    const auto o = simulate(model, solver::AnalysisKind::Dynamic, c.integrator, c.formulation);
    ASSERT_TRUE(o->status.ok()) << o->status.message;
    const auto& res = o->results;
    const auto& names = res.layout().differentials;
    const int d1 = test::indexOf(names, "delayed_decay"), d2 = test::indexOf(names, "fast_decay");
    double worstPush = 0, worstBrakeV = 0, worstBrakeX = 0, worstDecay = 0, worstFast = 0;
    ASSERT_GT(res.size(), 50u);
    for (std::size_t i = 0; i < res.size(); ++i) {
      const solver::ResultFrame f = res.frame(i);
      const double t = f.state.t;
      // m x'' = 0.5 t − 0.05 N from t = 0.1 s: x = (125/3)(t − 0.1)³ mm.
      const double push = t > 0.1 ? 125.0 / 3.0 * std::pow(t - 0.1, 3) : 0.0;
      worstPush = std::max(worstPush, std::abs(f.bodies[0].position.x() * 1000.0 - push));
      worstBrakeV = std::max(worstBrakeV, std::abs(f.bodies[1].velocity.x() * 1000.0 - brake.value(t)));
      worstBrakeX = std::max(worstBrakeX, std::abs(f.bodies[1].position.x() * 1000.0 - brake.integral(t)));
      worstDecay = std::max(worstDecay, std::abs(f.differentials[d1] - decay.value(t)));
      worstFast = std::max(worstFast, std::abs(f.differentials[d2] - fast.value(t)));
    }
    EXPECT_LT(worstPush, 1.0);    // 1e-3 of the 1016 mm at 3 s
    EXPECT_LT(worstBrakeV, 0.1);  // 1e-3 of the 100 mm/s
    EXPECT_LT(worstBrakeX, 0.1);  // of the ≈ 100 mm
    EXPECT_LT(worstDecay, 1e-3);
    EXPECT_LT(worstFast, 1e-3);
  }
}

TEST(DelayDeck, AnalysesWithoutARecordOfThePastRefuseIt)
{
  const Model model = deckModel();
  for (const auto kind :
       {solver::AnalysisKind::Kinematic, solver::AnalysisKind::QuasiStatic, solver::AnalysisKind::Linear}) {
    const auto o = simulate(model, kind, solver::IntegratorType::Gstiff, solver::Formulation::I3, 1.0);
    ASSERT_FALSE(o->status.ok());
    EXPECT_NE(
        o->status.message.find("reads the past of its expression, which only a dynamic analysis records"),
        std::string::npos)
        << o->status.message;
    EXPECT_NE(o->status.message.find("DELAY(DIF(fast_decay), …) in VARIABLE 'late_state'"), std::string::npos)
        << o->status.message;
  }
  // Statics at TIME = 0 reads the history (1 before the start): DIFF/2's x' = −2 · 1 has no
  // equilibrium, and says so.
  const auto statics = simulate(model, solver::AnalysisKind::Static, solver::IntegratorType::Gstiff,
                                solver::Formulation::I3, 1.0);
  EXPECT_NE(statics->status.message.find("'fast_decay' has no equilibrium: its derivative stays at 2.000000"),
            std::string::npos)
      << statics->status.message;
}
