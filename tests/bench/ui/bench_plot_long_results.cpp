// Frame rate of the Plot panel with long results: 8 curves of 100,000 samples (the slider-crank's
// parts' CM coordinates stretched to 10 s at 0.1 ms). Prints the cursor frame rate (the cursor
// moved as the animation moves it, every chart repainted) and the time of a zoom (the x range
// changed, every chart repainted). Run under xvfb-run -a -s "-screen 0 1600x1000x24".
#include <QApplication>
#include <QChartView>
#include <QDockWidget>
#include <QElapsedTimer>
#include <QTest>
#include <QValueAxis>
#include <cmath>
#include <cstdio>
#include <memory>

#include "mbs/solver/Results.hpp"
#include "mbs/ui/Application.hpp"
#include "mbs/ui/MainWindow.hpp"
#include "mbs/ui/SimulationResults.hpp"
#include "mbs/ui/panels/PlotPanel.hpp"
#include "mbs/ui/panels/RunPanel.hpp"

using namespace mbs;

namespace {

constexpr int kFrames = 100000;
constexpr double kStep = 1e-4;

std::shared_ptr<solver::ResultStore> longResults(const solver::ResultStore& run)
{
  auto store = std::make_shared<solver::ResultStore>();
  store->reset(run.layout());
  const solver::ResultFrame base = run.frame(0);
  for (int k = 0; k < kFrames; ++k) {
    solver::ResultFrame frame = base;
    const double t = k * kStep;
    frame.state.t = t;
    for (std::size_t b = 0; b < frame.bodies.size(); ++b)
      frame.bodies[b].position = Eigen::Vector3d(std::sin((3.0 + b) * t), std::cos((5.0 + 2 * b) * t),
                                                 0.1 * std::sin(40.0 * t) + 0.01 * std::sin(3000.0 * t));
    store->append(std::move(frame));
  }
  return store;
}

void repaintCharts(ui::PlotPanel& plot)
{
  for (QChartView* view : plot.findChildren<QChartView*>())
    view->viewport()->repaint();
}

}  // namespace

int main(int argc, char** argv)
{
  ui::configureSurfaceFormat();
  QApplication app(argc, argv);
  ui::MainWindow window;
  window.resize(1366, 900);
  window.show();
  if (!QTest::qWaitForWindowExposed(&window) ||
      !window.openFile(QString(MBS_SOURCE_MODELS_DIR) + "/slider_crank.mbs.json", true)) {
    std::fprintf(stderr, "bench_plot_long_results: the slider-crank example did not open\n");
    return 1;
  }
  ui::RunPanel& run = window.run();
  run.setAnalysis(ui::RunPanel::Analysis::Dynamic);
  run.setEndTime(0.01);
  run.setOutputSteps(2);
  if (!run.start()) {
    std::fprintf(stderr, "bench_plot_long_results: the run did not start\n");
    return 1;
  }
  while (run.isRunning())
    QTest::qWait(20);
  ui::SimulationResults& results = window.results();
  results.start(longResults(*results.store()), results.model(), results.map(), "Dynamic");
  results.notifyFramesAdded();

  ui::PlotPanel& plot = window.plot();
  int curves = 0;
  for (const char* part : {"crank", "rod", "slider"})
    for (const char* quantity : {"CM position x [m]", "CM position y [m]", "CM position z [m]"})
      if (curves < 8 && plot.addCurve(part, quantity))
        ++curves;
  // The plot panel in front and as large as the window allows.
  for (QWidget* w = &plot; w; w = w->parentWidget())
    if (auto* dock = qobject_cast<QDockWidget*>(w)) {
      dock->show();
      dock->raise();  // its tab in front of the Messages panel
    }
  QTest::qWait(300);
  const auto* view = plot.findChild<QChartView*>();
  std::printf("curves %d of %d samples, chart %d x %d px\n", curves, kFrames, view->width(), view->height());

  // Cursor moves as the animation makes them: 200 frames across the run.
  QElapsedTimer clock;
  clock.start();
  constexpr int kCursorFrames = 200;
  for (int f = 0; f < kCursorFrames; ++f) {
    plot.setCursorTime(f * (kFrames * kStep) / kCursorFrames);
    repaintCharts(plot);
    QCoreApplication::processEvents();
  }
  const double cursorSeconds = clock.nsecsElapsed() * 1e-9;
  std::printf("cursor: %.1f frames/s (%d frames in %.2f s)\n", kCursorFrames / cursorSeconds, kCursorFrames,
              cursorSeconds);

  // Zooms: the x range halved around the middle, 10 times, then back.
  auto* axis = qobject_cast<QValueAxis*>(view->chart()->axes(Qt::Horizontal).front());
  clock.restart();
  constexpr int kZooms = 10;
  double lo = 0.0, hi = kFrames * kStep;
  for (int z = 0; z < kZooms; ++z) {
    const double mid = 0.5 * (lo + hi), half = 0.25 * (hi - lo);
    lo = mid - half;
    hi = mid + half;
    axis->setRange(lo, hi);
    repaintCharts(plot);
    QCoreApplication::processEvents();
  }
  const double zoomSeconds = clock.nsecsElapsed() * 1e-9;
  std::printf("zoom: %.3f s per zoom (%d zooms, down to %.4f s of the %.0f s run)\n", zoomSeconds / kZooms,
              kZooms, hi - lo, kFrames * kStep);
  return 0;
}
