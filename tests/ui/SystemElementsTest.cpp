// Build ▸ System Elements (issue 31): a differential equation and a sensor added from the dialog as
// a user does, each one undo step; a function that does not compile is refused with the reason and
// the model untouched; the run integrates the DIFF (a first-order lag: x = 1 - exp(-t/τ)) and the
// sensor halts it at its time; the DIFF's state is plotted by name.
#include <gtest/gtest.h>

#include <QAction>
#include <QApplication>
#include <QChart>
#include <QChartView>
#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QLineEdit>
#include <QLineSeries>
#include <QPushButton>
#include <QTableWidget>
#include <QTest>
#include <cmath>
#include <vector>

#include "GuiTestSupport.hpp"
#include "mbs/ui/Document.hpp"
#include "mbs/ui/MainWindow.hpp"
#include "mbs/ui/SimulationResults.hpp"
#include "mbs/ui/dialogs/SystemElementsDialog.hpp"
#include "mbs/ui/panels/PlotPanel.hpp"

using namespace mbs;

namespace {

ui::SystemElementsDialog* openDialog(ui::MainWindow& window)
{
  window.findChild<QAction*>("actionSystemElements")->trigger();
  for (auto* d : window.findChildren<ui::SystemElementsDialog*>())
    if (d->isVisible())
      return d;
  return nullptr;
}

void pressApply(ui::SystemElementsDialog* dialog)
{
  QTest::mouseClick(dialog->findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Apply), Qt::LeftButton);
}

}  // namespace

TEST(SystemElements, DifferentialAndSensorFromTheDialogRunPlotAndUndo)
{
  test::application();
  ui::MainWindow window;
  ASSERT_TRUE(test::showWithExample(window, "slider_crank.mbs.json"));
  ui::Document& doc = window.document();
  ui::SystemElementsDialog* dialog = openDialog(window);
  ASSERT_NE(dialog, nullptr) << "Build > System Elements opens its dialog";

  // A first-order lag toward 1 with τ = 0.1 s.
  dialog->selectKind(ui::SystemElementsDialog::Kind::Differential);
  dialog->name->setText("lag");
  dialog->function->setText("(1 - DIF(lag)) / 0.1");
  dialog->initialValue->setValue(0.0);  // (Enter in a dialog field would press OK)
  dialog->staticHold->setChecked(true);
  pressApply(dialog);
  ASSERT_EQ(doc.model().differentials.size(), 1u) << dialog->errorText().toStdString();
  EXPECT_EQ(doc.model().differentials[0].function, "(1 - DIF(lag)) / 0.1");
  EXPECT_TRUE(doc.model().differentials[0].staticHold);
  EXPECT_EQ(dialog->element->currentText(), "lag") << "the applied element stays selected";

  // A function that does not compile: refused, with the reason, the model untouched.
  dialog->element->setCurrentIndex(dialog->element->count() - 1);  // (new differential equation)
  dialog->name->setText("broken");
  dialog->function->setText("(1 - DIF(lag) / 0.1");
  pressApply(dialog);
  EXPECT_EQ(doc.model().differentials.size(), 1u);
  EXPECT_FALSE(dialog->errorText().isEmpty());
  EXPECT_TRUE(dialog->errorText().contains("broken")) << dialog->errorText().toStdString();
  dialog->grab().save(test::screenshotDir() + "/system_elements_refused.png");

  // A sensor that halts the run at t = 0.05 s.
  dialog->selectKind(ui::SystemElementsDialog::Kind::Sensor);
  EXPECT_EQ(dialog->element->currentText(), "(new sensor)") << "a kind without elements offers a new one";
  dialog->name->setText("stop_early");
  dialog->function->setText("TIME");
  dialog->compare->setCurrentIndex(1);  // is at least the value
  dialog->value->setValue(0.05);
  dialog->action->setCurrentIndex(1);  // HALT
  pressApply(dialog);
  ASSERT_EQ(doc.model().sensors.size(), 1u) << dialog->errorText().toStdString();
  EXPECT_TRUE(doc.model().sensors[0].halt);
  EXPECT_EQ(doc.model().sensors[0].compare, core::SensorCompare::GreaterEqual);
  QTest::qWait(50);
  dialog->grab().save(test::screenshotDir() + "/system_elements_sensor.png");
  dialog->selectKind(ui::SystemElementsDialog::Kind::Differential);
  EXPECT_EQ(dialog->element->currentText(), "lag") << "back to the DIFFs: the first one is shown";
  EXPECT_EQ(dialog->function->text(), "(1 - DIF(lag)) / 0.1");
  QTest::qWait(50);
  dialog->grab().save(test::screenshotDir() + "/system_elements_dialog.png");
  dialog->close();

  // Each Apply was one undo step: the sensor, then the DIFF go.
  QAction* undo = window.findChild<QAction*>("actionUndo");
  undo->trigger();
  EXPECT_TRUE(doc.model().sensors.empty());
  EXPECT_EQ(doc.model().differentials.size(), 1u);
  undo->trigger();
  EXPECT_TRUE(doc.model().differentials.empty());
  QAction* redo = window.findChild<QAction*>("actionRedo");
  redo->trigger();
  redo->trigger();
  EXPECT_EQ(doc.model().differentials.size(), 1u);
  EXPECT_EQ(doc.model().sensors.size(), 1u);

  // The run: the sensor halts it at 0.05 s; the DIFF follows 1 - exp(-t/0.1).
  ASSERT_EQ(test::runDynamic(window, 0.2, 40), "");
  const ui::SimulationResults& results = window.results();
  ASSERT_GT(results.frameCount(), 2u);
  const solver::ResultFrame last = results.frame(results.frameCount() - 1);
  // Adams' sensor fires once the function is within ERROR (0.001) of the value.
  EXPECT_NEAR(last.state.t, 0.05, 1.0001e-3) << "the sensor's HALT ends the run";
  ASSERT_EQ(last.differentials.size(), 1);
  EXPECT_NEAR(last.differentials[0], 1.0 - std::exp(-last.state.t / 0.1), 1e-3);

  window.findChild<QDockWidget*>("plotDock")->raise();
  ui::PlotPanel& plot = window.plot();
  ASSERT_TRUE(plot.addCurve("lag (differential equation)", "State x"));
  const auto samples = plot.samples(0);
  ASSERT_FALSE(samples.empty());
  EXPECT_NEAR(samples.back().second, last.differentials[0], 1e-12);
}

// A spline typed into the table as a user does: the points and the CUBSPL/AKISPL interpolants are
// drawn as the table changes (not-a-knot CUBSPL is exact for y = x², so 6.25 at 2.5), a cell that is
// not a number is refused naming its row and column, Apply adds the spline as one undo step.
TEST(SystemElements, SplineTableWithItsInterpolantPlot)
{
  test::application();
  ui::MainWindow window;
  ASSERT_TRUE(test::showWithExample(window, "slider_crank.mbs.json"));
  ui::Document& doc = window.document();
  ui::SystemElementsDialog* dialog = openDialog(window);
  ASSERT_NE(dialog, nullptr);
  dialog->selectKind(ui::SystemElementsDialog::Kind::Spline);
  EXPECT_EQ(dialog->element->currentText(), "(new spline)");
  dialog->name->setText("square");
  QTableWidget* table = dialog->splineTable;
  ASSERT_EQ(table->columnCount(), 2);
  table->setRowCount(5);
  for (int r = 0; r < 5; ++r) {
    table->setItem(r, 0, new QTableWidgetItem(QString::number(r)));
    table->setItem(r, 1, new QTableWidgetItem(QString::number(r * r)));
  }
  QChart* chart = dialog->splinePlot->chart();
  ASSERT_EQ(chart->series().size(), 3) << "CUBSPL, AKISPL and the points";
  auto* cubic = qobject_cast<QLineSeries*>(chart->series()[0]);
  ASSERT_NE(cubic, nullptr);
  EXPECT_EQ(cubic->name(), "CUBSPL");
  // Every sample of the CUBSPL curve inside the data lies on y = x² (not-a-knot is exact for it).
  int inside = 0;
  for (const QPointF& p : cubic->points())
    if (p.x() >= 0.0 && p.x() <= 4.0) {
      ++inside;
      EXPECT_NEAR(p.y(), p.x() * p.x(), 1e-9) << "at x = " << p.x();
    }
  EXPECT_GT(inside, 100);

  table->item(2, 1)->setText("four");
  pressApply(dialog);
  EXPECT_TRUE(doc.model().splines.empty());
  EXPECT_TRUE(dialog->errorText().contains("Row 3")) << dialog->errorText().toStdString();
  table->item(2, 1)->setText("4");
  pressApply(dialog);
  ASSERT_EQ(doc.model().splines.size(), 1u) << dialog->errorText().toStdString();
  EXPECT_EQ(doc.model().splines[0].name, "square");
  EXPECT_EQ(doc.model().splines[0].x, (std::vector<double>{0, 1, 2, 3, 4}));
  EXPECT_EQ(doc.model().splines[0].y.at(0), (std::vector<double>{0, 1, 4, 9, 16}));
  EXPECT_EQ(dialog->name->text().toStdString(), "square") << "the applied spline stays in the form";
  EXPECT_EQ(table->rowCount(), 5);
  QTest::qWait(50);
  dialog->grab().save(test::screenshotDir() + "/system_elements_spline.png");
  window.findChild<QAction*>("actionUndo")->trigger();
  EXPECT_TRUE(doc.model().splines.empty());
}

// An implicit differential equation (Adams DIFF/IMPLICIT: 0 = F reading DIF1 of itself) from the
// dialog: the same first-order lag written as 0 = ẋ - (1 - x)/τ follows x = 1 - exp(-t/τ).
TEST(SystemElements, ImplicitDifferentialFromTheDialog)
{
  test::application();
  ui::MainWindow window;
  ASSERT_TRUE(test::showWithExample(window, "slider_crank.mbs.json"));
  ui::SystemElementsDialog* dialog = openDialog(window);
  ASSERT_NE(dialog, nullptr);
  dialog->selectKind(ui::SystemElementsDialog::Kind::Differential);
  EXPECT_FALSE(dialog->initialRate->isVisibleTo(dialog)) << "the derivative's guess is for implicit ones";
  dialog->implicit->setChecked(true);
  EXPECT_TRUE(dialog->initialRate->isVisibleTo(dialog));
  dialog->name->setText("lag");
  dialog->function->setText("DIF1(lag) - (1 - DIF(lag)) / 0.1");
  dialog->initialRate->setValue(10.0);
  pressApply(dialog);
  const core::Model& model = window.document().model();
  ASSERT_EQ(model.differentials.size(), 1u) << dialog->errorText().toStdString();
  EXPECT_TRUE(model.differentials[0].implicit);
  EXPECT_EQ(model.differentials[0].initialRate, 10.0);
  dialog->close();
  ASSERT_EQ(test::runDynamic(window, 0.2, 20), "");
  const solver::ResultFrame last = window.results().frame(window.results().frameCount() - 1);
  EXPECT_NEAR(last.state.t, 0.2, 1e-12);
  EXPECT_NEAR(last.differentials[0], 1.0 - std::exp(-2.0), 1e-3);
}
