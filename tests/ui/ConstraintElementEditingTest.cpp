// DMBS constraint elements (cut joints, DMBS manual §2.4.2) from the GUI: the Topology panel shows
// which joints DMBS will cut (dashed, the user's red and DMBS's own orange, with a legend) and marks
// or unmarks a joint from its context menu; the joint's property panel has the same switch; each
// change is one undo step, a mark that leaves no spanning tree is refused naming the joints, the
// saved file keeps the mark, and a DMBS run logs the cut set it used.
#include <gtest/gtest.h>

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QDockWidget>
#include <QGraphicsPathItem>
#include <QGraphicsScene>
#include <QLabel>
#include <QListWidget>
#include <QMenu>
#include <QTemporaryDir>
#include <QTest>
#include <QTranslator>

#include "GuiTestSupport.hpp"
#include "mbs/core/ModelFile.hpp"
#include "mbs/ui/Document.hpp"
#include "mbs/ui/Language.hpp"
#include "mbs/ui/MainWindow.hpp"
#include "mbs/ui/panels/PropertyPanel.hpp"
#include "mbs/ui/panels/RunPanel.hpp"
#include "mbs/ui/panels/TopologyPanel.hpp"

using namespace mbs;

namespace {

// The graph edge drawn for a joint.
QGraphicsPathItem* edgeOf(ui::TopologyPanel& panel, core::JointId joint)
{
  for (QGraphicsItem* item : panel.graph()->items())
    if (auto* path = qgraphicsitem_cast<QGraphicsPathItem*>(item))
      if (path->data(0).toInt() == static_cast<int>(core::EntityKind::Joint) &&
          path->data(1).toUInt() == joint.value)
        return path;
  return nullptr;
}

QAction* markAction(QMenu* menu)
{
  return menu->findChild<QAction*>("constraintElementAction");
}

}  // namespace

TEST(ConstraintElementEditing, TopologyGraphShowsAndEditsTheDmbsCutJoints)
{
  test::application();
  ui::MainWindow window;
  window.resize(1500, 950);
  window.show();
  ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
  ASSERT_TRUE(window.openFile(QString(MBS_RESOURCES_DIR) + "/models/four_bar.mbs.json", true));
  ui::Document& doc = window.document();
  ui::TopologyPanel& topology = window.topology();
  window.findChild<QDockWidget*>("topologyDock")->raise();
  const core::JointId a = doc.model().findJoint("joint_a"), b = doc.model().findJoint("joint_b"),
                      c = doc.model().findJoint("joint_c");

  // By default DMBS cuts the loop at the joint its breadth-first search from ground finds last.
  using Cuts = std::map<core::JointId, solver::CutReason>;
  EXPECT_EQ(topology.dmbsCuts(), (Cuts{{c, solver::CutReason::ClosesLoop}}));
  EXPECT_TRUE(topology.summary().contains("joint_c (chosen by DMBS)")) << topology.summary().toStdString();
  auto* legend = topology.findChild<QLabel*>("topologyLegend");
  ASSERT_NE(legend, nullptr);
  EXPECT_TRUE(legend->isVisible());
  EXPECT_TRUE(legend->text().contains("cut joint (constraint element)"));
  ASSERT_NE(edgeOf(topology, c), nullptr);
  EXPECT_EQ(edgeOf(topology, c)->pen().style(), Qt::DashLine);
  EXPECT_EQ(edgeOf(topology, c)->pen().color(), QColor("#dd6b20"));
  EXPECT_EQ(edgeOf(topology, b)->pen().style(), Qt::SolidLine);

  // The context menu marks joint_b: one undo step, DMBS cuts it instead of joint_c.
  const auto steps = doc.undoStack().size();
  std::unique_ptr<QMenu> menu(topology.jointMenu(b, &window));
  ASSERT_NE(markAction(menu.get()), nullptr);
  EXPECT_TRUE(markAction(menu.get())->isEnabled());
  EXPECT_FALSE(markAction(menu.get())->isChecked());
  EXPECT_EQ(markAction(menu.get())->text(), "Constraint element (cut joint)");
  markAction(menu.get())->trigger();
  EXPECT_TRUE(doc.model().joint(b)->constraintElement);
  EXPECT_EQ(doc.undoStack().size(), steps + 1);
  EXPECT_EQ(topology.dmbsCuts(), (Cuts{{b, solver::CutReason::ConstraintElement}}));
  EXPECT_EQ(edgeOf(topology, b)->pen().style(), Qt::DashLine);
  EXPECT_EQ(edgeOf(topology, b)->pen().color(), QColor("#c53030"));
  EXPECT_EQ(edgeOf(topology, c)->pen().style(), Qt::SolidLine);
  EXPECT_TRUE(topology.summary().contains("joint_b (constraint element)"))
      << topology.summary().toStdString();
  bool loopNamesTheCut = false;
  for (int k = 0; k < topology.issues()->count(); ++k)
    loopNamesTheCut |= topology.issues()->item(k)->text().contains("cut joint: joint_b (constraint element)");
  EXPECT_TRUE(loopNamesTheCut);
  menu.reset(topology.jointMenu(b, &window));
  EXPECT_TRUE(markAction(menu.get())->isChecked());
  doc.setSelection({core::EntityRef(b)});  // its properties show the same switch, checked
  auto* marked = window.properties().findChild<QCheckBox*>("constraintElementSwitch");
  ASSERT_NE(marked, nullptr);
  EXPECT_TRUE(marked->isChecked());
  QTest::qWait(100);
  const QImage shot = test::saveWindowScreenshot(window, "dmbs_constraint_element");
  EXPECT_GT(test::distinctColours(shot), 20);

  // joint_c as well would leave the coupler on no tree joint: refused, naming both, nothing changes.
  menu.reset(topology.jointMenu(c, &window));
  markAction(menu.get())->trigger();
  EXPECT_FALSE(doc.model().joint(c)->constraintElement);
  EXPECT_EQ(doc.undoStack().size(), steps + 1);
  auto* refusal = topology.findChild<QLabel*>("topologyCutRefusal");
  ASSERT_NE(refusal, nullptr);
  EXPECT_TRUE(refusal->isVisible());
  EXPECT_TRUE(refusal->text().contains("'joint_b', 'joint_c' cannot all be constraint elements"))
      << refusal->text().toStdString();
  EXPECT_TRUE(refusal->text().contains("part 'coupler'")) << refusal->text().toStdString();

  // The same switch in the joint's properties; the refusal says which joints and why.
  doc.setSelection({core::EntityRef(c)});
  ui::PropertyPanel& properties = window.properties();
  auto* box = properties.findChild<QCheckBox*>("constraintElementSwitch");
  ASSERT_NE(box, nullptr);
  EXPECT_FALSE(box->isChecked());
  box->click();
  EXPECT_FALSE(doc.model().joint(c)->constraintElement);
  EXPECT_FALSE(box->isChecked()) << "back to the model's value";
  EXPECT_TRUE(properties.errorText().contains("Constraint element (DMBS cut joint)"))
      << properties.errorText().toStdString();
  EXPECT_TRUE(properties.errorText().contains("no spanning tree")) << properties.errorText().toStdString();

  // Undo unmarks joint_b; the ground pivot joint_a is marked from its properties instead.
  ASSERT_TRUE(doc.undoStack().undo());
  EXPECT_FALSE(doc.model().joint(b)->constraintElement);
  EXPECT_EQ(topology.dmbsCuts(), (Cuts{{c, solver::CutReason::ClosesLoop}}));
  doc.setSelection({core::EntityRef(a)});
  box = properties.findChild<QCheckBox*>("constraintElementSwitch");
  ASSERT_NE(box, nullptr);
  box->click();
  EXPECT_TRUE(doc.model().joint(a)->constraintElement);
  EXPECT_EQ(doc.undoStack().size(), steps + 1);
  EXPECT_EQ(topology.dmbsCuts(), (Cuts{{a, solver::CutReason::ConstraintElement}}));

  // Saved and read back with the mark.
  QTemporaryDir dir;
  const QString path = dir.filePath("four_bar_cut.mbs.json");
  QString error;
  ASSERT_TRUE(doc.save(path, &error)) << error.toStdString();
  const auto saved = core::loadModel(path.toStdString());
  ASSERT_TRUE(saved.ok());
  EXPECT_TRUE(saved.model->joint(saved.model->findJoint("joint_a"))->constraintElement);
  EXPECT_FALSE(saved.model->joint(saved.model->findJoint("joint_c"))->constraintElement);

  // A DMBS run cuts joint_a and says so in the log. (The crank is driven: its drive acts on the cut
  // joint's equations, the rocker's and coupler's pins are the tree.)
  auto* formulation = window.run().findChild<QComboBox*>("runFormulation");
  ASSERT_NE(formulation, nullptr);
  formulation->setCurrentIndex(2);
  emit formulation->activated(2);
  ASSERT_EQ(doc.model().analysis.formulation, core::Formulation::Dmbs);
  const std::string failure = test::runDynamic(window, 0.2, 10);
  EXPECT_TRUE(failure.empty()) << failure;
  EXPECT_TRUE(window.run().logText().contains(
      "DMBS spanning tree, cut joints: 'joint_a' (constraint element, marked by the user)"))
      << window.run().logText().toStdString();
}

// The same in the Chinese interface (the DMBS manual's terms: 约束元, 切断铰), with the screenshot of
// docs/zh/user-guide.md.
TEST(ConstraintElementEditing, ChineseInterfaceNamesTheCutsInTheManualsTerms)
{
  test::application();
  ASSERT_EQ(ui::Language::install(test::application(), "zh_CN"), "zh_CN");
  struct English {  // back to English for the other tests of the process
    ~English()
    {
      for (QTranslator* t : test::application().findChildren<QTranslator*>()) {
        QCoreApplication::removeTranslator(t);
        delete t;
      }
      ui::Language::install(test::application(), "en");
    }
  } english;
  ui::MainWindow window;
  window.resize(1500, 950);
  window.show();
  ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
  ASSERT_TRUE(window.openFile(QString(MBS_RESOURCES_DIR) + "/models/four_bar.mbs.json", true));
  ui::Document& doc = window.document();
  ui::TopologyPanel& topology = window.topology();
  window.findChild<QDockWidget*>("topologyDock")->raise();
  const core::JointId b = doc.model().findJoint("joint_b"), c = doc.model().findJoint("joint_c");
  std::unique_ptr<QMenu> menu(topology.jointMenu(b, &window));
  EXPECT_EQ(markAction(menu.get())->text(), "约束元(切断铰)");
  markAction(menu.get())->trigger();
  ASSERT_TRUE(doc.model().joint(b)->constraintElement);
  EXPECT_TRUE(topology.findChild<QLabel*>("topologyLegend")->text().contains("切断铰(约束元)"));
  EXPECT_TRUE(topology.summary().contains("joint_b (约束元)")) << topology.summary().toStdString();
  doc.setSelection({core::EntityRef(b)});
  QTest::qWait(100);
  test::saveWindowScreenshot(window, "zh_14_constraint_element");
  menu.reset(topology.jointMenu(c, &window));
  markAction(menu.get())->trigger();
  const QString refusal = topology.findChild<QLabel*>("topologyCutRefusal")->text();
  EXPECT_TRUE(refusal.contains("不能全部作为约束元")) << refusal.toStdString();
  EXPECT_TRUE(refusal.contains("物体 'coupler'")) << refusal.toStdString();
}
