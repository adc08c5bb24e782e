#pragma once
// Build > Initial velocities: a part's initial CM velocity and angular velocity (ground frame),
// each optionally marked exact for the initial-condition analysis.
#include "mbs/ui/dialogs/BuildDialog.hpp"
#include "mbs/ui/dialogs/FormWidgets.hpp"

class QCheckBox;

namespace mbs::ui {

class InitialConditionsDialog : public BuildDialog {
  Q_OBJECT
public:
  explicit InitialConditionsDialog(Document& document, QWidget* parent = nullptr);

  EntityCombo* part;
  Vec3Edit* velocity;         // [m/s]
  Vec3Edit* angularVelocity;  // [deg/s]
  QCheckBox* velocityExact;
  QCheckBox* angularVelocityExact;

protected:
  std::unique_ptr<core::Command> makeCommand(QString& error) override;
};

// Build > Gravity: magnitude and direction (ground frame).
class GravityDialog : public BuildDialog {
  Q_OBJECT
public:
  explicit GravityDialog(Document& document, QWidget* parent = nullptr);

  QDoubleSpinBox* magnitude;  // [m/s^2]
  Vec3Edit* direction;

protected:
  std::unique_ptr<core::Command> makeCommand(QString& error) override;
};

}  // namespace mbs::ui
