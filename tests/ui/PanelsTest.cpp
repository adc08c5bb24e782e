// The Edit actions, the property editor, the topology panel, the force and friction dialogs and
// the Run panel's worker thread (cancel, responsiveness), each on a bundled example model.
#include <gtest/gtest.h>

#include <QAction>
#include <QDialogButtonBox>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QFile>
#include <QGraphicsItem>
#include <QGraphicsScene>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QTemporaryDir>
#include <QTest>
#include <QTextStream>
#include <QTimer>

#include "GuiTestSupport.hpp"
#include "mbs/ui/Document.hpp"
#include "mbs/ui/MainWindow.hpp"
#include "mbs/ui/SimulationResults.hpp"
#include "mbs/ui/dialogs/ForceDialog.hpp"
#include "mbs/ui/dialogs/FormWidgets.hpp"
#include "mbs/ui/dialogs/FrictionDialog.hpp"
#include "mbs/ui/dialogs/PartDialog.hpp"
#include "mbs/ui/panels/LogPanel.hpp"
#include "mbs/ui/panels/PropertyPanel.hpp"
#include "mbs/ui/panels/RunPanel.hpp"
#include "mbs/ui/panels/TopologyPanel.hpp"
#include "mbs/ui/view/ModelScene.hpp"
#include "mbs/ui/view/ModelView.hpp"

using namespace mbs;

namespace {

void press(QDialog* dialog, QDialogButtonBox::StandardButton which)
{
  QTest::mouseClick(dialog->findChild<QDialogButtonBox*>()->button(which), Qt::LeftButton);
}

}  // namespace

TEST(EditActions, DeleteTakesDependentsAndUndoRestoresThem)
{
  test::application();
  ui::MainWindow window;
  ASSERT_TRUE(window.openFile(test::exampleModel("slider_crank.mbs.json"), true));
  ui::Document& doc = window.document();
  const core::Model& model = doc.model();
  const auto markers = model.markers().size(), joints = model.joints().size();
  const core::PartId crank = model.findPart("crank");
  doc.setSelection({core::EntityRef(crank)});
  window.findChild<QAction*>("actionDelete")->trigger();
  EXPECT_FALSE(model.part(crank));
  EXPECT_EQ(model.markers().size(), markers - 3);  // crank_cm, crank_pivot, crank_pin
  EXPECT_EQ(model.joints().size(), joints - 2);    // bearing and crank pin joint
  EXPECT_TRUE(model.motions().empty());            // the drive sat on the bearing
  EXPECT_EQ(doc.undoStack().size(), 1u);
  window.findChild<QAction*>("actionUndo")->trigger();
  EXPECT_TRUE(model.part(crank));
  EXPECT_EQ(model.markers().size(), markers);
  EXPECT_EQ(model.joints().size(), joints);
  EXPECT_EQ(model.motions().size(), 1u);
  // The ground cannot be deleted: nothing happens, nothing is recorded.
  doc.setSelection({core::EntityRef(core::kGroundId)});
  window.findChild<QAction*>("actionDelete")->trigger();
  EXPECT_EQ(model.parts().size(), 4u);
}

// Undo and redo by keyboard from the property field that was just edited, as in every Qt/KDE
// application: Ctrl+Z, Ctrl+Shift+Z and Ctrl+Y each reach the Edit menu (Ctrl+Y and Ctrl+Shift+Z
// were an ambiguous overload, and the field swallowed Ctrl+Z). While the field holds typing of its
// own, Ctrl+Z takes back the typing first.
TEST(EditActions, UndoAndRedoKeysWorkFromAPropertyField)
{
  test::application();
  ui::MainWindow window;
  window.resize(1400, 900);
  window.show();
  window.activateWindow();
  ASSERT_TRUE(QTest::qWaitForWindowActive(&window));
  ASSERT_TRUE(window.openFile(test::exampleModel("slider_crank.mbs.json"), true));
  ui::Document& doc = window.document();
  const core::PartId rod = doc.model().findPart("rod");
  doc.setSelection({core::EntityRef(rod)});
  auto* massField = qobject_cast<QDoubleSpinBox*>(window.properties().editorOf("/mass"));
  ASSERT_NE(massField, nullptr);
  const double before = doc.model().part(rod)->mass;
  test::typeAndEnter(massField, "2.5");
  ASSERT_NEAR(doc.model().part(rod)->mass, 2.5, 1e-12) << window.properties().errorText().toStdString();
  ASSERT_EQ(doc.undoStack().size(), 1u);

  QWidget* field = QApplication::focusWidget();
  ASSERT_NE(field, nullptr) << "the edited field keeps the focus";
  QTest::keyClick(field, Qt::Key_Z, Qt::ControlModifier);
  EXPECT_NEAR(doc.model().part(rod)->mass, before, 1e-12) << "Ctrl+Z undoes the edit";
  field = QApplication::focusWidget();
  QTest::keyClick(field, Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);
  EXPECT_NEAR(doc.model().part(rod)->mass, 2.5, 1e-12) << "Ctrl+Shift+Z redoes it";
  field = QApplication::focusWidget();
  QTest::keyClick(field, Qt::Key_Z, Qt::ControlModifier);
  EXPECT_NEAR(doc.model().part(rod)->mass, before, 1e-12);
  field = QApplication::focusWidget();
  QTest::keyClick(field, Qt::Key_Y, Qt::ControlModifier);
  EXPECT_NEAR(doc.model().part(rod)->mass, 2.5, 1e-12) << "Ctrl+Y redoes it";

  // Typing not yet entered is the field's own to take back; the model is not touched.
  massField = qobject_cast<QDoubleSpinBox*>(window.properties().editorOf("/mass"));
  ASSERT_NE(massField, nullptr);
  massField->setFocus();
  // The end of the number, before the unit the box shows after it ("2.5| kg").
  auto* line = massField->findChild<QLineEdit*>();
  ASSERT_NE(line, nullptr);
  line->setCursorPosition(int(massField->text().size() - massField->suffix().size()));
  QTest::keyClicks(massField, "7");
  EXPECT_EQ(massField->text().toStdString(), "2.57 kg");
  QTest::keyClick(massField, Qt::Key_Z, Qt::ControlModifier);
  EXPECT_NEAR(doc.model().part(rod)->mass, 2.5, 1e-12) << "the typing is undone, not the model";
  EXPECT_EQ(doc.undoStack().size(), 1u);
  EXPECT_TRUE(doc.undoStack().canUndo());
}

TEST(PropertyPanel, ShowsUnitsAndRejectsInvalidInputInline)
{
  test::application();
  ui::MainWindow window;
  ASSERT_TRUE(window.openFile(test::exampleModel("slider_crank.mbs.json"), true));
  ui::Document& doc = window.document();
  const core::PartId rod = doc.model().findPart("rod");
  doc.setSelection({core::EntityRef(rod)});
  ui::PropertyPanel& panel = window.properties();
  ASSERT_NE(panel.editorOf("/inertia/izz"), nullptr);
  ASSERT_NE(panel.editorOf("/orientation/0"), nullptr);
  // Orientation is shown in degrees (the default display units): the rod's first Euler angle is
  // -0.2928 rad. The box holds radians and converts at its text.
  auto* psi = qobject_cast<ui::NumberBox*>(panel.editorOf("/orientation/0"));
  ASSERT_NE(psi, nullptr);
  EXPECT_NEAR(psi->displayValue(), -0.29284277172857553 * 180.0 / 3.14159265358979323846, 1e-4);
  EXPECT_TRUE(psi->text().endsWith(" deg")) << psi->text().toStdString();
  test::typeAndEnter(psi, "-10");
  EXPECT_NEAR(doc.model().part(rod)->orientation.x(), -10.0 * 3.14159265358979323846 / 180.0, 1e-12);

  auto* name = qobject_cast<QLineEdit*>(panel.editorOf("/name"));
  ASSERT_NE(name, nullptr);
  const auto steps = doc.undoStack().size();
  name->setText("crank");  // already taken
  name->setModified(true);
  emit name->editingFinished();
  EXPECT_FALSE(panel.errorText().isEmpty());
  EXPECT_TRUE(panel.errorText().contains("crank")) << panel.errorText().toStdString();
  EXPECT_EQ(doc.model().part(rod)->name, "rod");
  EXPECT_EQ(name->text(), "rod") << "the field returns to the model's value";
  EXPECT_EQ(doc.undoStack().size(), steps);
  window.grab().save(test::screenshotDir() + "/property_error.png");
}

TEST(TopologyPanel, FourBarHasOneLoopAndClickingSelects)
{
  test::application();
  ui::MainWindow window;
  window.resize(1400, 900);
  window.show();
  ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
  ASSERT_TRUE(window.openFile(test::exampleModel("four_bar.mbs.json"), true));
  window.findChild<QDockWidget*>("topologyDock")->raise();
  QTest::qWait(50);
  ui::TopologyPanel& panel = window.topology();
  EXPECT_EQ(panel.report().loops.size(), 1u);
  EXPECT_EQ(panel.report().dof, 1);
  EXPECT_TRUE(panel.summary().contains("DOF"));
  // Four revolutes with parallel axes in space: 3·6 − 4·5 = −2 by counting, but the rank of Φ_q
  // is 17 of 20 equations: mobility 1 with 3 redundant equations, listed and drawn in orange.
  ASSERT_TRUE(panel.report().rankDof.has_value());
  EXPECT_EQ(*panel.report().rankDof, 1);
  EXPECT_EQ(panel.report().redundantEquations.value_or(-1), 3);
  ASSERT_FALSE(panel.problemEntities().empty());
  EXPECT_EQ(panel.problemEntities().front().kind, core::EntityKind::Joint);
  EXPECT_TRUE(window.modelView().scene().isProblem(panel.problemEntities().front()));
  // One node per part and one edge per joint carry their entity.
  int nodes = 0, edges = 0;
  for (QGraphicsItem* item : panel.graph()->items()) {
    if (!item->data(1).isValid())
      continue;
    const auto kind = static_cast<core::EntityKind>(item->data(0).toInt());
    if (kind == core::EntityKind::Part && item->type() == QGraphicsEllipseItem::Type)
      ++nodes;
    if (kind == core::EntityKind::Joint && item->type() == QGraphicsPathItem::Type)
      ++edges;
  }
  EXPECT_EQ(nodes, 4);
  EXPECT_EQ(edges, 4);
  // Clicking the loop line selects the suggested cut joint.
  ASSERT_GE(panel.issues()->count(), 1);
  QListWidgetItem* loop = panel.issues()->item(0);
  const QRect rect = panel.issues()->visualItemRect(loop);
  ASSERT_FALSE(rect.isEmpty());
  window.grab().save(test::screenshotDir() + "/topology_four_bar.png");
  QTest::mouseClick(panel.issues()->viewport(), Qt::LeftButton, {}, rect.center());
  ASSERT_EQ(window.document().selection().size(), 1u);
  EXPECT_EQ(window.document().selection().front(),
            core::EntityRef(panel.report().loops.front().suggestedCut));
  // Deleting a joint opens the loop: the panel follows the model.
  window.findChild<QAction*>("actionDelete")->trigger();
  EXPECT_TRUE(panel.report().loops.empty());
}

TEST(BuildDialogs, SpringDamperAndJointFrictionAreOneUndoStepEach)
{
  test::application();
  ui::MainWindow window;
  ASSERT_TRUE(window.openFile(test::exampleModel("pendulum.mbs.json"), true));
  ui::Document& doc = window.document();
  const core::Model& model = doc.model();
  window.findChild<QAction*>("actionForce")->trigger();
  auto* force = window.findChild<ui::ForceDialog*>();
  ASSERT_NE(force, nullptr);
  force->setKind(core::ForceKind::TranslationalSpringDamper);
  force->iMarker->selectName("bob_cm");
  force->jMarker->selectName("pivot");
  force->stiffness->setValue(500.0);
  press(force, QDialogButtonBox::Ok);
  ASSERT_EQ(model.forces().size(), 1u);
  const core::Force& spring = model.forces().front();
  EXPECT_DOUBLE_EQ(spring.stiffness, 500.0);
  EXPECT_NEAR(
      spring.freeLength,
      (model.markerGlobalPosition(spring.iMarker) - model.markerGlobalPosition(spring.jMarker)).norm(),
      1e-12);

  window.findChild<QAction*>("actionFriction")->trigger();
  auto* friction = window.findChild<ui::FrictionDialog*>();
  ASSERT_NE(friction, nullptr);
  friction->joint->selectName("pivot_joint");
  friction->muStatic->setValue(0.1);
  friction->muDynamic->setValue(0.2);  // larger than static: refused inline
  press(friction, QDialogButtonBox::Apply);
  EXPECT_FALSE(friction->errorText().isEmpty());
  EXPECT_FALSE(model.joints().front().friction.has_value());
  friction->muDynamic->setValue(0.08);
  friction->pinRadius->setValue(0.05);
  friction->halfLength->setValue(0.5);
  press(friction, QDialogButtonBox::Ok);
  ASSERT_TRUE(model.joints().front().friction.has_value());
  EXPECT_DOUBLE_EQ(model.joints().front().friction->pinRadius, 0.05);
  EXPECT_EQ(doc.undoStack().size(), 2u);
  doc.undoStack().undo();
  EXPECT_FALSE(model.joints().front().friction.has_value());
}

TEST(RunPanel, DynamicRunCanBeCancelledAndTheGuiStaysResponsive)
{
  test::application();
  ui::MainWindow window;
  ASSERT_TRUE(window.openFile(test::exampleModel("pendulum.mbs.json"), true));
  ui::RunPanel& run = window.run();
  run.setAnalysis(ui::RunPanel::Analysis::Dynamic);
  run.setEndTime(1e5);  // far longer than the test waits
  run.setOutputSteps(100000);
  int ticks = 0;
  QTimer timer;
  QObject::connect(&timer, &QTimer::timeout, [&ticks] { ++ticks; });
  timer.start(10);
  ASSERT_TRUE(run.start()) << run.logText().toStdString();
  QTest::qWait(600);
  EXPECT_TRUE(run.isRunning());
  EXPECT_GT(ticks, 20) << "the event loop was blocked by the run";
  EXPECT_GT(window.results().frameCount(), 0u) << "frames are readable while the run goes on";
  run.cancel();
  ASSERT_TRUE(test::waitFor([&run] { return !run.isRunning(); }, 10000));
  EXPECT_FALSE(run.lastRunOk());
  EXPECT_TRUE(run.logText().contains("ancel")) << run.logText().toStdString();
}

TEST(BuildDialogs, PartFromAnImportedStlCubeHasTheCubesMassProperties)
{
  test::application();
  QTemporaryDir dir;
  ASSERT_TRUE(dir.isValid());
  // A closed cube of edge a = 0.1 m from (0,0,0) to (a,a,a), outward faces, as ASCII STL.
  const double a = 0.1;
  const QString stl = dir.filePath("cube.stl");
  {
    QFile file(stl);
    ASSERT_TRUE(file.open(QIODevice::WriteOnly | QIODevice::Text));
    QTextStream out(&file);
    const int quads[6][4][3] = {
        {{0, 0, 0}, {0, 1, 0}, {1, 1, 0}, {1, 0, 0}}, {{0, 0, 1}, {1, 0, 1}, {1, 1, 1}, {0, 1, 1}},
        {{0, 0, 0}, {1, 0, 0}, {1, 0, 1}, {0, 0, 1}}, {{0, 1, 0}, {0, 1, 1}, {1, 1, 1}, {1, 1, 0}},
        {{0, 0, 0}, {0, 0, 1}, {0, 1, 1}, {0, 1, 0}}, {{1, 0, 0}, {1, 1, 0}, {1, 1, 1}, {1, 0, 1}}};
    out << "solid cube\n";
    for (const auto& q : quads)
      for (const int t : {1, 2}) {
        out << "facet normal 0 0 0\nouter loop\n";
        for (const int v : {0, t, t + 1})
          out << "vertex " << a * q[v][0] << ' ' << a * q[v][1] << ' ' << a * q[v][2] << '\n';
        out << "endloop\nendfacet\n";
      }
    out << "endsolid cube\n";
  }
  ui::MainWindow window;
  const core::Model& model = window.document().model();
  window.findChild<QAction*>("actionPart")->trigger();
  auto* dialog = window.findChild<ui::PartDialog*>();
  ASSERT_NE(dialog, nullptr);
  dialog->setShape(ui::PartDialog::Shape::Mesh);
  dialog->name->setText("block");
  dialog->meshFile->setText(stl);
  dialog->centre->setValue(core::Vec3(0.5, 0, 0));
  dialog->density->setValue(1000.0);
  press(dialog, QDialogButtonBox::Ok);
  const core::PartId block = model.findPart("block");
  ASSERT_TRUE(block.valid()) << dialog->errorText().toStdString();
  const core::Part& part = *model.part(block);
  const double m = 1000.0 * a * a * a;
  EXPECT_NEAR(part.mass, m, 1e-6 * m);  // STL stores single precision
  // Solid cube about its centre: I = m a²/6 on every axis, no products.
  EXPECT_NEAR(part.inertia.ixx, m * a * a / 6.0, 1e-6 * m * a * a);
  EXPECT_NEAR(part.inertia.iyy, m * a * a / 6.0, 1e-6 * m * a * a);
  EXPECT_NEAR(part.inertia.izz, m * a * a / 6.0, 1e-6 * m * a * a);
  EXPECT_NEAR(part.inertia.ixy, 0.0, 1e-6 * m * a * a);
  ASSERT_TRUE(model.marker(part.cmMarker));
  EXPECT_NEAR((model.marker(part.cmMarker)->position - core::Vec3(a / 2, a / 2, a / 2)).norm(), 0.0, 1e-8);
  ASSERT_EQ(part.geometry.size(), 1u);
  EXPECT_EQ(part.geometry.front().kind, core::GeometryKind::MeshFile);
  EXPECT_GE(window.modelView().scene().actorCount(), 3);  // grid, mesh, CM triad
}
