// The Edit actions, the property editor, the topology panel, the force and friction dialogs and
// the Run panel's worker thread (cancel, responsiveness), each on a bundled example model.
#include <gtest/gtest.h>

#include <QAction>
#include <QDialogButtonBox>
#include <QDockWidget>
#include <QGraphicsItem>
#include <QGraphicsScene>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QTest>
#include <QTimer>

#include "GuiTestSupport.hpp"
#include "mbs/ui/Document.hpp"
#include "mbs/ui/MainWindow.hpp"
#include "mbs/ui/SimulationResults.hpp"
#include "mbs/ui/dialogs/ForceDialog.hpp"
#include "mbs/ui/dialogs/FrictionDialog.hpp"
#include "mbs/ui/panels/LogPanel.hpp"
#include "mbs/ui/panels/PropertyPanel.hpp"
#include "mbs/ui/panels/RunPanel.hpp"
#include "mbs/ui/panels/TopologyPanel.hpp"

using namespace mbs;

namespace {

QString exampleModel(const char* name)
{
  return QString(MBS_RESOURCES_DIR) + "/models/" + name;
}

void press(QDialog* dialog, QDialogButtonBox::StandardButton which)
{
  QTest::mouseClick(dialog->findChild<QDialogButtonBox*>()->button(which), Qt::LeftButton);
}

}  // namespace

TEST(EditActions, DeleteTakesDependentsAndUndoRestoresThem)
{
  test::application();
  ui::MainWindow window;
  ASSERT_TRUE(window.openFile(exampleModel("slider_crank.mbs.json"), true));
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

TEST(PropertyPanel, ShowsUnitsAndRejectsInvalidInputInline)
{
  test::application();
  ui::MainWindow window;
  ASSERT_TRUE(window.openFile(exampleModel("slider_crank.mbs.json"), true));
  ui::Document& doc = window.document();
  const core::PartId rod = doc.model().findPart("rod");
  doc.setSelection({core::EntityRef(rod)});
  ui::PropertyPanel& panel = window.properties();
  ASSERT_NE(panel.editorOf("/inertia/izz"), nullptr);
  ASSERT_NE(panel.editorOf("/orientation/0"), nullptr);
  // Orientation is shown in degrees: the rod's first Euler angle is -0.2928 rad.
  auto* psi = qobject_cast<QDoubleSpinBox*>(panel.editorOf("/orientation/0"));
  ASSERT_NE(psi, nullptr);
  EXPECT_NEAR(psi->value(), -0.29284277172857553 * 180.0 / 3.14159265358979323846, 1e-4);
  psi->setValue(-10.0);
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
  ASSERT_TRUE(window.openFile(exampleModel("four_bar.mbs.json"), true));
  window.findChild<QDockWidget*>("topologyDock")->raise();
  QTest::qWait(50);
  ui::TopologyPanel& panel = window.topology();
  EXPECT_EQ(panel.report().loops.size(), 1u);
  EXPECT_EQ(panel.report().dof, 1);
  EXPECT_TRUE(panel.summary().contains("DOF"));
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
  ASSERT_TRUE(window.openFile(exampleModel("pendulum.mbs.json"), true));
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
  ASSERT_TRUE(window.openFile(exampleModel("pendulum.mbs.json"), true));
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
