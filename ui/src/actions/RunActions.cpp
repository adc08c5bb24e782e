// Simulate menu: run the model's analysis (F5), the linear modes, cancel (the Run panel does the
// work); the Joint Analysis window.
#include <QAction>
#include <QDockWidget>
#include <QMenu>
#include <QStyle>
#include <QToolBar>

#include "Actions.hpp"
#include "mbs/ui/MainWindow.hpp"
#include "mbs/ui/panels/JointAnalysisDialog.hpp"
#include "mbs/ui/panels/RunPanel.hpp"

namespace mbs::ui {
namespace {

// The run's progress and log are in the Run panel: bring it to the front.
void showRunPanel(MainWindow& window)
{
  if (auto* dock = window.findChild<QDockWidget*>("runDock")) {
    dock->show();
    dock->raise();
  }
}

void onRun(MainWindow& window)
{
  showRunPanel(window);
  window.run().start();
}

void onLinearModes(MainWindow& window)
{
  showRunPanel(window);
  window.run().startLinear();
}

// One Joint Analysis window at a time; it follows the model and the latest results.
void onJointAnalysis(MainWindow& window)
{
  for (auto* dialog : window.findChildren<JointAnalysisDialog*>())
    if (dialog->isVisible()) {
      dialog->raise();
      return;
    }
  auto* dialog = new JointAnalysisDialog(window.document(), window.results(), &window);
  dialog->setAttribute(Qt::WA_DeleteOnClose);
  dialog->show();
}

}  // namespace

void installRunActions(MainWindow& window, QMenu& menu, QToolBar& toolbar)
{
  QAction* run =
      menu.addAction(window.style()->standardIcon(QStyle::SP_MediaPlay), QObject::tr("&Run Analysis"));
  run->setObjectName("runAction");
  run->setShortcut(QKeySequence(Qt::Key_F5));
  run->setToolTip(QObject::tr("Run the model's analysis (F5)"));
  QObject::connect(run, &QAction::triggered, &window, [&window] { onRun(window); });
  toolbar.addAction(run);
  QAction* linear = menu.addAction(QObject::tr("&Linear Modes"));
  QObject::connect(linear, &QAction::triggered, &window, [&window] { onLinearModes(window); });
  QAction* cancel =
      menu.addAction(window.style()->standardIcon(QStyle::SP_MediaStop), QObject::tr("&Cancel Run"));
  cancel->setEnabled(false);
  QObject::connect(cancel, &QAction::triggered, &window, [&window] { window.run().cancel(); });
  menu.addSeparator();
  QAction* jointAnalysis = menu.addAction(QObject::tr("&Joint Analysis..."));
  jointAnalysis->setObjectName("actionJointAnalysis");
  QObject::connect(jointAnalysis, &QAction::triggered, &window, [&window] { onJointAnalysis(window); });
  // Run and Cancel follow whether an analysis is going.
  auto follow = [&window, run, linear, cancel] {
    const bool running = window.run().isRunning();
    run->setEnabled(!running);
    linear->setEnabled(!running);
    cancel->setEnabled(running);
  };
  QObject::connect(&window.run(), &RunPanel::runStarted, &window, follow);
  QObject::connect(&window.run(), &RunPanel::runFinished, &window, follow);
}

}  // namespace mbs::ui
