// A kinematic analysis of a model with DIFFs from the Run panel (issue 31): the deck's crank and
// slider are driven, the first-order states integrated meanwhile (closed forms as in
// tests/core/KinematicDifferentialTest.cpp), and the plot offers them by name.
#include <gtest/gtest.h>

#include <cmath>

#include "GuiTestSupport.hpp"
#include "mbs/ui/MainWindow.hpp"
#include "mbs/ui/SimulationResults.hpp"
#include "mbs/ui/panels/RunPanel.hpp"

using namespace mbs;

TEST(KinematicDifferentialRun, TheRunPanelIntegratesTheStatesOfADrivenModel)
{
  test::application();
  ui::MainWindow window;
  window.resize(1366, 768);
  window.show();
  ASSERT_TRUE(
      window.openFile(QStringLiteral(MBS_TEST_DATA_DIR "/adams_view/diff_kinematics_mmks.adm"), true));
  const std::string error = test::runAnalysis(window, ui::RunPanel::Analysis::Kinematic, 1.0, 20);
  ASSERT_TRUE(error.empty()) << error;
  const solver::ResultStore* store = window.results().store();
  ASSERT_NE(store, nullptr);
  ASSERT_EQ(store->size(), 21u);
  const auto& names = store->layout().differentials;
  ASSERT_EQ(names.size(), 4u);
  EXPECT_EQ(names[0], "angle_integral");
  EXPECT_EQ(names[1], "angle_lag");
  for (std::size_t k = 0; k < store->size(); ++k) {
    const solver::ResultFrame f = store->frame(k);
    const double t = f.state.t;
    EXPECT_NEAR(f.differentials[0], 0.1 + t * t + t * t * t / 6, 1e-5) << t;
    EXPECT_NEAR(f.differentials[1], -0.36 + 1.8 * t + 0.5 * t * t + 0.36 * std::exp(-5 * t), 1e-5) << t;
    EXPECT_NEAR(f.differentials[3], 200 * t + 25 * t * t, 1e-3) << t;
  }
  test::saveWindowScreenshot(window, "kinematic_differentials");
}
