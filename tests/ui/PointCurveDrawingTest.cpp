// The curve of a point-to-curve joint drawn as Adams draws CURVE graphics (issue 30): the Adams
// deck of an eccentric circular cam (R = 40 mm about a centre 10 mm from the bearing, a closed
// B-spline through 36 points of the circle, PTCV with RM on the cam) opens with the curve as a
// polyline on the cam. Its points are the solver's Curve evaluated at their parameters in the RM
// marker's axes, lie on the circle (closed form, within the spline's sub-micrometre error), and move
// with the cam in the animation.
#include <gtest/gtest.h>

#include <QDockWidget>
#include <QTest>
#include <cmath>

#include "GuiTestSupport.hpp"
#include "mbs/core/Model.hpp"
#include "mbs/solver/Curve.hpp"
#include "mbs/ui/Document.hpp"
#include "mbs/ui/MainWindow.hpp"
#include "mbs/ui/SimulationResults.hpp"
#include "mbs/ui/panels/AnimationPanel.hpp"
#include "mbs/ui/view/ModelScene.hpp"
#include "mbs/ui/view/ModelView.hpp"

using namespace mbs;

namespace {

constexpr double kR = 0.040, kE = 0.010;

// Largest | |local − centre| − R | of the polyline's points in the cam's frame at `pose`.
double circleError(const std::vector<core::Vec3>& polyline, const ui::PartPose& pose)
{
  double worst = 0.0;
  for (const core::Vec3& p : polyline) {
    const core::Vec3 local = pose.rotation.transpose() * (p - pose.position);
    worst = std::max(worst, std::abs((local - core::Vec3(kE, 0.0, 0.0)).norm() - kR));
  }
  return worst;
}

}  // namespace

TEST(PointCurveDrawing, CurveDrawnOnItsPartAndMovingWithIt)
{
  test::application();
  ui::MainWindow window;
  window.resize(1366, 768);
  window.show();
  ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
  ASSERT_TRUE(window.openFile(QString(MBS_TEST_DATA_DIR) + "/adams_view/adm_ptcv_cam_mmks.adm", true));
  const core::Model& model = window.document().model();
  core::JointId ptcv;
  for (const core::Joint& j : model.joints())
    if (j.kind == core::JointKind::PointCurve)
      ptcv = j.id;
  ASSERT_TRUE(ptcv.valid());
  const core::Joint& joint = *model.joint(ptcv);
  ASSERT_TRUE(joint.curve.has_value());
  const core::PartId cam = model.partOf(joint.jMarker);
  ASSERT_EQ(model.part(cam)->name, "cam");

  ui::ModelScene& scene = window.modelView().scene();
  const std::vector<core::Vec3> drawn = scene.jointCurve(ptcv);
  ASSERT_GT(drawn.size(), 100u) << "the curve is drawn as a polyline";

  // Its vertices are the Curve at uniform α over [−1, 1], in RM's axes on the cam.
  solver::Mat points(static_cast<Eigen::Index>(joint.curve->points.size()), 3);
  for (std::size_t k = 0; k < joint.curve->points.size(); ++k)
    for (int c = 0; c < 3; ++c)
      points(Eigen::Index(k), c) = joint.curve->points[k][std::size_t(c)];
  const solver::Curve curve(points, joint.curve->order, joint.curve->closed, joint.curve->throughPoints);
  ASSERT_TRUE(curve.valid()) << curve.problem();
  const core::Marker& rm = *model.marker(joint.jMarker);
  const core::Mat3 rmAxes = rm.localOrientation().value_or(core::Mat3::Identity());
  const ui::PartPose start{model.part(cam)->position, model.partRotation(cam)};
  const std::size_t segments = drawn.size() - 1;
  for (const std::size_t k : {std::size_t(0), segments / 7, segments / 3, segments / 2, segments - 1}) {
    const double alpha = -1.0 + 2.0 * double(k) / double(segments);
    const core::Vec3 expected =
        start.position + start.rotation * (rm.position + rmAxes * curve.evaluate(alpha).position);
    EXPECT_LT((drawn[k] - expected).norm(), 1e-12) << "vertex " << k << " at alpha " << alpha;
  }
  EXPECT_LT(circleError(drawn, start), 1e-6) << "on the cam's circle, R = 40 mm about (10, 0, 0) mm";
  window.modelView().setStandardView(ui::StandardView::Front);  // the cam's plane, as a user looks at it
  QTest::qWait(50);
  test::saveWindowScreenshot(window, "ptcv_curve_drawn");

  // A quarter turn of the cam: the curve turns with it.
  ASSERT_EQ(test::runDynamic(window, 0.25, 25), "");
  ui::AnimationPanel& animation = window.animation();
  animation.setFrame(animation.frameCount() - 1);
  QTest::qWait(50);
  const auto poses = window.results().partPoses(std::size_t(animation.frameCount() - 1));
  const ui::PartPose moved = poses.at(cam);
  EXPECT_GT((moved.rotation - start.rotation).norm(), 1.0) << "the cam has turned";
  const std::vector<core::Vec3> after = scene.jointCurve(ptcv);
  ASSERT_EQ(after.size(), drawn.size());
  EXPECT_LT(circleError(after, moved), 1e-6) << "the curve is on the cam as it has turned";
  for (std::size_t k = 0; k < drawn.size(); k += 25) {
    const core::Vec3 local = start.rotation.transpose() * (drawn[k] - start.position);
    EXPECT_LT((after[k] - (moved.position + moved.rotation * local)).norm(), 1e-12);
  }
  test::saveWindowScreenshot(window, "ptcv_curve_moved");
}
