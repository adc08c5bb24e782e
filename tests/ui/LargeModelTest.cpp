// A 300-link pendulum chain stays interactive: opening it (scene build, model tree, topology),
// redrawing the 3-D view after a camera move and selecting a part are timed. The numbers go to
// the test log and docs/user-guide.md ("Large models"); the bounds are generous for software
// (Mesa) rendering under Xvfb.
#include <gtest/gtest.h>

#include <QDir>
#include <QElapsedTimer>
#include <QTemporaryDir>
#include <QTest>
#include <cstdio>

#include "GuiTestSupport.hpp"
#include "mbs/core/ModelFile.hpp"
#include "mbs/ui/Document.hpp"
#include "mbs/ui/MainWindow.hpp"
#include "mbs/ui/panels/ModelTreePanel.hpp"
#include "mbs/ui/view/ModelScene.hpp"
#include "mbs/ui/view/ModelView.hpp"

using namespace mbs;

namespace {

// n links of length 0.1 m hanging along x, each on a revolute joint (axis z) at its left end.
core::Model chain(int n)
{
  core::Model model;
  model.gravity = core::Vec3(0, -9.81, 0);
  core::PartId previous = model.ground().id;
  core::Vec3 previousLocal = core::Vec3::Zero();
  const double length = 0.1;
  for (int k = 0; k < n; ++k) {
    core::Part part;
    part.name = "link_" + std::to_string(k + 1);
    part.position = core::Vec3(k * length, 0, 0);
    core::Geometry g;
    g.kind = core::GeometryKind::Link;
    g.point1 = core::Vec3::Zero();
    g.point2 = core::Vec3(length, 0, 0);
    g.radius = 0.01;
    part.geometry.push_back(g);
    part.mass = 0.1;
    const core::PartId id = model.add(part);
    core::Marker i;
    i.name = part.name + "_i";
    i.part = id;
    const core::MarkerId iId = model.add(i);
    core::Marker j;
    j.name = part.name + "_j";
    j.part = previous;
    j.position = previousLocal;
    const core::MarkerId jId = model.add(j);
    core::Joint joint;
    joint.name = "pin_" + std::to_string(k + 1);
    joint.kind = core::JointKind::Revolute;
    joint.iMarker = iId;
    joint.jMarker = jId;
    model.add(joint);
    previous = id;
    previousLocal = core::Vec3(length, 0, 0);
  }
  return model;
}

}  // namespace

TEST(LargeModel, ThreeHundredLinkChainOpensAndRedrawsQuickly)
{
  test::application();
  QTemporaryDir dir;
  ASSERT_TRUE(dir.isValid());
  const QString path = dir.filePath("chain300.mbs.json");
  ASSERT_FALSE(core::saveModel(chain(300), path.toStdString()).has_value());

  ui::MainWindow window;
  window.resize(1500, 950);
  window.show();
  ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
  QElapsedTimer timer;
  timer.start();
  ASSERT_TRUE(window.openFile(path, true));
  const qint64 openMs = timer.elapsed();
  EXPECT_EQ(window.document().model().parts().size(), 301u);
  // Geometry, two marker triads and a joint glyph per link, plus the grid.
  EXPECT_GE(window.modelView().scene().actorCount(), 4 * 300);

  ui::ModelView& view = window.modelView();
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

  std::printf("[ measure  ] 300-link chain: open %lld ms, frame %.1f ms, select+redraw %lld ms\n",
              static_cast<long long>(openMs), frameMs, static_cast<long long>(selectMs));
  EXPECT_LT(openMs, 10000);
  EXPECT_LT(frameMs, 1000.0);
  EXPECT_LT(selectMs, 2000);
}
