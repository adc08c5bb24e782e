// Quasi-static analysis from the Run panel (issue 34). A user opens the Adams/View MMKS deck of a
// 2 kg bob 500 mm below its hinge pushed sideways by an action-only SFORCE F = 15 t N, picks
// "Quasi-static" in the Run panel, types the end time and the output steps and clicks Run: each
// output frame is the equilibrium tan θ = F(t) / (m g). Properties > Analysis lists the same
// analysis. In Chinese, a time without equilibrium is reported in Chinese and the frames before it
// stay. Saves screenshots/quasi_static_run_panel.png (the user guide's docs/images copy).
#include <gtest/gtest.h>

#include <QComboBox>
#include <QDir>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QFile>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTest>
#include <QTranslator>
#include <cmath>

#include "GuiTestSupport.hpp"
#include "mbs/ui/Document.hpp"
#include "mbs/ui/Language.hpp"
#include "mbs/ui/MainWindow.hpp"
#include "mbs/ui/SimulationResults.hpp"
#include "mbs/ui/panels/PropertyPanel.hpp"
#include "mbs/ui/panels/RunPanel.hpp"

using namespace mbs;

namespace {

constexpr double kMass = 2.0, kG = 9.80665, kLength = 0.5, kRate = 15.0;  // SI, as the deck in MMKS

template <class T>
T* runWidget(ui::MainWindow& window, const char* name)
{
  return window.run().findChild<T*>(name);
}

// Picks an analysis in the Run panel's list by its shown text, as a click on the item does.
bool pickAnalysis(QComboBox* analysis, const QString& text)
{
  const int row = analysis->findText(text);
  if (row < 0)
    return false;
  analysis->setCurrentIndex(row);
  emit analysis->activated(row);
  return true;
}

void typeSteps(QSpinBox* box, const QString& text)
{
  box->setFocus();
  QTest::keyClick(box, Qt::Key_A, Qt::ControlModifier);
  QTest::keyClicks(box, text);
  QTest::keyClick(box, Qt::Key_Return);
}

}  // namespace

TEST(QuasiStaticRun, TheRunPanelRunsEquilibriaUnderARampedPush)
{
  test::application();
  ui::MainWindow window;
  window.resize(1400, 900);
  window.show();
  ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
  ASSERT_TRUE(window.openFile(QString(MBS_TEST_DATA_DIR) + "/adams_view/qs_pendulum_push_mmks.adm", true));
  ui::Document& doc = window.document();
  auto* analysis = runWidget<QComboBox>(window, "runAnalysis");
  auto* endTime = runWidget<QDoubleSpinBox>(window, "runEndTime");
  auto* steps = runWidget<QSpinBox>(window, "runOutputSteps");
  auto* integrator = runWidget<QComboBox>(window, "runIntegrator");
  auto* tolerance = runWidget<QDoubleSpinBox>(window, "runTolerance");
  ASSERT_TRUE(analysis && endTime && steps && integrator && tolerance);

  // Every analysis of the list maps to its own model setting, whatever the list's order.
  const std::pair<const char*, core::AnalysisType> listed[] = {
      {"Initial conditions", core::AnalysisType::InitialConditions},
      {"Kinematic", core::AnalysisType::Kinematic},
      {"Static", core::AnalysisType::Static},
      {"Dynamic", core::AnalysisType::Dynamic},
      {"Quasi-static", core::AnalysisType::QuasiStatic}};
  for (const auto& [text, type] : listed) {
    ASSERT_TRUE(pickAnalysis(analysis, text)) << text;
    EXPECT_EQ(doc.model().analysis.type, type) << text;
  }
  // Quasi-static has an end time and output steps, as a dynamic run, but no integrator and no
  // integrator error tolerance (each equilibrium converges to the statics' own residuals).
  EXPECT_TRUE(endTime->isEnabled());
  EXPECT_TRUE(steps->isEnabled());
  EXPECT_FALSE(integrator->isEnabled());
  EXPECT_FALSE(tolerance->isEnabled());
  test::typeAndEnter(endTime, "1");
  typeSteps(steps, "10");
  EXPECT_DOUBLE_EQ(doc.model().analysis.endTime, 1.0);
  EXPECT_EQ(doc.model().analysis.outputSteps, 10);

  // Properties > Analysis lists it and shows the same choice.
  doc.setSelection({});
  auto* propertyType = qobject_cast<QComboBox*>(window.properties().editorOf("/analysis/type"));
  ASSERT_NE(propertyType, nullptr);
  EXPECT_GE(propertyType->findData(QStringLiteral("quasi_static")), 0);
  EXPECT_EQ(propertyType->currentData().toString(), "quasi_static");

  QTest::mouseClick(runWidget<QPushButton>(window, "runButton"), Qt::LeftButton);
  ASSERT_TRUE(test::waitFor([&window] { return !window.run().isRunning(); }, 60000));
  ASSERT_TRUE(window.run().lastRunOk()) << window.run().logText().toStdString();
  EXPECT_TRUE(window.run().logText().contains("Quasi-static finished"))
      << window.run().logText().toStdString();
  // The user guide's picture: the panel after the run.
  window.findChild<QDockWidget*>("runDock")->raise();
  for (QLineEdit* typed : {endTime->findChild<QLineEdit*>(), steps->findChild<QLineEdit*>()})
    typed->deselect();
  QTest::qWait(100);
  window.run().grab().save(test::screenshotDir() + "/quasi_static_run_panel.png");
  const solver::ResultStore* store = window.results().store();
  ASSERT_NE(store, nullptr);
  ASSERT_EQ(store->size(), 11u);  // t = 0, 0.1, ..., 1 s
  for (std::size_t k = 0; k < store->size(); ++k) {
    const solver::ResultFrame frame = store->frame(k);
    const double t = 0.1 * double(k);
    const double theta = std::atan2(kRate * t, kMass * kG);  // tan θ = F / (m g)
    EXPECT_NEAR(frame.state.t, t, 1e-12);
    const auto& bob = frame.bodies.at(0).position;
    EXPECT_NEAR(bob.x(), kLength * std::sin(theta), 1e-9) << "t = " << t;
    EXPECT_NEAR(bob.y(), -kLength * std::cos(theta), 1e-9) << "t = " << t;
  }
}

// A torque T = m g L t / 0.75 on the hinge has an equilibrium (sin θ = T / (m g L)) up to
// t = 0.75 s and none after: the run fails at t = 0.8 s, says so in Chinese, and keeps 8 frames.
TEST(QuasiStaticRun, NoEquilibriumIsReportedInChineseAndTheFramesBeforeItStay)
{
  test::application();
  ASSERT_EQ(ui::Language::install(test::application(), "zh_CN"), "zh_CN");
  QTemporaryDir dir;
  const QString path = dir.filePath("wind_up.adm");
  {
    QFile file(path);
    ASSERT_TRUE(file.open(QIODevice::WriteOnly));
    file.write(R"(wind-up pendulum
UNITS/FORCE = NEWTON, MASS = KILOGRAM, LENGTH = METER, TIME = SECOND
PART/1, GROUND
MARKER/1, PART = 1
PART/2, MASS = 2, CM = 20, IP = 0.1, 0.1, 0.1, QG = 0, -1.5, 0
MARKER/20, PART = 2
MARKER/21, PART = 2, QP = 0, 1.5, 0
JOINT/1, REVOLUTE, I = 21, J = 1
SFORCE/1, ROTATIONAL, ACTIONONLY, I = 21, J = 1, FUNCTION = 2*9.80665*1.5*TIME/0.75
ACCGRAV/JGRAVITY = -9.80665
END
)");
  }
  {
    ui::MainWindow window;
    window.resize(1400, 900);
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    ASSERT_TRUE(window.openFile(path, true));
    auto* analysis = runWidget<QComboBox>(window, "runAnalysis");
    ASSERT_NE(analysis, nullptr);
    ASSERT_TRUE(pickAnalysis(analysis, QString::fromUtf8("准静态分析")));
    EXPECT_EQ(window.document().model().analysis.type, core::AnalysisType::QuasiStatic);
    window.run().setEndTime(1.0);
    window.run().setOutputSteps(10);
    ASSERT_TRUE(window.run().start());
    ASSERT_TRUE(test::waitFor([&window] { return !window.run().isRunning(); }, 60000));
    EXPECT_FALSE(window.run().lastRunOk());
    const QString log = window.run().logText();
    EXPECT_TRUE(
        log.contains(QString::fromUtf8("t = 0.8 s 时无静平衡位置(保留 t = 0.7 s 之前的 8 个平衡位置)")))
        << log.toStdString();
    ASSERT_NE(window.results().store(), nullptr);
    EXPECT_EQ(window.results().store()->size(), 8u);  // t = 0 .. 0.7 s
    window.findChild<QDockWidget*>("runDock")->raise();
    QTest::qWait(100);
    window.run().grab().save(test::screenshotDir() + "/zh_quasi_static_run_panel.png");
  }
  for (QTranslator* t : test::application().findChildren<QTranslator*>()) {
    QCoreApplication::removeTranslator(t);
    delete t;
  }
  ui::Language::install(test::application(), "en");
}
