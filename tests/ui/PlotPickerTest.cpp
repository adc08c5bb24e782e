// The plot picker of a model with many entities: entities grouped under headings by type (parts,
// joints, motions, forces, markers, requests, system), the headings not choosable, and a filter
// box that narrows the list by name and keeps the headings of the groups that still have entries.
#include <gtest/gtest.h>

#include <QComboBox>
#include <QLineEdit>
#include <QListView>
#include <QTest>

#include "GuiTestSupport.hpp"
#include "mbs/ui/Language.hpp"
#include "mbs/ui/MainWindow.hpp"
#include "mbs/ui/panels/PlotPanel.hpp"

using namespace mbs;

namespace {

// The rows of the picker shown in its list: text, and whether the row can be chosen.
std::vector<std::pair<QString, bool>> shownRows(QComboBox* combo)
{
  std::vector<std::pair<QString, bool>> rows;
  auto* view = qobject_cast<QListView*>(combo->view());
  for (int r = 0; r < combo->count(); ++r)
    if (!view->isRowHidden(r))
      rows.push_back({combo->itemText(r),
                      combo->model()->flags(combo->model()->index(r, 0)).testFlag(Qt::ItemIsEnabled)});
  return rows;
}

}  // namespace

TEST(PlotPicker, EntitiesGroupedByTypeAndFilteredByName)
{
  test::application();
  ui::MainWindow window;
  ASSERT_TRUE(test::showWithExample(window, "slider_crank.mbs.json"));
  const std::string run = test::runDynamic(window, 0.1, 10);
  ASSERT_TRUE(run.empty()) << run;
  auto* combo = window.plot().findChild<QComboBox*>("plotEntity");
  auto* filter = window.plot().findChild<QLineEdit*>("plotEntityFilter");
  ASSERT_NE(combo, nullptr);
  ASSERT_NE(filter, nullptr);

  // Headings in order, each before its entities, none choosable; the choice starts on an entity.
  auto rows = shownRows(combo);
  QStringList headings;
  for (const auto& [text, enabled] : rows)
    if (!enabled)
      headings << text;
  EXPECT_EQ(headings, (QStringList{"Parts", "Joints", "Motions", "Markers", "System"}));
  ASSERT_FALSE(rows.empty());
  EXPECT_EQ(rows[0].first, "Parts");
  EXPECT_EQ(rows[1].first, "crank");
  EXPECT_TRUE(combo->itemData(combo->currentIndex()).isValid()) << "an entity, not a heading";
  EXPECT_EQ(combo->currentText(), "crank");

  // Filter "crank": the crank, its joints and markers, under their headings; the rest hidden.
  filter->setText("CRANK");
  rows = shownRows(combo);
  QStringList shown;
  for (const auto& [text, enabled] : rows)
    shown << text;
  EXPECT_EQ(shown, (QStringList{"Parts", "crank", "Joints", "crank_bearing", "crank_pin_joint", "Motions",
                                "crank_drive", "Markers", "crank_cm", "crank_pivot", "crank_pin"}))
      << shown.join(", ").toStdString();
  // The chosen entity follows the filter when it is hidden.
  filter->setText("wrist");
  EXPECT_EQ(combo->currentText(), "wrist_pin");
  ASSERT_TRUE(window.plot().addCurve(combo->currentIndex(), 0));
  EXPECT_EQ(window.plot().curveCount(), 1);
  // A heading is not an entity to plot.
  EXPECT_FALSE(window.plot().addCurve(combo->findText("Joints"), 0));
  // Nothing matches: nothing shown.
  filter->setText("no such entity");
  EXPECT_TRUE(shownRows(combo).empty());
  filter->setText("rod");
  combo->showPopup();
  QTest::qWait(100);
  combo->view()->window()->grab().save(test::screenshotDir() + "/plot_picker_filtered.png");
  test::saveWindowScreenshot(window, "plot_picker_window");
  combo->hidePopup();
  filter->clear();
  EXPECT_EQ(shownRows(combo).size(), std::size_t(combo->count()));
}

// The headings and the filter box in the Chinese interface (the user guide's zh screenshot).
TEST(PlotPicker, ChineseHeadings)
{
  test::application();
  const test::ChineseForThisScope chinese;
  ASSERT_TRUE(chinese.installed());
  {
    ui::MainWindow window;
    window.resize(1366, 768);
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    ASSERT_TRUE(window.openFile(test::exampleModel("slider_crank.mbs.json"), true));
    const std::string run = test::runDynamic(window, 0.1, 10);
    ASSERT_TRUE(run.empty()) << run;
    auto* combo = window.plot().findChild<QComboBox*>("plotEntity");
    auto* filter = window.plot().findChild<QLineEdit*>("plotEntityFilter");
    EXPECT_GE(combo->findText(QString::fromUtf8("物体")), 0);
    EXPECT_EQ(filter->placeholderText(), QString::fromUtf8("筛选对象"));
    filter->setText("rod");
    combo->showPopup();
    QTest::qWait(100);
    combo->view()->window()->grab().save(test::screenshotDir() + "/zh_plot_picker_filtered.png");
    combo->hidePopup();
  }
}
