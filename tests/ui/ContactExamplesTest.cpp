// The bundled contact examples (issue 30) as a user meets them: each opens from File ▸ Examples,
// runs from the Run panel, and shows its contacts in the 3-D view at a frame where they touch: the
// box of balls (105 contacts: the balls end at rest on the floor inside the walls), the spring latch
// (the tooth, an STL file beside the model, is lifted and the latch snaps back) and the Geneva wheel
// (a quarter turn per crank turn).
#include <gtest/gtest.h>

#include <QAction>
#include <cmath>
#include <numbers>

#include "GuiTestSupport.hpp"
#include "mbs/ui/MainWindow.hpp"
#include "mbs/ui/SimulationResults.hpp"
#include "mbs/ui/panels/AnimationPanel.hpp"
#include "mbs/ui/view/ModelScene.hpp"
#include "mbs/ui/view/ModelView.hpp"

namespace mbs {
namespace {

// The frame whose contacts carry the largest summed normal force.
int busiestFrame(const ui::SimulationResults& results)
{
  int best = 0;
  double most = -1.0;
  for (int k = 0; k < static_cast<int>(results.frameCount()); ++k) {
    double sum = 0.0;
    for (const auto& c : results.frame(k).contacts)
      sum += c.normalForce;
    if (sum > most) {
      most = sum;
      best = k;
    }
  }
  return best;
}

TEST(ContactExamples, BoxOfBallsSettlesInsideTheBox)
{
  test::application();
  ui::MainWindow window;
  ASSERT_TRUE(test::showWithExample(window, "box_of_balls.mbs.json"));
  const std::string failure = test::runDynamic(window, 1.0, 100);
  ASSERT_TRUE(failure.empty()) << failure;
  const ui::SimulationResults& results = window.results();
  const solver::ResultFrame last = results.frame(results.frameCount() - 1);
  ASSERT_EQ(last.bodies.size(), 14u);
  ASSERT_EQ(last.contacts.size(), 105u);
  for (const auto& ball : last.bodies) {
    EXPECT_NEAR(ball.position.z(), 0.025, 1e-4) << "on the floor";
    EXPECT_LT(std::max(std::abs(ball.position.x()), std::abs(ball.position.y())), 0.12 - 0.025 + 1e-4)
        << "inside the walls";
  }
  ui::AnimationPanel& animation = window.animation();
  animation.setFrame(busiestFrame(results));
  EXPECT_GT(window.modelView().scene().contactGlyphCount(), 0);
  const QImage shot = test::saveWindowScreenshot(window, "example_box_of_balls_run");
  EXPECT_GT(test::distinctColours(shot), 8) << "not a blank view";
}

TEST(ContactExamples, LatchIsLiftedAndSnapsBack)
{
  test::application();
  ui::MainWindow window;
  ASSERT_TRUE(test::showWithExample(window, "latch_snap.mbs.json"));
  const std::string failure = test::runDynamic(window, 1.0, 250);
  ASSERT_TRUE(failure.empty()) << failure;
  const ui::SimulationResults& results = window.results();
  // The latch's CM rises while the striker rides up the ramp and is back down after it.
  double highest = 0.0;
  for (int k = 0; k < static_cast<int>(results.frameCount()); ++k)
    highest = std::max(highest, results.frame(k).bodies[0].position.z() - 0.06);
  EXPECT_GT(highest, 0.005) << "lifted by the ramp";
  const solver::ResultFrame last = results.frame(results.frameCount() - 1);
  EXPECT_NEAR(last.bodies[0].position.z(), 0.06, 0.003) << "snapped back down";
  EXPECT_LT(last.bodies[1].position.x(), 0.06) << "the striker is past the catch face";
  window.animation().setFrame(busiestFrame(results));
  EXPECT_GT(window.modelView().scene().contactGlyphCount(), 0);
  test::saveWindowScreenshot(window, "example_latch_run");
}

TEST(ContactExamples, GenevaWheelIndexesAQuarterTurnPerCrankTurn)
{
  test::application();
  ui::MainWindow window;
  ASSERT_TRUE(test::showWithExample(window, "geneva_wheel.mbs.json"));
  const std::string failure = test::runDynamic(window, 1.0, 100);
  ASSERT_TRUE(failure.empty()) << failure;
  const ui::SimulationResults& results = window.results();
  // The wheel's angle about z from its orientation: −45° at rest, −135° after the pin's pass.
  const auto angle = [&](int frame) {
    const Eigen::Quaterniond q = results.frame(frame).bodies[1].orientation;
    const Eigen::Vector3d x = q * Eigen::Vector3d::UnitX();
    return std::atan2(x.y(), x.x()) * 180.0 / std::numbers::pi;
  };
  EXPECT_NEAR(angle(0), -45.0, 1e-6);
  EXPECT_NEAR(angle(results.frameCount() - 1), -135.0, 1.5) << "a quarter turn, within the slot's play";
  window.animation().setFrame(busiestFrame(results));
  EXPECT_GT(window.modelView().scene().contactGlyphCount(), 0);
  test::saveWindowScreenshot(window, "example_geneva_run");
}

}  // namespace
}  // namespace mbs
