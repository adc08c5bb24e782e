#pragma once
// Build > Output Requests: the model's output requests (Adams REQUEST) — the displacement,
// velocity or acceleration of an I marker relative to a J marker, the force between them, or up
// to eight expressions of the user's own (F1..F8, Adams' function language). Their values go to
// mbsolve's CSV and the Plot panel lists them by name. Apply replaces the list: one undo step.
#include <array>

#include "mbs/ui/dialogs/BuildDialog.hpp"
#include "mbs/ui/dialogs/FormWidgets.hpp"

class QLineEdit;
class QPushButton;

namespace mbs::ui {

class RequestDialog : public BuildDialog {
  Q_OBJECT
public:
  explicit RequestDialog(Document& document, QWidget* parent = nullptr);

  QComboBox* request;  // the request being edited, or "(new request)" (last item)
  QPushButton* remove;
  QLineEdit* name;
  QComboBox* type;
  EntityCombo* iMarker;
  EntityCombo* jMarker;          // "(none)": relative to ground; force: every element at I
  EntityCombo* referenceMarker;  // "(none)": ground axes
  std::array<QLineEdit*, 8> functions;

protected:
  std::unique_ptr<core::Command> makeCommand(QString& error) override;

private:
  void fillRequests(const QString& select);
  void showRequest();
  void updateForm();
  void removeRequest();
  int editedIndex() const;  // index into model.requests, -1 for a new one
};

}  // namespace mbs::ui
