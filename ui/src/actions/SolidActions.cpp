// Contacts and solids from the model tree (issue 30): a double-click on a contact opens it in
// Build ▸ Contact for editing; a part's context menu adds a solid to it, a contact's edits it.
// Both go through the dialogs, so every change is one undo step.
#include <QMenu>
#include <QTreeWidget>

#include "Actions.hpp"
#include "mbs/ui/Document.hpp"
#include "mbs/ui/MainWindow.hpp"
#include "mbs/ui/dialogs/ContactDialog.hpp"
#include "mbs/ui/dialogs/SolidDialog.hpp"
#include "mbs/ui/panels/LogPanel.hpp"
#include "mbs/ui/panels/ModelTreePanel.hpp"

namespace mbs::ui {
namespace {

template <class Dialog>
void showDialog(MainWindow& window, Dialog* dialog)
{
  dialog->setAttribute(Qt::WA_DeleteOnClose);
  QObject::connect(dialog, &BuildDialog::applied, &window,
                   [&window](const QString& description) { window.log().info(description); });
  dialog->show();
  dialog->raise();
}

// The single selected entity, if it is a contact.
core::ForceId selectedContact(const Document& document)
{
  if (document.selection().size() != 1 || document.selection().front().kind != core::EntityKind::Force)
    return {};
  const core::ForceId id(document.selection().front().id);
  const core::Force* force = document.model().force(id);
  return force && force->kind == core::ForceKind::Contact ? id : core::ForceId();
}

core::PartId selectedPart(const Document& document)
{
  if (document.selection().size() != 1 || document.selection().front().kind != core::EntityKind::Part)
    return {};
  return core::PartId(document.selection().front().id);
}

void editContact(MainWindow& window, core::ForceId id)
{
  for (auto* dialog : window.findChildren<ContactDialog*>())
    if (dialog->isVisible() && dialog->editing() == id) {
      dialog->raise();
      return;
    }
  showDialog(window, new ContactDialog(window.document(), &window, id));
}

void addSolid(MainWindow& window, core::PartId part)
{
  showDialog(window, new SolidDialog(window.document(), part, &window));
}

}  // namespace

void installSolidActions(MainWindow& window)
{
  ModelTreePanel& tree = window.modelTree();
  // The click before the double-click has selected the item in the document.
  QObject::connect(&tree, &QTreeWidget::itemDoubleClicked, &window, [&window] {
    if (const core::ForceId id = selectedContact(window.document()); id.valid())
      editContact(window, id);
  });
  tree.setContextMenuPolicy(Qt::CustomContextMenu);
  QObject::connect(&tree, &QWidget::customContextMenuRequested, &window, [&window, &tree](const QPoint& at) {
    QTreeWidgetItem* item = tree.itemAt(at);
    if (!item)
      return;
    if (!item->isSelected()) {
      tree.clearSelection();
      item->setSelected(true);
    }
    const Document& document = window.document();
    QMenu menu(&tree);
    menu.setObjectName("modelTreeContextMenu");
    if (const core::PartId part = selectedPart(document); part.valid()) {
      const core::Part* p = document.model().part(part);
      QAction* add = menu.addAction(QObject::tr("Add &Solid..."));
      add->setObjectName("actionAddSolid");
      add->setEnabled(p && !p->flexible);
      QObject::connect(add, &QAction::triggered, &window, [&window, part] { addSolid(window, part); });
    }
    if (const core::ForceId contact = selectedContact(document); contact.valid()) {
      QAction* edit = menu.addAction(QObject::tr("&Edit Contact..."));
      edit->setObjectName("actionEditContact");
      QObject::connect(edit, &QAction::triggered, &window,
                       [&window, contact] { editContact(window, contact); });
    }
    if (!menu.isEmpty())
      menu.exec(tree.viewport()->mapToGlobal(at));
  });
}

}  // namespace mbs::ui
