// Rejected input says why next to the field (its name, the value, the rule, no internal paths),
// leaves no undo step and does not mark the results stale; the message goes once the field is
// fixed. The Motion dialog shows a bad function once and keeps its size.
#include <gtest/gtest.h>

#include <QAction>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTest>

#include "GuiTestSupport.hpp"
#include "mbs/core/Commands.hpp"
#include "mbs/ui/Document.hpp"
#include "mbs/ui/MainWindow.hpp"
#include "mbs/ui/SimulationResults.hpp"
#include "mbs/ui/dialogs/MotionDialog.hpp"
#include "mbs/ui/panels/PropertyPanel.hpp"
#include "mbs/ui/panels/RunPanel.hpp"

using namespace mbs;

TEST(PropertyPanel, RejectedInputSaysWhyNextToTheFieldAndLeavesNoTrace)
{
  test::application();
  ui::MainWindow window;
  ASSERT_TRUE(test::showWithExample(window, "slider_crank.mbs.json"));
  ui::Document& doc = window.document();
  ui::RunPanel& run = window.run();
  run.setAnalysis(ui::RunPanel::Analysis::Kinematic);
  run.setEndTime(0.1);
  run.setOutputSteps(10);
  ASSERT_TRUE(run.start());
  ASSERT_TRUE(test::waitFor([&run] { return !run.isRunning(); }, 30000));
  ASSERT_FALSE(window.results().isStale());

  const core::PartId rod = doc.model().findPart("rod");
  doc.setSelection({core::EntityRef(rod)});
  ui::PropertyPanel& panel = window.properties();
  auto* mass = qobject_cast<QDoubleSpinBox*>(panel.editorOf("/mass"));
  ASSERT_NE(mass, nullptr);
  const double massBefore = doc.model().part(rod)->mass;
  const auto steps = doc.undoStack().size();

  // A negative mass: refused with the field, the value and the rule.
  test::typeAndEnter(mass, "-1");
  const QString negative = panel.errorText();
  EXPECT_TRUE(negative.contains("Mass [kg]")) << negative.toStdString();
  EXPECT_TRUE(negative.contains("-1")) << negative.toStdString();
  EXPECT_TRUE(negative.contains("at least 0")) << negative.toStdString();
  EXPECT_DOUBLE_EQ(doc.model().part(rod)->mass, massBefore);
  EXPECT_EQ(doc.undoStack().size(), steps) << "a refused edit is no undo step";
  EXPECT_FALSE(window.results().isStale()) << "a refused edit changes nothing";
  // The message is right under the field.
  QTest::qWait(50);  // laid out
  auto* message = panel.findChild<QLabel*>("propertyError");
  ASSERT_NE(message, nullptr);
  const int fieldBottom = mass->mapTo(&panel, QPoint(0, mass->height())).y();
  const int messageTop = message->mapTo(&panel, QPoint(0, 0)).y();
  EXPECT_GE(messageTop, fieldBottom - 2);
  EXPECT_LE(messageTop - fieldBottom, 20) << "next to the field, not at the top of the panel";
  test::saveWindowScreenshot(window, "property_rejected_mass");

  // Letters are not dropped silently: a name that is no parameter is refused, naming it.
  test::typeAndEnter(mass, "abc");
  EXPECT_TRUE(panel.errorText().contains("\"abc\" is not accepted")) << panel.errorText().toStdString();
  EXPECT_TRUE(panel.errorText().contains("'ABC'")) << panel.errorText().toStdString();
  EXPECT_TRUE(panel.errorText().contains("Mass [kg]")) << panel.errorText().toStdString();
  EXPECT_EQ(doc.undoStack().size(), steps);

  // Inertia that breaks the triangle inequality: engineer words, no JSON paths.
  auto* ixx = qobject_cast<QDoubleSpinBox*>(panel.editorOf("/inertia/ixx"));
  ASSERT_NE(ixx, nullptr);
  test::typeAndEnter(ixx, "100");
  const QString inertia = panel.errorText();
  EXPECT_TRUE(inertia.contains("Ixx")) << inertia.toStdString();
  EXPECT_TRUE(inertia.contains("100")) << inertia.toStdString();
  EXPECT_TRUE(inertia.contains("sum of the other two")) << inertia.toStdString();
  EXPECT_FALSE(inertia.contains("/inertia")) << inertia.toStdString();
  EXPECT_FALSE(inertia.contains("/parts")) << inertia.toStdString();
  EXPECT_EQ(doc.undoStack().size(), steps);
  EXPECT_FALSE(window.results().isStale());

  // Fixed: the message goes, the edit is one step and the results are stale.
  test::typeAndEnter(mass, "2");
  EXPECT_TRUE(panel.errorText().isEmpty()) << panel.errorText().toStdString();
  EXPECT_EQ(panel.findChild<QLabel*>("propertyError"), nullptr);
  EXPECT_DOUBLE_EQ(doc.model().part(rod)->mass, 2.0);
  EXPECT_EQ(doc.undoStack().size(), steps + 1);
  EXPECT_TRUE(window.results().isStale());
}

TEST(MotionDialog, ABadFunctionIsShownOnceAndTheDialogKeepsItsSize)
{
  test::application();
  ui::MainWindow window;
  window.show();
  ASSERT_TRUE(window.openFile(test::exampleModel("slider_crank.mbs.json"), true));
  auto* action = window.findChild<QAction*>("actionMotion");
  ASSERT_NE(action, nullptr);
  action->trigger();
  ui::MotionDialog* dialog = nullptr;
  for (auto* d : window.findChildren<ui::MotionDialog*>())
    if (d->isVisible())
      dialog = d;
  ASSERT_NE(dialog, nullptr);
  dialog->joint->selectName("crank_bearing");
  const int widthBefore = dialog->width();
  dialog->function->setText(
      "10*TIME + SIN(TIME * (1 + 2 * 3 + 4 * 5 + 6 * 7 + 8 * 9 + 10 * 11 + 12)) + FOO(TIME");
  QTest::qWait(50);
  // Press OK: the error stays in its one place.
  QTest::mouseClick(dialog->findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Ok), Qt::LeftButton);
  ASSERT_TRUE(dialog->isVisible());
  int shown = 0;
  for (QLabel* label : dialog->findChildren<QLabel*>())
    if (label->isVisible() && label->text().contains("not a valid function"))
      ++shown;
  EXPECT_EQ(shown, 1) << dialog->errorText().toStdString();
  EXPECT_TRUE(dialog->errorText().contains("f(TIME)")) << dialog->errorText().toStdString();
  EXPECT_LE(dialog->width(), std::max(widthBefore, 600))
      << "a long error wraps instead of widening the dialog";
  dialog->grab().save(test::screenshotDir() + "/motion_dialog_error.png");

  // Fixed: the error goes.
  dialog->function->setText("10*TIME");
  QTest::qWait(20);
  EXPECT_TRUE(dialog->errorText().isEmpty());
  dialog->reject();
}

// Functions Adams allows in a motion: VARVAL of a VARIABLE of TIME (as an imported deck has them);
// a VARIABLE that reads the state is refused with the reason.
TEST(MotionDialog, AcceptsVarvalOfAVariableOfTimeAndRefusesOneOfTheState)
{
  test::application();
  ui::MainWindow window;
  window.show();
  ASSERT_TRUE(window.openFile(test::exampleModel("slider_crank.mbs.json"), true));
  ui::Document& doc = window.document();
  core::Variable ramp;
  ramp.name = "ramp";
  ramp.function = "2*PI*TIME";
  ASSERT_TRUE(doc.execute(std::make_unique<core::AddEntity>(ramp)));
  core::Variable state;
  state.name = "crank_angle";
  state.function = "AZ(crank_pin)";
  ASSERT_TRUE(doc.execute(std::make_unique<core::AddEntity>(state)));
  auto* action = window.findChild<QAction*>("actionMotion");
  ASSERT_NE(action, nullptr);
  action->trigger();
  ui::MotionDialog* dialog = nullptr;
  for (auto* d : window.findChildren<ui::MotionDialog*>())
    if (d->isVisible())
      dialog = d;
  ASSERT_NE(dialog, nullptr);
  dialog->joint->selectName("crank_bearing");
  dialog->function->setText("VARVAL(ramp) + 0.5*SIN(TIME)");
  QTest::qWait(20);
  EXPECT_TRUE(dialog->errorText().isEmpty()) << dialog->errorText().toStdString();
  dialog->function->setText("VARVAL(crank_angle)");
  QTest::qWait(20);
  EXPECT_TRUE(dialog->errorText().contains("depends on the system's state"))
      << dialog->errorText().toStdString();
  dialog->reject();
}
