// Frame rate of the 3-D view on large models (issue 33: a 1000-body model animates at >= 30
// frames/s, a 10,000-body model at >= 10). For each size N given (default 1000 10000): a chain of
// N links (cylinder geometry, two markers and a revolute joint each, the style of a real chain
// model) is saved and opened as a user opens it, runs 0.02 s of dynamics from the Run panel, and
// then the Animation panel steps through its frames, each drawn into the view (the frame a user
// sees), first at the detail Play draws (ModelScene::setPlaybackDetail, as AnimationPanel::play
// sets it), then at the scene's own detail (frames stepped while paused); then the camera turns (an
// orbit, each frame drawn). Prints the open time, the run time, and frames per second of each.
// Run under xvfb-run -a -s "-screen 0 1600x1000x24".
//   usage: bench_animation_large [N ...]
#include <QApplication>
#include <QElapsedTimer>
#include <QScreen>
#include <QTemporaryDir>
#include <QTest>
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>
#include <vector>

#include <vtkCallbackCommand.h>
#include <vtkCamera.h>
#include <vtkCommand.h>
#include <vtkGenericOpenGLRenderWindow.h>
#include <vtkRenderer.h>

#include "../../ui/PendulumChain.hpp"
#include "mbs/core/Model.hpp"
#include "mbs/core/ModelFile.hpp"
#include "mbs/solver/Results.hpp"
#include "mbs/ui/Application.hpp"
#include "mbs/ui/MainWindow.hpp"
#include "mbs/ui/SimulationResults.hpp"
#include "mbs/ui/panels/AnimationPanel.hpp"
#include "mbs/ui/panels/RunPanel.hpp"
#include "mbs/ui/view/ModelScene.hpp"
#include "mbs/ui/view/ModelView.hpp"

using namespace mbs;

namespace {

// Where the event loop's time goes: inclusive time per (receiver class, event type) while `recording`
// (nested events count in their parents too), printed with MBS_BENCH_EVENTS=1.
class TimedApplication : public QApplication {
public:
  using QApplication::QApplication;
  bool notify(QObject* receiver, QEvent* event) override
  {
    if (!recording)
      return QApplication::notify(receiver, event);
    QElapsedTimer clock;
    clock.start();
    const int type = event->type();
    const std::string name = receiver->metaObject()->className();
    const bool result = QApplication::notify(receiver, event);
    auto& entry = times[{name, type}];
    entry.first += clock.nsecsElapsed() * 1e-9;
    ++entry.second;
    return result;
  }
  bool recording = false;
  std::map<std::pair<std::string, int>, std::pair<double, int>> times;
};

bool measure(int n)
{
  QTemporaryDir dir;
  const QString path = dir.filePath("chain.mbs.json");
  if (core::saveModel(test::pendulumChain(n), path.toStdString())) {
    std::fprintf(stderr, "bench_animation_large: could not save the %d-link chain\n", n);
    return false;
  }
  ui::MainWindow window;
  window.resize(1366, 900);
  window.show();
  if (!QTest::qWaitForWindowExposed(&window))
    return false;
  QElapsedTimer clock;
  clock.start();
  if (!window.openFile(path, true)) {
    std::fprintf(stderr, "bench_animation_large: the %d-link chain did not open\n", n);
    return false;
  }
  ui::ModelView& view = window.modelView();
  view.grabFramebuffer();
  const double openSeconds = clock.nsecsElapsed() * 1e-9;

  ui::RunPanel& run = window.run();
  run.setAnalysis(ui::RunPanel::Analysis::Dynamic);
  run.setEndTime(0.02);
  run.setOutputSteps(20);
  clock.restart();
  if (!run.start()) {
    std::fprintf(stderr, "bench_animation_large: the run did not start\n");
    return false;
  }
  while (run.isRunning())
    QTest::qWait(20);
  const double runSeconds = clock.nsecsElapsed() * 1e-9;
  if (!run.lastRunOk()) {
    std::fprintf(stderr, "bench_animation_large: the run failed: %s\n", run.logText().toStdString().c_str());
    return false;
  }

  ui::AnimationPanel& animation = window.animation();
  const int frames = animation.frameCount();
  double playbackFps = 0.0, animationFps = 0.0;
  for (const bool playback : {true, false}) {
    view.scene().setPlaybackDetail(playback);
    animation.setFrame(0);
    view.grabFramebuffer();  // first frame compiles shaders and uploads buffers
    clock.restart();
    int drawn = 0;
    // A frame as the user gets it: the panel's frame update (poses, traces, the time signal the plots
    // follow), then the events it queued, among them the view's repaint. The repaint is counted by the
    // render window's EndEvent; a frame the event loop did not draw is drawn by grabFramebuffer, so
    // every frame is drawn exactly once (grabbing after the repaint would draw each frame twice).
    struct RenderClock {
      int renders = 0;
      QElapsedTimer clock;
      double seconds = 0.0;  // inside vtkRenderWindow::Render (buffer uploads and drawing)
    } renderClock;
    vtkNew<vtkCallbackCommand> renderStart, renderEnd;
    renderStart->SetClientData(&renderClock);
    renderStart->SetCallback(
        [](vtkObject*, unsigned long, void* data, void*) { static_cast<RenderClock*>(data)->clock.start(); });
    renderEnd->SetClientData(&renderClock);
    renderEnd->SetCallback([](vtkObject*, unsigned long, void* data, void*) {
      auto* r = static_cast<RenderClock*>(data);
      ++r->renders;
      r->seconds += r->clock.nsecsElapsed() * 1e-9;
    });
    view.renderWindow()->AddObserver(vtkCommand::StartEvent, renderStart);
    view.renderWindow()->AddObserver(vtkCommand::EndEvent, renderEnd);
    const int& renders = renderClock.renders;
    QElapsedTimer part;
    double setFrameSeconds = 0.0, eventsSeconds = 0.0;
    int grabbed = 0;
    auto* app = static_cast<TimedApplication*>(QCoreApplication::instance());
    app->recording = std::getenv("MBS_BENCH_EVENTS") != nullptr;
    for (int pass = 0; pass < 3; ++pass)
      for (int f = 0; f < frames; ++f, ++drawn) {
        const int rendersBefore = renders;
        part.start();
        animation.setFrame(f);
        setFrameSeconds += part.nsecsElapsed() * 1e-9;
        part.start();
        QCoreApplication::processEvents();
        if (renders == rendersBefore) {
          view.grabFramebuffer();
          ++grabbed;
        }
        eventsSeconds += part.nsecsElapsed() * 1e-9;
      }
    (playback ? playbackFps : animationFps) = drawn / (clock.nsecsElapsed() * 1e-9);
    if (app->recording) {
      app->recording = false;
      std::vector<std::pair<double, std::string>> rows;
      for (const auto& [key, entry] : app->times)
        if (entry.first / drawn > 1e-4)
          rows.push_back({entry.first, key.first + " event " + std::to_string(key.second) + " x" +
                                           std::to_string(entry.second)});
      std::sort(rows.rbegin(), rows.rend());
      for (const auto& [seconds, what] : rows)
        std::printf("  %7.2f ms per frame  %s\n", 1e3 * seconds / drawn, what.c_str());
      app->times.clear();
    }
    view.renderWindow()->RemoveObserver(renderStart);
    view.renderWindow()->RemoveObserver(renderEnd);
    std::printf(
        "N = %5d: per animation frame (%s): setFrame %.1f ms, events and drawing %.1f ms of which "
        "vtkRenderWindow::Render %.1f ms (%d of %d frames drawn by grabFramebuffer, %d renders)\n",
        n, playback ? "playback detail" : "scene detail", 1e3 * setFrameSeconds / drawn,
        1e3 * eventsSeconds / drawn, 1e3 * renderClock.seconds / drawn, grabbed, drawn, renders);
  }

  // The view alone: parts moved (to their initial poses, which rewrites every merged point) and
  // drawn, without the panel's other work and the event loop.
  clock.restart();
  constexpr int kPosed = 20;
  for (int k = 0; k < kPosed; ++k) {
    view.scene().resetPoses();
    view.grabFramebuffer();
  }
  std::printf("N = %5d: parts moved and drawn without the panel: %.1f ms per frame\n", n,
              1e3 * clock.nsecsElapsed() * 1e-9 / kPosed);
  animation.setFrame(frames - 1);

  vtkCamera* camera = view.renderer()->GetActiveCamera();
  clock.restart();
  constexpr int kOrbit = 30;
  for (int k = 0; k < kOrbit; ++k) {
    camera->Azimuth(3.0);
    view.grabFramebuffer();
  }
  const double orbitFps = kOrbit / (clock.nsecsElapsed() * 1e-9);
  if (const char* shots = std::getenv("MBS_BENCH_SCREENSHOTS"))  // to look at what was timed
  {
    // What the screen shows (the view's own window included), after a frame at playback detail.
    view.scene().setPlaybackDetail(true);
    view.requestRender();
    QCoreApplication::processEvents();
    QGuiApplication::primaryScreen()->grabWindow(0).save(
        QString("%1/animation_large_%2_screen.png").arg(shots).arg(n));
    view.grabFramebuffer().save(QString("%1/animation_large_%2_playback.png").arg(shots).arg(n));
    view.scene().setPlaybackDetail(false);
    view.grabFramebuffer().save(QString("%1/animation_large_%2.png").arg(shots).arg(n));
    camera->Zoom(60.0);  // close up on the middle links: shapes, placement and shading
    view.renderer()->ResetCameraClippingRange();
    view.grabFramebuffer().save(QString("%1/animation_large_%2_close.png").arg(shots).arg(n));
    view.scene().setPlaybackDetail(true);
    view.grabFramebuffer().save(QString("%1/animation_large_%2_close_playback.png").arg(shots).arg(n));
    view.scene().setPlaybackDetail(false);
  }
  std::printf(
      "N = %5d: open %.2f s, run 0.02 s %.2f s, %d actors, animation %.1f frames/s as played (%.1f at the "
      "scene's detail, %d frames each), camera orbit %.1f frames/s, view %d x %d px\n",
      n, openSeconds, runSeconds, view.scene().actorCount(), playbackFps, animationFps, 3 * frames, orbitFps,
      view.width(), view.height());
  std::fflush(stdout);
  return true;
}

}  // namespace

int main(int argc, char** argv)
{
  ui::configureSurfaceFormat();
  TimedApplication app(argc, argv);
  std::vector<int> sizes;
  for (int k = 1; k < argc; ++k)
    sizes.push_back(std::atoi(argv[k]));
  if (sizes.empty())
    sizes = {1000, 10000};
  for (int n : sizes)
    if (n < 1 || !measure(n))
      return 1;
  return 0;
}
