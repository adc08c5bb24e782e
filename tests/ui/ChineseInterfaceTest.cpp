// The Chinese interface (issue 17). With the zh_CN translation installed (as `--language zh_CN` or
// a Chinese system locale does), the slider-crank is opened, run and plotted:
//  - menus, Build actions, panel titles and the model tree use the DMBS terms (铰, 标记点, 摩擦铰,
//    拓扑结构, 动画仿真, 动力学求解...), and no menu entry is left in English;
//  - no label, button or check box of the main window and the build dialogs is narrower than its
//    text (clipped);
//  - the solver's English diagnostics reach the Run panel translated at the ui boundary, and so do
//    core's reasons for refusing a file, the Adams importer's losses and the undo steps' names.
// Saves zh_*.png in the screenshot folder (the curated copies are docs/images/zh/).
#include <gtest/gtest.h>

#include <QAbstractButton>
#include <QAction>
#include <QDialog>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QFile>
#include <QImage>
#include <QLabel>
#include <QLibraryInfo>
#include <QListWidget>
#include <QMenu>
#include <QMenuBar>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBrowser>
#include <QTranslator>
#include <QTreeWidget>
#include <algorithm>

#include "GuiTestSupport.hpp"
#include "mbs/core/Commands.hpp"
#include "mbs/ui/Document.hpp"
#include "mbs/ui/Language.hpp"
#include "mbs/ui/MainWindow.hpp"
#include "mbs/ui/dialogs/FormWidgets.hpp"
#include "mbs/ui/dialogs/FrictionDialog.hpp"
#include "mbs/ui/dialogs/JointDialog.hpp"
#include "mbs/ui/dialogs/PartDialog.hpp"
#include "mbs/ui/dialogs/PreferencesDialog.hpp"
#include "mbs/ui/panels/PlotPanel.hpp"
#include "mbs/ui/panels/PropertyPanel.hpp"
#include "mbs/ui/panels/RunPanel.hpp"
#include "mbs/ui/panels/TopologyPanel.hpp"

using namespace mbs;

namespace {

bool hasChinese(const QString& text)
{
  static const QRegularExpression cjk(QStringLiteral("[\\x{4e00}-\\x{9fff}]"));
  return text.contains(cjk);
}

// The translation for the test's lifetime; removed again so other tests in the process stay English.
class ChineseInterface : public ::testing::Test {
protected:
  void SetUp() override
  {
    test::application();
    ASSERT_EQ(ui::Language::install(test::application(), "zh_CN"), "zh_CN");
  }
  void TearDown() override
  {
    for (QTranslator* t : test::application().findChildren<QTranslator*>()) {
      QCoreApplication::removeTranslator(t);
      delete t;
    }
    ui::Language::install(test::application(), "en");  // Language::current() back to English
  }
};

// Visible labels, buttons and check boxes whose text does not fit their width.
QStringList clippedTexts(QWidget* root)
{
  QStringList clipped;
  for (QLabel* label : root->findChildren<QLabel*>()) {
    if (!label->isVisible() || label->wordWrap() || label->text().isEmpty() || !label->pixmap().isNull())
      continue;
    int needed = 0;  // the widest line
    for (const QString& line : label->text().split('\n'))
      needed = std::max(needed, label->fontMetrics().horizontalAdvance(line));
    if (label->textFormat() != Qt::RichText && !label->text().contains('<') &&
        label->contentsRect().width() + 1 < needed)
      clipped << QStringLiteral("%1 (%2 < %3 px)")
                     .arg(label->text())
                     .arg(label->contentsRect().width())
                     .arg(needed);
  }
  for (QAbstractButton* button : root->findChildren<QAbstractButton*>()) {
    if (!button->isVisible() || button->text().isEmpty() || button->inherits("QToolButton"))
      continue;
    if (button->width() < button->minimumSizeHint().width())
      clipped << QStringLiteral("%1 (%2 < %3 px)")
                     .arg(button->text())
                     .arg(button->width())
                     .arg(button->minimumSizeHint().width());
  }
  return clipped;
}

template <class Dialog>
Dialog* openBuildDialog(ui::MainWindow& window, const char* action)
{
  window.findChild<QAction*>(action)->trigger();
  Dialog* dialog = nullptr;
  test::waitFor(
      [&] {
        dialog = window.findChild<Dialog*>();
        return dialog && dialog->isVisible();
      },
      5000);
  QTest::qWait(100);
  return dialog;
}

}  // namespace

TEST_F(ChineseInterface, SliderCrankWalkThroughInDmbsTerms)
{
  ui::MainWindow window;
  window.resize(1400, 900);
  window.show();
  ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
  ASSERT_TRUE(window.openFile(test::exampleModel("slider_crank.mbs.json"), true));

  // Menus and actions: every entry translated, in the DMBS terms.
  QStringList menuTitles;
  for (QAction* menu : window.menuBar()->actions())
    menuTitles << menu->text();
  EXPECT_EQ(menuTitles.join('|'),
            "文件(&F)|编辑(&E)|视图(&V)|建模(&B)|面板(&P)|仿真(&S)|设置(&N)|工具(&T)|帮助(&H)");
  for (QMenu* menu : window.menuBar()->findChildren<QMenu*>()) {
    if (menu->title() == "最近打开(&R)" || menu->objectName() == "examplesMenu")
      continue;  // file names
    for (QAction* action : menu->actions())
      if (!action->isSeparator() && !action->menu())
        EXPECT_TRUE(hasChinese(action->text()))
            << "untranslated menu entry: " << action->text().toStdString();
  }
  EXPECT_EQ(window.findChild<QAction*>("actionMarker")->text(), "标记点(&M)...");
  EXPECT_EQ(window.findChild<QAction*>("actionJoint")->text(), "铰(&J)...");
  EXPECT_EQ(window.findChild<QAction*>("actionFriction")->text(), "摩擦铰(&R)...");
  EXPECT_EQ(window.findChild<QAction*>("actionJoint")->iconText(), "铰")
      << "toolbar text without the mnemonic";
  EXPECT_EQ(window.findChild<QDockWidget*>("topologyDock")->windowTitle(), "拓扑结构");
  EXPECT_EQ(window.findChild<QDockWidget*>("animationDock")->windowTitle(), "动画仿真");
  // The model tree names joint types by their terms.
  auto* tree = window.findChild<QTreeWidget*>();
  ASSERT_NE(tree, nullptr);
  EXPECT_FALSE(tree->findItems("旋转铰", Qt::MatchRecursive | Qt::MatchExactly, 1).isEmpty());
  EXPECT_FALSE(tree->findItems("移动铰", Qt::MatchRecursive | Qt::MatchExactly, 1).isEmpty());

  // Dynamic run; its log and status in Chinese.
  auto& run = window.run();
  run.setAnalysis(ui::RunPanel::Analysis::Dynamic);
  run.setEndTime(0.2);
  run.setOutputSteps(40);
  window.findChild<QDockWidget*>("runDock")->raise();
  ASSERT_TRUE(run.start());
  ASSERT_TRUE(test::waitFor([&run] { return !run.isRunning(); }, 60000));
  ASSERT_TRUE(run.lastRunOk()) << run.logText().toStdString();
  EXPECT_TRUE(run.logText().contains("动力学求解 已完成")) << run.logText().toStdString();
  EXPECT_TRUE(clippedTexts(&window).isEmpty()) << clippedTexts(&window).join('\n').toStdString();
  test::saveWindowScreenshot(window, "zh_01_run");

  // Plot: the slider's x position by its Chinese quantity name.
  auto& plot = window.plot();
  window.findChild<QDockWidget*>("plotDock")->raise();
  ASSERT_TRUE(plot.addCurve("slider", "质心位置 x [m]"));
  plot.addSubplot();
  ASSERT_TRUE(plot.addCurve("crank_bearing", "约束反力 |F| [N]"));
  QTest::qWait(200);
  test::saveWindowScreenshot(window, "zh_02_plot");
  window.findChild<QDockWidget*>("topologyDock")->raise();
  QTest::qWait(100);
  test::saveWindowScreenshot(window, "zh_03_topology");
  // The rank check's redundant equations (English from the solver) in Chinese.
  QStringList topologyLines;
  for (QListWidget* list : window.topology().findChildren<QListWidget*>())
    for (int k = 0; k < list->count(); ++k)
      topologyLines << list->item(k)->text();
  EXPECT_TRUE(topologyLines.contains("⚠ 冗余约束:铰 'slider_guide'(移动铰),第 2 个约束方程(共 5 个)"))
      << topologyLines.join('\n').toStdString();

  // Build dialogs: translated titles, nothing clipped.
  auto* joint = openBuildDialog<ui::JointDialog>(window, "actionJoint");
  ASSERT_NE(joint, nullptr);
  EXPECT_EQ(joint->windowTitle(), "创建铰");
  EXPECT_TRUE(clippedTexts(joint).isEmpty()) << clippedTexts(joint).join('\n').toStdString();
  joint->grab().save(test::screenshotDir() + "/zh_04_joint_dialog.png");
  joint->close();
  auto* part = openBuildDialog<ui::PartDialog>(window, "actionPart");
  ASSERT_NE(part, nullptr);
  part->markerA->selectName("crank_pivot");  // a link between two distinct points: its mass shows
  part->markerB->selectName("rod_big_end");
  QTest::qWait(50);
  EXPECT_TRUE(clippedTexts(part).isEmpty()) << clippedTexts(part).join('\n').toStdString();
  part->grab().save(test::screenshotDir() + "/zh_05_part_dialog.png");
  part->close();
  auto* friction = openBuildDialog<ui::FrictionDialog>(window, "actionFriction");
  ASSERT_NE(friction, nullptr);
  EXPECT_EQ(friction->windowTitle(), "摩擦铰");
  EXPECT_TRUE(clippedTexts(friction).isEmpty()) << clippedTexts(friction).join('\n').toStdString();
  friction->grab().save(test::screenshotDir() + "/zh_06_friction_dialog.png");
  friction->close();
  // The other build dialogs: translated titles, nothing clipped (screenshots for the guide).
  const std::pair<const char*, const char*> others[] = {
      {"actionGravity", "zh_08_gravity_dialog"},
      {"actionMarker", "zh_09_marker_dialog"},
      {"actionMotion", "zh_10_motion_dialog"},
      {"actionForce", "zh_11_force_dialog"},
      {"actionInitialConditions", "zh_12_initial_velocities"},
      {"actionFlexible", "zh_13_flexible_dialog"},
      {"actionFlexibleLink", "zh_14_flexible_link_dialog"}};
  for (const auto& [action, screenshot] : others) {
    const auto before = window.findChildren<QDialog*>();
    window.findChild<QAction*>(action)->trigger();
    QDialog* dialog = nullptr;
    test::waitFor(
        [&] {
          for (QDialog* d : window.findChildren<QDialog*>())
            if (d->isVisible() && !before.contains(d))
              dialog = d;
          return dialog != nullptr;
        },
        5000);
    ASSERT_NE(dialog, nullptr) << action;
    QTest::qWait(100);
    EXPECT_TRUE(hasChinese(dialog->windowTitle())) << action << ": " << dialog->windowTitle().toStdString();
    EXPECT_TRUE(clippedTexts(dialog).isEmpty())
        << action << ": " << clippedTexts(dialog).join('\n').toStdString();
    dialog->grab().save(test::screenshotDir() + "/" + screenshot + ".png");
    dialog->close();
    QTest::qWait(50);
  }
  // Help > 中文快速入门 shows the Chinese quick start.
  window.findChild<QAction*>("quickStartZhAction")->trigger();
  auto* quickStart = window.findChild<QDialog*>("quickStartZh");
  ASSERT_NE(quickStart, nullptr);
  auto* browser = quickStart->findChild<QTextBrowser*>();
  ASSERT_NE(browser, nullptr);
  EXPECT_TRUE(browser->toPlainText().contains("曲柄滑块机构"))
      << browser->toPlainText().left(200).toStdString();
  quickStart->close();
  // Help > 用户手册 opens the Chinese user guide, with its pictures.
  window.findChild<QAction*>("userGuideAction")->trigger();
  auto* guide = window.findChild<QDialog*>("userGuide");
  ASSERT_NE(guide, nullptr);
  auto* guideText = guide->findChild<QTextBrowser*>();
  ASSERT_NE(guideText, nullptr);
  EXPECT_TRUE(guideText->source().path().endsWith("zh/user-guide.md"))
      << guideText->source().path().toStdString();
  EXPECT_TRUE(hasChinese(guideText->toPlainText().left(200)))
      << guideText->toPlainText().left(200).toStdString();
  const QVariant picture = guideText->document()->resource(
      QTextDocument::ImageResource, guideText->source().resolved(QUrl("../images/zh/zh_05_part_dialog.png")));
  EXPECT_TRUE(picture.isValid() && !picture.value<QImage>().isNull());
  guide->close();
  ui::PreferencesDialog preferences(&window);
  preferences.show();
  QTest::qWait(100);
  EXPECT_TRUE(clippedTexts(&preferences).isEmpty()) << clippedTexts(&preferences).join('\n').toStdString();
  preferences.grab().save(test::screenshotDir() + "/zh_07_preferences.png");
  preferences.close();
}

TEST_F(ChineseInterface, SolverDiagnosticsAreTranslatedInTheRunPanel)
{
  ui::MainWindow window;
  window.show();
  ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
  // A pendulum without motions cannot run a kinematic analysis: the solver says why (in English).
  ASSERT_TRUE(window.openFile(test::exampleModel("pendulum.mbs.json"), true));
  auto& run = window.run();
  run.setAnalysis(ui::RunPanel::Analysis::Kinematic);
  ASSERT_TRUE(run.start());
  ASSERT_TRUE(test::waitFor([&run] { return !run.isRunning(); }, 60000));
  EXPECT_FALSE(run.lastRunOk());
  const QString log = run.logText();
  EXPECT_TRUE(log.contains("运动学分析:模型有 1 个自由度;运动学分析要求每个自由度都有驱动"))
      << log.toStdString();
  // The degrees of freedom as mbsolve notes them, in Chinese.
  EXPECT_TRUE(log.contains("提示:模型有 1 个自由度")) << log.toStdString();
  EXPECT_FALSE(log.contains("degree")) << log.toStdString();
}

TEST_F(ChineseInterface, ModelCheckReasonsAreTranslated)
{
  ui::MainWindow window;
  ASSERT_TRUE(test::showWithExample(window, "slider_crank.mbs.json"));
  // A mass of zero passes the field's range but not core's check, which gives its reason in
  // English ("part 'crank': mass must be positive, not 0.000000"): shown in Chinese.
  ui::Document& doc = window.document();
  doc.setSelection({core::EntityRef(doc.model().findPart("crank"))});
  auto* mass = qobject_cast<QDoubleSpinBox*>(window.properties().editorOf("/mass"));
  ASSERT_NE(mass, nullptr);
  test::typeAndEnter(mass, "0");
  const QString refused = window.properties().errorText();
  EXPECT_TRUE(refused.contains("物体 'crank':质量必须为正值,而不是 0.000000")) << refused.toStdString();
  EXPECT_FALSE(refused.contains("must be")) << refused.toStdString();
  test::saveWindowScreenshot(window, "zh_05_refused_mass");
}

TEST_F(ChineseInterface, FileReasonsImportLossesAndUndoStepsAreTranslated)
{
  QTemporaryDir dir;
  auto write = [&dir](const QString& name, const char* text) {
    QFile file(dir.filePath(name));
    EXPECT_TRUE(file.open(QIODevice::WriteOnly));
    file.write(text);
    return file.fileName();
  };
  ui::Document doc;
  // A model file with a mass that is not a number and a misspelt field: the loader's reasons.
  QString errors;
  EXPECT_FALSE(doc.open(write("bad.mbs.json", R"({"format": "mbstudio-model", "version": 1, "parts": [
      {"name": "ground", "id": 1, "ground": true},
      {"name": "rod", "id": 2, "mass": "heavy", "colour": "red"}]})"),
                        &errors));
  EXPECT_TRUE(errors.contains("应为有限数值")) << errors.toStdString();
  EXPECT_TRUE(errors.contains("未知字段 'colour'")) << errors.toStdString();
  EXPECT_FALSE(errors.contains("expected")) << errors.toStdString();
  // An Adams deck with a statement the importer cannot read: the loss is named in Chinese, the
  // Adams statement as written.
  QString dropped;
  EXPECT_FALSE(doc.open(write("clearance.adm", R"(clearance deck
PART/1, GROUND
MARKER/10, PART = 1
PART/2, MASS = 1, IP = 1, 1, 1, CM = 20
MARKER/20, PART = 2
CLEARANCE/1, I = 20, J = 10
END
)"),
                        &errors, nullptr, [&dropped](const QString& text) {
                          dropped = text;
                          return false;
                        }));
  EXPECT_TRUE(dropped.contains("CLEARANCE 无法导入:不支持间隙单元")) << dropped.toStdString();
  // The undo step of a new marker, in the Edit menu.
  ui::MainWindow window;
  ASSERT_TRUE(window.openFile(test::exampleModel("pendulum.mbs.json"), true));
  core::Marker marker;
  marker.name = "tip";
  marker.part = window.document().model().parts().front().id;
  ASSERT_TRUE(window.document().execute(core::makeAddMarker(marker)));
  const QString undo = window.findChild<QAction*>("actionUndo")->text();
  EXPECT_TRUE(undo.contains("添加标记点 tip")) << undo.toStdString();
  // A refused edit gives core's reason in Chinese (a clearance joint's restitution above 1).
  ASSERT_TRUE(window.openFile(test::exampleModel("journal_bearing_clearance.mbs.json"), true));
  const core::Model& model = window.document().model();
  const auto bearing = std::find_if(model.joints().begin(), model.joints().end(),
                                    [](const core::Joint& j) { return j.clearance.has_value(); });
  ASSERT_NE(bearing, model.joints().end());
  QString refused;
  EXPECT_FALSE(window.document().execute(
      std::make_unique<core::SetProperty>(core::EntityRef(bearing->id), "/clearance/restitution", 1.5),
      &refused));
  EXPECT_TRUE(refused.contains("恢复系数必须在 (0, 1] 内")) << refused.toStdString();
  // A motion function the expression parser refuses: our check and muparser's, in Chinese, with
  // the user's expression and the position kept.
  ASSERT_TRUE(window.openFile(test::exampleModel("slider_crank.mbs.json"), true));
  const core::Motion& drive = window.document().model().motions().front();
  QString unknown, unfinished;
  EXPECT_FALSE(
      window.document().execute(std::make_unique<core::SetProperty>(core::EntityRef(drive.id), "/function",
                                                                    std::string("PI/3 + FOO(TIME)")),
                                &unknown));
  EXPECT_TRUE(unknown.contains("表达式第 8 个字符处有错误:未知函数 'FOO'")) << unknown.toStdString();
  EXPECT_TRUE(unknown.contains("\"PI/3 + FOO(TIME)\"")) << unknown.toStdString();
  EXPECT_FALSE(window.document().execute(
      std::make_unique<core::SetProperty>(core::EntityRef(drive.id), "/function", std::string("10*TIME +")),
      &unfinished));
  EXPECT_TRUE(unfinished.contains("表达式意外结束")) << unfinished.toStdString();
  EXPECT_FALSE(unfinished.contains("position")) << unfinished.toStdString();
}
