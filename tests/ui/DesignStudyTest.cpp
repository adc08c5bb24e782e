// Tools > Design Study: parameters edited in their table (one undo step), a two-variable study of
// the pendulum released from the horizontal run on the worker thread, checked against the closed
// form (peak pivot reaction 3 m g, independent of the length), the plot and the 2-D map drawn, and
// the summary and plot exported.
#include <gtest/gtest.h>

#include <QComboBox>
#include <QFile>
#include <QSpinBox>
#include <QTemporaryDir>

#include <QAbstractButton>
#include <QAction>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFile>
#include <QLabel>
#include <QPushButton>
#include <QRegularExpression>
#include <QSpinBox>
#include <QTabWidget>
#include <QTableWidget>
#include <QTest>
#include <QTranslator>
#include <cmath>

#include "GuiTestSupport.hpp"
#include "mbs/core/Commands.hpp"
#include "mbs/core/Study.hpp"
#include "mbs/core/StudyFiles.hpp"
#include "mbs/core/StudyRun.hpp"
#include "mbs/ui/Document.hpp"
#include "mbs/ui/Language.hpp"
#include "mbs/ui/MainWindow.hpp"
#include "mbs/ui/dialogs/DesignStudyDialog.hpp"

using namespace mbs;

namespace {

ui::DesignStudyDialog* openStudy(ui::MainWindow& window)
{
  window.findChild<QAction*>("actionDesignStudy")->trigger();
  return window.findChild<ui::DesignStudyDialog*>();
}

int rowOf(QTableWidget* table, const QString& name)
{
  for (int r = 0; r < table->rowCount(); ++r)
    if (table->item(r, 0) && table->item(r, 0)->text() == name)
      return r;
  return -1;
}

}  // namespace

TEST(DesignStudy, ParametersAreEditedAsOneUndoStep)
{
  test::application();
  ui::MainWindow window;
  ASSERT_TRUE(window.openFile(QString(MBS_TEST_DATA_DIR) + "/study/pendulum_parameters.mbs.json", true));
  ui::DesignStudyDialog* dialog = openStudy(window);
  ASSERT_NE(dialog, nullptr);
  ASSERT_EQ(dialog->parameters->rowCount(), 2);
  ASSERT_EQ(dialog->bindings->rowCount(), 3);
  const int m0 = rowOf(dialog->parameters, "m0");
  ASSERT_GE(m0, 0);
  auto bobMass = [&] {
    const auto& m = window.document().model();
    return m.part(m.findPart("bob"))->mass;
  };
  // A mass the model refuses: nothing changes and the reason is shown.
  dialog->parameters->item(m0, 1)->setText("-2");
  QTest::mouseClick(dialog->applyParameters, Qt::LeftButton);
  EXPECT_TRUE(dialog->parameterMessage->text().contains("mass"))
      << dialog->parameterMessage->text().toStdString();
  EXPECT_EQ(bobMass(), 1.0);
  dialog->parameters->item(rowOf(dialog->parameters, "m0"), 1)->setText("2.5");
  QTest::mouseClick(dialog->applyParameters, Qt::LeftButton);
  EXPECT_EQ(bobMass(), 2.5) << dialog->parameterMessage->text().toStdString();
  window.document().undoStack().undo();
  EXPECT_EQ(bobMass(), 1.0);
  EXPECT_EQ(dialog->parameters->item(rowOf(dialog->parameters, "m0"), 1)->text(), "1");  // the table follows
  // A binding to an entity that does not exist is refused naming it.
  dialog->bindings->item(0, 0)->setText("no_such_part");
  QTest::mouseClick(dialog->applyParameters, Qt::LeftButton);
  EXPECT_TRUE(dialog->parameterMessage->text().contains("no_such_part"));
}

TEST(DesignStudy, TwoVariableStudyRunsAndMatchesTheClosedForm)
{
  test::application();
  ui::MainWindow window;
  ASSERT_TRUE(window.openFile(QString(MBS_TEST_DATA_DIR) + "/study/pendulum_parameters.mbs.json", true));
  ui::DesignStudyDialog* dialog = openStudy(window);
  ASSERT_NE(dialog, nullptr);
  dialog->tabs->setCurrentIndex(1);
  dialog->addVariable("L", 0.5, 1.5, 3);
  dialog->addVariable("m0", 1.0, 3.0, 2);
  dialog->addResponse("pivot_joint.fy", "max_abs");
  dialog->addResponse("bob.vx", "max_abs");
  dialog->endTime->setValue(0.8);
  dialog->outputSteps->setValue(1600);
  QTest::mouseClick(dialog->run, Qt::LeftButton);
  ASSERT_TRUE(dialog->isRunning()) << dialog->status->text().toStdString();
  ASSERT_TRUE(test::waitFor([&] { return !dialog->isRunning(); }, 120000));
  EXPECT_TRUE(dialog->status->text().contains("6 runs, 0 failed")) << dialog->status->text().toStdString();
  ASSERT_EQ(dialog->summary->rowCount(), 6);
  const int columns = dialog->summary->columnCount();
  for (int r = 0; r < 6; ++r) {
    const double m = dialog->summary->item(r, 2)->text().toDouble();
    const double L = dialog->summary->item(r, 1)->text().toDouble();
    EXPECT_NEAR(dialog->summary->item(r, 3)->text().toDouble(), 3 * m * 9.81, 3 * m * 9.81 * 2e-3)
        << "run " << r + 1;
    // Released from the horizontal: the speed at the bottom is sqrt(2 g L) (reached before 0.8 s).
    EXPECT_NEAR(dialog->summary->item(r, 4)->text().toDouble(), std::sqrt(2 * 9.81 * L),
                2e-3 * std::sqrt(2 * 9.81 * L));
    EXPECT_EQ(dialog->summary->item(r, columns - 2)->text(), "ok");
  }
  // Plot: peak reaction vs L, one curve per mass; the map has all six runs.
  dialog->plotResponse->setCurrentIndex(0);
  EXPECT_EQ(dialog->chart->chart()->series().size(), 2);
  EXPECT_EQ(dialog->mapPointCount(), 6);
  const QString dir = test::screenshotDir();
  QString error;
  ASSERT_TRUE(dialog->exportSummary(dir + "/design_study_summary.csv", &error)) << error.toStdString();
  QFile csv(dir + "/design_study_summary.csv");
  ASSERT_TRUE(csv.open(QIODevice::ReadOnly));
  const QStringList lines = QString::fromUtf8(csv.readAll()).split('\n', Qt::SkipEmptyParts);
  ASSERT_EQ(lines.size(), 7);
  EXPECT_EQ(lines[0], "run,L,m0,pivot_joint.fy max_abs,bob.vx max_abs,status,message");
  dialog->resize(1000, 820);
  dialog->plots->setCurrentIndex(1);
  QTest::qWait(50);
  ASSERT_TRUE(dialog->exportPlot(dir + "/design_study_map.png"));
  EXPECT_GT(test::distinctColours(QImage(dir + "/design_study_map.png")), 6);
  dialog->plots->setCurrentIndex(0);
  QTest::qWait(50);
  ASSERT_TRUE(dialog->exportPlot(dir + "/design_study_plot.png"));
  EXPECT_GT(test::distinctColours(QImage(dir + "/design_study_plot.png")), 3);
  dialog->grab().save(dir + "/design_study.png");
}

// The worked example of docs/design-studies.md in the GUI: guide friction and crank speed of the
// slider-crank vs the peak crank-pin force. The friction force mu N adds to the pin force, so the
// peak grows with mu at every speed, and the inertia loads make it grow with omega. Writes the
// screenshots of the manual.
TEST(DesignStudy, SliderCrankFrictionAndSpeedWorkedExample)
{
  test::application();
  ui::MainWindow window;
  ASSERT_TRUE(window.openFile(QString(MBS_RESOURCES_DIR) + "/models/slider_crank_friction.mbs.json", true));
  ui::DesignStudyDialog* dialog = openStudy(window);
  ASSERT_NE(dialog, nullptr);
  dialog->resize(1000, 860);
  dialog->addVariable("mu", 0.05, 0.45, 5);
  dialog->addVariable("omega", 10, 30, 3);
  dialog->addResponse("pin_force.fmag", "max");
  dialog->addResponse("slider_guide.power", "mean");
  dialog->tabs->setCurrentIndex(1);
  QTest::qWait(50);
  dialog->grab().save(test::screenshotDir() + "/design_study_setup.png");
  QTest::mouseClick(dialog->run, Qt::LeftButton);
  ASSERT_TRUE(test::waitFor([&] { return !dialog->isRunning(); }, 120000));
  ASSERT_EQ(dialog->summary->rowCount(), 15);
  const int columns = dialog->summary->columnCount();
  auto peak = [&](int run) { return dialog->summary->item(run, 3)->text().toDouble(); };
  for (int r = 0; r < 15; ++r)
    ASSERT_EQ(dialog->summary->item(r, columns - 2)->text(), "ok") << r;
  for (int omega = 0; omega < 3; ++omega)
    for (int mu = 1; mu < 5; ++mu)
      EXPECT_GT(peak(3 * mu + omega), peak(3 * (mu - 1) + omega) + 1.0)
          << "mu step " << mu << " omega " << omega;
  for (int mu = 0; mu < 5; ++mu)
    EXPECT_GT(peak(3 * mu + 2), peak(3 * mu + 1));
  dialog->plotVariable->setCurrentIndex(1);  // pin force vs omega, one curve per mu
  EXPECT_EQ(dialog->chart->chart()->series().size(), 5);
  QTest::qWait(50);
  dialog->grab().save(test::screenshotDir() + "/design_study_results.png");
  dialog->plotVariable->setCurrentIndex(0);
  dialog->plots->setCurrentIndex(1);
  QTest::qWait(50);
  EXPECT_EQ(dialog->mapPointCount(), 15);
  ASSERT_TRUE(dialog->exportPlot(test::screenshotDir() + "/design_study_map_example.png"));

  // The same study as a study file for mbsolve study, and opened again into the form.
  const QString studyFile = test::screenshotDir() + "/design_study_example.study.json";
  QString error;
  ASSERT_TRUE(dialog->saveStudy(studyFile, &error)) << error.toStdString();
  const auto saved = core::loadStudy(studyFile.toStdString());
  ASSERT_TRUE(saved.ok()) << saved.errors.front().toString();
  EXPECT_EQ(saved.study->runs().size(), 15u);
  EXPECT_EQ(saved.study->modelPath, window.document().filePath().toStdString());
  ASSERT_EQ(saved.study->responses.size(), 2u);
  EXPECT_EQ(saved.study->responses[0].column, "pin_force.fmag");
  dialog->variables->setRowCount(0);
  dialog->responses->setRowCount(0);
  ASSERT_TRUE(dialog->openStudy(studyFile, &error)) << error.toStdString();
  EXPECT_TRUE(error.isEmpty()) << error.toStdString();
  EXPECT_EQ(dialog->variables->rowCount(), 2);
  EXPECT_EQ(dialog->variables->item(0, 3)->text(), "5");
  EXPECT_EQ(dialog->responses->rowCount(), 2);
  // An unsaved model cannot be named by a study file.
  window.document().undoStack().push(core::makeSetParameterValue(window.document().model(), "mu", 0.2));
  EXPECT_FALSE(dialog->saveStudy(studyFile, &error));
  EXPECT_TRUE(error.contains("Save the model first")) << error.toStdString();
}

// In Chinese every tab, button and label of the dialog is translated and fits.
TEST(DesignStudy, ChineseDialogIsTranslatedAndFits)
{
  test::application();
  ASSERT_EQ(ui::Language::install(test::application(), "zh_CN"), "zh_CN");
  {
    ui::MainWindow window;
    ASSERT_TRUE(window.openFile(QString(MBS_RESOURCES_DIR) + "/models/slider_crank_friction.mbs.json", true));
    ui::DesignStudyDialog* dialog = openStudy(window);
    ASSERT_NE(dialog, nullptr);
    const QRegularExpression cjk(QStringLiteral("[\\x{4e00}-\\x{9fff}]"));
    EXPECT_TRUE(dialog->windowTitle().contains(cjk));
    for (int t = 0; t < dialog->tabs->count(); ++t) {
      dialog->tabs->setCurrentIndex(t);
      QTest::qWait(20);
      EXPECT_TRUE(dialog->tabs->tabText(t).contains(cjk)) << dialog->tabs->tabText(t).toStdString();
      for (QAbstractButton* button : dialog->findChildren<QAbstractButton*>()) {
        if (!button->isVisible() || button->text().isEmpty() || button->inherits("QToolButton"))
          continue;
        EXPECT_TRUE(button->text().contains(cjk)) << button->text().toStdString();
        EXPECT_GE(button->width(), button->minimumSizeHint().width()) << button->text().toStdString();
      }
      for (QLabel* label : dialog->findChildren<QLabel*>())
        if (label->isVisible() && !label->text().isEmpty() && !label->wordWrap())
          EXPECT_GE(label->contentsRect().width() + 1, label->fontMetrics().horizontalAdvance(label->text()))
              << label->text().toStdString();
    }
    dialog->tabs->setCurrentIndex(1);
    dialog->addVariable("mu", 0.05, 0.45, 5);
    QTest::qWait(20);
    QDir().mkpath(test::screenshotDir() + "/zh");
    dialog->grab().save(test::screenshotDir() + "/zh/design_study.png");
  }
  for (QTranslator* t : test::application().findChildren<QTranslator*>()) {
    QCoreApplication::removeTranslator(t);
    delete t;
  }
}

// The bundled study opens in the dialog with what the form does not show kept: its derived columns
// (the drive's effort, a derived column, is a response), so the study saved from the form is the
// one mbsolve runs.
TEST(DesignStudy, BundledStudyKeepsItsDerivedColumns)
{
  test::application();
  ui::MainWindow window;
  ASSERT_TRUE(window.openFile(QString(MBS_RESOURCES_DIR) + "/models/slider_crank_friction.mbs.json", true));
  ui::DesignStudyDialog* dialog = openStudy(window);
  ASSERT_NE(dialog, nullptr);
  QString note;
  ASSERT_TRUE(
      dialog->openStudy(QString(MBS_RESOURCES_DIR) + "/studies/slider_crank_friction.study.json", &note))
      << note.toStdString();
  ASSERT_EQ(dialog->responses->rowCount(), 4);
  QTemporaryDir dir;
  const QString saved = dir.filePath("friction.study.json");
  QString error;
  ASSERT_TRUE(dialog->saveStudy(saved, &error)) << error.toStdString();
  const auto back = core::loadStudy(saved.toStdString());
  ASSERT_TRUE(back.ok()) << back.errors.front().toString();
  EXPECT_TRUE(back.study->analysis.derived);
  ASSERT_TRUE(back.study->analysis.tolerance.has_value());
  EXPECT_DOUBLE_EQ(*back.study->analysis.tolerance, 1e-6);
  core::Diagnostics problems;
  EXPECT_TRUE(core::StudyPlan::prepare(*back.study, window.document().model(), problems).has_value())
      << (problems.empty() ? "" : problems.front().toString());

  // A new form with a response on the drive's effort asks for the derived columns by itself.
  dialog->variables->setRowCount(0);
  dialog->responses->setRowCount(0);
  dialog->addVariable("mu", 0.1, 0.3, 2);
  dialog->addResponse("crank_drive.effort", "max_abs");
  ASSERT_TRUE(dialog->saveStudy(saved, &error)) << error.toStdString();
  const auto fresh = core::loadStudy(saved.toStdString());
  ASSERT_TRUE(fresh.ok()) << fresh.errors.front().toString();
  EXPECT_TRUE(fresh.study->analysis.derived);
  problems.clear();
  EXPECT_TRUE(core::StudyPlan::prepare(*fresh.study, window.document().model(), problems).has_value())
      << (problems.empty() ? "" : problems.front().toString());
}

// A Latin-hypercube study file opens with its sample count and seed.
TEST(DesignStudy, LatinHypercubeStudyKeepsItsSampleCount)
{
  test::application();
  ui::MainWindow window;
  ASSERT_TRUE(window.openFile(QString(MBS_RESOURCES_DIR) + "/models/slider_crank_friction.mbs.json", true));
  ui::DesignStudyDialog* dialog = openStudy(window);
  ASSERT_NE(dialog, nullptr);
  QTemporaryDir dir;
  const QString path = dir.filePath("lhs.study.json");
  {
    QFile f(path);
    ASSERT_TRUE(f.open(QIODevice::WriteOnly));
    f.write(QByteArray(R"({"format": "mbstudio-study", "version": 1,
      "model": ")") +
            QByteArray(MBS_RESOURCES_DIR) + R"(/models/slider_crank_friction.mbs.json",
      "design": {"type": "latin_hypercube", "samples": 7, "seed": 42},
      "variables": [{"name": "mu", "min": 0.05, "max": 0.45}],
      "analysis": {"end_time": 0.1, "output_steps": 20},
      "responses": [{"name": "peak", "column": "pin_force.fmag", "statistic": "max"}]})");
  }
  QString note;
  ASSERT_TRUE(dialog->openStudy(path, &note)) << note.toStdString();
  EXPECT_EQ(dialog->design->currentIndex(), 1);
  EXPECT_EQ(dialog->samples->value(), 7);
  EXPECT_EQ(dialog->seed->value(), 42);
  const QString saved = dir.filePath("lhs_saved.study.json");
  QString error;
  ASSERT_TRUE(dialog->saveStudy(saved, &error)) << error.toStdString();
  const auto back = core::loadStudy(saved.toStdString());
  ASSERT_TRUE(back.ok()) << back.errors.front().toString();
  EXPECT_EQ(back.study->samples, 7);
  EXPECT_EQ(back.study->runs().size(), 7u);
}
