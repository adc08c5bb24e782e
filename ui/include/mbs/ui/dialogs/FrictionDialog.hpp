#pragma once
// Build > Joint friction: the DMBS parameter panel of one joint (friction coefficients,
// stiction transition velocity, pin radius, friction arm, bending reflect arm, joint half length,
// preload and the effect switches). A zero coefficient means no friction.
#include "mbs/core/Friction.hpp"
#include "mbs/ui/dialogs/BuildDialog.hpp"
#include "mbs/ui/dialogs/FormWidgets.hpp"

class QCheckBox;

namespace mbs::ui {

class FrictionDialog : public BuildDialog {
  Q_OBJECT
public:
  explicit FrictionDialog(Document& document, QWidget* parent = nullptr);
  core::FrictionParameters parameters() const;
  void setParameters(const core::FrictionParameters& p);

  EntityCombo* joint;
  QDoubleSpinBox *muStatic, *muDynamic, *stictionVelocity, *transitionFactor, *maxStictionDeformation;
  QDoubleSpinBox *pinRadius, *frictionArm, *bendingArm, *halfLength, *preloadForce, *preloadTorque;
  QCheckBox *usePreload, *useReaction, *useBending, *useTorsion;

protected:
  std::unique_ptr<core::Command> makeCommand(QString& error) override;
};

}  // namespace mbs::ui
