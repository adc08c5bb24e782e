// Edit menu: undo, redo (one step per user action) and delete with dependents.
#include <QAction>
#include <QMenu>
#include <QMessageBox>
#include <QStyle>
#include <QToolBar>
#include <algorithm>

#include "Actions.hpp"
#include "CommandTexts.hpp"
#include "mbs/core/Commands.hpp"
#include "mbs/ui/Document.hpp"
#include "mbs/ui/MainWindow.hpp"
#include "mbs/ui/dialogs/PreferencesDialog.hpp"
#include "mbs/ui/panels/LogPanel.hpp"

namespace mbs::ui {
namespace {

void onUndo(MainWindow& window)
{
  const QString text = commandText(window.document().undoStack().undoText());
  if (window.document().undoStack().undo())
    window.log().info(QObject::tr("Undo: %1").arg(text));
}

void onRedo(MainWindow& window)
{
  const QString text = commandText(window.document().undoStack().redoText());
  if (window.document().undoStack().redo())
    window.log().info(QObject::tr("Redo: %1").arg(text));
}

}  // namespace

bool deleteSelection(MainWindow& window)
{
  Document& document = window.document();
  const core::Model& model = document.model();
  // Entities that another selected entity already takes with it are not removed twice.
  std::vector<core::EntityRef> roots;
  std::vector<core::EntityRef> covered;
  for (const auto& ref : document.selection()) {
    if (ref.kind == core::EntityKind::Part && ref.id == core::kGroundId.value)
      continue;
    const auto deps = model.dependentsOf(ref);
    covered.insert(covered.end(), deps.begin(), deps.end());
  }
  for (const auto& ref : document.selection())
    if (model.contains(ref) && !(ref.kind == core::EntityKind::Part && ref.id == core::kGroundId.value) &&
        std::find(covered.begin(), covered.end(), ref) == covered.end())
      roots.push_back(ref);
  if (roots.empty())
    return false;
  std::size_t dependents = 0;
  for (const auto& ref : roots)
    dependents += model.dependentsOf(ref).size();
  auto macro = std::make_unique<core::Macro>(roots.size() == 1
                                                 ? "Delete " + model.entityName(roots.front())
                                                 : "Delete " + std::to_string(roots.size()) + " entities");
  for (const auto& ref : roots)
    macro->add(std::make_unique<core::RemoveEntity>(ref));
  QString error;
  if (!document.execute(std::move(macro), &error)) {
    window.log().error(QObject::tr("Delete failed: %1").arg(error));
    return false;
  }
  // Whole sentences per count: a translation cannot follow English plural endings.
  const QString deleted = roots.size() == 1 ? QObject::tr("Deleted 1 entity")
                                            : QObject::tr("Deleted %1 entities").arg(roots.size());
  const QString with =
      dependents == 1 ? QObject::tr("1 dependent") : QObject::tr("%1 dependents").arg(dependents);
  window.log().info(QObject::tr("%1 and %2 (undo restores them).").arg(deleted, with));
  return true;
}

void installEditActions(MainWindow& window, QMenu& menu, QToolBar& toolbar)
{
  QAction* undo = menu.addAction(window.style()->standardIcon(QStyle::SP_ArrowBack), QObject::tr("&Undo"));
  undo->setObjectName("actionUndo");
  undo->setShortcut(QKeySequence::Undo);
  QObject::connect(undo, &QAction::triggered, &window, [&window] { onUndo(window); });
  QAction* redo = menu.addAction(window.style()->standardIcon(QStyle::SP_ArrowForward), QObject::tr("&Redo"));
  redo->setObjectName("actionRedo");
  redo->setShortcuts({QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z), QKeySequence::Redo});
  QObject::connect(redo, &QAction::triggered, &window, [&window] { onRedo(window); });
  menu.addSeparator();
  QAction* remove =
      menu.addAction(window.style()->standardIcon(QStyle::SP_TrashIcon), QObject::tr("&Delete"));
  remove->setObjectName("actionDelete");
  remove->setShortcut(QKeySequence::Delete);
  QObject::connect(remove, &QAction::triggered, &window, [&window] { deleteSelection(window); });
  toolbar.addAction(undo);
  toolbar.addAction(redo);
  menu.addSeparator();
  QAction* preferences = menu.addAction(QObject::tr("&Preferences..."));
  preferences->setObjectName("actionPreferences");
  preferences->setShortcut(QKeySequence::Preferences);
  QObject::connect(preferences, &QAction::triggered, &window, [&window] {
    PreferencesDialog dialog(&window);
    dialog.exec();
  });

  auto update = [&window, undo, redo, remove] {
    auto& stack = window.document().undoStack();
    undo->setEnabled(stack.canUndo());
    redo->setEnabled(stack.canRedo());
    undo->setText(stack.canUndo() ? QObject::tr("&Undo %1").arg(commandText(stack.undoText()))
                                  : QObject::tr("&Undo"));
    redo->setText(stack.canRedo() ? QObject::tr("&Redo %1").arg(commandText(stack.redoText()))
                                  : QObject::tr("&Redo"));
    remove->setEnabled(!window.document().selection().empty());
  };
  QObject::connect(&window.document(), &Document::modelChanged, &window, update);
  QObject::connect(&window.document(), &Document::modelReset, &window, update);
  QObject::connect(&window.document(), &Document::selectionChanged, &window, update);
  update();
}

}  // namespace mbs::ui
