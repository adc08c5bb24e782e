#pragma once
// Build > Force: force elements between two markers (translational or rotational spring-damper,
// bushing) and applied loads (single-component force or torque given by a function).
#include <optional>

#include "mbs/ui/dialogs/BuildDialog.hpp"
#include "mbs/ui/dialogs/FormWidgets.hpp"

class QCheckBox;
class QLineEdit;

namespace mbs::ui {

class ForceDialog : public BuildDialog {
  Q_OBJECT
public:
  explicit ForceDialog(Document& document, QWidget* parent = nullptr);
  void setKind(core::ForceKind kind);
  core::ForceKind kind() const;

  QLineEdit* name;
  QComboBox* type;
  EntityCombo* iMarker;
  EntityCombo* jMarker;  // "(none)" for an action-only load
  QDoubleSpinBox* stiffness;
  QDoubleSpinBox* damping;
  QDoubleSpinBox* freeLength;
  QCheckBox* currentLength;  // free length = distance (angle) now
  QDoubleSpinBox* preload;
  QLineEdit* function;
  Vec3Edit* translationalStiffness;
  Vec3Edit* translationalDamping;
  Vec3Edit* rotationalStiffness;
  Vec3Edit* rotationalDamping;

protected:
  std::unique_ptr<core::Command> makeCommand(QString& error) override;

private:
  void updateForm();
  // Distance (translational) or angle (rotational) between the chosen markers now.
  std::optional<double> presentLength() const;
};

}  // namespace mbs::ui
