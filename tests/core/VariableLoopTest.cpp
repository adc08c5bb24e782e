// VARIABLEs reading each other in a loop (issue 31: Adams' implicit loops, solved as algebraic
// states at every evaluation): an Adams/View-style IPS deck with a linear loop of two VARIABLEs,
// a nonlinear loop through TIME, a VARIABLE reading itself, forces and a REQUEST reading them,
// against the closed forms; a loop without a solution fails naming its VARIABLEs.
#include <gtest/gtest.h>

#include <cmath>

#include "TestUtil.hpp"
#include "mbs/core/AdmImport.hpp"
#include "mbs/core/Compile.hpp"
#include "mbs/core/RequestOutputs.hpp"
#include "mbs/solver/Analysis.hpp"

using namespace mbs;

namespace {

using core::test::indexOf;

const std::string kDeck = std::string(MBS_TEST_DATA_DIR) + "/adams_view/expr_variable_loop_ips.adm";
constexpr double kLbf = 4.4482216152605, kLbm = 0.45359237, kInch = 0.0254;

struct LoopRun {
  core::Model model;
  core::CompileResult compiled;
  solver::ResultStore results;
  solver::Status status;
};

std::unique_ptr<LoopRun> simulate(const std::string& deckText, double end = 1.0)
{
  auto run = std::make_unique<LoopRun>();
  const auto imported = core::importAdmFromString(deckText, "loop.adm");
  for (const auto& e : imported.errors)
    ADD_FAILURE() << e.toString();
  if (!imported.ok())
    return run;
  run->model = *imported.model;
  run->compiled = core::compile(run->model);
  for (const auto& d : run->compiled.diagnostics)
    ADD_FAILURE() << d.toString();
  solver::AnalysisSettings s;
  s.kind = solver::AnalysisKind::Dynamic;
  s.endTime = end;
  s.outputStep = 0.1;
  s.tolerance = 1e-8;
  run->status = solver::runAnalysis(run->compiled.model, s, nullptr, run->results).status;
  return run;
}

}  // namespace

TEST(VariableLoop, TheLoopsAreSolvedAtEveryEvaluation)
{
  const auto run = simulate(core::test::readFile(kDeck));
  ASSERT_TRUE(run->status.ok()) << run->status.message;
  // The loops stay VARIABLEs (no constant folding into parameters: their values are solved).
  EXPECT_EQ(run->model.variables().size(), 6u);
  const solver::ResultStore& r = run->results;
  const int push = indexOf(r.layout().forces, "push"), push2 = indexOf(r.layout().forces, "push_2"),
            push3 = indexOf(r.layout().forces, "push_3"), thrust = indexOf(r.layout().forces, "thrust");
  const int block = indexOf(r.layout().bodies, "block");
  const solver::ResultFrame first = r.frame(0);
  const double x0 = first.bodies[std::size_t(block)].position.x();
  for (std::size_t k = 0; k < r.size(); ++k) {
    const solver::ResultFrame f = r.frame(k);
    const double t = f.state.t;
    const double root = (std::sqrt(5 + 4 * t) - 1) / 2;
    EXPECT_NEAR(f.forces[std::size_t(push)].force.norm(), 4.0 / 3 * kLbf, 1e-9) << t;
    EXPECT_NEAR(f.forces[std::size_t(push2)].force.norm(), root * kLbf, 1e-9) << t;
    EXPECT_NEAR(f.forces[std::size_t(push3)].force.norm(), 6.0 * kLbf, 1e-9) << t;
    // The loop through a force's value: thrust = 10 − 0.25 thrust.
    EXPECT_NEAR(f.forces[std::size_t(thrust)].force.norm(), 8.0 * kLbf, 1e-9) << t;
    // x = x0 + a t²/2 with a = (4/3 lbf) / (2 lbm).
    const double a = 4.0 / 3 * kLbf / (2 * kLbm);
    EXPECT_NEAR(std::abs(f.bodies[std::size_t(block)].position.x() - x0), a * t * t / 2, 1e-6) << t;
  }
  // The REQUEST reads the same values from the stored frames (deck units: lbf).
  core::RequestOutputs requests(run->model, run->compiled.map, run->compiled.model);
  ASSERT_TRUE(requests.ok());
  const auto& columns = requests.columns();
  const solver::ResultFrame last = r.frame(r.size() - 1);
  const std::vector<double> values = requests.evaluate(last);
  const double t = last.state.t, root = (std::sqrt(5 + 4 * t) - 1) / 2;
  EXPECT_NEAR(values[std::size_t(indexOf(columns, "loop_values.f2"))], 4.0 / 3, 1e-12);
  EXPECT_NEAR(values[std::size_t(indexOf(columns, "loop_values.f3"))], 2.0 / 3, 1e-12);
  EXPECT_NEAR(values[std::size_t(indexOf(columns, "loop_values.f4"))], root, 1e-12);
  EXPECT_NEAR(values[std::size_t(indexOf(columns, "loop_values.f6"))], root * root, 1e-12);
  EXPECT_NEAR(values[std::size_t(indexOf(columns, "loop_values.f7"))], 6.0, 1e-12);
  (void)kInch;
}

TEST(VariableLoop, ALoopThroughAMeasureFollowsTheState)
{
  // first = TIME + third, second = 0.5 first, third = second − DX (mm): first = 2 (TIME − DX),
  // the force on the free part (N, MMKS), along the J marker's z (the part moves along z only).
  const auto run =
      simulate(core::test::readFile(std::string(MBS_TEST_DATA_DIR) + "/adams_view/expr_variable_cycle.adm"));
  ASSERT_TRUE(run->status.ok()) << run->status.message;
  const solver::ResultStore& r = run->results;
  for (std::size_t k = 0; k < r.size(); ++k) {
    const solver::ResultFrame f = r.frame(k);
    const double dx = f.bodies[0].position.x() * 1000.0;  // mm
    EXPECT_NEAR(f.forces[0].force.z(), 2 * (f.state.t - dx), 1e-9) << f.state.t;
  }
}

TEST(VariableLoop, ALoopWithoutASolutionFailsNamingItsVariables)
{
  // a = b + 1, b = a: no solution (I − ∂f/∂x is singular).
  std::string deck = core::test::readFile(kDeck);
  const std::string from = ", FUNCTION = 0.5*VARVAL(2)+1", to = ", FUNCTION = VARVAL(2)+1";
  deck.replace(deck.find(from), from.size(), to);
  const std::string from2 = ", FUNCTION = 0.5*VARVAL(1)", to2 = ", FUNCTION = VARVAL(1)";
  deck.replace(deck.find(from2), from2.size(), to2);
  const auto run = simulate(deck);
  EXPECT_FALSE(run->status.ok());
  const std::string& m = run->status.message;
  EXPECT_NE(m.find("the algebraic loop of VARIABLE 'gain_a', VARIABLE 'gain_b'"), std::string::npos) << m;
  EXPECT_NE(m.find("singular"), std::string::npos) << m;
  EXPECT_EQ(run->status.entity, "VARIABLE 'gain_a'");
}
