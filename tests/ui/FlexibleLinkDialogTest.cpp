// Build ▸ Flexible Link (issue 32), as a user does it in an MMKS model: end 1 picked in the 3-D view
// on the ground, end 2 typed in mm, a hollow tube whose wall is first too thick (refused under the
// field with the reason), too few segments (refused), then a valid link: N parts and N beams (N−1
// between the segments, one holding end 1 to the ground) in one undo step that undo removes and
// redo restores; the segments are drawn as one bar of the section's shape; a static run solves.
#include <gtest/gtest.h>

#include <QAction>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QGraphicsLineItem>
#include <QGraphicsScene>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QTest>
#include <cmath>

#include "GuiTestSupport.hpp"
#include "mbs/core/Topology.hpp"
#include "mbs/ui/Document.hpp"
#include "mbs/ui/MainWindow.hpp"
#include "mbs/ui/dialogs/FlexibleLinkDialog.hpp"
#include "mbs/ui/panels/AnimationPanel.hpp"
#include "mbs/ui/panels/TopologyPanel.hpp"
#include "mbs/ui/view/ModelScene.hpp"
#include "mbs/ui/view/ModelView.hpp"

using namespace mbs;

namespace {

ui::FlexibleLinkDialog* openLinkDialog(ui::MainWindow& window, const char* actionName = "actionFlexibleLink")
{
  auto* action = window.findChild<QAction*>(actionName);
  if (!action)
    return nullptr;
  action->trigger();
  for (auto* dialog : window.findChildren<ui::FlexibleLinkDialog*>())
    if (dialog->isVisible())
      return dialog;
  return nullptr;
}

QPushButton* applyButton(QDialog* dialog)
{
  return dialog->findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Apply);
}

// The red message under `field` (showFieldMessage), or empty.
QString messageUnder(QWidget* field)
{
  auto* label = qobject_cast<QLabel*>(field->property("mbsFieldMessage").value<QObject*>());
  return label ? label->text() : QString();
}

int linkParts(const core::Model& m)
{
  int n = 0;
  for (const auto& p : m.parts())
    n += p.name.rfind("LINK_", 0) == 0 ? 1 : 0;
  return n;
}

}  // namespace

TEST(FlexibleLinkDialog, BuildsTheLinkInOneUndoStepAndRefusesBadInput)
{
  test::application();
  ui::MainWindow window;
  window.resize(1500, 950);
  window.show();
  ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
  test::chooseUnits(window, "MMKS", "deg");
  ui::Document& doc = window.document();
  const auto stepsBefore = doc.undoStack().size();

  ui::FlexibleLinkDialog* dialog = openLinkDialog(window);
  ASSERT_NE(dialog, nullptr);
  dialog->resize(dialog->sizeHint());

  // End 1 picked on the ground (the click proposes to attach the end to what it hit), end 2 typed.
  QTest::mouseClick(dialog->ends[0].pick, Qt::LeftButton);
  ASSERT_TRUE(dialog->ends[0].pick->isChecked());
  emit window.modelView().pointPicked(core::Vec3(0.0, 0.1, 0.0), core::EntityRef(core::kGroundId));
  EXPECT_NEAR((dialog->ends[0].point->value() - core::Vec3(0.0, 0.1, 0.0)).norm(), 0.0, 1e-12);
  EXPECT_EQ(dialog->ends[0].part->currentText().toStdString(), "ground");
  EXPECT_TRUE(dialog->ends[1].pick->isChecked()) << "then end 2 is picked";
  QTest::mouseClick(dialog->ends[1].pick, Qt::LeftButton);
  dialog->ends[0].attachment->setCurrentIndex(2);              // flexible: a half-segment beam to the ground
  test::typeInDialog(dialog->ends[1].point->box(0), "2*400");  // mm, an expression
  test::typeInDialog(dialog->ends[1].point->box(1), "100");
  EXPECT_NEAR(dialog->ends[1].point->value().x(), 0.8, 1e-12);

  // A tube whose wall fills it: refused under the wall field, nothing created.
  dialog->section->setCurrentIndex(1);
  EXPECT_TRUE(dialog->thickness->isVisibleTo(dialog));
  EXPECT_FALSE(dialog->width->isVisibleTo(dialog));
  test::typeInDialog(dialog->diameter, "40");
  test::typeInDialog(dialog->thickness, "20");
  EXPECT_TRUE(messageUnder(dialog->thickness).contains("no hole"))
      << messageUnder(dialog->thickness).toStdString();
  applyButton(dialog)->click();
  EXPECT_TRUE(dialog->errorText().contains("no hole")) << dialog->errorText().toStdString();
  EXPECT_EQ(doc.undoStack().size(), stepsBefore);
  test::typeInDialog(dialog->thickness, "3");
  EXPECT_TRUE(messageUnder(dialog->thickness).isEmpty());

  // One segment makes no beam.
  dialog->segments->setValue(1);
  EXPECT_TRUE(messageUnder(dialog->segments).contains("at least 2"));
  applyButton(dialog)->click();
  EXPECT_EQ(doc.undoStack().size(), stepsBefore);
  dialog->segments->setValue(8);
  EXPECT_TRUE(messageUnder(dialog->segments).isEmpty());

  // Aluminium, then G typed: ν follows and the material becomes Custom.
  dialog->material->setCurrentIndex(1);
  EXPECT_NEAR(dialog->youngsModulus->value(), 7.1705e10, 1.0);
  EXPECT_NEAR(dialog->density->value(), 2740.0, 1e-9);
  EXPECT_TRUE(dialog->properties->text().contains("ASY")) << dialog->properties->text().toStdString();
  QTest::qWait(50);
  dialog->grab().save(test::screenshotDir() + "/flexible_link_dialog.png");

  applyButton(dialog)->click();
  ASSERT_TRUE(dialog->errorText().isEmpty()) << dialog->errorText().toStdString();
  EXPECT_EQ(doc.undoStack().size(), stepsBefore + 1) << "one undo step";
  const core::Model& m = doc.model();
  EXPECT_EQ(linkParts(m), 8);
  int beams = 0;
  for (const auto& f : m.forces())
    beams += f.kind == core::ForceKind::Beam ? 1 : 0;
  EXPECT_EQ(beams, 8) << "7 between the segments, 1 from the ground to the first";
  const core::Force* root = m.force(m.findForce("LINK_BEAM_END_1"));
  ASSERT_NE(root, nullptr);
  EXPECT_EQ(m.partOf(root->jMarker), core::kGroundId);
  const double length = std::hypot(0.8, 0.0);
  EXPECT_NEAR(root->beam.length, 0.5 * length / 8, 1e-12);
  EXPECT_NEAR(root->beam.youngsModulus, 7.1705e10, 1.0);
  const core::Part* first = m.part(m.findPart("LINK_1"));
  ASSERT_NE(first, nullptr);
  ASSERT_EQ(first->geometry.size(), 1u);
  EXPECT_EQ(first->geometry.front().kind, core::GeometryKind::Cylinder);
  EXPECT_NEAR(first->geometry.front().radius, 0.02, 1e-12);
  EXPECT_NEAR(first->mass, 2740.0 * M_PI * (0.02 * 0.02 - 0.017 * 0.017) * length / 8, 1e-9);
  EXPECT_TRUE(m.validate().empty());

  // The topology counts the beams as connections: no segment is "not connected" (drawn in the
  // problem colour), and the graph draws the 8 beams as dotted edges.
  ui::TopologyPanel& topology = window.topology();
  EXPECT_TRUE(topology.problemEntities().empty());
  EXPECT_EQ(topology.report().elasticallyHeld.size(), 8u);
  int dotted = 0;
  for (QGraphicsItem* item : topology.graph()->items())
    if (auto* line = dynamic_cast<QGraphicsLineItem*>(item))
      dotted += line->pen().style() == Qt::DotLine ? 1 : 0;
  EXPECT_EQ(dotted, 8);

  // Drawn as one link: the view shows the bar.
  window.modelView().fitAll();
  QTest::qWait(100);
  const QImage shot = test::saveWindowScreenshot(window, "flexible_link_built");
  EXPECT_GT(test::distinctColours(shot), 20);

  // Undo removes every part, marker and beam of it; redo restores them.
  const std::size_t parts = m.parts().size(), markers = m.markers().size(), forces = m.forces().size();
  ASSERT_TRUE(doc.undoStack().undo());
  EXPECT_EQ(linkParts(doc.model()), 0);
  EXPECT_TRUE(doc.model().forces().empty());
  EXPECT_TRUE(doc.model().markers().empty());
  ASSERT_TRUE(doc.undoStack().redo());
  EXPECT_EQ(doc.model().parts().size(), parts);
  EXPECT_EQ(doc.model().markers().size(), markers);
  EXPECT_EQ(doc.model().forces().size(), forces);

  // A second link gets its own prefix.
  dialog->ends[0].part->setCurrentIndex(0);
  test::typeInDialog(dialog->ends[0].point->box(2), "200");
  test::typeInDialog(dialog->ends[1].point->box(2), "200");
  dialog->section->setCurrentIndex(4);
  applyButton(dialog)->click();
  ASSERT_TRUE(dialog->errorText().isEmpty()) << dialog->errorText().toStdString();
  EXPECT_TRUE(doc.model().findPart("LINK2_8").valid());
  EXPECT_EQ(doc.model().part(doc.model().findPart("LINK2_1"))->geometry.size(), 3u)
      << "an I: flanges and web";
  ASSERT_TRUE(doc.undoStack().undo());
  dialog->close();

  // The cantilever's statics solve in the GUI.
  EXPECT_EQ(test::runAnalysis(window, ui::RunPanel::Analysis::Static, 1.0, 1), "");
}

// Build ▸ FE Beam: the same dialog makes one FE beam part. A steel rod 1000 mm long, 40 mm across,
// 8 elements, welded to the ground at end 1 (MMKS): a "flexible" end is refused under its field;
// Apply makes the part, its end markers on the end nodes and the fixed joint in one undo step; the
// topology reports nothing; statics bends it under its weight as its nodal weights' closed form.
TEST(FlexibleLinkDialog, BuildsAnFeBeamPart)
{
  test::application();
  ui::MainWindow window;
  window.resize(1500, 950);
  window.show();
  ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
  test::chooseUnits(window, "MMKS", "deg");
  ui::Document& doc = window.document();
  const auto stepsBefore = doc.undoStack().size();
  ui::FlexibleLinkDialog* dialog = openLinkDialog(window, "actionFeBeam");
  ASSERT_NE(dialog, nullptr);
  EXPECT_EQ(dialog->linkModel->currentIndex(), static_cast<int>(core::LinkModel::FeBeam));
  QStringList labels;
  for (auto* label : dialog->findChildren<QLabel*>())
    if (label->isVisibleTo(dialog))
      labels << label->text();
  EXPECT_TRUE(labels.contains("Elements") && !labels.contains("Segments")) << labels.join("|").toStdString();

  dialog->ends[0].part->selectName("ground");
  dialog->ends[0].attachment->setCurrentIndex(2);  // flexible
  test::typeInDialog(dialog->ends[1].point->box(0), "1000");
  test::typeInDialog(dialog->diameter, "40");
  dialog->segments->setValue(8);
  EXPECT_TRUE(messageUnder(dialog->ends[0].attachment).contains("rigidly"))
      << messageUnder(dialog->ends[0].attachment).toStdString();
  applyButton(dialog)->click();
  EXPECT_EQ(doc.undoStack().size(), stepsBefore);
  dialog->ends[0].attachment->setCurrentIndex(1);  // rigid
  EXPECT_TRUE(messageUnder(dialog->ends[0].attachment).isEmpty());
  QTest::qWait(50);
  dialog->grab().save(test::screenshotDir() + "/fe_beam_dialog.png");
  applyButton(dialog)->click();
  ASSERT_TRUE(dialog->errorText().isEmpty()) << dialog->errorText().toStdString();
  EXPECT_EQ(doc.undoStack().size(), stepsBefore + 1);
  dialog->close();

  const core::Model& m = doc.model();
  const core::PartId rod = m.findPart("LINK");
  ASSERT_TRUE(rod.valid());
  const core::FeBeam& beam = *m.part(rod)->feBeam;
  EXPECT_EQ(beam.elements, 8);
  EXPECT_NEAR(beam.length, 1.0, 1e-12);
  EXPECT_EQ(m.marker(m.findMarker("LINK_END_2"))->interfaceNode, 8);
  EXPECT_TRUE(m.findJoint("LINK_FIX_1").valid());
  EXPECT_TRUE(core::analyzeTopology(m).issues.empty());

  // Statics: the weights q h at the nodes (half at the tip) bend it by Σ F x²(3L − x)/6EI + F x ASY/GA.
  ASSERT_EQ(test::runAnalysis(window, ui::RunPanel::Analysis::Static, 1.0, 1), "");
  window.animation().setFrame(window.animation().frameCount() - 1);
  QTest::qWait(50);
  const double g = m.gravity.norm(), h = beam.length / beam.elements;
  const double q = beam.density * beam.area * g, ei = beam.youngsModulus * beam.izz;
  double deflection = 0.0;
  for (int k = 1; k <= beam.elements; ++k) {
    const double x = k * h, f = q * (k == beam.elements ? h / 2 : h);
    deflection += f * x * x * (3 * beam.length - x) / (6 * ei) +
                  f * x * beam.shearRatioY / (beam.shearModulus * beam.area);
  }
  const core::Vec3 tip = window.modelView().scene().feBeamCentreLine(rod).back();
  EXPECT_NEAR(tip.dot(m.gravity.normalized()), deflection, 1e-3 * deflection);
  window.modelView().fitAll();
  QTest::qWait(100);
  EXPECT_GT(test::distinctColours(test::saveWindowScreenshot(window, "fe_beam_built")), 20);
}
