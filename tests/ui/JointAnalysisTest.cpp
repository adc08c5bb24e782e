// Simulate > Joint Analysis (issue 19, DMBS §3.4 and §3.2): a bar hinged at one end released from
// rest horizontal — the hinge's reaction at the start is m g (1 - m d² / I_O) upward (d: hinge to
// CM, I_O: inertia about the hinge) and the relative angle follows the run; choosing the joint
// highlights its I/J markers; its equations are independent, a second hinge on the same axis is
// reported redundant; a rotational spring-damper across the hinge is added in one undo step. A
// block on a vertical slide, held by a translational spring-damper along the slide added from the
// dialog, oscillates as z(t) = -(m g / k)(1 - cos ωt), ω = √(k/m).
#include <gtest/gtest.h>

#include <QAction>
#include <QComboBox>
#include <QPushButton>
#include <QTemporaryDir>
#include <QTest>
#include <algorithm>
#include <cmath>

#include "GuiTestSupport.hpp"
#include "mbs/core/ModelFile.hpp"
#include "mbs/core/Rotation.hpp"
#include "mbs/ui/Document.hpp"
#include "mbs/ui/MainWindow.hpp"
#include "mbs/ui/dialogs/FormWidgets.hpp"
#include "mbs/ui/panels/JointAnalysisDialog.hpp"

using namespace mbs;
using core::Vec3;

namespace {

constexpr double kG = 9.81, kMass = 0.5, kLength = 0.2, kWidth = 0.05;

// The bar: CM at (d, 0, 0), d = L/2, hinged at the origin about z; with `twice`, a second hinge
// on the same axis (its five equations repeat the first's).
core::Model hingedBar(bool twice)
{
  core::Model model;
  model.name = "hinged_bar";
  model.gravity = Vec3(0, -kG, 0);
  core::Part bar;
  bar.name = "bar";
  bar.mass = kMass;
  const double izz = kMass / 12.0 * (kLength * kLength + kWidth * kWidth);
  bar.inertia = {kMass / 12.0 * 2 * kWidth * kWidth, izz, izz, 0, 0, 0};
  const core::PartId id = model.add(bar);
  core::Marker cm;
  cm.name = "bar_cm";
  cm.part = id;
  cm.position = Vec3(kLength / 2, 0, 0);
  model.part(id)->cmMarker = model.add(cm);
  for (int k = 0; k < (twice ? 2 : 1); ++k) {
    core::Marker i, j;
    i.name = "hinge" + std::to_string(k) + "_i";
    i.part = id;
    j.name = "hinge" + std::to_string(k) + "_j";
    j.part = core::kGroundId;
    core::Joint hinge;
    hinge.name = k == 0 ? "pin" : "pin_again";
    hinge.kind = core::JointKind::Revolute;
    hinge.iMarker = model.add(i);
    hinge.jMarker = model.add(j);
    model.add(hinge);
  }
  return model;
}

constexpr double kBlockMass = 2.0, kAxialStiffness = 200.0;

// A block on a slide along z (gravity along -z), I and J at the origin: nothing holds it yet.
core::Model blockOnSlide()
{
  core::Model model;
  model.name = "block_on_slide";
  model.gravity = Vec3(0, 0, -kG);
  model.analysis.errorTolerance = 1e-7;
  model.analysis.maxStepSize = 1e-3;
  core::Part block;
  block.name = "block";
  block.mass = kBlockMass;
  block.inertia = {0.01, 0.01, 0.01, 0, 0, 0};
  const core::PartId id = model.add(block);
  core::Marker cm, i, j;
  cm.name = "block_cm";
  cm.part = id;
  model.part(id)->cmMarker = model.add(cm);
  i.name = "slide_i";
  i.part = id;
  j.name = "slide_j";
  j.part = core::kGroundId;
  core::Joint slide;
  slide.name = "slide";
  slide.kind = core::JointKind::Translational;
  slide.iMarker = model.add(i);
  slide.jMarker = model.add(j);
  model.add(slide);
  return model;
}

QString save(const QTemporaryDir& dir, const core::Model& model)
{
  const QString path = dir.filePath(QString::fromStdString(model.name) + ".mbs.json");
  EXPECT_FALSE(core::saveModel(model, path.toStdString()));
  return path;
}

}  // namespace

TEST(JointAnalysis, HingeReactionRankAndForceElement)
{
  test::application();
  QTemporaryDir dir;
  ui::MainWindow window;
  window.resize(1400, 900);
  window.show();
  ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
  ASSERT_TRUE(window.openFile(save(dir, hingedBar(false)), true));
  const std::string failure = test::runDynamic(window, 0.2, 20);
  ASSERT_TRUE(failure.empty()) << failure;

  window.findChild<QAction*>("actionJointAnalysis")->trigger();
  auto* dialog = window.findChild<ui::JointAnalysisDialog*>();
  ASSERT_NE(dialog, nullptr);
  ASSERT_TRUE(dialog->joint->selectName("pin"));
  const core::Model& model = window.document().model();
  const core::Joint& pin = *model.joint(model.findJoint("pin"));
  const auto& selection = window.document().selection();
  EXPECT_NE(std::find(selection.begin(), selection.end(), core::EntityRef(pin.iMarker)), selection.end())
      << "the I frame is highlighted";
  EXPECT_NE(std::find(selection.begin(), selection.end(), core::EntityRef(pin.jMarker)), selection.end());
  EXPECT_NE(dialog->statusText().indexOf("All independent"), -1) << dialog->statusText().toStdString();

  // The reaction at release: the hinge carries m g minus the CM's initial downward acceleration.
  const int reactionY = dialog->quantity->findText("Reaction force y [N]");
  ASSERT_GE(reactionY, 0);
  dialog->quantity->setCurrentIndex(reactionY);
  std::vector<QPointF> curve = dialog->curve();
  ASSERT_EQ(curve.size(), 21u);
  const double d = kLength / 2, iO = kMass / 12.0 * (kLength * kLength + kWidth * kWidth) + kMass * d * d;
  const double expected = kMass * kG * (1.0 - kMass * d * d / iO);
  EXPECT_NEAR(curve.front().x(), 0.0, 1e-12);
  EXPECT_NEAR(std::abs(curve.front().y()), expected, 1e-6 * expected) << "m g (1 - m d²/I_O)";

  // The relative angle about z leaves zero downwards (clockwise about +z).
  const int angle = dialog->quantity->findText("Relative angle about z [deg]");
  ASSERT_GE(angle, 0);
  dialog->quantity->setCurrentIndex(angle);
  curve = dialog->curve();
  ASSERT_EQ(curve.size(), 21u);
  EXPECT_NEAR(curve.front().y(), 0.0, 1e-9);
  EXPECT_LT(curve.back().y(), -10.0) << "it has swung down";
  dialog->grab().save(test::screenshotDir() + "/joint_analysis.png");

  // A constraint force element across the hinge: one undo step.
  const auto steps = window.document().undoStack().size();
  // The fields are in the model's display units: the rotational pair per degree here (MKS with
  // degrees), stored per radian.
  EXPECT_EQ(dialog->rotationalStiffness->suffix().trimmed().toStdString(), "N·m/deg");
  EXPECT_EQ(dialog->translationalStiffness->suffix().trimmed().toStdString(), "N/m");
  dialog->rotationalStiffness->setValue(2.0);  // SI values (N·m/rad, N·m·s/rad)
  dialog->rotationalDamping->setValue(0.1);
  dialog->translationalStiffness->setValue(5e4);
  dialog->translationalDamping->setValue(30.0);
  ASSERT_TRUE(dialog->addForceElement(core::ForceKind::RotationalSpringDamper));
  EXPECT_EQ(window.document().undoStack().size(), steps + 1);
  const core::Force* spring = model.force(model.findForce("pin_spring"));
  ASSERT_NE(spring, nullptr);
  EXPECT_EQ(spring->kind, core::ForceKind::RotationalSpringDamper);
  EXPECT_EQ(spring->iMarker, pin.iMarker);
  EXPECT_EQ(spring->jMarker, pin.jMarker);
  EXPECT_DOUBLE_EQ(spring->stiffness, 2.0);
  ASSERT_TRUE(dialog->addForceElement(core::ForceKind::Bushing));
  const core::Force* bushing = model.force(model.findForce("pin_bushing"));
  ASSERT_NE(bushing, nullptr);
  EXPECT_DOUBLE_EQ(bushing->rotationalDamping.z(), 0.1);
  EXPECT_DOUBLE_EQ(bushing->rotationalStiffness.x(), 2.0);
  EXPECT_DOUBLE_EQ(bushing->translationalStiffness.y(), 5e4);  // not the rotational number
  EXPECT_DOUBLE_EQ(bushing->translationalDamping.z(), 30.0);
  window.findChild<QAction*>("actionUndo")->trigger();
  window.findChild<QAction*>("actionUndo")->trigger();
  EXPECT_FALSE(model.findForce("pin_spring").valid());

  // A second hinge on the same axis: its equations repeat the first's.
  ASSERT_TRUE(window.openFile(save(dir, hingedBar(true)), true));
  ASSERT_TRUE(dialog->joint->selectName("pin_again"));
  EXPECT_NE(dialog->statusText().indexOf("Redundant"), -1) << dialog->statusText().toStdString();
  dialog->close();
}

TEST(JointAnalysis, TranslationalSpringDamperAlongTheSlide)
{
  test::application();
  QTemporaryDir dir;
  ui::MainWindow window;
  window.resize(1400, 900);
  window.show();
  ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
  ASSERT_TRUE(window.openFile(save(dir, blockOnSlide()), true));
  window.findChild<QAction*>("actionJointAnalysis")->trigger();
  auto* dialog = window.findChild<ui::JointAnalysisDialog*>();
  ASSERT_NE(dialog, nullptr);
  ASSERT_TRUE(dialog->joint->selectName("slide"));
  const auto steps = window.document().undoStack().size();
  dialog->translationalStiffness->setValue(kAxialStiffness);
  dialog->translationalDamping->setValue(0.0);
  dialog->addAxialSpring->click();
  EXPECT_EQ(window.document().undoStack().size(), steps + 1);
  const core::Model& model = window.document().model();
  const core::Force* spring = model.force(model.findForce("slide_axial_spring"));
  ASSERT_NE(spring, nullptr);
  EXPECT_EQ(spring->kind, core::ForceKind::Bushing);
  EXPECT_EQ(spring->translationalStiffness, Vec3(0, 0, kAxialStiffness));
  EXPECT_EQ(spring->rotationalStiffness, Vec3::Zero());

  const std::string failure = test::runDynamic(window, 0.7, 140);
  ASSERT_TRUE(failure.empty()) << failure;
  const int displacement = dialog->quantity->findText("Relative displacement z [m]");
  ASSERT_GE(displacement, 0);
  dialog->quantity->setCurrentIndex(displacement);
  const std::vector<QPointF> curve = dialog->curve();
  ASSERT_EQ(curve.size(), 141u);
  const double omega = std::sqrt(kAxialStiffness / kBlockMass), sag = kBlockMass * kG / kAxialStiffness;
  double lowest = 0.0;
  for (const QPointF& p : curve) {
    EXPECT_NEAR(p.y(), -sag * (1.0 - std::cos(omega * p.x())), 1e-5) << "t = " << p.x();
    lowest = std::min(lowest, p.y());
  }
  EXPECT_LT(lowest, -1.99 * sag) << "it swings down to twice the static sag";
  dialog->close();
}
