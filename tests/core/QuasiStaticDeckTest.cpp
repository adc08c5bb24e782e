// Quasi-static analysis from an Adams/View command file (issue 34): a blank first line,
// file/model=, "sim/sta, end=1, steps=10" on an MMKS deck (tests/data/adams_view/
// qs_pendulum_push_mmks.adm): a 2 kg bob 500 mm below its hinge pushed sideways by an action-only
// SFORCE F = 15 t N, in equilibrium at tan θ = F / (m g) at each of the 11 output times, the hinge
// REQUEST carrying (−F, m g). mbsolve runs the same files (tests/app/mbsolve_cli_test.sh).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "mbs/core/AdamsCommandFile.hpp"
#include "mbs/core/Compile.hpp"
#include "mbs/core/ModelFile.hpp"
#include "mbs/core/RequestOutputs.hpp"
#include "mbs/core/SolverSettings.hpp"
#include "mbs/solver/Analysis.hpp"

using namespace mbs;
using namespace mbs::core;

namespace {

constexpr double kMass = 2.0, kG = 9.80665, kLength = 0.5, kRate = 15.0;  // SI

int column(const RequestOutputs& requests, const std::string& name)
{
  const auto& c = requests.columns();
  const auto it = std::find(c.begin(), c.end(), name);
  return it == c.end() ? -1 : int(it - c.begin());
}

}  // namespace

TEST(QuasiStaticDeck, SimStaWithEndIsASeriesOfEquilibriaUnderARampedPush)
{
  const auto acf =
      readAdamsCommandFile(std::string(MBS_TEST_DATA_DIR) + "/adams_view/qs_pendulum_push_mmks.acf");
  for (const auto& e : acf.errors)
    ADD_FAILURE() << e.toString();
  for (const auto& e : acf.dataset.errors)
    ADD_FAILURE() << e.toString();
  ASSERT_TRUE(acf.ok());
  ASSERT_EQ(acf.commands.size(), 2u);  // sim/sta and stop
  EXPECT_EQ(acf.commands[0].analysis, AnalysisType::QuasiStatic);
  // What the GUI opens: the command file's first SIMULATE as the model's analysis.
  Diagnostics notes;
  const Model model = modelForFirstSimulate(acf, notes);
  EXPECT_EQ(model.analysis.type, AnalysisType::QuasiStatic);
  EXPECT_DOUBLE_EQ(model.analysis.endTime, 1.0);
  EXPECT_EQ(model.analysis.outputSteps, 10);
  const CompileResult compiled = compile(model);
  ASSERT_TRUE(compiled.ok);
  const solver::AnalysisSettings settings = toSolverSettings(model.analysis);
  EXPECT_EQ(settings.kind, solver::AnalysisKind::QuasiStatic);
  solver::ResultStore results;
  const auto outcome = solver::runAnalysis(compiled.model, settings, nullptr, results);
  ASSERT_TRUE(outcome.status.ok()) << outcome.status.message;
  ASSERT_EQ(results.size(), 11u);
  const RequestOutputs requests(model, compiled.map, compiled.model);
  ASSERT_TRUE(requests.ok());
  const int fx = column(requests, "hinge_force.fx"), fy = column(requests, "hinge_force.fy");
  ASSERT_GE(fx, 0) << requests.columns().front();
  ASSERT_GE(fy, 0);
  for (std::size_t k = 0; k < results.size(); ++k) {
    const auto frame = results.frame(k);
    const double t = 0.1 * double(k), push = kRate * t, theta = std::atan2(push, kMass * kG);
    EXPECT_NEAR(frame.state.t, t, 1e-12);
    const auto& bob = frame.bodies[0].position;
    EXPECT_NEAR(bob.x(), kLength * std::sin(theta), 1e-9) << "t = " << t;
    EXPECT_NEAR(bob.y(), -kLength * std::cos(theta), 1e-9) << "t = " << t;
    const std::vector<double> values = requests.evaluate(frame);
    EXPECT_NEAR(values[fx], -push, 1e-6) << "t = " << t;
    EXPECT_NEAR(values[fy], kMass * kG, 1e-6) << "t = " << t;
  }
}

// The model file keeps the analysis as "quasi_static" and reads it back.
TEST(QuasiStaticDeck, ModelFileKeepsTheQuasiStaticAnalysis)
{
  EXPECT_STREQ(toString(AnalysisType::QuasiStatic), "quasi_static");
  EXPECT_EQ(analysisTypeFromString("quasi_static"), AnalysisType::QuasiStatic);
  const auto imported = importAdm(std::string(MBS_TEST_DATA_DIR) + "/adams_view/qs_pendulum_push_mmks.adm");
  ASSERT_TRUE(imported.ok());
  Model model = *imported.model;
  model.analysis.type = AnalysisType::QuasiStatic;
  model.analysis.endTime = 2.0;
  model.analysis.outputSteps = 8;
  const std::string text = modelToString(model);
  EXPECT_NE(text.find("\"quasi_static\""), std::string::npos);
  const auto loaded = modelFromString(text, "quasi.mbs.json");
  ASSERT_TRUE(loaded.model) << (loaded.errors.empty() ? "" : loaded.errors.front().toString());
  EXPECT_EQ(loaded.model->analysis.type, AnalysisType::QuasiStatic);
  EXPECT_EQ(loaded.model->analysis, model.analysis);
}
