// The views beside the Plot panel show time in the model's time unit too (issue 33): the spectrum's
// time range and summary, the joint analysis's time axis and the design study's end time, after a
// run of the slider-crank shown in a custom unit system with time in ms. The frequency stays in Hz.
#include <gtest/gtest.h>

#include <QAction>
#include <QChart>
#include <QChartView>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QTest>
#include <QValueAxis>
#include <QXYSeries>

#include "GuiTestSupport.hpp"
#include "mbs/ui/Document.hpp"
#include "mbs/ui/MainWindow.hpp"
#include "mbs/ui/dialogs/DesignStudyDialog.hpp"
#include "mbs/ui/dialogs/FormWidgets.hpp"
#include "mbs/ui/panels/JointAnalysisDialog.hpp"
#include "mbs/ui/panels/PlotPanel.hpp"
#include "mbs/ui/panels/SpectrumDialog.hpp"

using namespace mbs;

TEST(TimeUnitViews, SpectrumJointAnalysisAndDesignStudyInMilliseconds)
{
  test::application();
  ui::MainWindow window;
  ASSERT_TRUE(test::showWithExample(window, "slider_crank.mbs.json"));
  ASSERT_EQ(test::runAnalysis(window, ui::RunPanel::Analysis::Kinematic, 0.5, 50), "");
  window.findChild<QDockWidget*>("plotDock")->raise();
  ui::PlotPanel& plot = window.plot();
  ASSERT_TRUE(plot.addCurve("slider", "CM position x [m]"));
  const double end = plot.samples(0).back().first;
  ASSERT_NEAR(end, 0.5, 1e-9);

  // The spectrum opened in SI follows a change to ms while open.
  ui::SpectrumDialog* spectrum = plot.showSpectrum();
  ASSERT_NE(spectrum, nullptr);
  auto* to = spectrum->findChild<QDoubleSpinBox*>("spectrumTo");
  ASSERT_NE(to, nullptr);
  EXPECT_EQ(to->suffix(), " s");
  EXPECT_NEAR(to->value(), 0.5, 1e-9);
  const auto before = spectrum->spectra();
  test::chooseUnits(window, "MMKS", "deg", {}, "ms");
  ASSERT_EQ(window.document().model().displayUnits.timeName, "ms");
  EXPECT_EQ(to->suffix(), " ms");
  EXPECT_NEAR(to->value(), 500.0, 1e-6);
  EXPECT_TRUE(spectrum->summary().contains(" ms to ")) << spectrum->summary().toStdString();
  EXPECT_TRUE(spectrum->summary().contains(" Hz")) << "the frequency stays in Hz";
  // Opened again in ms: the same range, the same spectrum (the time unit changes no number).
  spectrum = plot.showSpectrum();
  EXPECT_NEAR(to->value(), 500.0, 1e-6);
  ASSERT_EQ(spectrum->spectra().size(), before.size());
  EXPECT_EQ(spectrum->spectra().front().frequency, before.front().frequency);
  spectrum->setTimeRange(0.1, 0.4);  // in s
  auto* from = spectrum->findChild<QDoubleSpinBox*>("spectrumFrom");
  EXPECT_NEAR(from->value(), 100.0, 1e-6);
  EXPECT_NEAR(spectrum->spectra().front().t0, 0.1, 0.011) << "the range used is 100 ms, not 100 s";
  EXPECT_NEAR(spectrum->spectra().front().t1, 0.4, 0.011);
  QTest::qWait(50);
  spectrum->grab().save(test::screenshotDir() + "/time_unit_spectrum_ms.png");
  spectrum->close();

  // Joint analysis: the time axis in ms, the values in the model's units.
  window.findChild<QAction*>("actionJointAnalysis")->trigger();
  auto* joints = window.findChild<ui::JointAnalysisDialog*>();
  ASSERT_NE(joints, nullptr);
  ASSERT_GT(joints->quantity->count(), 1);
  const std::vector<QPointF> si = joints->curve();
  ASSERT_FALSE(si.empty());
  EXPECT_NEAR(si.back().x(), 0.5, 1e-9) << "curve() stays in s";
  QChartView* view = joints->findChild<QChartView*>();
  ASSERT_NE(view, nullptr);
  auto* time = qobject_cast<QValueAxis*>(view->chart()->axes(Qt::Horizontal).front());
  ASSERT_NE(time, nullptr);
  EXPECT_EQ(time->titleText(), "Time [ms]");
  EXPECT_NEAR(time->max(), 500.0, 1e-6);
  const auto* series = qobject_cast<QXYSeries*>(view->chart()->series().front());
  ASSERT_NE(series, nullptr);
  EXPECT_NEAR(series->points().back().x(), 500.0, 1e-6);
  QTest::qWait(50);
  joints->grab().save(test::screenshotDir() + "/time_unit_joint_analysis_ms.png");
  joints->close();

  // Design study: the end time shown in ms, typed in ms, kept in s.
  window.findChild<QAction*>("actionDesignStudy")->trigger();
  auto* study = window.findChild<ui::DesignStudyDialog*>();
  ASSERT_NE(study, nullptr);
  study->tabs->setCurrentIndex(1);
  QTest::qWait(20);
  EXPECT_EQ(study->endTime->text(),
            QString::number(1000.0 * window.document().model().analysis.endTime) + " ms");
  test::typeInDialog(study->endTime, "800");
  EXPECT_DOUBLE_EQ(study->endTime->value(), 0.8);
  EXPECT_EQ(study->endTime->text(), "800 ms");
  study->close();
}
