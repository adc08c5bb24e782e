// Simulate menu: run the model's analysis (F5), the linear modes, cancel (the Run panel does the
// work); the Joint Analysis window.
#include <QAction>
#include <QDockWidget>
#include <QMenu>
#include <QStyle>
#include <QToolBar>
#include <QToolButton>

#include "Actions.hpp"
#include "mbs/ui/MainWindow.hpp"
#include "mbs/ui/SimulationResults.hpp"
#include "mbs/ui/panels/AnimationPanel.hpp"
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
  run->setIconText(QObject::tr("Run"));
  QObject::connect(run, &QAction::triggered, &window, [&window] { onRun(window); });
  toolbar.addAction(run);
  // The toolbar says which is which: Run solves the model, Play animates the results.
  if (auto* button = qobject_cast<QToolButton*>(toolbar.widgetForAction(run))) {
    button->setObjectName("runToolButton");
    button->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
  }
  QAction* play = new QAction(window.style()->standardIcon(QStyle::SP_MediaSeekForward),
                              QObject::tr("Play Animation"), &window);
  play->setObjectName("playAction");
  play->setIconText(QObject::tr("Play"));
  play->setToolTip(QObject::tr("Play or pause the animation of the results"));
  play->setEnabled(false);
  QObject::connect(play, &QAction::triggered, &window, [&window] {
    AnimationPanel& animation = window.animation();
    if (animation.isPlaying())
      animation.pause();
    else
      animation.play();
  });
  toolbar.addAction(play);
  if (auto* button = qobject_cast<QToolButton*>(toolbar.widgetForAction(play))) {
    button->setObjectName("playToolButton");
    button->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
  }
  auto followFrames = [&window, play] { play->setEnabled(window.animation().frameCount() > 1); };
  QObject::connect(&window.results(), &SimulationResults::framesAdded, &window, followFrames);
  QObject::connect(&window.results(), &SimulationResults::cleared, &window, followFrames);
  QObject::connect(&window.results(), &SimulationResults::finished, &window, followFrames);
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
