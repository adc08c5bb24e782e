// The orientation triad in the corner of the 3-D view is clickable: a click on an axis tip looks
// from that axis (the camera on the axis, looking at the model).
#include <gtest/gtest.h>

#include <vtkCamera.h>
#include <vtkMatrix4x4.h>
#include <vtkRenderer.h>
#include <QTest>
#include <cmath>

#include "GuiTestSupport.hpp"
#include "mbs/ui/MainWindow.hpp"
#include "mbs/ui/view/ModelView.hpp"

using namespace mbs;

namespace {

// Widget pixel of the tip of world axis `k` in the triad (lower-left viewport 16 % x 22 %).
QPoint axisTip(ui::ModelView& view, int k)
{
  vtkMatrix4x4* m = view.renderer()->GetActiveCamera()->GetViewTransformMatrix();
  const double px = m->GetElement(0, k), py = m->GetElement(1, k), length = std::hypot(px, py);
  const double w = 0.16 * view.width(), h = 0.22 * view.height(), r = 0.35 * std::min(w, h);
  return QPoint(static_cast<int>(0.5 * w + r * px / length),
                view.height() - static_cast<int>(0.5 * h + r * py / length));
}

// Unit direction from the focal point to the camera.
Eigen::Vector3d lookFrom(ui::ModelView& view)
{
  double p[3], f[3];
  view.renderer()->GetActiveCamera()->GetPosition(p);
  view.renderer()->GetActiveCamera()->GetFocalPoint(f);
  return Eigen::Vector3d(p[0] - f[0], p[1] - f[1], p[2] - f[2]).normalized();
}

}  // namespace

TEST(VtkView, ClickingTheOrientationTriadSetsTheView)
{
  test::application();
  ui::MainWindow window;
  window.resize(1400, 900);
  window.show();
  ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
  ASSERT_TRUE(window.openFile(QString(MBS_RESOURCES_DIR) + "/models/slider_crank.mbs.json", true));
  ui::ModelView& view = window.modelView();
  view.setStandardView(ui::StandardView::Iso);
  QTest::qWait(50);
  for (int k = 0; k < 3; ++k) {
    view.setStandardView(ui::StandardView::Iso);
    const QPoint tip = axisTip(view, k);
    EXPECT_EQ(view.orientationAxisAt(tip), k) << "axis " << k;
    QTest::mouseClick(&view, Qt::LeftButton, Qt::NoModifier, tip);
    const Eigen::Vector3d from = lookFrom(view);
    EXPECT_NEAR(from[k], 1.0, 1e-9) << "looking from +"
                                    << "xyz"[k];
  }
  // A click elsewhere in the view is an ordinary (selection) click.
  EXPECT_EQ(view.orientationAxisAt(QPoint(view.width() / 2, view.height() / 2)), -1);
}
