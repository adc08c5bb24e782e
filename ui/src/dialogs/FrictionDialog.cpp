#include "mbs/ui/dialogs/FrictionDialog.hpp"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QLabel>

#include "ClearanceJson.hpp"
#include "Terms.hpp"
#include "mbs/core/ModelFile.hpp"
#include "mbs/ui/Document.hpp"

namespace mbs::ui {

using json = nlohmann::ordered_json;

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
  // Values in SI, shown and typed in the model's units.
  setQuantity(stictionVelocity, core::Quantity::Velocity);
  for (QDoubleSpinBox* length : {maxStictionDeformation, pinRadius, frictionArm, bendingArm, halfLength})
    setQuantity(length, core::Quantity::Length);
  setQuantity(preloadForce, core::Quantity::Force);
  setQuantity(preloadTorque, core::Quantity::Torque);
  form()->addRow(tr("Stiction transition velocity"), stictionVelocity);
  form()->addRow(tr("Transition velocity factor [-]"), transitionFactor);
  form()->addRow(tr("Max stiction deformation"), maxStictionDeformation);
  form()->addRow(tr("Pin radius"), pinRadius);
  form()->addRow(tr("Friction arm"), frictionArm);
  form()->addRow(tr("Bending reflect arm"), bendingArm);
  form()->addRow(tr("Joint half length"), halfLength);
  form()->addRow(tr("Preload force"), preloadForce);
  form()->addRow(tr("Preload torque"), preloadTorque);
  form()->addRow(tr("Effects"), usePreload);
  form()->addRow(QString(), useReaction);
  form()->addRow(QString(), useBending);
  form()->addRow(QString(), useTorsion);
  // DMBS order: the friction of the joint, then (revolute, spherical, translational joints) its
  // clearance; load() names the group and the size row after the joint's kind.
  clearanceGroup = new QGroupBox(tr("Radial clearance (pin-in-hole contact instead of the pin)"));
  clearanceGroup->setObjectName("clearanceGroup");
  clearanceGroup->setCheckable(true);
  clearanceGroup->setToolTip(
      tr("Pin-in-hole contact force (Lankarani–Nikravesh or polynomial damping) with friction μ static → "
         "μ dynamic over the transition velocity; the other friction fields do not apply"));
  clearanceForm = new QFormLayout(clearanceGroup);
  clearance = box(5e-4);
  journalRadius = box(0.01);
  contactLaw = new QComboBox;
  contactLaw->setObjectName("contactLaw");
  // Item data: the file's keyword (core::ClearanceLaw order).
  contactLaw->addItem(tr("Lankarani–Nikravesh (restitution e)"), "lankarani_nikravesh");
  contactLaw->addItem(tr("Polynomial damping (d₁, d₂)"), "polynomial_damping");
  contactLaw->addItem(tr("Adams IMPACT (c_max, d)"), "impact");
  contactLaw->setToolTip(
      tr("Lankarani–Nikravesh: K δⁿ (1 + 3(1−e²)/4 · v/v₀), v = dδ/dt, v₀ its value at impact. Polynomial "
         "damping: K δⁿ + (d₁ δ + d₂ δ²) v, the nonlinear spring–damper of the Adams flexible slider-crank "
         "study: its damping force is zero at the start and the end of the contact. Adams IMPACT: K δⁿ + "
         "STEP(δ, 0, 0, d, c_max) v, the damping ramped in over the penetration depth d"));
  contactStiffness = box(1e10);
  contactStiffness->setMaximum(1e15);
  forceExponent = makeNumberBox(1.5, 1.0, 10.0);
  restitution = makeNumberBox(0.9, 0.0, 1.0);
  linearDamping = box(0.0);
  linearDamping->setMaximum(1e18);
  quadraticDamping = box(0.0);
  quadraticDamping->setMaximum(1e22);
  maxDamping = box(0.0);
  maxDamping->setMaximum(1e15);
  penetrationDepth = box(1e-4);
  for (QDoubleSpinBox* length : {clearance, journalRadius, penetrationDepth})
    setQuantity(length, core::Quantity::Length);
  setQuantity(maxDamping, core::Quantity::Damping);
  // K in force/lengthⁿ, d₁ and d₂ in force·time/length² and /length³, of the model's units.
  static_cast<NumberBox*>(linearDamping)->setUnitPowers(UnitPowers{1.0, -2.0, 1.0});
  static_cast<NumberBox*>(quadraticDamping)->setUnitPowers(UnitPowers{1.0, -3.0, 1.0});
  setStiffnessUnit(false);
  connect(forceExponent, &QDoubleSpinBox::valueChanged, this, [this] { setStiffnessUnit(true); });
  clearanceForm->addRow(tr("Radial clearance c"), clearance);
  clearanceForm->addRow(tr("Journal radius"), journalRadius);
  clearanceForm->addRow(tr("Contact law"), contactLaw);
  clearanceForm->addRow(tr("Contact stiffness K"), contactStiffness);
  clearanceForm->addRow(tr("Force exponent n [-]"), forceExponent);
  clearanceForm->addRow(tr("Restitution coefficient e [-]"), restitution);
  clearanceForm->addRow(tr("Damping d₁ (of δ·dδ/dt)"), linearDamping);
  clearanceForm->addRow(tr("Damping d₂ (of δ²·dδ/dt)"), quadraticDamping);
  clearanceForm->addRow(tr("Max damping c_max"), maxDamping);
  clearanceForm->addRow(tr("Penetration depth d (full damping)"), penetrationDepth);
  form()->addRow(clearanceGroup);
  connect(clearanceGroup, &QGroupBox::toggled, this, &FrictionDialog::updateEnabled);
  connect(contactLaw, &QComboBox::currentIndexChanged, this, &FrictionDialog::updateEnabled);
  connect(joint, &QComboBox::currentIndexChanged, this, &FrictionDialog::load);
  load();
}

void FrictionDialog::load()
{
  const core::Joint* j = document().model().joint(core::JointId(joint->current().id));
  setParameters(j && j->friction ? *j->friction : core::FrictionParameters{});
  const core::JointKind kind = j ? j->kind : core::JointKind::Revolute;
  const bool slider = kind == core::JointKind::Translational;
  clearanceGroup->setVisible(j && core::supportsClearance(kind));
  clearanceGroup->setChecked(j && j->clearance);
  // The journalRadius box holds the kind's size: journal radius, ball radius or slider length.
  auto label = [this](QWidget* field, const QString& text) {
    if (auto* l = qobject_cast<QLabel*>(clearanceForm->labelForField(field)))
      l->setText(text);
  };
  if (kind == core::JointKind::Spherical) {
    clearanceGroup->setTitle(tr("Clearance (ball-in-socket contact instead of the joint)"));
    label(clearance, tr("Radial clearance c"));
    label(journalRadius, tr("Ball radius"));
  } else if (slider) {
    clearanceGroup->setTitle(tr("Clearance (slider-in-guide contact across the joint's x)"));
    label(clearance, tr("Clearance per side c"));
    label(journalRadius, tr("Slider length"));
  } else {
    clearanceGroup->setTitle(tr("Radial clearance (pin-in-hole contact instead of the pin)"));
    label(clearance, tr("Radial clearance c"));
    label(journalRadius, tr("Journal radius"));
  }
  if (j && j->clearance) {
    const core::ClearanceParameters& c = *j->clearance;
    clearance->setValue(c.clearance);
    journalRadius->setValue(slider ? c.sliderLength : c.journalRadius);
    forceExponent->setValue(c.exponent);  // first: K's unit, then K's stored value
    contactStiffness->setValue(c.stiffness);
    restitution->setValue(c.restitution);
    contactLaw->setCurrentIndex(static_cast<int>(c.law));
    linearDamping->setValue(c.linearDamping);
    quadraticDamping->setValue(c.quadraticDamping);
    maxDamping->setValue(c.maxDamping);
    penetrationDepth->setValue(c.penetrationDepth);
    muStatic->setValue(c.staticCoefficient);
    muDynamic->setValue(c.dynamicCoefficient);
    stictionVelocity->setValue(c.transitionVelocity);
  }
  updateEnabled();
}

void FrictionDialog::setStiffnessUnit(bool keepShownValue)
{
  // A form: K typed before or after n is the number shown next to its unit, whatever the order.
  auto* k = static_cast<NumberBox*>(contactStiffness);
  const double shown = k->displayValue();
  k->setUnitPowers(UnitPowers{1.0, -forceExponent->value(), 0.0});
  if (keepShownValue)
    k->setValue(shown * factorToSI(k->units(), *k->unitPowers()));
}

void FrictionDialog::updateEnabled()
{
  // A clearance joint's friction acts at the contact point: only μ and the transition velocity.
  const bool contact = clearanceGroup->isVisible() && clearanceGroup->isChecked();
  for (QWidget* w : std::initializer_list<QWidget*>{
           transitionFactor, maxStictionDeformation, pinRadius, frictionArm, bendingArm, halfLength,
           preloadForce, preloadTorque, usePreload, useReaction, useBending, useTorsion})
    w->setEnabled(!contact);
  // Only the chosen law's coefficients.
  const bool polynomial =
      contactLaw->currentIndex() == static_cast<int>(core::ClearanceLaw::PolynomialDamping);
  const bool impact = contactLaw->currentIndex() == static_cast<int>(core::ClearanceLaw::Impact);
  clearanceForm->setRowVisible(restitution, !polynomial && !impact);
  clearanceForm->setRowVisible(linearDamping, polynomial);
  clearanceForm->setRowVisible(quadraticDamping, polynomial);
  clearanceForm->setRowVisible(maxDamping, impact);
  clearanceForm->setRowVisible(penetrationDepth, impact);
}

core::ClearanceParameters FrictionDialog::clearanceParameters() const
{
  core::ClearanceParameters c;
  c.clearance = clearance->value();
  const core::Joint* j = document().model().joint(core::JointId(joint->current().id));
  (j && j->kind == core::JointKind::Translational ? c.sliderLength : c.journalRadius) =
      journalRadius->value();
  c.stiffness = contactStiffness->value();
  c.exponent = forceExponent->value();
  c.law = static_cast<core::ClearanceLaw>(contactLaw->currentIndex());
  c.restitution = restitution->value();
  c.linearDamping = linearDamping->value();
  c.quadraticDamping = quadraticDamping->value();
  c.maxDamping = maxDamping->value();
  c.penetrationDepth = penetrationDepth->value();
  c.staticCoefficient = muStatic->value();
  c.dynamicCoefficient = muDynamic->value();
  c.transitionVelocity = stictionVelocity->value();
  return c;
}

std::unique_ptr<core::Command> FrictionDialog::clearanceCommand(const core::Joint& j, QString& error)
{
  const core::ClearanceParameters c = clearanceParameters();
  const QString name = QString::fromStdString(j.name);
  auto refuse = [&](const QString& field, const QString& rule) {
    error = tr("Joint '%1': %2 %3.").arg(name, field, rule);
    return nullptr;
  };
  const bool slider = j.kind == core::JointKind::Translational, ball = j.kind == core::JointKind::Spherical;
  if (!(c.clearance > 0.0))
    return refuse(slider ? tr("the clearance c") : tr("the radial clearance c"), tr("must be positive"));
  if (!((slider ? c.sliderLength : c.journalRadius) > 0.0))
    return refuse(slider ? tr("the slider length")
                  : ball ? tr("the ball radius")
                         : tr("the journal radius"),
                  tr("must be positive"));
  if (!(c.stiffness > 0.0))
    return refuse(tr("the contact stiffness K"), tr("must be positive"));
  const bool polynomial = c.law == core::ClearanceLaw::PolynomialDamping;
  const bool impact = c.law == core::ClearanceLaw::Impact;
  if (impact && !(c.penetrationDepth > 0.0))
    return refuse(tr("the penetration depth d"), tr("must be positive"));
  if (!polynomial && !impact && !(c.restitution > 0.0))
    return refuse(tr("the restitution coefficient e"), tr("must be above 0 (at most 1)"));
  if (!(c.transitionVelocity > 0.0))
    return refuse(tr("the transition velocity"), tr("must be positive"));
  json object = core::toJson(document().model(), core::EntityRef(j.id));
  object.erase("friction");  // the clearance has its own friction
  json contact = {{"clearance", c.clearance},
                  {slider ? "slider_length"
                   : ball ? "ball_radius"
                          : "journal_radius",
                   slider ? c.sliderLength : c.journalRadius},
                  {"law", contactLaw->currentData().toString().toStdString()},
                  {"stiffness", c.stiffness},
                  {"exponent", c.exponent}};
  if (polynomial) {
    contact["linear_damping"] = c.linearDamping;
    contact["quadratic_damping"] = c.quadraticDamping;
  } else if (impact) {
    contact["max_damping"] = c.maxDamping;
    contact["penetration_depth"] = c.penetrationDepth;
  } else {
    contact["restitution"] = c.restitution;
  }
  contact["mu_static"] = c.staticCoefficient;
  contact["mu_dynamic"] = c.dynamicCoefficient;
  contact["transition_velocity"] = c.transitionVelocity;
  object["clearance"] = contact;
  auto macro = std::make_unique<core::Macro>("Set clearance of joint " + j.name);
  macro->add(std::make_unique<core::SetProperty>(core::EntityRef(j.id), "", object));
  return macro;
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
  if (core::supportsClearance(j->kind) && clearanceGroup->isChecked())
    return clearanceCommand(*j, error);
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
  if (j->clearance) {  // back to a pin, with this friction (or none), in one step
    auto macro = std::make_unique<core::Macro>("Remove clearance of joint " + j->name);
    auto pin = clearance::withoutClearance(json);
    if (!active)
      pin.erase("friction");
    macro->add(std::make_unique<core::SetProperty>(core::EntityRef(j->id), "", pin));
    return macro;
  }
  // A macro only for its text: the log and the undo menu name the joint ("Set friction" did not).
  auto macro = std::make_unique<core::Macro>((p.staticCoefficient > 0.0 || p.dynamicCoefficient > 0.0
                                                  ? "Set friction of joint "
                                                  : "Remove friction of joint ") +
                                             j->name);
  macro->add(std::make_unique<core::SetProperty>(core::EntityRef(j->id), "/friction", json.at("friction")));
  return macro;
}

}  // namespace mbs::ui
