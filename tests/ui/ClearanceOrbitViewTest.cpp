// The journal orbit of a clearance joint in the 3-D view (issue 14): after a run the Animation panel
// draws the journal centre's path relative to the bearing, about the bearing marker and magnified
// so that the clearance circle has twice the journal radius, up to the frame shown, over the parts.
#include <gtest/gtest.h>

#include <QCheckBox>
#include <QDockWidget>
#include <QImage>
#include <QTest>
#include <cmath>

#include "GuiTestSupport.hpp"
#include "mbs/core/Commands.hpp"
#include "mbs/ui/Document.hpp"
#include "mbs/ui/MainWindow.hpp"
#include "mbs/ui/SimulationResults.hpp"
#include "mbs/ui/panels/AnimationPanel.hpp"
#include "mbs/ui/panels/PlotPanel.hpp"
#include "mbs/ui/view/ModelScene.hpp"
#include "mbs/ui/view/ModelView.hpp"
#include "mbs/ui/view/VtkView.hpp"

using namespace mbs;

namespace {

// Pixels that differ between two renders of the same view.
int changedPixels(const QImage& a, const QImage& b)
{
  if (a.size() != b.size())
    return a.width() * a.height();
  int changed = 0;
  for (int y = 0; y < a.height(); ++y)
    for (int x = 0; x < a.width(); ++x)
      changed += a.pixel(x, y) != b.pixel(x, y);
  return changed;
}

}  // namespace

TEST(ClearanceOrbitView, TheJournalPathIsDrawnAboutTheBearingMagnified)
{
  test::application();
  ui::MainWindow window;
  window.resize(1500, 1000);
  window.show();
  ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
  ASSERT_TRUE(
      window.openFile(QString(MBS_RESOURCES_DIR) + "/models/journal_bearing_clearance.mbs.json", true));
  ui::Document& doc = window.document();
  // Thrown sideways from the bearing centre: it hits the wall, slides and bounces along it.
  const core::PartId journal = doc.model().findPart("journal");
  ASSERT_TRUE(doc.execute(std::make_unique<core::SetProperty>(
      core::EntityRef(journal), "/velocity", nlohmann::ordered_json::array({0.05, 0.0, 0.0}))));
  ASSERT_EQ(test::runDynamic(window, 0.3, 600), "");
  ui::AnimationPanel& animation = window.animation();
  auto* box = animation.findChild<QCheckBox*>("clearanceOrbits");
  ASSERT_NE(box, nullptr);
  EXPECT_TRUE(box->isVisibleTo(&animation)) << "offered when the run has a clearance joint";
  ui::ModelScene& scene = window.modelView().scene();
  animation.setFrame(300);
  QTest::qWait(100);
  const QImage without = window.modelView().grabFramebuffer();
  EXPECT_TRUE(scene.orbits().empty());

  ASSERT_TRUE(animation.setShowOrbits(true));
  ASSERT_EQ(scene.orbits().size(), 1u);
  const ui::ModelScene::Orbit& orbit = scene.orbits().front();
  EXPECT_EQ(orbit.joint, "bearing");
  const double c = 5e-4, journalRadius = 0.01, magnification = 2.0 * journalRadius / c;
  EXPECT_DOUBLE_EQ(orbit.magnification, magnification);
  ASSERT_EQ(orbit.path.size(), 301u) << "the path up to the frame shown";
  // The bearing (hole, on ground at the origin, axes of ground): the circle of radius 2 R_J, and
  // every point of the path is the result's eccentricity × magnification, in the bearing's plane.
  for (const core::Vec3& p : orbit.circle) {
    EXPECT_NEAR(p.head<2>().norm(), 2.0 * journalRadius, 1e-12);
    EXPECT_NEAR(p.z(), 0.0, 1e-12);
  }
  const auto& results = window.results();
  double farthest = 0.0;
  for (std::size_t k = 0; k < orbit.path.size(); ++k) {
    const solver::ClearanceOutput e = results.frame(k).clearance.at(0);
    EXPECT_NEAR(orbit.path[k].x(), magnification * e.eccentricityX, 1e-12) << k;
    EXPECT_NEAR(orbit.path[k].y(), magnification * e.eccentricityY, 1e-12) << k;
    farthest = std::max(farthest, orbit.path[k].head<2>().norm());
  }
  // The journal reached the wall: the path meets the circle, going past it by the penetration only.
  EXPECT_GT(farthest, 2.0 * journalRadius);
  EXPECT_LT(farthest, 2.0 * journalRadius * 1.1);
  EXPECT_GT(std::abs(orbit.path.back().x()), 1e-4) << "thrown sideways, not a straight drop";

  // Drawn over the journal that surrounds its centre: the view changes where the orbit is.
  QTest::qWait(100);
  const QImage with = window.modelView().grabFramebuffer();
  EXPECT_GT(changedPixels(without, with), 300);
  EXPECT_GT(test::distinctColours(with), 20);
  // As a user looks at it: along the bearing axis, the orbit beside its plot.
  window.modelView().setStandardView(ui::StandardView::Front);
  ASSERT_TRUE(window.plot().addCurve("bearing (clearance contact)", "Orbit: eccentricity y vs x [m]"));
  window.plot().setCursorTime(results.time(300));
  for (const char* dock : {"animationDock", "plotDock"})
    if (auto* d = window.findChild<QDockWidget*>(dock))
      d->raise();
  QTest::qWait(200);
  test::saveWindowScreenshot(window, "clearance_orbit_view");
  ASSERT_TRUE(window.plot().exportTo(test::screenshotDir() + "/clearance_orbit_thrown.png"));

  // Later frames draw more of the path; a new run or switching off clears it.
  animation.setFrame(600);
  EXPECT_EQ(scene.orbits().front().path.size(), 601u);
  animation.setShowOrbits(false);
  EXPECT_TRUE(scene.orbits().empty());
}

TEST(ClearanceOrbitView, NotOfferedWithoutAClearanceJoint)
{
  test::application();
  ui::MainWindow window;
  window.show();
  ASSERT_TRUE(window.openFile(QString(MBS_RESOURCES_DIR) + "/models/pendulum.mbs.json", true));
  ASSERT_EQ(test::runDynamic(window, 0.1, 10), "");
  ui::AnimationPanel& animation = window.animation();
  EXPECT_FALSE(animation.findChild<QCheckBox*>("clearanceOrbits")->isVisibleTo(&animation));
  EXPECT_FALSE(animation.setShowOrbits(true));
  EXPECT_TRUE(window.modelView().scene().orbits().empty());
}
