#pragma once
// Shared helpers of the GUI tests: one QApplication for the whole test program and image checks.
#include <QApplication>
#include <QImage>
#include <functional>

namespace mbs::ui {
class MainWindow;
}

namespace mbs::test {

QApplication& application();

// Number of distinct colours in a sub-sampled image: a blank or black render has 1-2.
int distinctColours(const QImage& image);

// Where the tests save screenshots (the build tree; docs/images holds the curated copies).
QString screenshotDir();

// Saves the whole window as screenshotDir()/name.png and returns it. QWidget::grab() of the window
// takes the OpenGL view's last composed image, which can miss what was added since (a joint
// preview), so the view's current frame is painted in.
QImage saveWindowScreenshot(ui::MainWindow& window, const QString& name);

// Processes events until `done` returns true or `timeoutMs` passes; returns done().
bool waitFor(const std::function<bool()>& done, int timeoutMs);

}  // namespace mbs::test
