// solver::continueFrom (a command file's next SIMULATE, each step of a co-simulation FMU): a run
// split in two at T/2, the second starting from the first's last frame without solving initial
// conditions, ends where the whole run ends, also for the coordinates beyond the parts' poses: a
// point-to-curve joint's curve parameter and its rate, a flexible body's modal coordinates.
#include <gtest/gtest.h>

#include "TestUtil.hpp"
#include "mbs/core/AdmImport.hpp"
#include "mbs/core/Compile.hpp"
#include "mbs/core/ModelFile.hpp"
#include "mbs/core/SolverSettings.hpp"
#include "mbs/solver/Analysis.hpp"

namespace mbs::core {
namespace {

struct Split {
  solver::ResultFrame whole, continued;
};

Split runSplit(const Model& model, double end)
{
  const CompileResult compiled = compile(model);
  EXPECT_TRUE(compiled.ok);
  solver::AnalysisSettings settings = toSolverSettings(model.analysis);
  settings.kind = solver::AnalysisKind::Dynamic;
  settings.endTime = end;
  settings.outputStep = end / 20;
  settings.tolerance = 1e-8;
  solver::ResultStore whole, first, second;
  EXPECT_TRUE(solver::runAnalysis(compiled.model, settings, nullptr, whole).status.ok());
  solver::AnalysisSettings half = settings;
  half.endTime = end / 2;
  EXPECT_TRUE(solver::runAnalysis(compiled.model, half, nullptr, first).status.ok());
  solver::Model rest = compiled.model;
  solver::continueFrom(rest, first.frame(first.size() - 1));
  solver::AnalysisSettings then = settings;
  then.startTime = end / 2;
  then.solveInitialConditions = false;
  const auto outcome = solver::runAnalysis(rest, then, nullptr, second);
  EXPECT_TRUE(outcome.status.ok()) << outcome.status.message;
  return {whole.frame(whole.size() - 1), second.frame(second.size() - 1)};
}

TEST(ContinueFrom, CarriesThePointOnTheCurveAndItsSpeed)
{
  const auto r = importAdm(std::string(MBS_TEST_DATA_DIR) + "/adams_view/adm_ptcv_cam_mmks.adm");
  ASSERT_TRUE(r.ok());
  const Split s = runSplit(*r.model, 0.4);
  ASSERT_EQ(s.whole.curveParameters.size(), 1);
  ASSERT_EQ(s.continued.curveParameters.size(), 1);
  EXPECT_NEAR(s.continued.curveParameters[0], s.whole.curveParameters[0], 1e-5);
  EXPECT_NEAR(s.continued.curveRates[0], s.whole.curveRates[0],
              1e-4 * std::max(1.0, std::abs(s.whole.curveRates[0])));
  for (std::size_t b = 0; b < s.whole.bodies.size(); ++b)
    EXPECT_NEAR((s.continued.bodies[b].position - s.whole.bodies[b].position).norm(), 0.0, 1e-6) << b;
}

TEST(ContinueFrom, CarriesTheModalCoordinatesOfAFlexibleBody)
{
  const auto loaded = loadModel(test::modelPath("flexible_slider_crank"));
  ASSERT_TRUE(loaded.ok());
  const Split s = runSplit(*loaded.model, 0.02);
  ASSERT_FALSE(s.whole.modal.empty());
  ASSERT_EQ(s.continued.modal.size(), s.whole.modal.size());
  const double scale = std::max(s.whole.modal[0].norm(), 1e-12);
  EXPECT_LT((s.continued.modal[0] - s.whole.modal[0]).norm(), 1e-3 * scale + 1e-9)
      << s.continued.modal[0].transpose() << "\nvs\n"
      << s.whole.modal[0].transpose();
}

}  // namespace
}  // namespace mbs::core
