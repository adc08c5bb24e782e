// A 300-link pendulum chain stays interactive: opening it (scene build, model tree, topology),
// redrawing the 3-D view after a camera move and selecting a part are timed. The numbers go to
// the test log and docs/user-guide.md ("Large models"); the bounds are generous for software
// (Mesa) rendering under Xvfb.
#include <gtest/gtest.h>

#include <QDir>
#include <QElapsedTimer>
#include <QLabel>
#include <QTemporaryDir>
#include <QTest>
#include <cstdio>

#include <vtkCamera.h>
#include <vtkGenericOpenGLRenderWindow.h>
#include <vtkRenderer.h>

#include "GuiTestSupport.hpp"
#include "PendulumChain.hpp"
#include "mbs/core/ModelFile.hpp"
#include "mbs/solver/Results.hpp"
#include "mbs/ui/Document.hpp"
#include "mbs/ui/MainWindow.hpp"
#include "mbs/ui/SimulationResults.hpp"
#include "mbs/ui/panels/ModelTreePanel.hpp"
#include "mbs/ui/panels/RunPanel.hpp"
#include "mbs/ui/view/ModelScene.hpp"
#include "mbs/ui/view/ModelView.hpp"

using namespace mbs;

TEST(LargeModel, ThreeHundredLinkChainOpensAndRedrawsQuickly)
{
  test::application();
  QTemporaryDir dir;
  ASSERT_TRUE(dir.isValid());
  const QString path = dir.filePath("chain300.mbs.json");
  ASSERT_FALSE(core::saveModel(test::pendulumChain(300), path.toStdString()).has_value());

  ui::MainWindow window;
  window.resize(1500, 950);
  window.show();
  ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
  QElapsedTimer timer;
  timer.start();
  ASSERT_TRUE(window.openFile(path, true));
  const qint64 openMs = timer.elapsed();
  EXPECT_EQ(window.document().model().parts().size(), 301u);
  // Geometry, two marker triads and a joint glyph per link are drawn merged (one actor for the
  // surfaces, one for the lines) instead of 1200 actors, plus the grid.
  ui::ModelView& view = window.modelView();
  EXPECT_TRUE(view.scene().drawsMerged());
  EXPECT_LE(view.scene().actorCount(), 4);
  view.grabFramebuffer();  // first frame compiles shaders and uploads buffers
  const int frames = 5;
  timer.restart();
  for (int k = 0; k < frames; ++k) {
    view.setStandardView(k % 2 ? ui::StandardView::Iso : ui::StandardView::Front);
    view.grabFramebuffer();
  }
  const double frameMs = static_cast<double>(timer.elapsed()) / frames;

  // Selecting a part (highlight + tree + property panel) must not rebuild the scene.
  timer.restart();
  window.document().setSelection({core::EntityRef(window.document().model().findPart("link_150"))});
  view.grabFramebuffer();
  const qint64 selectMs = timer.elapsed();

  // A click on a link picks that link out of the merged surfaces, and it is drawn highlighted.
  const core::PartId link150 = window.document().model().findPart("link_150");
  vtkCamera* camera = view.renderer()->GetActiveCamera();
  camera->SetFocalPoint(14.95, 0.0, 0.0);  // the middle of link_150 (x from 14.9 to 15.0)
  camera->SetPosition(14.95, 0.0, 0.5);
  camera->SetViewUp(0.0, 1.0, 0.0);
  view.renderer()->ResetCameraClippingRange();
  window.document().setSelection({});
  const QImage before = view.grabFramebuffer();
  QTest::mouseClick(&view, Qt::LeftButton, {}, QPoint(view.width() / 2, view.height() / 2));
  ASSERT_EQ(window.document().selection().size(), 1u);
  EXPECT_TRUE(window.document().selection().front() == core::EntityRef(link150));
  const QImage after = view.grabFramebuffer();
  const QColor centre = after.pixelColor(after.width() / 2, after.height() / 2);
  EXPECT_NE(before.pixelColor(before.width() / 2, before.height() / 2), centre);
  // The selection's yellow (shaded): red and green well above blue; the link's own blue was not.
  EXPECT_GT(centre.red() - centre.blue(), 80) << centre.name().toStdString();
  EXPECT_GT(centre.green() - centre.blue(), 40) << centre.name().toStdString();
  after.save(test::screenshotDir() + "/large_model_merged_selection.png");

  std::printf("[ measure  ] 300-link chain: open %lld ms, frame %.1f ms, select+redraw %lld ms\n",
              static_cast<long long>(openMs), frameMs, static_cast<long long>(selectMs));
  EXPECT_LT(openMs, 10000);
  EXPECT_LT(frameMs, 1000.0);
  EXPECT_LT(selectMs, 2000);
}

// Issue 37 step 5: a 1000-link chain runs from the Run panel by default (the automatic formulation)
// to its last frame, and a long run of it shows its progress (simulated time and steps) and stops on
// Cancel. The status shows an estimate of the time left after a second. The times are printed for
// docs/performance.md; the checks are what the user sees.
TEST(LargeModel, ThousandLinkChainRunsAndCancelsFromTheRunPanel)
{
  test::application();
  QTemporaryDir dir;
  ASSERT_TRUE(dir.isValid());
  const QString path = dir.filePath("chain1000.mbs.json");
  ASSERT_FALSE(core::saveModel(test::pendulumChain(1000), path.toStdString()).has_value());
  ui::MainWindow window;
  ASSERT_TRUE(window.openFile(path, true));

  QElapsedTimer timer;
  timer.start();
  ASSERT_EQ(test::runDynamic(window, 1.0, 100, 300000), "");
  const qint64 runMs = timer.elapsed();
  const solver::ResultStore* store = window.results().store();
  ASSERT_NE(store, nullptr);
  ASSERT_EQ(store->size(), 101u);
  EXPECT_NEAR(store->frame(100).state.t, 1.0, 1e-12);
  // The chain starts horizontal at rest; its free end falls, at first as fast as a free body (the
  // links are pinned at their frame origins, so the first link's frame stays at the ground pin).
  EXPECT_NEAR(store->frame(100).bodies.front().position.norm(), 0.0, 1e-9);
  EXPECT_NEAR(store->frame(1).bodies.back().position.y(), -0.5 * 9.81 * 0.01 * 0.01, 2e-5);
  EXPECT_LT(store->frame(100).bodies.back().position.y(), -1.0);

  ui::RunPanel& run = window.run();
  run.setEndTime(1000.0);
  run.setOutputSteps(1000);
  ASSERT_TRUE(run.start());
  auto* status = run.findChild<QLabel*>("runStatus");
  ASSERT_NE(status, nullptr);
  timer.restart();
  ASSERT_TRUE(test::waitFor([status] { return status->text().startsWith("t = "); }, 60000))
      << status->text().toStdString();
  const qint64 firstProgressMs = timer.elapsed();
  EXPECT_TRUE(status->text().contains("steps")) << status->text().toStdString();
  // After a second of stepping the status adds an estimate of the wall time left.
  ASSERT_TRUE(test::waitFor([status] { return status->text().contains("s left"); }, 60000))
      << status->text().toStdString();
  std::printf("[ measure  ] 1000-link chain, long run: %s\n", status->text().toStdString().c_str());
  test::saveWindowScreenshot(window, "large_model_run_estimate");
  timer.restart();
  run.cancel();
  ASSERT_TRUE(test::waitFor([&run] { return !run.isRunning(); }, 60000));
  const qint64 cancelMs = timer.elapsed();
  EXPECT_FALSE(run.lastRunOk());
  EXPECT_TRUE(run.logText().contains("Cancel requested.")) << run.logText().toStdString();
  EXPECT_TRUE(status->text().contains("ancel")) << status->text().toStdString();
  std::printf(
      "[ measure  ] 1000-link chain: Run to last frame (1 s, 100 frames) %lld ms, first progress %lld ms, "
      "Cancel %lld ms\n",
      static_cast<long long>(runMs), static_cast<long long>(firstProgressMs),
      static_cast<long long>(cancelMs));
}

// The merged actors keep their index buffers while the parts move; when the OpenGL resources are
// released (a new context: the view re-created, docked or undocked) they must be built again, or
// the whole merged model would vanish from the view.
TEST(LargeModel, MergedModelIsDrawnAgainAfterTheGraphicsResourcesAreReleased)
{
  test::application();
  QTemporaryDir dir;
  ASSERT_TRUE(dir.isValid());
  const QString path = dir.filePath("chain120.mbs.json");
  ASSERT_FALSE(core::saveModel(test::pendulumChain(120), path.toStdString()).has_value());
  ui::MainWindow window;
  window.resize(1200, 800);
  window.show();
  ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
  ASSERT_TRUE(window.openFile(path, true));
  ui::ModelView& view = window.modelView();
  ASSERT_TRUE(view.scene().drawsMerged());
  view.setStandardView(ui::StandardView::Front);
  const QImage drawn = view.grabFramebuffer();
  view.makeCurrent();
  view.renderWindow()->ReleaseGraphicsResources(view.renderWindow());
  view.doneCurrent();
  const QImage again = view.grabFramebuffer();
  EXPECT_EQ(again, drawn);
}
