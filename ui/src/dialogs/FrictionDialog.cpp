#include "mbs/ui/dialogs/FrictionDialog.hpp"

#include <QCheckBox>
#include <QFormLayout>

#include "Terms.hpp"
#include "mbs/core/ModelFile.hpp"
#include "mbs/ui/Document.hpp"

namespace mbs::ui {

FrictionDialog::FrictionDialog(Document& document, QWidget* parent)
    : BuildDialog(document, tr("Joint friction"), parent)
{
  setObjectName("frictionDialog");
  joint = new EntityCombo(document.model(), core::EntityKind::Joint);
  auto box = [](double v) { return makeNumberBox(v, 0.0, 1e9); };
  muStatic = box(0.0);
  muDynamic = box(0.0);
  stictionVelocity = box(0.1);
  transitionFactor = makeNumberBox(1.5, 1.0, 1e3);
  maxStictionDeformation = box(0.0);
  pinRadius = box(0.0);
  frictionArm = box(0.0);
  bendingArm = box(0.0);
  halfLength = box(0.0);
  preloadForce = box(0.0);  // the solver refuses negative preloads
  preloadTorque = box(0.0);
  usePreload = new QCheckBox(tr("preload"));
  useReaction = new QCheckBox(tr("reaction force"));
  useBending = new QCheckBox(tr("bending moment"));
  useTorsion = new QCheckBox(tr("torsional moment"));
  form()->addRow(tr("Joint"), joint);
  form()->addRow(tr("μ static [-]"), muStatic);
  form()->addRow(tr("μ dynamic [-]"), muDynamic);
  form()->addRow(tr("Stiction transition velocity [m/s]"), stictionVelocity);
  form()->addRow(tr("Transition velocity factor [-]"), transitionFactor);
  form()->addRow(tr("Max stiction deformation [m]"), maxStictionDeformation);
  form()->addRow(tr("Pin radius [m]"), pinRadius);
  form()->addRow(tr("Friction arm [m]"), frictionArm);
  form()->addRow(tr("Bending reflect arm [m]"), bendingArm);
  form()->addRow(tr("Joint half length [m]"), halfLength);
  form()->addRow(tr("Preload force [N]"), preloadForce);
  form()->addRow(tr("Preload torque [N·m]"), preloadTorque);
  form()->addRow(tr("Effects"), usePreload);
  form()->addRow(QString(), useReaction);
  form()->addRow(QString(), useBending);
  form()->addRow(QString(), useTorsion);
  auto load = [this] {
    const core::Joint* j = this->document().model().joint(core::JointId(joint->current().id));
    setParameters(j && j->friction ? *j->friction : core::FrictionParameters{});
  };
  connect(joint, &QComboBox::currentIndexChanged, this, load);
  load();
}

void FrictionDialog::setParameters(const core::FrictionParameters& p)
{
  muStatic->setValue(p.staticCoefficient);
  muDynamic->setValue(p.dynamicCoefficient);
  stictionVelocity->setValue(p.stictionTransitionVelocity);
  transitionFactor->setValue(p.transitionVelocityFactor);
  maxStictionDeformation->setValue(p.maxStictionDeformation);
  pinRadius->setValue(p.pinRadius);
  frictionArm->setValue(p.frictionArm);
  bendingArm->setValue(p.bendingReflectArm);
  halfLength->setValue(p.halfLength);
  preloadForce->setValue(p.preloadForce);
  preloadTorque->setValue(p.preloadTorque);
  usePreload->setChecked(p.usePreload);
  useReaction->setChecked(p.useReactionForce);
  useBending->setChecked(p.useBendingMoment);
  useTorsion->setChecked(p.useTorsionalMoment);
}

core::FrictionParameters FrictionDialog::parameters() const
{
  core::FrictionParameters p;
  p.staticCoefficient = muStatic->value();
  p.dynamicCoefficient = muDynamic->value();
  p.stictionTransitionVelocity = stictionVelocity->value();
  p.transitionVelocityFactor = transitionFactor->value();
  p.maxStictionDeformation = maxStictionDeformation->value();
  p.pinRadius = pinRadius->value();
  p.frictionArm = frictionArm->value();
  p.bendingReflectArm = bendingArm->value();
  p.halfLength = halfLength->value();
  p.preloadForce = preloadForce->value();
  p.preloadTorque = preloadTorque->value();
  p.usePreload = usePreload->isChecked();
  p.useReactionForce = useReaction->isChecked();
  p.useBendingMoment = useBending->isChecked();
  p.useTorsionalMoment = useTorsion->isChecked();
  return p;
}

std::unique_ptr<core::Command> FrictionDialog::makeCommand(QString& error)
{
  const core::Model& model = document().model();
  const core::Joint* j = model.joint(core::JointId(joint->current().id));
  if (!j) {
    error = tr("Choose a joint.");
    return nullptr;
  }
  const core::FrictionParameters p = parameters();
  const QString jointName = QString::fromStdString(j->name);
  if (p.dynamicCoefficient > p.staticCoefficient) {
    error = tr("Joint '%1': μ dynamic (%2) must not exceed μ static (%3).")
                .arg(jointName)
                .arg(p.dynamicCoefficient)
                .arg(p.staticCoefficient);
    return nullptr;
  }
  const bool active = p.staticCoefficient > 0.0 || p.dynamicCoefficient > 0.0;
  if (active && p.stictionTransitionVelocity <= 0.0) {
    error = tr("Joint '%1': the stiction transition velocity must be positive.").arg(jointName);
    return nullptr;
  }
  // The solver needs the pin (ball) radius of every joint but a translational one to turn the
  // reaction into a friction torque; without it the run failed later, far from this panel.
  if (active && j->kind != core::JointKind::Translational && p.pinRadius <= 0.0) {
    error = tr("Joint '%1' (%2): give the pin radius [m] (ball radius of a spherical joint); "
               "friction torque = μ × normal force × pin radius.")
                .arg(jointName, term(core::toString(j->kind)));
    return nullptr;
  }
  if (active && j->kind != core::JointKind::Revolute && j->kind != core::JointKind::Cylindrical &&
      j->kind != core::JointKind::Translational && j->kind != core::JointKind::Universal &&
      j->kind != core::JointKind::Spherical) {
    error = tr("Joint '%1': friction is available for revolute, cylindrical, translational, universal and "
               "spherical joints, not for a %2 joint.")
                .arg(jointName, term(core::toString(j->kind)));
    return nullptr;
  }
  // Write the parameters through the file form so the command stores exactly what a file would.
  core::Model scratch = model;
  scratch.joint(j->id)->friction = p;
  const auto json = core::toJson(scratch, core::EntityRef(j->id));
  // A macro only for its text: the log and the undo menu name the joint ("Set friction" did not).
  auto macro = std::make_unique<core::Macro>((p.staticCoefficient > 0.0 || p.dynamicCoefficient > 0.0
                                                  ? "Set friction of joint "
                                                  : "Remove friction of joint ") +
                                             j->name);
  macro->add(std::make_unique<core::SetProperty>(core::EntityRef(j->id), "/friction", json.at("friction")));
  return macro;
}

}  // namespace mbs::ui
