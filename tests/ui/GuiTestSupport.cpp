#include "GuiTestSupport.hpp"

#include <QDir>
#include <QElapsedTimer>
#include <QSurfaceFormat>
#include <QTest>
#include <set>

#include "mbs/ui/Application.hpp"

namespace mbs::test {

QApplication& application()
{
  static int argc = 1;
  static char name[] = "ui_tests";
  static char* argv[] = {name, nullptr};
  static QApplication* app = [] {
    mbs::ui::configureSurfaceFormat();
    return new QApplication(argc, argv);  // lives until exit: VTK objects may outlive tests
  }();
  return *app;
}

int distinctColours(const QImage& image)
{
  std::set<QRgb> colours;
  const int step = 4;
  for (int y = 0; y < image.height(); y += step)
    for (int x = 0; x < image.width(); x += step)
      colours.insert(image.pixel(x, y));
  return static_cast<int>(colours.size());
}

QString screenshotDir()
{
  QDir dir(QDir::currentPath());
  dir.mkpath("screenshots");
  return dir.filePath("screenshots");
}

bool waitFor(const std::function<bool()>& done, int timeoutMs)
{
  QElapsedTimer timer;
  timer.start();
  while (!done() && timer.elapsed() < timeoutMs)
    QTest::qWait(10);
  return done();
}

}  // namespace mbs::test
