#pragma once
// Base of the build dialogs: a form, an inline error line and OK / Apply / Cancel. Apply
// validates the inputs, turns them into ONE command (a core::Macro for compound actions) and runs
// it through the Document, so every dialog use is one undo step. Dialogs are modeless, so the
// user can pick points in the 3-D view while one is open.
#include <QDialog>
#include <memory>

#include "mbs/core/Commands.hpp"

class QDialogButtonBox;
class QFormLayout;
class QLabel;

namespace mbs::ui {

class Document;

class BuildDialog : public QDialog {
  Q_OBJECT
public:
  BuildDialog(Document& document, const QString& title, QWidget* parent = nullptr);

  // Validates and executes; on failure the reason is shown inline and false returned.
  bool apply();
  QString errorText() const;
  void accept() override;

signals:
  void applied(const QString& description);

protected:
  // The command for the current inputs, or nullptr with `error` set.
  virtual std::unique_ptr<core::Command> makeCommand(QString& error) = 0;
  void showMessage(const QString& text, bool isError);
  QFormLayout* form() const { return m_form; }
  Document& document() const { return m_document; }

private:
  Document& m_document;
  QFormLayout* m_form;
  QLabel* m_message;
  QDialogButtonBox* m_buttons;
};

// Ids the next commands of a macro will get, so later commands can refer to earlier entities.
class IdPlanner {
public:
  explicit IdPlanner(const core::Model& model) : m_next(model.nextId()) {}
  std::uint32_t take() { return m_next++; }

private:
  std::uint32_t m_next;
};

}  // namespace mbs::ui
