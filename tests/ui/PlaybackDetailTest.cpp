// Issue 33: while an animation plays, a merged model (here a 120-link chain, drawn at coarse detail)
// draws its surfaces at minimal detail, which is what makes 1000 bodies play at 30 frames/s under a
// software renderer (docs/performance.md). A user must still see the model move, pick a link and see
// it highlighted; paused, the frame is the scene's own again.
#include <gtest/gtest.h>

#include <QTemporaryDir>
#include <QTest>

#include <vtkCamera.h>
#include <vtkRenderer.h>

#include "GuiTestSupport.hpp"
#include "PendulumChain.hpp"
#include "mbs/core/ModelFile.hpp"
#include "mbs/ui/Document.hpp"
#include "mbs/ui/MainWindow.hpp"
#include "mbs/ui/panels/AnimationPanel.hpp"
#include "mbs/ui/view/ModelScene.hpp"
#include "mbs/ui/view/ModelView.hpp"

using namespace mbs;

namespace {

// Looks along -z at `x` on the chain (its links lie along x at y = 0 at the first frame).
void lookAt(ui::ModelView& view, double x)
{
  vtkCamera* camera = view.renderer()->GetActiveCamera();
  camera->SetFocalPoint(x, 0.0, 0.0);
  camera->SetPosition(x, 0.0, 0.3);
  camera->SetViewUp(0.0, 1.0, 0.0);
  view.renderer()->ResetCameraClippingRange();
}

int differingPixels(const QImage& a, const QImage& b)
{
  int count = 0;
  for (int y = 0; y < std::min(a.height(), b.height()); ++y)
    for (int x = 0; x < std::min(a.width(), b.width()); ++x)
      count += a.pixel(x, y) != b.pixel(x, y);
  return count;
}

}  // namespace

TEST(PlaybackDetail, ChainIsDrawnLighterWhilePlayingPickableAndAsBeforeWhenPaused)
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
  ASSERT_EQ(test::runDynamic(window, 0.02, 20), "");

  ui::AnimationPanel& animation = window.animation();
  ASSERT_GE(animation.frameCount(), 2);
  animation.setFrame(0);
  // The pin between link_60 (x 5.9 to 6.0) and link_61: the links' rounded ends and the joint's
  // cylinder meet there.
  lookAt(view, 6.0);
  const QImage paused = view.grabFramebuffer();
  paused.save(test::screenshotDir() + "/playback_detail_paused.png");
  EXPECT_FALSE(view.scene().drawsPlaybackDetail());

  animation.play();
  ASSERT_TRUE(animation.isPlaying());
  EXPECT_TRUE(view.scene().drawsPlaybackDetail());
  // No event is processed here, so the animation is still at its first frame.
  const QImage playing = view.grabFramebuffer();
  playing.save(test::screenshotDir() + "/playback_detail_playing.png");
  EXPECT_GT(test::distinctColours(playing), 20) << "the chain is drawn while playing";
  // The ends are no longer rounded and the cylinders have fewer sides: the picture changes, not
  // just a pixel or two.
  EXPECT_GT(differingPixels(paused, playing), 200);

  // A click on link_60's middle while playing picks it and draws it in the selection's yellow.
  lookAt(view, 5.95);
  QTest::mouseClick(&view, Qt::LeftButton, {}, QPoint(view.width() / 2, view.height() / 2));
  const core::PartId link60 = window.document().model().findPart("link_60");
  ASSERT_EQ(window.document().selection().size(), 1u);
  EXPECT_TRUE(window.document().selection().front() == core::EntityRef(link60));
  EXPECT_TRUE(view.scene().drawsPlaybackDetail());
  const QImage selected = view.grabFramebuffer();
  const QColor centre = selected.pixelColor(selected.width() / 2, selected.height() / 2);
  EXPECT_GT(centre.red() - centre.blue(), 80) << centre.name().toStdString();
  EXPECT_GT(centre.green() - centre.blue(), 40) << centre.name().toStdString();

  // Paused, at the first frame and with nothing selected, the frame is the one drawn before Play.
  animation.pause();
  EXPECT_FALSE(view.scene().drawsPlaybackDetail());
  window.document().setSelection({});
  animation.setFrame(0);
  lookAt(view, 6.0);
  EXPECT_EQ(view.grabFramebuffer(), paused);
}
