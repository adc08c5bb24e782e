#pragma once
// Shared helpers of the GUI tests: one QApplication for the whole test program and image checks.
#include <QApplication>
#include <QImage>
#include <functional>
#include <string>

#include "mbs/ui/panels/RunPanel.hpp"

class QDoubleSpinBox;

namespace mbs::ui {
class MainWindow;
}

namespace mbs::test {

QApplication& application();

// The Chinese interface for the object's lifetime: its destructor removes the translators again,
// also when an ASSERT leaves the test early, so the tests after it stay English.
class ChineseForThisScope {
public:
  ChineseForThisScope();
  ~ChineseForThisScope();
  ChineseForThisScope(const ChineseForThisScope&) = delete;
  ChineseForThisScope& operator=(const ChineseForThisScope&) = delete;
  bool installed() const { return m_installed; }

private:
  bool m_installed = false;
};

// A bundled example model: resources/models/<name>.
QString exampleModel(const char* name);

// Replaces the box's text by typing, as a user does, and presses Enter.
void typeAndEnter(QDoubleSpinBox* box, const QString& text);

// Number of distinct colours in a sub-sampled image: a blank or black render has 1-2.
int distinctColours(const QImage& image);

// Where the tests save screenshots (the build tree; docs/images holds the curated copies).
QString screenshotDir();

// Saves the whole window as screenshotDir()/name.png and returns it. QWidget::grab() of the window
// takes the OpenGL view's last composed image, which can miss what was added since (a joint
// preview), so the view's current frame is painted in.
QImage saveWindowScreenshot(ui::MainWindow& window, const QString& name);

// Answers the next modal message box (the object name given, or any if empty) by clicking the
// button whose text (without '&') is `button`, once it appears within `timeoutMs`. The box's text
// and informative text go to `seen` (joined by a newline). Call before the code that opens the box.
void answerMessageBox(const QString& objectName, const QString& button, QString* seen = nullptr,
                      int timeoutMs = 10000);

// Processes events until `done` returns true or `timeoutMs` passes; returns done().
bool waitFor(const std::function<bool()>& done, int timeoutMs);

// Shows `window` at 1366 x 768 (the smallest screen the GUI is laid out for) and opens the bundled
// example `name` in it; false if either fails. (application() comes before the window.)
bool showWithExample(ui::MainWindow& window, const char* name);

// Runs an analysis of the open model from the Run panel (end time, output steps) and waits for it;
// empty on success, else what went wrong with the panel's log.
std::string runAnalysis(ui::MainWindow& window, ui::RunPanel::Analysis analysis, double endTime,
                        int outputSteps, int timeoutMs = 60000);
std::string runDynamic(ui::MainWindow& window, double endTime, int outputSteps, int timeoutMs = 60000);

// Settings ▸ Units...: chooses `system` ("MMKS") and the angle unit ("deg") in the dialog, as a user
// does, and presses OK. `screenshot` names a screenshot of the dialog (empty: none). A `time` unit
// ("ms") other than the system's makes it a custom system.
void chooseUnits(ui::MainWindow& window, const QString& system, const QString& angle,
                 const QString& screenshot = {}, const QString& time = {});

// Types `text` into a dialog's box and leaves it (Return would press the dialog's default button).
void typeInDialog(QDoubleSpinBox* box, const QString& text);

}  // namespace mbs::test
