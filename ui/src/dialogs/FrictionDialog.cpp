#include "mbs/ui/dialogs/FrictionDialog.hpp"

#include <QCheckBox>
#include <QFormLayout>

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
  preloadForce = makeNumberBox(0.0);
  preloadTorque = makeNumberBox(0.0);
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
  if (p.dynamicCoefficient > p.staticCoefficient) {
    error = tr("μ dynamic (%1) must not exceed μ static (%2).")
                .arg(p.dynamicCoefficient)
                .arg(p.staticCoefficient);
    return nullptr;
  }
  if ((p.staticCoefficient > 0.0) && p.stictionTransitionVelocity <= 0.0) {
    error = tr("The stiction transition velocity must be positive.");
    return nullptr;
  }
  // Write the parameters through the file form so the command stores exactly what a file would.
  core::Model scratch = model;
  scratch.joint(j->id)->friction = p;
  const auto json = core::toJson(scratch, core::EntityRef(j->id));
  return std::make_unique<core::SetProperty>(core::EntityRef(j->id), "/friction", json.at("friction"));
}

}  // namespace mbs::ui
