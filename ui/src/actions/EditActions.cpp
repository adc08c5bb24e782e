// Edit menu: undo, redo (one step per user action) and delete with dependents.
#include <QAction>
#include <QMenu>
#include <QMessageBox>
#include <QStyle>
#include <QToolBar>
#include <algorithm>

#include "Actions.hpp"
#include "mbs/core/Commands.hpp"
#include "mbs/ui/Document.hpp"
#include "mbs/ui/MainWindow.hpp"
#include "mbs/ui/panels/LogPanel.hpp"

namespace mbs::ui {
namespace {

void onUndo(MainWindow& window)
{
  const QString text = QString::fromStdString(window.document().undoStack().undoText());
  if (window.document().undoStack().undo())
    window.log().info(QObject::tr("Undo: %1").arg(text));
}

void onRedo(MainWindow& window)
{
  const QString text = QString::fromStdString(window.document().undoStack().redoText());
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
  window.log().info(QObject::tr("Deleted %1 entit%2 and %3 dependent%4 (undo restores them).")
                        .arg(roots.size())
                        .arg(roots.size() == 1 ? "y" : "ies")
                        .arg(dependents)
                        .arg(dependents == 1 ? "" : "s"));
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

  auto update = [&window, undo, redo, remove] {
    auto& stack = window.document().undoStack();
    undo->setEnabled(stack.canUndo());
    redo->setEnabled(stack.canRedo());
    undo->setText(stack.canUndo() ? QObject::tr("&Undo %1").arg(QString::fromStdString(stack.undoText()))
                                  : QObject::tr("&Undo"));
    redo->setText(stack.canRedo() ? QObject::tr("&Redo %1").arg(QString::fromStdString(stack.redoText()))
                                  : QObject::tr("&Redo"));
    remove->setEnabled(!window.document().selection().empty());
  };
  QObject::connect(&window.document(), &Document::modelChanged, &window, update);
  QObject::connect(&window.document(), &Document::modelReset, &window, update);
  QObject::connect(&window.document(), &Document::selectionChanged, &window, update);
  update();
}

}  // namespace mbs::ui
