// The two curves of a curve-to-curve joint (Adams CVCV, issue 30) drawn as Adams draws CURVE
// graphics: the deck of an eccentric circular cam under a flat-faced follower opens with the cam's
// profile (a closed B-spline through 36 points of the circle R = 40 mm about (10, 0, 0) mm) as a
// polyline on the cam and the follower's face (a straight curve 60 mm long) as one on the follower;
// after a quarter turn the profile has turned with the cam and the face has risen with the follower
// (to e sin θ + R, the closed form) and still touches the profile.
#include <gtest/gtest.h>

#include <QTest>
#include <cmath>

#include "GuiTestSupport.hpp"
#include "mbs/core/Model.hpp"
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

TEST(CurveCurveDrawing, BothCurvesDrawnOnTheirPartsAndMovingWithThem)
{
  test::application();
  ui::MainWindow window;
  window.resize(1366, 768);
  window.show();
  ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
  ASSERT_TRUE(window.openFile(QString(MBS_TEST_DATA_DIR) + "/adams_view/adm_cvcv_cam_mmks.adm", true));
  const core::Model& model = window.document().model();
  core::JointId cvcv;
  for (const core::Joint& j : model.joints())
    if (j.kind == core::JointKind::CurveCurve)
      cvcv = j.id;
  ASSERT_TRUE(cvcv.valid());
  const core::Joint& joint = *model.joint(cvcv);
  const core::PartId cam = model.partOf(joint.jMarker), follower = model.partOf(joint.iMarker);
  ASSERT_EQ(model.part(cam)->name, "cam");
  ASSERT_EQ(model.part(follower)->name, "follower");

  ui::ModelScene& scene = window.modelView().scene();
  const std::vector<core::Vec3> profile = scene.jointCurve(cvcv), face = scene.jointCurve(cvcv, true);
  ASSERT_GT(profile.size(), 100u);
  ASSERT_GT(face.size(), 100u);
  const ui::PartPose camStart{model.part(cam)->position, model.partRotation(cam)};
  EXPECT_LT(circleError(profile, camStart), 1e-6) << "the profile on the cam's circle";
  // The face: from (−30, 40, 0) mm to (30, 40, 0) mm in ground, on the follower at y = R.
  EXPECT_LT((face.front() - core::Vec3(-0.030, kR, 0.0)).norm(), 1e-12);
  EXPECT_LT((face.back() - core::Vec3(0.030, kR, 0.0)).norm(), 1e-12);
  window.modelView().setStandardView(ui::StandardView::Front);
  QTest::qWait(50);
  test::saveWindowScreenshot(window, "cvcv_curves_drawn");

  // A quarter turn: θ = π/2, the face at y = e + R touching the top of the turned profile.
  ASSERT_EQ(test::runDynamic(window, 0.25, 25), "");
  ui::AnimationPanel& animation = window.animation();
  animation.setFrame(animation.frameCount() - 1);
  QTest::qWait(50);
  const auto poses = window.results().partPoses(std::size_t(animation.frameCount() - 1));
  const std::vector<core::Vec3> turned = scene.jointCurve(cvcv), risen = scene.jointCurve(cvcv, true);
  EXPECT_LT(circleError(turned, poses.at(cam)), 1e-6) << "the profile turned with the cam";
  double top = -1.0;
  for (const core::Vec3& p : turned)
    top = std::max(top, p.y());
  for (const core::Vec3& p : risen)
    EXPECT_NEAR(p.y(), kE + kR, 1e-6) << "the face risen to e sin θ + R";
  EXPECT_NEAR(top, kE + kR, 1e-6) << "and touching the profile's top";
  test::saveWindowScreenshot(window, "cvcv_curves_moved");
}
