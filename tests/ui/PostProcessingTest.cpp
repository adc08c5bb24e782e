// Post-processing panels on the bundled examples: the mode-shape animation of a linear run (the
// simple pendulum's frequency against sqrt(g/L)/2π) and the friction outputs of the Plot panel
// (the seed's friction pendulum: friction force = μ × contact normal force while sliding).
#include <gtest/gtest.h>

#include <QTest>
#include <cmath>

#include "GuiTestSupport.hpp"
#include "mbs/ui/Document.hpp"
#include "mbs/ui/MainWindow.hpp"
#include "mbs/ui/SimulationResults.hpp"
#include "mbs/ui/panels/AnimationPanel.hpp"
#include "mbs/ui/panels/PlotPanel.hpp"
#include "mbs/ui/panels/RunPanel.hpp"

using namespace mbs;

namespace {

bool runToEnd(ui::RunPanel& run)
{
  if (!run.start())
    return false;
  return test::waitFor([&run] { return !run.isRunning(); }, 60000) && run.lastRunOk();
}

}  // namespace

TEST(AnimationPanel, LinearRunAnimatesThePendulumModeShape)
{
  test::application();
  ui::MainWindow window;
  ASSERT_TRUE(window.openFile(test::exampleModel("pendulum.mbs.json"), true));
  ui::RunPanel& run = window.run();
  ASSERT_TRUE(run.startLinear()) << run.logText().toStdString();
  ASSERT_TRUE(test::waitFor([&run] { return !run.isRunning(); }, 60000));
  ASSERT_TRUE(run.lastRunOk()) << run.logText().toStdString();
  const auto& modes = window.results().modes();
  ASSERT_EQ(modes.size(), 1u);
  EXPECT_NEAR(modes.front().naturalFrequency, std::sqrt(9.81 / 1.0) / (2.0 * M_PI), 2e-3);

  ui::AnimationPanel& animation = window.animation();
  EXPECT_EQ(animation.modeShape(), 0) << "a linear run shows its first mode";
  const core::PartId bob = window.document().model().findPart("bob");
  const double x0 = animation.displayedPoses(0).at(bob).position.x();
  const double xQuarter = animation.displayedPoses(animation.frameCount() / 4).at(bob).position.x();
  const double xThreeQuarters = animation.displayedPoses(3 * animation.frameCount() / 4).at(bob).position.x();
  // Hanging at rest at (0, -1): the mode swings the bob sideways, both ways, about the equilibrium.
  EXPECT_NEAR(x0, 0.0, 1e-6);
  EXPECT_GT(std::abs(xQuarter), 0.02);
  EXPECT_NEAR(xQuarter, -xThreeQuarters, 1e-6);
  EXPECT_TRUE(animation.setModeShape(-1));
  EXPECT_EQ(animation.frameCount(), static_cast<int>(window.results().frameCount()));
}

TEST(PlotPanel, OffersFrictionOutputsOfAFrictionJoint)
{
  test::application();
  ui::MainWindow window;
  ASSERT_TRUE(window.openFile(test::exampleModel("friction_pendulum.mbs.json"), true));
  ui::RunPanel& run = window.run();
  run.setAnalysis(ui::RunPanel::Analysis::Dynamic);
  run.setEndTime(0.05);
  run.setOutputSteps(5);
  ASSERT_TRUE(runToEnd(run)) << run.logText().toStdString();
  ui::PlotPanel& plot = window.plot();
  ASSERT_TRUE(plot.addCurve("pin", "Friction force |F| [N]"));
  ASSERT_TRUE(plot.addCurve("pin", "Friction normal force [N]"));
  ASSERT_TRUE(plot.addCurve("pin", "Friction stick (1 = stick)"));
  const auto force = plot.samples(0), normal = plot.samples(1), stick = plot.samples(2);
  ASSERT_EQ(force.size(), 6u);
  const double mu = 0.1;
  for (std::size_t k = 1; k < force.size(); ++k) {
    // Axial sliding at ~1 m/s dominates the slow swing (ωR ≪ s): |F| = μ N s/√(s²+ω²R²) ≈ μ N.
    EXPECT_GT(normal[k].second, 100.0) << "t = " << normal[k].first;
    EXPECT_LE(force[k].second, mu * normal[k].second * (1 + 1e-6)) << "t = " << force[k].first;
    EXPECT_GT(force[k].second, 0.95 * mu * normal[k].second) << "t = " << force[k].first;
    EXPECT_EQ(stick[k].second, 0.0) << "sliding, not sticking";
  }
}
