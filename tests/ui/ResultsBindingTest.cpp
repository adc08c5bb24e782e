// Results belong to the model they came from, and the analysis settings have one home: the Run
// panel edits the model's settings (undoable, saved) that Properties > Analysis shows too; New and
// Open take away the old model's curves, cursor, run log and status.
#include <gtest/gtest.h>

#include <QAction>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QMenuBar>
#include <QPlainTextEdit>
#include <QTest>

#include "GuiTestSupport.hpp"
#include "mbs/ui/Document.hpp"
#include "mbs/ui/MainWindow.hpp"
#include "mbs/ui/SimulationResults.hpp"
#include "mbs/ui/panels/AnimationPanel.hpp"
#include "mbs/ui/panels/LogPanel.hpp"
#include "mbs/ui/panels/PlotPanel.hpp"
#include "mbs/ui/panels/PropertyPanel.hpp"
#include "mbs/ui/panels/RunPanel.hpp"

using namespace mbs;

namespace {

QAction* menuAction(ui::MainWindow& window, const QString& text)
{
  for (QAction* action : window.findChildren<QAction*>())
    if (action->text().remove('&') == text)
      return action;
  return nullptr;
}

// Presses F5 in the main window and waits for the run to end.
bool runWithF5(ui::MainWindow& window)
{
  QTest::keyClick(&window, Qt::Key_F5);
  if (!window.run().isRunning())
    return false;
  return test::waitFor([&window] { return !window.run().isRunning(); }, 60000) && window.run().lastRunOk();
}

template <class T>
T* runWidget(ui::MainWindow& window, const char* name)
{
  return window.run().findChild<T*>(name);
}

}  // namespace

TEST(RunPanel, EditsTheModelsOwnAnalysisSettings)
{
  test::application();
  ui::MainWindow window;
  ASSERT_TRUE(window.openFile(test::exampleModel("pendulum.mbs.json"), true));
  ui::Document& doc = window.document();
  auto* endTime = runWidget<QDoubleSpinBox>(window, "runEndTime");
  auto* analysis = runWidget<QComboBox>(window, "runAnalysis");
  ASSERT_TRUE(endTime && analysis);
  const double originalEndTime = doc.model().analysis.endTime;
  EXPECT_DOUBLE_EQ(endTime->value(), originalEndTime);

  // Typed into the Run panel: the model's setting, one undo step, the document is modified.
  const auto steps = doc.undoStack().size();
  endTime->setFocus();
  QTest::keyClick(endTime, Qt::Key_A, Qt::ControlModifier);
  QTest::keyClicks(endTime, "2.5");
  QTest::keyClick(endTime, Qt::Key_Return);
  EXPECT_DOUBLE_EQ(doc.model().analysis.endTime, 2.5);
  EXPECT_EQ(doc.undoStack().size(), steps + 1);
  EXPECT_TRUE(doc.isModified());

  // Properties > Analysis shows the same value, and an edit there shows in the Run panel.
  doc.setSelection({});
  auto* propertyEndTime = qobject_cast<QDoubleSpinBox*>(window.properties().editorOf("/analysis/end_time"));
  ASSERT_NE(propertyEndTime, nullptr);
  EXPECT_DOUBLE_EQ(propertyEndTime->value(), 2.5);
  propertyEndTime->setValue(0.5);
  EXPECT_DOUBLE_EQ(endTime->value(), 0.5);
  auto* propertyType = qobject_cast<QComboBox*>(window.properties().editorOf("/analysis/type"));
  ASSERT_NE(propertyType, nullptr);
  QTest::mouseClick(analysis, Qt::LeftButton);  // the choice from the Run panel's list
  analysis->setCurrentIndex(analysis->findData(QStringLiteral("kinematic")));  // item data: the type
  emit analysis->activated(analysis->currentIndex());
  EXPECT_EQ(doc.model().analysis.type, core::AnalysisType::Kinematic);
  EXPECT_EQ(propertyType->currentText(), "kinematic");

  // Undo goes back through the edits (the two end-time edits merge, as edits of one field do) and
  // both panels follow.
  doc.undoStack().undo();
  EXPECT_EQ(analysis->currentData().toString().toStdString(), core::toString(doc.model().analysis.type));
  EXPECT_NE(doc.model().analysis.type, core::AnalysisType::Kinematic);
  doc.undoStack().undo();
  EXPECT_DOUBLE_EQ(endTime->value(), originalEndTime);
  EXPECT_DOUBLE_EQ(propertyEndTime->value(), originalEndTime);
  EXPECT_FALSE(doc.isModified());
  doc.undoStack().redo();
  EXPECT_DOUBLE_EQ(endTime->value(), 0.5);
}

TEST(RunPanel, NewAndOpenTakeAwayTheOldModelsResults)
{
  test::application();
  ui::MainWindow window;
  window.resize(1366, 768);
  window.show();
  window.activateWindow();
  ASSERT_TRUE(QTest::qWaitForWindowActive(&window));
  ASSERT_TRUE(window.openFile(test::exampleModel("pendulum.mbs.json"), true));
  ui::RunPanel& run = window.run();
  run.setAnalysis(ui::RunPanel::Analysis::Dynamic);
  run.setEndTime(0.2);
  run.setOutputSteps(20);
  ASSERT_TRUE(runWithF5(window)) << run.logText().toStdString();
  ui::PlotPanel& plot = window.plot();
  ASSERT_TRUE(plot.addCurve("bob", "CM position y [m]")) << "entities come from the run";
  window.animation().setFrame(10);
  EXPECT_TRUE(plot.readout().contains("t = 0.1000")) << plot.readout().toStdString();
  auto* status = runWidget<QLabel>(window, "runStatus");
  auto* log = runWidget<QPlainTextEdit>(window, "runLog");
  EXPECT_TRUE(status->text().contains("21 output frames")) << status->text().toStdString();
  EXPECT_TRUE(window.log().toPlainText().contains("Run: Dynamic")) << "run messages reach Messages";

  // Editing marks the results stale; a re-run replaces them.
  auto* stale = runWidget<QLabel>(window, "runStale");
  run.setEndTime(0.1);
  EXPECT_TRUE(stale->isVisible());
  ASSERT_TRUE(runWithF5(window));
  EXPECT_FALSE(stale->isVisible());
  EXPECT_EQ(window.results().frameCount(), 21u);
  EXPECT_EQ(plot.curveCount(), 1) << "the same model: the curve follows the new run";
  EXPECT_NEAR(plot.samples(0).back().first, 0.1, 1e-9);
  EXPECT_EQ(log->toPlainText().count("started"), 1) << "the run log shows the latest run";

  // File > New (the settings were changed: Don't Save).
  test::answerMessageBox("unsavedChangesBox", "Don't Save");
  menuAction(window, "New")->trigger();
  EXPECT_EQ(window.document().model().parts().size(), 1u) << "a new model has only ground";
  EXPECT_TRUE(window.results().empty());
  EXPECT_EQ(plot.curveCount(), 0);
  EXPECT_FALSE(plot.readout().contains("bob"));
  EXPECT_TRUE(log->toPlainText().isEmpty());
  EXPECT_EQ(status->text(), "Idle");
  EXPECT_FALSE(stale->isVisible());
  EXPECT_EQ(window.plot().findChild<QComboBox*>("plotEntity")->count(), 0);
  test::saveWindowScreenshot(window, "results_after_new");

  // Open during a run: the old run stops and shows nothing in the new model's panels.
  ASSERT_TRUE(window.openFile(test::exampleModel("pendulum.mbs.json"), true));
  run.setEndTime(1e5);
  run.setOutputSteps(100000);
  ASSERT_TRUE(run.start());
  QTest::qWait(200);
  ASSERT_TRUE(window.openFile(test::exampleModel("slider_crank.mbs.json"), true));
  ASSERT_TRUE(test::waitFor([&run] { return !run.isRunning(); }, 20000));
  QTest::qWait(100);
  EXPECT_TRUE(window.results().empty());
  EXPECT_EQ(status->text(), "Idle");
  EXPECT_FALSE(log->toPlainText().contains("frame")) << log->toPlainText().toStdString();
}
