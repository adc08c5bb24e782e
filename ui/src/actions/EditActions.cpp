// Edit menu: undo, redo (one step per user action) and delete with dependents.
#include <QAbstractSpinBox>
#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QKeyEvent>
#include <QLineEdit>
#include <QMenu>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QStyle>
#include <QTextDocument>
#include <QTextEdit>
#include <QToolBar>
#include <algorithm>
#include <optional>

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

// Redo keys as users of every platform know them (Ctrl+Shift+Z, Ctrl+Y) plus the platform's own,
// each once: the same key twice on one action makes Qt drop it as an "ambiguous shortcut overload".
QList<QKeySequence> redoShortcuts()
{
  QList<QKeySequence> keys{QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z),
                           QKeySequence(Qt::CTRL | Qt::Key_Y)};
  for (const QKeySequence& key : QKeySequence::keyBindings(QKeySequence::Redo))
    if (!keys.contains(key))
      keys.append(key);
  return keys;
}

// A text field claims Ctrl+Z / Ctrl+Shift+Z / Ctrl+Y for itself (a ShortcutOverride it accepts) even
// when it has nothing of its own to undo, which swallowed the model's undo whenever a property field
// had the focus. This filter lets the field keep the key only while it has typing to undo or redo;
// otherwise the key reaches the Edit menu's actions, from whatever widget has the focus.
class UndoKeyRouter : public QObject {
public:
  using QObject::QObject;

protected:
  bool eventFilter(QObject* watched, QEvent* event) override
  {
    if (event->type() != QEvent::ShortcutOverride)
      return false;
    auto* key = static_cast<QKeyEvent*>(event);
    const bool undo = key->matches(QKeySequence::Undo);
    const bool redo =
        key->matches(QKeySequence::Redo) || redoShortcuts().contains(QKeySequence(key->keyCombination()));
    if (!undo && !redo)
      return false;
    std::optional<bool> fieldCan = fieldCanUndoRedo(qobject_cast<QWidget*>(watched), undo);
    if (!fieldCan || *fieldCan)
      return false;  // not a text field, or the field has typing to take back: its own key
    return true;     // not accepted: the shortcut map runs the menu action
  }

private:
  // Whether the focused text field can undo (or redo) its own typing; empty for other widgets.
  static std::optional<bool> fieldCanUndoRedo(QWidget* widget, bool undo)
  {
    if (!widget)
      return std::nullopt;
    QLineEdit* line = qobject_cast<QLineEdit*>(widget);
    if (!line && (qobject_cast<QAbstractSpinBox*>(widget) || qobject_cast<QComboBox*>(widget)))
      line = widget->findChild<QLineEdit*>();
    if (line)
      return undo ? line->isUndoAvailable() : line->isRedoAvailable();
    QTextDocument* text = nullptr;
    if (auto* plain = qobject_cast<QPlainTextEdit*>(widget))
      text = plain->document();
    else if (auto* rich = qobject_cast<QTextEdit*>(widget))
      text = rich->document();
    if (text)
      return undo ? text->isUndoAvailable() : text->isRedoAvailable();
    return std::nullopt;
  }
};

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
  redo->setShortcuts(redoShortcuts());
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
  qApp->installEventFilter(new UndoKeyRouter(&window));
}

}  // namespace mbs::ui
