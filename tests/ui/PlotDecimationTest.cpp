// Long results in the Plot panel: a curve of 100,000 samples is drawn as at most two points per
// pixel column of the plot (each column's smallest and largest sample, so no peak is lost), and
// exactly when zoomed in to fewer samples than that.
#include <gtest/gtest.h>

#include <QChartView>
#include <QTest>
#include <QValueAxis>
#include <algorithm>
#include <cmath>
#include <memory>
#include <set>

#include "GuiTestSupport.hpp"
#include "mbs/solver/Results.hpp"
#include "mbs/ui/MainWindow.hpp"
#include "mbs/ui/SimulationResults.hpp"
#include "mbs/ui/panels/PlotPanel.hpp"

using namespace mbs;

namespace {

constexpr int kFrames = 100000;
constexpr double kStep = 1e-4;  // s: 10 s of results

// The slider-crank's results stretched to 100,000 frames: every part's CM oscillates at its own
// frequency with a one-frame spike every 997 frames (a peak a sample-skipping plot would lose).
std::shared_ptr<solver::ResultStore> longResults(const solver::ResultStore& run)
{
  auto store = std::make_shared<solver::ResultStore>();
  store->reset(run.layout());
  const solver::ResultFrame base = run.frame(0);
  for (int k = 0; k < kFrames; ++k) {
    solver::ResultFrame frame = base;
    const double t = k * kStep;
    frame.state.t = t;
    for (std::size_t b = 0; b < frame.bodies.size(); ++b) {
      const double spike = (k + 131 * static_cast<int>(b)) % 997 == 0 ? 3.0 : 0.0;
      frame.bodies[b].position = Eigen::Vector3d(std::sin((3.0 + b) * t) + spike, std::cos((5.0 + 2 * b) * t),
                                                 0.1 * std::sin(40.0 * t) - spike);
    }
    store->append(std::move(frame));
  }
  return store;
}

}  // namespace

TEST(PlotDecimation, LongCurvesDrawnPerPixelColumnAndExactWhenZoomedIn)
{
  test::application();
  ui::MainWindow window;
  ASSERT_TRUE(test::showWithExample(window, "slider_crank.mbs.json"));
  ASSERT_EQ(test::runDynamic(window, 0.01, 2), "");
  ui::SimulationResults& results = window.results();
  results.start(longResults(*results.store()), results.model(), results.map(), "Dynamic");
  results.notifyFramesAdded();

  ui::PlotPanel& plot = window.plot();
  int curves = 0;
  for (const char* part : {"crank", "rod", "slider"})
    for (const char* quantity : {"CM position x [m]", "CM position y [m]", "CM position z [m]"})
      if (curves < 8 && plot.addCurve(part, quantity))
        ++curves;
  ASSERT_EQ(curves, 8);
  QTest::qWait(100);  // laid out: the plot area has its width

  const int columns = plot.plotColumns(0);
  EXPECT_GT(columns, 100);
  for (int k = 0; k < curves; ++k) {
    const auto samples = plot.samples(k);
    ASSERT_EQ(samples.size(), static_cast<std::size_t>(kFrames));
    const auto drawn = plot.drawnPoints(k);
    EXPECT_LE(drawn.size(), static_cast<std::size_t>(2 * columns + 2)) << "curve " << k;
    EXPECT_GE(drawn.size(), static_cast<std::size_t>(columns)) << "curve " << k;
    // Every drawn point is a sample, in time order; each column's true min and max are drawn.
    const std::set<std::pair<double, double>> drawnSet(drawn.begin(), drawn.end());
    EXPECT_TRUE(std::is_sorted(drawn.begin(), drawn.end()));
    const double x0 = samples.front().first, x1 = samples.back().first;
    const double width = (x1 - x0) / columns;
    std::vector<std::pair<double, double>> lo(columns, {0, 1e300}), hi(columns, {0, -1e300});
    for (const auto& s : samples) {
      const int c = std::min(columns - 1, static_cast<int>((s.first - x0) / width));
      if (s.second < lo[c].second)
        lo[c] = s;
      if (s.second > hi[c].second)
        hi[c] = s;
    }
    int missing = 0;
    for (int c = 0; c < columns; ++c)
      missing += (hi[c].second > -1e300 && !drawnSet.count(hi[c])) +
                 (lo[c].second < 1e300 && !drawnSet.count(lo[c]));
    EXPECT_EQ(missing, 0) << "curve " << k << ": column extremes not drawn";
    for (const auto& p : drawn)
      EXPECT_TRUE(std::binary_search(samples.begin(), samples.end(), p)) << "not a sample: " << p.first;
  }
  // The spikes are samples a column's extremes keep: the largest drawn value is the curve's.
  const auto first = plot.samples(0);
  const auto drawnFirst = plot.drawnPoints(0);
  auto byValue = [](const auto& a, const auto& b) { return a.second < b.second; };
  EXPECT_EQ(std::max_element(drawnFirst.begin(), drawnFirst.end(), byValue)->second,
            std::max_element(first.begin(), first.end(), byValue)->second);

  // Zoomed in to 100 samples: the curve is drawn exactly (with one neighbour outside on each side).
  auto* view = plot.findChild<QChartView*>();
  ASSERT_NE(view, nullptr);
  auto* axis = qobject_cast<QValueAxis*>(view->chart()->axes(Qt::Horizontal).front());
  ASSERT_NE(axis, nullptr);
  const int from = 40000;
  axis->setRange(first[from].first, first[from + 99].first);
  for (int k = 0; k < curves; ++k) {
    const auto samples = plot.samples(k);
    const std::vector<std::pair<double, double>> expected(samples.begin() + from - 1,
                                                          samples.begin() + from + 101);
    EXPECT_EQ(plot.drawnPoints(k), expected) << "curve " << k;
  }
}
