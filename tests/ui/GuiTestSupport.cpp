#include "GuiTestSupport.hpp"

#include <gtest/gtest.h>

#include <QAbstractButton>
#include <QAction>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QElapsedTimer>
#include <QMessageBox>
#include <QPainter>
#include <QPushButton>
#include <QSurfaceFormat>
#include <QTest>
#include <QTimer>
#include <QTranslator>
#include <set>

#include "mbs/ui/Application.hpp"
#include "mbs/ui/Language.hpp"
#include "mbs/ui/MainWindow.hpp"
#include "mbs/ui/dialogs/UnitsDialog.hpp"
#include "mbs/ui/panels/RunPanel.hpp"
#include "mbs/ui/view/ModelView.hpp"

namespace mbs::test {

ChineseForThisScope::ChineseForThisScope()
{
  m_installed = ui::Language::install(application(), "zh_CN") == "zh_CN";
}

ChineseForThisScope::~ChineseForThisScope()
{
  for (QTranslator* t : application().findChildren<QTranslator*>()) {
    QCoreApplication::removeTranslator(t);
    delete t;
  }
  ui::Language::install(application(), "en");  // Language::current() back to English
}

QString exampleModel(const char* name)
{
  return QString(MBS_RESOURCES_DIR) + "/models/" + name;
}

void typeAndEnter(QDoubleSpinBox* box, const QString& text)
{
  box->setFocus();
  QTest::keyClick(box, Qt::Key_A, Qt::ControlModifier);
  QTest::keyClicks(box, text);
  QTest::keyClick(box, Qt::Key_Return);
}

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

void answerMessageBox(const QString& objectName, const QString& button, QString* seen, int timeoutMs)
{
  auto* timer = new QTimer;
  auto* clock = new QElapsedTimer;
  clock->start();
  QObject::connect(timer, &QTimer::timeout, [=] {
    auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget());
    if (box && (objectName.isEmpty() || box->objectName() == objectName)) {
      for (QAbstractButton* b : box->buttons())
        if (b->text().remove('&') == button) {
          if (seen)
            *seen = box->text() + '\n' + box->informativeText();
          timer->stop();
          timer->deleteLater();
          delete clock;
          b->click();
          return;
        }
    }
    if (clock->elapsed() > timeoutMs) {
      timer->stop();
      timer->deleteLater();
      delete clock;
    }
  });
  timer->start(20);
}

bool waitFor(const std::function<bool()>& done, int timeoutMs)
{
  QElapsedTimer timer;
  timer.start();
  while (!done() && timer.elapsed() < timeoutMs)
    QTest::qWait(10);
  return done();
}

bool showWithExample(ui::MainWindow& window, const char* name)
{
  window.resize(1366, 768);
  window.show();
  return QTest::qWaitForWindowExposed(&window) && window.openFile(exampleModel(name), true);
}

std::string runDynamic(ui::MainWindow& window, double endTime, int outputSteps, int timeoutMs)
{
  return runAnalysis(window, ui::RunPanel::Analysis::Dynamic, endTime, outputSteps, timeoutMs);
}

std::string runAnalysis(ui::MainWindow& window, ui::RunPanel::Analysis analysis, double endTime,
                        int outputSteps, int timeoutMs)
{
  ui::RunPanel& run = window.run();
  run.setAnalysis(analysis);
  run.setEndTime(endTime);
  run.setOutputSteps(outputSteps);
  if (!run.start())
    return "the run did not start: " + run.logText().toStdString();
  if (!waitFor([&run] { return !run.isRunning(); }, timeoutMs))
    return "the run did not end within " + std::to_string(timeoutMs) + " ms";
  return run.lastRunOk() ? std::string() : "the run failed: " + run.logText().toStdString();
}

QImage saveWindowScreenshot(ui::MainWindow& window, const QString& name)
{
  QTest::qWait(80);
  QImage whole = window.grab().toImage();
  ui::ModelView& view = window.modelView();
  const QImage frame = view.grabFramebuffer();
  QPainter painter(&whole);
  painter.drawImage(QRect(view.mapTo(&window, QPoint(0, 0)), view.size()), frame);
  painter.end();
  whole.save(screenshotDir() + "/" + name + ".png");
  return whole;
}

// Settings ▸ Units...: chooses `system` and the angle unit in the dialog, as a user does, and
// presses OK. `screenshot` names a screenshot of the window with the dialog open (empty: none).
// A `time` unit other than the system's makes it a custom system.
void chooseUnits(ui::MainWindow& window, const QString& system, const QString& angle,
                 const QString& screenshot, const QString& time)
{
  bool seen = false;
  QTimer::singleShot(0, &window, [&] {
    auto* dialog = qobject_cast<ui::UnitsDialog*>(QApplication::activeModalWidget());
    ASSERT_NE(dialog, nullptr) << "Settings > Units opens the units dialog";
    seen = true;
    auto* combo = dialog->findChild<QComboBox*>("unitsSystem");
    combo->setCurrentIndex(combo->findData(system));
    emit combo->activated(combo->currentIndex());
    auto* angles = dialog->findChild<QComboBox*>("unitsAngle");
    angles->setCurrentIndex(angles->findData(angle));
    if (!time.isEmpty()) {
      auto* times = dialog->findChild<QComboBox*>("unitsTime");
      times->setCurrentIndex(times->findData(time));
    }
    if (!screenshot.isEmpty())
      dialog->grab().save(screenshotDir() + "/" + screenshot + ".png");
    QTest::mouseClick(dialog->findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Ok), Qt::LeftButton);
  });
  window.findChild<QAction*>("actionUnits")->trigger();
  EXPECT_TRUE(seen);
  QTest::qWait(20);  // the Properties panel rebuilds its rows for the new units
}

// Types `text` into a dialog's box and leaves it (Return would press the dialog's default button).
void typeInDialog(QDoubleSpinBox* box, const QString& text)
{
  box->setFocus();
  QTest::keyClick(box, Qt::Key_A, Qt::ControlModifier);
  QTest::keyClicks(box, text);
  box->interpretText();
}

}  // namespace mbs::test
