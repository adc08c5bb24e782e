// The energy balance of a dynamic run (issue 14; solver/src/dynamics/EnergyAccount.cpp) in the
// Run panel's log: after a dynamic run of the bundled slider-crank with a wrist-pin clearance the
// log ends with the energy table (mechanical energy, the drive's work, the clearance contact and
// its friction, the balance error), in English and, with the Chinese interface, in Chinese.
// Saves energy_balance_log.png / zh_energy_balance_log.png in the screenshot folder.
#include <gtest/gtest.h>

#include <QDockWidget>
#include <QTest>
#include <QTranslator>

#include "GuiTestSupport.hpp"
#include "mbs/ui/Language.hpp"
#include "mbs/ui/MainWindow.hpp"
#include "mbs/ui/panels/RunPanel.hpp"

using namespace mbs;

namespace {

QString runClearanceExample(ui::MainWindow& window)
{
  window.resize(1366, 900);
  window.show();
  EXPECT_TRUE(QTest::qWaitForWindowExposed(&window));
  EXPECT_TRUE(window.openFile(test::exampleModel("slider_crank_clearance.mbs.json"), true));
  window.findChild<QDockWidget*>("runDock")->raise();
  const std::string failed = test::runDynamic(window, 0.05, 50);
  EXPECT_TRUE(failed.empty()) << failed;
  return window.run().logText();
}

TEST(EnergyBalanceLog, DynamicRunEndsWithTheEnergyBalance)
{
  test::application();
  ui::MainWindow window;
  const QString log = runClearanceExample(window);
  EXPECT_TRUE(log.contains("Energy balance 0 → 0.05 s [J]: mechanical energy ")) << log.toStdString();
  EXPECT_TRUE(log.contains("Energy balance: work of motions +")) << log.toStdString();
  EXPECT_TRUE(log.contains("Energy balance: work of forces ")) << log.toStdString();
  EXPECT_TRUE(log.contains("' contact -")) << log.toStdString();
  EXPECT_TRUE(log.contains("Energy balance error ")) << log.toStdString();
  EXPECT_TRUE(log.contains(" of the largest term)")) << log.toStdString();
  test::saveWindowScreenshot(window, "energy_balance_log");
}

TEST(EnergyBalanceLog, ChineseInterfaceShowsItTranslated)
{
  test::application();
  ASSERT_EQ(ui::Language::install(test::application(), "zh_CN"), "zh_CN");
  {
    ui::MainWindow window;
    const QString log = runClearanceExample(window);
    EXPECT_TRUE(log.contains("能量平衡 0 → 0.05 s [J]:机械能 ")) << log.toStdString();
    EXPECT_TRUE(log.contains("能量平衡:驱动做功 +")) << log.toStdString();
    EXPECT_TRUE(log.contains("能量平衡:力元做功 ")) << log.toStdString();
    EXPECT_TRUE(log.contains("' 接触 -")) << log.toStdString();
    EXPECT_TRUE(log.contains("能量平衡误差 ")) << log.toStdString();
    EXPECT_FALSE(log.contains("Energy balance")) << log.toStdString();
    test::saveWindowScreenshot(window, "zh_energy_balance_log");
  }
  for (QTranslator* t : test::application().findChildren<QTranslator*>()) {
    QCoreApplication::removeTranslator(t);
    delete t;
  }
  ui::Language::install(test::application(), "en");
}

}  // namespace
