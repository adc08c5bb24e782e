#pragma once
// Build > Joint friction: the DMBS parameter panel of one joint (friction coefficients,
// stiction transition velocity, pin radius, friction arm, bending reflect arm, joint half length,
// preload and the effect switches). A zero coefficient means no friction. A revolute, spherical or
// translational joint can instead get a clearance (the clearance group): the joint becomes a
// pin-in-hole, ball-in-socket or slider-in-guide contact (law: Lankarani–Nikravesh or polynomial damping,
// only the chosen law's fields shown) whose friction takes μ static, μ dynamic and the transition velocity
// from this panel; the other friction fields do not apply to it and are disabled.
#include "mbs/core/Friction.hpp"
#include "mbs/ui/dialogs/BuildDialog.hpp"
#include "mbs/ui/dialogs/FormWidgets.hpp"

class QCheckBox;
class QComboBox;
class QFormLayout;
class QGroupBox;

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
  QGroupBox* clearanceGroup;  // checkable: the joint is a clearance joint
  QComboBox* contactLaw;      // core::ClearanceLaw order; shows only that law's coefficients
  QDoubleSpinBox *clearance, *journalRadius, *contactStiffness, *forceExponent, *restitution;
  QDoubleSpinBox *linearDamping, *quadraticDamping;  // polynomial damping d₁, d₂
  QDoubleSpinBox *maxDamping, *penetrationDepth;     // IMPACT c_max, d
  core::ClearanceParameters clearanceParameters() const;

protected:
  std::unique_ptr<core::Command> makeCommand(QString& error) override;

private:
  void load();
  void updateEnabled();
  // K's unit follows n (force/lengthⁿ); with keepShownValue the number shown stays, in the new unit.
  void setStiffnessUnit(bool keepShownValue);
  QFormLayout* clearanceForm = nullptr;
  std::unique_ptr<core::Command> clearanceCommand(const core::Joint& joint, QString& error);
};

}  // namespace mbs::ui
