// Settings menu (where Adams/View users look for the model's units).
#include <QAction>
#include <QMenu>

#include "Actions.hpp"
#include "mbs/ui/MainWindow.hpp"
#include "mbs/ui/dialogs/UnitsDialog.hpp"

namespace mbs::ui {

void installSettingsActions(MainWindow& window, QMenu& menu)
{
  menu.setObjectName("menuSettings");
  QAction* units = menu.addAction(QObject::tr("&Units..."));
  units->setObjectName("actionUnits");
  units->setStatusTip(QObject::tr("The units the model's numbers are shown and typed in"));
  QObject::connect(units, &QAction::triggered, &window, [&window] {
    UnitsDialog dialog(window.document(), &window);
    dialog.exec();
  });
}

}  // namespace mbs::ui
