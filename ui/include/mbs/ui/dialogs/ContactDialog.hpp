#pragma once
// Build ▸ Contact (issue 30): a contact between solids (core::ForceKind::Contact, Adams CONTACT).
// Each side is one solid of a part or all the solids of a part (the part's geometry, copied into
// the contact); the normal law is IMPACT or POISSON, the friction Coulomb's with Adams' contact
// friction law. Opened empty from the Build menu, or on an existing contact (double-click in the
// model tree, Edit Contact in the Properties panel) to change it; either way one undo step.
// The contact acts between markers of the two parts: the part's CM marker, else its first marker,
// else a new marker at the part frame's origin (in the same undo step).
#include <QComboBox>

#include "mbs/ui/dialogs/BuildDialog.hpp"

class QCheckBox;
class QDoubleSpinBox;
class QLineEdit;

namespace mbs::ui {

class ContactDialog : public BuildDialog {
  Q_OBJECT
public:
  // `editing` invalid: a new contact; else that contact's values, changed on Apply.
  explicit ContactDialog(Document& document, QWidget* parent = nullptr, core::ForceId editing = {});

  // Chooses on `side` (iSolids or jSolids) the part's solid number `solid` (0-based), or with
  // solid = -1 all its solids; false if the list has no such entry.
  bool choose(QComboBox* side, const QString& part, int solid = -1);
  core::ForceId editing() const { return m_editing; }

  QLineEdit* name;
  QComboBox* iSolids;
  QComboBox* jSolids;
  QComboBox* law;  // IMPACT, POISSON
  // Every box holds SI and shows the model's display units; K in force/length^exponent
  // (N/mm^2.2 in MMKS, its unit following the exponent).
  QDoubleSpinBox* stiffness;
  QDoubleSpinBox* exponent;
  QDoubleSpinBox* damping;
  QDoubleSpinBox* penetrationDepth;
  QDoubleSpinBox* penalty;
  QDoubleSpinBox* restitution;
  QComboBox* friction;  // none, Coulomb, Coulomb without stiction (Adams DYNAMICS_ONLY)
  QDoubleSpinBox* muStatic;
  QDoubleSpinBox* muDynamic;
  QDoubleSpinBox* stictionVelocity;
  QDoubleSpinBox* frictionVelocity;
  QCheckBox* inactiveInStatics;

protected:
  std::unique_ptr<core::Command> makeCommand(QString& error) override;

private:
  void fillSides();
  void fillFromContact(const core::Force& force);
  void updateForm();
  // K's unit follows e (force/length^e); with keepShownValue the number shown stays, in the new unit.
  void setStiffnessUnit(bool keepShownValue);

  core::ForceId m_editing;
};

}  // namespace mbs::ui
