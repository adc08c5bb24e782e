// Joint-frame helper lines (issue 19, DMBS §2.3.2): the axis through two points, normal to the
// plane of three, along a part's principal axis of inertia, parallel or perpendicular to another
// joint's axis, against closed-form geometry; then in the Joint and Marker dialogs: the computed
// axis fills the axis field, the 3-D view draws the helper line, the created frame has that z
// axis and the dialog use is one undo step; a face picked in the view gives its normal, and its
// nearest edge the axis along it.
#include <gtest/gtest.h>

#include <QAction>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QLineEdit>
#include <QPushButton>
#include <QTemporaryDir>
#include <QTest>
#include <cmath>

#include "GuiTestSupport.hpp"
#include "mbs/core/ModelFile.hpp"
#include "mbs/core/Rotation.hpp"
#include "mbs/ui/Document.hpp"
#include "mbs/ui/MainWindow.hpp"
#include "mbs/ui/dialogs/AxisHelper.hpp"
#include "mbs/ui/dialogs/JointDialog.hpp"
#include "mbs/ui/dialogs/MarkerDialog.hpp"
#include "mbs/ui/dialogs/PartDialog.hpp"
#include "mbs/ui/view/ModelScene.hpp"
#include "mbs/ui/view/ModelView.hpp"

using namespace mbs;
using core::Vec3;

namespace {

template <class Dialog>
Dialog* open(ui::MainWindow& window, const char* action)
{
  window.findChild<QAction*>(action)->trigger();
  for (auto* d : window.findChildren<Dialog*>())
    if (d->isVisible())
      return d;
  ADD_FAILURE() << "no dialog after " << action;
  return nullptr;
}

void press(QDialog* dialog, QDialogButtonBox::StandardButton which)
{
  QTest::mouseClick(dialog->findChild<QDialogButtonBox*>()->button(which), Qt::LeftButton);
}

// Same line up to direction.
double parallelError(const Vec3& a, const Vec3& b)
{
  return a.normalized().cross(b.normalized()).norm();
}

// A model with a tilted box part (its principal axes are the box edges, rotated), three ground
// markers and a revolute joint whose axis is (0, 1, 1)/√2.
core::Model sampleModel()
{
  core::Model model;
  core::Part box;
  box.name = "box";
  box.mass = 2.0;
  box.inertia = {0.3, 0.4, 0.6, 0, 0, 0};  // distinct moments about the part frame's axes
  box.position = Vec3(1, 2, 3);
  box.orientation = Vec3(0.3, 0.5, -0.2);
  const core::PartId boxId = model.add(box);
  auto marker = [&](const char* name, core::PartId part, const Vec3& p, const Vec3& euler = Vec3::Zero()) {
    core::Marker m;
    m.name = name;
    m.part = part;
    m.position = p;
    m.mode = core::OrientationMode::Euler313;
    m.euler = euler;
    return model.add(m);
  };
  marker("P1", core::kGroundId, Vec3(1, 0, 0));
  marker("P2", core::kGroundId, Vec3(0, 2, 0));
  marker("P3", core::kGroundId, Vec3(0, 0, 3));
  // J marker z = (0, 1, 1)/√2: Euler 3-1-3 (0, -45°, 0) turns z about x by -45°.
  const core::Mat3 tilt = core::euler313ToMatrix(Vec3(0, -M_PI / 4, 0));
  const core::MarkerId i = marker("hinge_i", boxId, Vec3::Zero(),
                                  core::matrixToEuler313(model.partRotation(boxId).transpose() * tilt));
  const core::MarkerId j = marker("hinge_j", core::kGroundId, Vec3(1, 2, 3), Vec3(0, -M_PI / 4, 0));
  core::Joint hinge;
  hinge.name = "hinge";
  hinge.kind = core::JointKind::Revolute;
  hinge.iMarker = i;
  hinge.jMarker = j;
  model.add(hinge);
  return model;
}

void openSample(ui::MainWindow& window)
{
  QTemporaryDir dir;
  const std::string path = dir.filePath("sample.mbs.json").toStdString();
  ASSERT_FALSE(core::saveModel(sampleModel(), path));
  for (const auto& e : core::loadModel(path).errors)
    ADD_FAILURE() << e.toString();
  ASSERT_TRUE(window.openFile(QString::fromStdString(path), true));
}

}  // namespace

TEST(AxisHelper, ClosedFormGeometry)
{
  test::application();
  // Through two points: the 3-4-5 triangle's hypotenuse direction.
  auto line = ui::axes::throughPoints(Vec3(1, 2, 3), Vec3(4, 6, 3));
  ASSERT_TRUE(line);
  EXPECT_LT((line->axis - Vec3(0.6, 0.8, 0.0)).norm(), 1e-15);
  EXPECT_LT((line->from - Vec3(0.4, 1.2, 3)).norm(), 1e-14) << "drawn 20 % beyond each point";
  QString error;
  EXPECT_FALSE(ui::axes::throughPoints(Vec3(1, 1, 1), Vec3(1, 1, 1), &error));
  EXPECT_FALSE(error.isEmpty());

  // Normal to the plane x/1 + y/2 + z/3 = 1 through its axis intercepts: (6, 3, 2)/7.
  line = ui::axes::normalToPlane(Vec3(1, 0, 0), Vec3(0, 2, 0), Vec3(0, 0, 3));
  ASSERT_TRUE(line);
  EXPECT_LT((line->axis - Vec3(6, 3, 2) / 7.0).norm(), 1e-15);
  EXPECT_LT((0.5 * (line->from + line->to) - Vec3(1, 2, 3) / 3.0).norm(), 1e-15) << "through the centroid";
  error.clear();
  EXPECT_FALSE(ui::axes::normalToPlane(Vec3(0, 0, 0), Vec3(1, 1, 1), Vec3(2, 2, 2), &error)) << "collinear";
  EXPECT_FALSE(error.isEmpty());

  // Principal axes of the tilted part: the part frame's x, y, z (moments 0.3 < 0.4 < 0.6).
  const core::Model model = sampleModel();
  const core::PartId box = model.findPart("box");
  const core::Mat3 r = model.partRotation(box);
  for (int k = 0; k < 3; ++k) {
    line = ui::axes::principalAxis(model, box, k, 0.5);
    ASSERT_TRUE(line) << k;
    EXPECT_LT(parallelError(line->axis, r.col(k)), 1e-12) << "principal axis " << k;
    EXPECT_LT((0.5 * (line->from + line->to) - Vec3(1, 2, 3)).norm(), 1e-12) << "through the CM";
    EXPECT_NEAR((line->to - line->from).norm(), 1.0, 1e-12);
  }
  error.clear();
  EXPECT_FALSE(ui::axes::principalAxis(model, core::kGroundId, 0, 0.5, &error));
  EXPECT_FALSE(error.isEmpty());
  // A cube's moments are all equal: no principal axis is singled out.
  core::Model cubeModel;
  core::Part cube;
  cube.name = "cube";
  cube.inertia = {0.2, 0.2, 0.2, 0, 0, 0};
  const core::PartId cubeId = cubeModel.add(cube);
  error.clear();
  EXPECT_FALSE(ui::axes::principalAxis(cubeModel, cubeId, 1, 0.5, &error));
  EXPECT_NE(error.indexOf("cube"), -1) << error.toStdString();

  // Another joint's axis, and the direction perpendicular to it closest to a given one.
  line = ui::axes::jointAxis(model, model.findJoint("hinge"), 1.0);
  ASSERT_TRUE(line);
  EXPECT_LT((line->axis - Vec3(0, 1, 1) / std::sqrt(2.0)).norm(), 1e-12);
  const auto perpendicular = ui::axes::perpendicularTo(line->axis, Vec3(0, 0, 1));
  ASSERT_TRUE(perpendicular);
  EXPECT_LT((*perpendicular - Vec3(0, -1, 1) / std::sqrt(2.0)).norm(), 1e-12);
  EXPECT_NEAR(perpendicular->dot(line->axis), 0.0, 1e-15);
  EXPECT_FALSE(ui::axes::perpendicularTo(line->axis, Vec3(0, 2, 2), &error)) << "parallel";
}

TEST(AxisHelper, JointDialogTakesTheAxisFromHelpersInOneUndoStep)
{
  test::application();
  ui::MainWindow window;
  window.resize(1400, 900);
  window.show();
  ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
  ui::Document& doc = window.document();
  openSample(window);
  const core::Model& model = doc.model();
  ui::ModelScene& scene = window.modelView().scene();

  auto* d = open<ui::JointDialog>(window, "actionJoint");
  ASSERT_NE(d, nullptr);
  d->setKind(core::JointKind::Revolute);
  d->partI->selectName("box");
  d->partJ->selectName("ground");
  d->locationMarker->selectName("P1");
  EXPECT_FALSE(scene.hasHelperLine()) << "a typed axis has no helper line";

  // Normal to the plane of three markers.
  d->axisHelper->setMethod(ui::AxisHelper::Method::ThreeMarkers);
  d->axisHelper->markers[0]->selectName("P1");
  d->axisHelper->markers[1]->selectName("P2");
  d->axisHelper->markers[2]->selectName("P3");
  const Vec3 normal = Vec3(6, 3, 2) / 7.0;
  EXPECT_LT((d->axis->value() - normal).norm(), 1e-9) << "the axis field shows the computed axis";
  EXPECT_FALSE(d->axis->isEnabled());
  EXPECT_TRUE(d->check().isEmpty()) << d->check().toStdString();
  EXPECT_TRUE(scene.hasHelperLine());
  EXPECT_TRUE(scene.hasPreview());

  // Two coincident markers are refused with the reason, and nothing is drawn.
  d->axisHelper->setMethod(ui::AxisHelper::Method::TwoMarkers);
  d->axisHelper->markers[0]->selectName("P2");
  d->axisHelper->markers[1]->selectName("P2");
  EXPECT_FALSE(d->check().isEmpty());
  EXPECT_FALSE(scene.hasHelperLine());
  d->axisHelper->markers[1]->selectName("P3");  // (0, -2, 3)/√13
  EXPECT_TRUE(d->check().isEmpty());

  // Parallel to the hinge's axis, then perpendicular to it closest to z: create that one.
  d->axisHelper->setMethod(ui::AxisHelper::Method::ParallelToJoint);
  d->axisHelper->joint->selectName("hinge");
  EXPECT_LT((d->axis->value() - Vec3(0, 1, 1) / std::sqrt(2.0)).norm(), 1e-9);
  d->axisHelper->setMethod(ui::AxisHelper::Method::PerpendicularToJoint);
  d->axisHelper->toward->setValue(Vec3(0, 0, 1));
  const Vec3 expected = Vec3(0, -1, 1) / std::sqrt(2.0);
  EXPECT_LT((d->axis->value() - expected).norm(), 1e-9);
  d->name->setText("pin");
  const auto steps = doc.undoStack().size();
  press(d, QDialogButtonBox::Ok);
  ASSERT_FALSE(d->isVisible()) << d->errorText().toStdString();
  EXPECT_EQ(doc.undoStack().size(), steps + 1) << "helper + markers + joint: one undo step";
  EXPECT_FALSE(scene.hasHelperLine()) << "the helper line goes with the dialog";
  const core::Joint* pin = model.joint(model.findJoint("pin"));
  ASSERT_NE(pin, nullptr);
  EXPECT_LT((model.markerGlobalOrientation(pin->jMarker).col(2) - expected).norm(), 1e-9);
  EXPECT_LT((model.markerGlobalOrientation(pin->iMarker).col(2) - expected).norm(), 1e-9);
  EXPECT_LT((model.markerGlobalPosition(pin->jMarker) - Vec3(1, 0, 0)).norm(), 1e-12);
  window.findChild<QAction*>("actionUndo")->trigger();
  EXPECT_FALSE(model.findJoint("pin").valid());
}

TEST(AxisHelper, MarkerDialogOrientationFromThePrincipalAxis)
{
  test::application();
  ui::MainWindow window;
  window.show();
  ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
  ui::Document& doc = window.document();
  openSample(window);
  const core::Model& model = doc.model();
  auto* d = open<ui::MarkerDialog>(window, "actionMarker");
  ASSERT_NE(d, nullptr);
  d->part->selectName("box");
  d->name->setText("along_axis");
  d->point->setValue(Vec3(1, 2, 3));
  d->axisHelper->setMethod(ui::AxisHelper::Method::PrincipalAxis);
  d->axisHelper->part->selectName("box");
  d->axisHelper->principalIndex->setCurrentIndex(2);  // largest moment: the part's z
  EXPECT_TRUE(window.modelView().scene().hasHelperLine());
  const Vec3 z = model.partRotation(model.findPart("box")).col(2);
  const auto steps = doc.undoStack().size();
  press(d, QDialogButtonBox::Ok);
  EXPECT_EQ(doc.undoStack().size(), steps + 1);
  const core::MarkerId m = model.findMarker("along_axis");
  ASSERT_TRUE(m.valid());
  EXPECT_LT(parallelError(model.markerGlobalOrientation(m).col(2), z), 1e-9);
}

TEST(AxisHelper, NormalOfAFacePickedInTheView)
{
  test::application();
  ui::MainWindow window;
  window.resize(1200, 800);
  window.show();
  ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
  // A box part at the origin: clicking at the view's centre hits the face towards the camera.
  auto* part = open<ui::PartDialog>(window, "actionPart");
  part->setShape(ui::PartDialog::Shape::Box);
  part->centre->setValue(Vec3::Zero());
  part->size->setValue(Vec3(0.4, 0.4, 0.4));
  press(part, QDialogButtonBox::Ok);
  auto* d = open<ui::JointDialog>(window, "actionJoint");
  ASSERT_NE(d, nullptr);
  d->axisHelper->setMethod(ui::AxisHelper::Method::PickedFace);
  EXPECT_FALSE(d->axisHelper->compute()) << "no face picked yet";
  ui::ModelView& view = window.modelView();
  view.fitAll();
  QTest::qWait(300);  // rendered: the picker meets what is drawn
  QTest::mouseClick(&view, Qt::LeftButton, {}, QPoint(view.width() / 2, view.height() / 2));
  const auto face = view.pickedFace();
  ASSERT_TRUE(face) << "the click hit the box";
  // The picked face is one of the box's: its normal is a coordinate axis, on the face's plane.
  const auto line = d->axisHelper->compute();
  ASSERT_TRUE(line);
  EXPECT_NEAR(line->axis.cwiseAbs().maxCoeff(), 1.0, 1e-9);
  const int k = [&] {
    int index;
    line->axis.cwiseAbs().maxCoeff(&index);
    return index;
  }();
  EXPECT_NEAR(std::abs(face->point[k]), 0.2, 1e-6) << "the point is on the face normal to the axis";
  EXPECT_GT(face->point.dot(line->axis), 0.0) << "outward normal";
  EXPECT_LT((d->axis->value() - line->axis).norm(), 1e-12);
  EXPECT_TRUE(view.scene().hasHelperLine());

  // Along the picked face's nearest edge: a box edge, along a coordinate axis, on two faces.
  d->axisHelper->setMethod(ui::AxisHelper::Method::PickedEdge);
  EXPECT_FALSE(d->axisHelper->compute()) << "no edge picked yet";
  QTest::mouseClick(&view, Qt::LeftButton, {}, QPoint(view.width() / 2, view.height() / 2));
  const auto edge = d->axisHelper->compute();
  ASSERT_TRUE(edge);
  EXPECT_NEAR(edge->axis.cwiseAbs().maxCoeff(), 1.0, 1e-6);
  const Vec3 middle = 0.5 * (edge->from + edge->to);
  int onFaces = 0;
  for (int c = 0; c < 3; ++c)
    onFaces += std::abs(std::abs(middle[c]) - 0.2) < 1e-6;
  EXPECT_EQ(onFaces, 2) << "the edge is where two faces meet: " << middle.transpose();
  // VTK keeps the geometry's points in single precision: 1e-6.
  EXPECT_NEAR((edge->to - edge->from).norm(), 1.4 * 0.4, 1e-6)
      << "the 0.4 m edge drawn 20 % longer at each end";
  d->reject();
}

// The user guide's picture: the slider-crank's Joint dialog taking its axis through two markers
// (crank pin to the rod's small end), the helper line and the previewed frame in the view.
TEST(AxisHelper, HelperLineIsDrawnInTheView)
{
  test::application();
  ui::MainWindow window;
  window.resize(1400, 900);
  window.show();
  ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
  ASSERT_TRUE(window.openFile(QString(MBS_RESOURCES_DIR) + "/models/slider_crank.mbs.json", true));
  ui::ModelView& view = window.modelView();
  view.requestRender();
  QTest::qWait(100);
  const QImage before = view.grabFramebuffer();
  auto* d = open<ui::JointDialog>(window, "actionJoint");
  ASSERT_NE(d, nullptr);
  d->setKind(core::JointKind::Cylindrical);
  d->partI->selectName("rod");
  d->partJ->selectName("crank");
  d->locationMarker->selectName("crank_pin");
  d->axisHelper->setMethod(ui::AxisHelper::Method::TwoMarkers);
  d->axisHelper->markers[0]->selectName("crank_pin");
  d->axisHelper->markers[1]->selectName("rod_small_end");
  const core::Model& model = window.document().model();
  const Vec3 a = model.markerGlobalPosition(model.findMarker("crank_pin"));
  const Vec3 b = model.markerGlobalPosition(model.findMarker("rod_small_end"));
  EXPECT_LT((d->axis->value() - (b - a).normalized()).norm(), 1e-12);
  ASSERT_TRUE(view.scene().hasHelperLine());
  d->move(window.mapToGlobal(QPoint(window.width() - d->width() - 20, 60)));
  test::saveWindowScreenshot(window, "axis_helper_two_markers");
  d->grab().save(test::screenshotDir() + "/axis_helper_dialog.png");
  const QImage after = view.grabFramebuffer();
  int changed = 0;
  for (int y = 0; y < after.height(); y += 2)
    for (int x = 0; x < after.width(); x += 2)
      changed += after.pixel(x, y) != before.pixel(x, y);
  EXPECT_GT(changed, 50) << "the helper line and the preview are drawn";
  d->reject();
  EXPECT_FALSE(view.scene().hasHelperLine());
}
