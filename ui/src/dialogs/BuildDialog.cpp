#include "mbs/ui/dialogs/BuildDialog.hpp"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLayout>
#include <QPushButton>
#include <QVBoxLayout>

#include "CommandTexts.hpp"
#include "mbs/ui/Document.hpp"
#include "mbs/ui/dialogs/FormWidgets.hpp"

namespace mbs::ui {

BuildDialog::BuildDialog(Document& document, const QString& title, QWidget* parent)
    : QDialog(parent), m_document(document)
{
  setWindowTitle(title);
  setModal(false);
  setProperty(kDocumentProperty, QVariant::fromValue<QObject*>(&document));  // its number boxes' parameters
  auto* layout = new QVBoxLayout(this);
  m_form = new QFormLayout;
  layout->addLayout(m_form);
  m_message = new QLabel;
  m_message->setObjectName("dialogMessage");
  m_message->setWordWrap(true);
  m_message->hide();
  layout->addWidget(m_message);
  m_buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Apply | QDialogButtonBox::Cancel);
  layout->addWidget(m_buttons);
  connect(m_buttons, &QDialogButtonBox::accepted, this, &BuildDialog::accept);
  connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  connect(m_buttons->button(QDialogButtonBox::Apply), &QPushButton::clicked, this, &BuildDialog::apply);
  // Entities created meanwhile (by this dialog or another) become choosable at once.
  connect(&m_document, &Document::modelChanged, this, [this] {
    for (auto* combo : findChildren<EntityCombo*>())
      combo->refill();
  });
  connect(&m_document, &Document::modelReset, this, &QDialog::reject);
}

QString BuildDialog::errorText() const
{
  return !m_message->isHidden() && m_message->property("isError").toBool() ? m_message->text() : QString();
}

void BuildDialog::showMessage(const QString& text, bool isError)
{
  m_message->setText(text);
  m_message->setProperty("isError", isError);
  m_message->setStyleSheet(isError ? "color: #c53030" : "color: #2f855a");
  m_message->setVisible(!text.isEmpty());
  // A long message wraps onto more lines: the dialog grows to show it whole instead of clipping it.
  if (QLayout* l = layout(); l && !text.isEmpty()) {
    l->activate();
    const int needed = l->hasHeightForWidth() ? l->totalHeightForWidth(width()) : l->totalSizeHint().height();
    if (needed > height())
      resize(width(), needed);
  }
}

bool BuildDialog::apply()
{
  QString error;
  // A field whose text was refused shows why under it; applying would use its old value.
  for (const auto* box : findChildren<NumberBox*>())
    if (box->hasRefusedText() && box->isVisibleTo(this)) {
      showMessage(tr("A field has a text that is not a number; correct it (the reason is under the field)."),
                  true);
      return false;
    }
  std::unique_ptr<core::Command> command = makeCommand(error);
  if (!command) {
    showMessage(error, true);
    return false;
  }
  if (!m_document.execute(std::move(command), &error)) {
    showMessage(error, true);
    return false;
  }
  // The text of the executed command: automatic names ("FORCE_1") are only known now.
  const QString description = commandText(m_document.undoStack().undoText());
  showMessage(tr("Done: %1").arg(description), false);
  emit applied(description);
  return true;
}

void BuildDialog::accept()
{
  if (apply())
    QDialog::accept();
}

}  // namespace mbs::ui
