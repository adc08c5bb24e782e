// Plots fit for a report: axis titles with units on both axes, ticks at 1, 2, 5 × 10ⁿ, the
// animation cursor left out of exported files, a PDF page the size of the plot, curves that differ
// in dash pattern; and the docked plot readable in the default layout at 1366×768.
#include <gtest/gtest.h>

#include <QCategoryAxis>
#include <QChart>
#include <QChartView>
#include <QDockWidget>
#include <QFile>
#include <QGraphicsItem>
#include <QGraphicsScene>
#include <QLineSeries>
#include <QPushButton>
#include <QRegularExpression>
#include <QScrollArea>
#include <QTemporaryDir>
#include <QTest>
#include <QValueAxis>
#include <cmath>
#include <vector>

#include "GuiTestSupport.hpp"
#include "mbs/core/Commands.hpp"
#include "mbs/ui/Document.hpp"
#include "mbs/ui/MainWindow.hpp"
#include "mbs/ui/panels/AnimationPanel.hpp"
#include "mbs/ui/panels/PlotPanel.hpp"
#include "mbs/ui/panels/RunPanel.hpp"

using namespace mbs;

namespace {

// 1, 2 or 5 times a power of ten.
bool isNiceStep(double step)
{
  const double mantissa = step / std::pow(10.0, std::floor(std::log10(step) + 1e-9));
  return std::abs(mantissa - 1.0) < 1e-6 || std::abs(mantissa - 2.0) < 1e-6 ||
         std::abs(mantissa - 5.0) < 1e-6;
}

}  // namespace

TEST(PlotPanel, ReportReadyAxesAndExports)
{
  test::application();
  ui::MainWindow window;
  ASSERT_TRUE(test::showWithExample(window, "slider_crank.mbs.json"));
  ASSERT_EQ(test::runAnalysis(window, ui::RunPanel::Analysis::Kinematic, 1.0, 100), "");

  auto* plotDock = window.findChild<QDockWidget*>("plotDock");
  plotDock->raise();
  ui::PlotPanel& plot = window.plot();
  ASSERT_TRUE(plot.addCurve("slider", "CM position x [m]"));
  ASSERT_TRUE(plot.addCurve("slider", "CM velocity x [m/s]"));
  QTest::qWait(50);
  const int dockHeight = plotDock->height();
  plot.addSubplot();
  QTest::qWait(50);
  EXPECT_EQ(plotDock->height(), dockHeight) << "a new subplot scrolls; the dock and its buttons stay put";
  ASSERT_TRUE(plot.addCurve("crank_bearing", "Reaction force x [N]"));
  ASSERT_TRUE(plot.addCurve("crank_bearing", "Reaction force y [N]"));
  window.animation().setFrame(30);
  QTest::qWait(200);

  const QList<QChartView*> views = plot.findChildren<QChartView*>();
  ASSERT_EQ(views.size(), 2);
  QStringList titles;
  for (QChartView* view : views) {
    auto* x = qobject_cast<QValueAxis*>(view->chart()->axes(Qt::Horizontal).front());
    auto* y = qobject_cast<QValueAxis*>(view->chart()->axes(Qt::Vertical).front());
    ASSERT_TRUE(x && y);
    EXPECT_EQ(x->titleText(), "Time [s]");
    titles << QString(y->titleText()).replace("<br>", " ");  // a long title shows its unit below
    for (QValueAxis* axis : {x, y}) {
      EXPECT_TRUE(isNiceStep(axis->tickInterval())) << axis->tickInterval();
      const double steps = (axis->max() - axis->min()) / axis->tickInterval();
      EXPECT_NEAR(steps, std::round(steps), 1e-6) << "the range ends on ticks";
      EXPECT_GE(steps, 3.0);
      EXPECT_LE(steps, 10.0);
      // A label on every tick from end to end, and the one at zero reads "0" (Qt's own labels
      // printed its rounding error, "-2.1e-22").
      auto* labelled = qobject_cast<QCategoryAxis*>(axis);
      ASSERT_TRUE(labelled);
      const QStringList labels = labelled->categoriesLabels();
      EXPECT_EQ(labels.size(), std::lround(steps) + 1);
      for (const QString& label : labels) {
        const double at = labelled->endValue(label) / axis->tickInterval();
        EXPECT_NEAR(at, std::round(at), 1e-9) << label.toStdString();
        if (std::abs(at) < 0.5)
          EXPECT_EQ(label, "0");
      }
    }
    // Curves of one subplot differ in dash pattern, not only in colour.
    const auto series = view->chart()->series();
    QList<QList<qreal>> patterns;
    for (QAbstractSeries* s : series)
      if (auto* line = qobject_cast<QLineSeries*>(s); line && !line->name().isEmpty())
        patterns << (line->pen().style() == Qt::SolidLine ? QList<qreal>{} : line->pen().dashPattern());
    ASSERT_EQ(patterns.size(), 2);
    EXPECT_NE(patterns[0], patterns[1]);
  }
  EXPECT_TRUE(titles.contains("Value [m], [m/s]")) << titles.join(" | ").toStdString();
  EXPECT_TRUE(titles.contains("Reaction force [N]")) << titles.join(" | ").toStdString();

  // Readable in the docked panel at 1366×768: tall enough charts, no elided tick labels.
  for (QChartView* view : views)
    EXPECT_GE(view->height(), 160);
  const QImage panelShot = test::saveWindowScreenshot(window, "plot_docked_1366x768");
  // The animation cursor moves in the panel but is not a result: exports do not show it.
  const QString shots = test::screenshotDir();
  const QImage panelAt30 = views.front()->grab().toImage();
  ASSERT_TRUE(plot.exportTo(shots + "/plot_report_cursor30.png"));
  window.animation().setFrame(70);
  QTest::qWait(50);
  EXPECT_NE(views.front()->grab().toImage(), panelAt30) << "the cursor moves in the panel";
  for (const char* ext : {"png", "svg", "pdf"})
    ASSERT_TRUE(plot.exportTo(shots + "/plot_report." + ext)) << ext;
  const QImage png(shots + "/plot_report.png");
  ASSERT_FALSE(png.isNull());
  EXPECT_EQ(png.width(), 1600) << "drawn at twice the report size for sharp text";
  EXPECT_EQ(png, QImage(shots + "/plot_report_cursor30.png")) << "no cursor in the exported plot";

  // The PDF page is the plot's size (160 mm wide), not an A4 sheet.
  QFile pdf(shots + "/plot_report.pdf");
  ASSERT_TRUE(pdf.open(QIODevice::ReadOnly));
  const QByteArray bytes = pdf.readAll();
  const QRegularExpression mediaBox(R"(/MediaBox \[0 0 ([0-9.]+) ([0-9.]+)\])");
  const auto match = mediaBox.match(QString::fromLatin1(bytes));
  ASSERT_TRUE(match.hasMatch());
  EXPECT_NEAR(match.captured(1).toDouble(), 160.0 / 25.4 * 72.0, 2.0);
  EXPECT_NEAR(match.captured(2).toDouble(), 160.0 / 25.4 * 72.0 * (2 * 380) / 800.0, 2.0);

  QFile svg(shots + "/plot_report.svg");
  ASSERT_TRUE(svg.open(QIODevice::ReadOnly));
  const QByteArray svgText = svg.readAll();
  EXPECT_TRUE(svgText.contains("Reaction force [N]"));
  EXPECT_TRUE(svgText.contains("Time [s]"));
}

// Several runs of one model compared: Keep run holds the curves of a run while the next run (here
// with weaker gravity) replaces the live ones; both are plotted, read out and exported, and they go
// with the model.
TEST(PlotPanel, KeptRunIsOverlaidWithTheNextRun)
{
  test::application();
  ui::MainWindow window;
  ASSERT_TRUE(window.openFile(test::exampleModel("pendulum.mbs.json"), true));
  ui::RunPanel& run = window.run();
  run.setAnalysis(ui::RunPanel::Analysis::Dynamic);
  run.setEndTime(0.5);
  run.setOutputSteps(50);
  auto runToEnd = [&run] {
    return run.start() && test::waitFor([&run] { return !run.isRunning(); }, 60000) && run.lastRunOk();
  };
  ASSERT_TRUE(runToEnd()) << run.logText().toStdString();
  ui::PlotPanel& plot = window.plot();
  ASSERT_TRUE(plot.addCurve("bob", "CM position y [m]"));
  QTest::mouseClick(plot.findChild<QPushButton*>("keepRunButton"), Qt::LeftButton);
  ASSERT_EQ(plot.curveCount(), 2);

  ui::Document& doc = window.document();
  ASSERT_TRUE(doc.execute(std::make_unique<core::SetProperty>(core::EntityRef(), "/gravity/1", -3.0)));
  ASSERT_TRUE(runToEnd()) << run.logText().toStdString();
  const auto live = plot.samples(0);
  const auto kept = plot.samples(1);
  ASSERT_EQ(live.size(), 51u);
  ASSERT_EQ(kept.size(), 51u);
  EXPECT_GT(std::abs(live[30].second - kept[30].second), 1e-3) << "weaker gravity swings slower";
  EXPECT_TRUE(plot.readout().contains("(run 1 at ")) << plot.readout().toStdString();

  const QString csvPath = test::screenshotDir() + "/kept_run.csv";
  ASSERT_TRUE(plot.exportTo(csvPath));
  QFile csv(csvPath);
  ASSERT_TRUE(csv.open(QIODevice::ReadOnly | QIODevice::Text));
  const QStringList header = QString::fromUtf8(csv.readLine()).trimmed().split(',');
  EXPECT_EQ(header.size(), 3);
  plot.exportTo(test::screenshotDir() + "/kept_run.png");

  window.document().newModel();
  EXPECT_EQ(plot.curveCount(), 0) << "kept runs belong to their model";
}

// The cursor moves without the curves being drawn again (issue 33): the chart's items keep their
// pixels, and what the view shows after zooms, cursor moves and a new run is what the items draw
// without their caches (no stale curve, grid line or label).
TEST(PlotPanel, CachedChartPixelsStayTrueAfterZoomCursorAndNewRun)
{
  test::application();
  ui::MainWindow window;
  ASSERT_TRUE(test::showWithExample(window, "slider_crank.mbs.json"));
  ASSERT_EQ(test::runAnalysis(window, ui::RunPanel::Analysis::Kinematic, 1.0, 100), "");
  window.findChild<QDockWidget*>("plotDock")->raise();
  ui::PlotPanel& plot = window.plot();
  ASSERT_TRUE(plot.addCurve("slider", "CM position x [m]"));
  ASSERT_TRUE(plot.addCurve("crank_bearing", "Reaction force y [N]"));
  QTest::qWait(100);
  QChartView* view = plot.findChild<QChartView*>();
  ASSERT_NE(view, nullptr);

  int cachedItems = 0;
  for (QGraphicsItem* item : view->scene()->items())
    cachedItems += item->cacheMode() == QGraphicsItem::DeviceCoordinateCache;
  EXPECT_GE(cachedItems, 3) << "the curves and the cursor keep their pixels";

  // What the view shows against what its items draw with no cache.
  const auto matchesUncached = [view](const char* when) {
    QTest::qWait(50);
    const QImage shown = view->grab().toImage();
    std::vector<QGraphicsItem*> cached;
    for (QGraphicsItem* item : view->scene()->items())
      if (item->cacheMode() != QGraphicsItem::NoCache) {
        cached.push_back(item);
        item->setCacheMode(QGraphicsItem::NoCache);
      }
    const QImage drawn = view->grab().toImage();
    for (QGraphicsItem* item : cached)
      item->setCacheMode(QGraphicsItem::DeviceCoordinateCache);
    // The pixels that differ, but for the dashed cursor's own column: its dashes start where the
    // line's drawing starts, which a cache moves by a pixel.
    const auto differ = [](QColor a, QColor b, int by) {
      return std::abs(a.red() - b.red()) + std::abs(a.green() - b.green()) + std::abs(a.blue() - b.blue()) >
             by;
    };
    const QColor cursorColour("#718096");
    std::vector<bool> cursorColumn(std::size_t(shown.width()), false);
    for (int x = 0; x < shown.width(); ++x) {
      int rows = 0;
      for (int y = 0; y < shown.height(); ++y)
        rows += !differ(shown.pixelColor(x, y), cursorColour, 60) ||
                !differ(drawn.pixelColor(x, y), cursorColour, 60);
      for (int dx = -1; dx <= 1; ++dx)
        if (rows > 20 && x + dx >= 0 && x + dx < shown.width())
          cursorColumn[std::size_t(x + dx)] = true;
    }
    int differing = 0;
    for (int y = 0; y < shown.height(); ++y)
      for (int x = 0; x < shown.width(); ++x)
        differing +=
            !cursorColumn[std::size_t(x)] && differ(shown.pixelColor(x, y), drawn.pixelColor(x, y), 24);
    EXPECT_EQ(differing, 0) << when;
    if (differing) {
      shown.save(test::screenshotDir() + "/cache_shown.png");
      drawn.save(test::screenshotDir() + "/cache_drawn.png");
    }
  };
  for (int frame : {10, 55, 90}) {
    window.animation().setFrame(frame);
    matchesUncached("after a cursor move");
  }
  auto* x = qobject_cast<QValueAxis*>(view->chart()->axes(Qt::Horizontal).front());
  x->setRange(0.2, 0.45);
  matchesUncached("after a zoom");
  window.animation().setFrame(30);
  matchesUncached("after a cursor move in the zoomed plot");
  view->chart()->zoomReset();
  matchesUncached("after the zoom reset");
  // A new run (another end time) replaces the curves' points and the axes' ranges.
  ASSERT_EQ(test::runAnalysis(window, ui::RunPanel::Analysis::Kinematic, 0.5, 50), "");
  matchesUncached("after a new run");
}
