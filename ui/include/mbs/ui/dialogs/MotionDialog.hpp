#pragma once
// Build > Motion: drives a joint with a function of TIME (displacement, velocity or acceleration),
// checked by compiling it (core::motionFunction) before anything changes.
#include "mbs/ui/dialogs/BuildDialog.hpp"
#include "mbs/ui/dialogs/FormWidgets.hpp"

class QLineEdit;

namespace mbs::ui {

class MotionDialog : public BuildDialog {
  Q_OBJECT
public:
  explicit MotionDialog(Document& document, QWidget* parent = nullptr);

  QLineEdit* name;
  EntityCombo* joint;
  QComboBox* freedom;   // rotation about z / translation along z
  QComboBox* quantity;  // displacement / velocity / acceleration
  QLineEdit* function;  // Adams expression of TIME [m or rad]
  QDoubleSpinBox* initialDisplacement;
  QDoubleSpinBox* initialVelocity;

protected:
  std::unique_ptr<core::Command> makeCommand(QString& error) override;

private:
  void updatePreview();
  QLabel* m_preview;
};

}  // namespace mbs::ui
