// Tools menu: Design Study (parameters, sweeps and their results; docs/design-studies.md).
#include <QAction>
#include <QMenu>

#include "Actions.hpp"
#include "mbs/ui/MainWindow.hpp"
#include "mbs/ui/dialogs/DesignStudyDialog.hpp"

namespace mbs::ui {
namespace {

void onDesignStudy(MainWindow& window)
{
  if (auto* open = window.findChild<DesignStudyDialog*>()) {
    open->show();
    open->raise();
    open->activateWindow();
    return;
  }
  auto* dialog = new DesignStudyDialog(window.document(), &window);
  dialog->setAttribute(Qt::WA_DeleteOnClose);
  dialog->show();
}

}  // namespace

void installToolsActions(MainWindow& window, QMenu& menu)
{
  QAction* study = menu.addAction(QObject::tr("&Design Study..."));
  study->setObjectName("actionDesignStudy");
  study->setToolTip(QObject::tr("Vary the model's parameters over many runs and compare the results"));
  QObject::connect(study, &QAction::triggered, &window, [&window] { onDesignStudy(window); });
}

}  // namespace mbs::ui
