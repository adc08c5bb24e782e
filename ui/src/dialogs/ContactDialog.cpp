#include "mbs/ui/dialogs/ContactDialog.hpp"

#include <QCheckBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <cmath>
#include <tuple>

#include "SolidText.hpp"
#include "mbs/core/Commands.hpp"
#include "mbs/core/ModelFile.hpp"
#include "mbs/ui/Document.hpp"
#include "mbs/ui/dialogs/FormWidgets.hpp"

namespace mbs::ui {
namespace {

// Item data of a side's entry: the part and the solid's index in its geometry, kAllSolids for all
// of them, kAsDefined for the contact's own solids when editing one read from an Adams deck.
constexpr int kAllSolids = -1;
constexpr int kAsDefined = -2;
constexpr int kPartRole = Qt::UserRole;
constexpr int kSolidRole = Qt::UserRole + 1;

// Adams/View's contact defaults (Adams "Contact Parameters for Parts with Small Mass": stiffness
// 1.0E+05 N/mm, damping 10 N·s/mm, exponent 2.2; penetration depth 0.1 mm; Coulomb friction
// μs 0.3, μd 0.1, stiction transition 100 mm/s, friction transition 1000 mm/s), in SI.
constexpr double kExponent = 2.2;
const double kStiffness = 1.0e5 * std::pow(1000.0, kExponent);  // N/mm^e -> N/m^e
constexpr double kDamping = 10.0e3;                             // N·s/mm -> N·s/m
constexpr double kDepth = 1.0e-4;                               // 0.1 mm
constexpr double kPenalty = 1.0e8;                              // 1.0E+05 N/mm
constexpr double kMuStatic = 0.3, kMuDynamic = 0.1, kStictionVelocity = 0.1, kFrictionVelocity = 1.0;

QString q(const std::string& text)
{
  return QString::fromStdString(text);
}

// The marker the contact acts at on `part`: its CM marker, else its first marker; invalid if none.
core::MarkerId markerOn(const core::Model& model, core::PartId part)
{
  const core::Part* p = model.part(part);
  if (p && p->cmMarker.valid() && model.marker(p->cmMarker))
    return p->cmMarker;
  const auto markers = model.markersOf(part);
  return markers.empty() ? core::MarkerId() : markers.front();
}

std::string freeName(const core::Model& model, const std::string& stem)
{
  for (int k = 1;; ++k)
    if (const std::string name = stem + std::to_string(k); model.isNameFree(name))
      return name;
}

}  // namespace

ContactDialog::ContactDialog(Document& document, QWidget* parent, core::ForceId editing)
    : BuildDialog(document, editing.valid() ? tr("Edit contact") : tr("Create contact"), parent),
      m_editing(editing)
{
  setObjectName("contactDialog");
  name = new QLineEdit;
  name->setPlaceholderText(tr("automatic"));
  iSolids = new QComboBox;
  iSolids->setObjectName("contactISolids");
  jSolids = new QComboBox;
  jSolids->setObjectName("contactJSolids");
  for (QComboBox* side : {iSolids, jSolids})
    side->setSizeAdjustPolicy(QComboBox::AdjustToContents);
  law = new QComboBox;
  law->setObjectName("contactLaw");
  law->addItems({tr("IMPACT (stiffness, exponent, damping)"), tr("POISSON (penalty, restitution)")});
  stiffness = makeNumberBox(0.0, 0.0, 1e30);
  stiffness->setObjectName("contactStiffness");
  exponent = makeNumberBox(kExponent, 1.0, 100.0);
  exponent->setObjectName("contactExponent");
  damping = makeNumberBox(kDamping, 0.0, 1e30);
  damping->setObjectName("contactDamping");
  penetrationDepth = makeNumberBox(kDepth, 0.0, 1e6);
  penetrationDepth->setObjectName("contactDmax");
  penalty = makeNumberBox(kPenalty, 0.0, 1e30);
  penalty->setObjectName("contactPenalty");
  restitution = makeNumberBox(0.5, 0.0, 1.0);
  restitution->setObjectName("contactRestitution");
  friction = new QComboBox;
  friction->setObjectName("contactFriction");
  friction->addItems({tr("None"), tr("Coulomb"), tr("Coulomb without stiction (dynamics only)")});
  muStatic = makeNumberBox(kMuStatic, 0.0, 100.0);
  muStatic->setObjectName("contactMuStatic");
  muDynamic = makeNumberBox(kMuDynamic, 0.0, 100.0);
  muDynamic->setObjectName("contactMuDynamic");
  stictionVelocity = makeNumberBox(kStictionVelocity, 0.0, 1e6);
  stictionVelocity->setObjectName("contactStictionVelocity");
  frictionVelocity = makeNumberBox(kFrictionVelocity, 0.0, 1e6);
  frictionVelocity->setObjectName("contactFrictionVelocity");
  inactiveInStatics = new QCheckBox(tr("inactive in static analyses"));
  form()->addRow(tr("Name"), name);
  form()->addRow(tr("I solids"), iSolids);
  form()->addRow(tr("J solids"), jSolids);
  form()->addRow(tr("Normal force"), law);
  // Values in SI, shown and typed in the model's display units; the stiffness in force/length^e
  // (e the exponent, not always whole: N/mm^2.2 in MMKS) through the box's unit powers.
  setQuantity(damping, core::Quantity::Damping);
  setQuantity(penetrationDepth, core::Quantity::Length);
  setQuantity(penalty, core::Quantity::Stiffness);
  setQuantity(stictionVelocity, core::Quantity::Velocity);
  setQuantity(frictionVelocity, core::Quantity::Velocity);
  form()->addRow(tr("Stiffness K"), stiffness);
  form()->addRow(tr("Force exponent e [-]"), exponent);
  form()->addRow(tr("Max damping c"), damping);
  form()->addRow(tr("Penetration depth d"), penetrationDepth);
  form()->addRow(tr("Penalty"), penalty);
  form()->addRow(tr("Restitution coefficient [-]"), restitution);
  form()->addRow(tr("Friction"), friction);
  form()->addRow(tr("μ static [-]"), muStatic);
  form()->addRow(tr("μ dynamic [-]"), muDynamic);
  form()->addRow(tr("Stiction transition velocity"), stictionVelocity);
  form()->addRow(tr("Friction transition velocity"), frictionVelocity);
  setStiffnessUnit(false);
  stiffness->setValue(kStiffness);
  connect(exponent, &QDoubleSpinBox::valueChanged, this, [this] { setStiffnessUnit(true); });
  form()->addRow(QString(), inactiveInStatics);
  fillSides();
  if (const core::Force* force = document.model().force(editing))
    fillFromContact(*force);
  else
    choose(jSolids, q(document.model().ground().name));  // a part hits the ground most often
  connect(law, &QComboBox::currentIndexChanged, this, &ContactDialog::updateForm);
  connect(friction, &QComboBox::currentIndexChanged, this, &ContactDialog::updateForm);
  // Solids added meanwhile (a part's Add Solid) become choosable; the choice is kept.
  connect(&document, &Document::modelChanged, this, [this] {
    const QVariant i = iSolids->currentData(kPartRole), is = iSolids->currentData(kSolidRole);
    const QVariant j = jSolids->currentData(kPartRole), js = jSolids->currentData(kSolidRole);
    fillSides();
    for (auto [side, part, solid] : {std::tuple(iSolids, i, is), std::tuple(jSolids, j, js)})
      for (int k = 0; k < side->count(); ++k)
        if (side->itemData(k, kPartRole) == part && side->itemData(k, kSolidRole) == solid)
          side->setCurrentIndex(k);
  });
  updateForm();
}

void ContactDialog::fillSides()
{
  const core::Model& model = document().model();
  for (QComboBox* side : {iSolids, jSolids}) {
    const QSignalBlocker block(side);
    side->clear();
    for (const core::Part& part : model.parts()) {
      const QString partName = q(part.name);
      const int n = static_cast<int>(part.geometry.size());
      if (n == 0) {
        side->addItem(tr("%1 (no solid)").arg(partName));
      } else {
        side->addItem(tr("%1: all solids (%n)", nullptr, n).arg(partName));
      }
      side->setItemData(side->count() - 1, part.id.value, kPartRole);
      side->setItemData(side->count() - 1, kAllSolids, kSolidRole);
      for (int k = 0; k < n; ++k) {
        side->addItem(QStringLiteral("    %1 / %2").arg(partName, solidText(part.geometry[k], k)));
        side->setItemData(side->count() - 1, part.id.value, kPartRole);
        side->setItemData(side->count() - 1, k, kSolidRole);
      }
    }
  }
}

bool ContactDialog::choose(QComboBox* side, const QString& part, int solid)
{
  const core::PartId id = document().model().findPart(part.toStdString());
  for (int k = 0; k < side->count(); ++k)
    if (id.valid() && side->itemData(k, kPartRole).toUInt() == id.value &&
        side->itemData(k, kSolidRole).toInt() == solid) {
      side->setCurrentIndex(k);
      return true;
    }
  return false;
}

void ContactDialog::fillFromContact(const core::Force& force)
{
  const core::Model& model = document().model();
  name->setText(q(force.name));
  const core::ContactParameters c = force.contact.value_or(core::ContactParameters{});
  const std::pair<QComboBox*, std::pair<core::MarkerId, const std::vector<core::ContactSolid>*>> sides[] = {
      {iSolids, {force.iMarker, &c.iSolids}}, {jSolids, {force.jMarker, &c.jSolids}}};
  for (const auto& [side, what] : sides) {
    const core::PartId partId = model.partOf(what.first);
    const core::Part* part = model.part(partId);
    if (!part)
      continue;
    // The entry whose solids are the contact's: all the part's, one of them, or its own.
    std::vector<core::ContactSolid> all;
    QString unused;
    for (int k = 0; k < static_cast<int>(part->geometry.size()); ++k)
      if (const auto s = contactSolidOf(*part, k, unused))
        all.push_back(*s);
    // One solid is shown as that solid (the more specific entry) even when it is the part's only one.
    bool found = false;
    if (what.second->size() == 1) {
      for (int k = 0; k < static_cast<int>(part->geometry.size()) && !found; ++k)
        if (const auto s = contactSolidOf(*part, k, unused); s && *s == what.second->front())
          found = choose(side, q(part->name), k);
    }
    if (!found && all == *what.second && !all.empty())
      found = choose(side, q(part->name), kAllSolids);
    if (!found) {
      side->insertItem(0,
                       tr("%1: the contact's own solids (%n)", nullptr, static_cast<int>(what.second->size()))
                           .arg(q(part->name)));
      side->setItemData(0, partId.value, kPartRole);
      side->setItemData(0, kAsDefined, kSolidRole);
      side->setCurrentIndex(0);
    }
  }
  law->setCurrentIndex(c.law == core::ContactLaw::Poisson ? 1 : 0);
  if (c.law == core::ContactLaw::Impact) {
    exponent->setValue(c.exponent);  // first: K's unit, then K's stored value
    stiffness->setValue(c.stiffness);
    damping->setValue(c.damping);
    penetrationDepth->setValue(c.dmax);
  } else {
    penalty->setValue(c.penalty);
    restitution->setValue(c.restitution);
  }
  friction->setCurrentIndex(c.friction == core::ContactFriction::On             ? 1
                            : c.friction == core::ContactFriction::DynamicsOnly ? 2
                                                                                : 0);
  if (c.friction != core::ContactFriction::Off) {
    muStatic->setValue(c.muStatic);
    muDynamic->setValue(c.muDynamic);
    stictionVelocity->setValue(c.stictionVelocity);
    frictionVelocity->setValue(c.frictionVelocity);
  }
  inactiveInStatics->setChecked(c.inactiveInStatics);
}

void ContactDialog::setStiffnessUnit(bool keepShownValue)
{
  // A form: K typed before or after e is the number shown next to its unit, whatever the order.
  auto* k = static_cast<NumberBox*>(stiffness);
  const double shown = k->displayValue();
  k->setUnitPowers(UnitPowers{1.0, -exponent->value(), 0.0});
  if (keepShownValue)
    k->setValue(shown * factorToSI(k->units(), *k->unitPowers()));
}

void ContactDialog::updateForm()
{
  const bool impact = law->currentIndex() == 0;
  for (QWidget* w : {stiffness, exponent, damping, penetrationDepth})
    form()->setRowVisible(w, impact);
  for (QWidget* w : {penalty, restitution})
    form()->setRowVisible(w, !impact);
  const int f = friction->currentIndex();
  form()->setRowVisible(muStatic, f == 1);
  form()->setRowVisible(stictionVelocity, f == 1);
  form()->setRowVisible(muDynamic, f != 0);
  form()->setRowVisible(frictionVelocity, f != 0);
  adjustSize();
}

std::unique_ptr<core::Command> ContactDialog::makeCommand(QString& error)
{
  const core::Model& model = document().model();
  const core::Force* old = model.force(m_editing);
  if (m_editing.valid() && !old) {
    error = tr("The contact being edited no longer exists.");
    return nullptr;
  }
  core::Force force = old ? *old : core::Force{};
  force.kind = core::ForceKind::Contact;
  force.name = name->text().trimmed().toStdString();
  if (force.name.empty())
    force.name = old ? old->name : freeName(model, "contact_");
  const core::EntityRef self = old ? core::EntityRef(old->id) : core::EntityRef();
  if (!core::Model::isValidName(force.name) || !model.isNameFree(force.name, self)) {
    error = tr("'%1' is not a valid, unused name.").arg(name->text());
    return nullptr;
  }
  const core::PartId iPart(iSolids->currentData(kPartRole).toUInt());
  const core::PartId jPart(jSolids->currentData(kPartRole).toUInt());
  const core::Part* parts[2] = {model.part(iPart), model.part(jPart)};
  if (!parts[0] || !parts[1]) {
    error = tr("Choose the solids of both sides.");
    return nullptr;
  }
  if (parts[0]->ground && parts[1]->ground) {
    error = tr("Both sides are on the ground: the ground does not move, so the contact could never act.");
    return nullptr;
  }
  if (iPart == jPart) {
    error = tr("Both sides are on the part '%1': a part cannot touch itself. Choose solids of two parts.")
                .arg(q(parts[0]->name));
    return nullptr;
  }
  core::ContactParameters c = force.contact.value_or(core::ContactParameters{});
  QComboBox* sides[2] = {iSolids, jSolids};
  std::vector<core::ContactSolid>* solids[2] = {&c.iSolids, &c.jSolids};
  for (int s = 0; s < 2; ++s) {
    const core::Part& part = *parts[s];
    if (part.flexible) {
      error = tr("The part '%1' is flexible: contacts act between rigid parts only.").arg(q(part.name));
      return nullptr;
    }
    const int choice = sides[s]->currentData(kSolidRole).toInt();
    if (choice == kAsDefined)
      continue;  // the contact's own solids, kept
    if (part.geometry.empty()) {
      error = tr("The part '%1' has no solid: add one from its context menu (Add Solid...) first.")
                  .arg(q(part.name));
      return nullptr;
    }
    solids[s]->clear();
    const int first = choice == kAllSolids ? 0 : choice;
    const int last = choice == kAllSolids ? static_cast<int>(part.geometry.size()) - 1 : choice;
    for (int k = first; k <= last; ++k) {
      QString why;
      const auto solid = contactSolidOf(part, k, why);
      if (!solid) {
        error = tr("The solid %1 of the part '%2' cannot touch: %3")
                    .arg(solidText(part.geometry[k], k), q(part.name), why);
        return nullptr;
      }
      solids[s]->push_back(*solid);
    }
  }
  c.law = law->currentIndex() == 1 ? core::ContactLaw::Poisson : core::ContactLaw::Impact;
  c.exponent = exponent->value();
  c.stiffness = stiffness->value();
  c.damping = damping->value();
  c.dmax = penetrationDepth->value();
  c.penalty = penalty->value();
  c.restitution = restitution->value();
  c.friction = friction->currentIndex() == 1   ? core::ContactFriction::On
               : friction->currentIndex() == 2 ? core::ContactFriction::DynamicsOnly
                                               : core::ContactFriction::Off;
  c.muStatic = muStatic->value();
  c.muDynamic = muDynamic->value();
  c.stictionVelocity = stictionVelocity->value();
  c.frictionVelocity = frictionVelocity->value();
  if (c.friction == core::ContactFriction::DynamicsOnly) {
    c.muStatic = c.muDynamic;  // Adams DYNAMICS_ONLY: no stiction
    c.stictionVelocity = 0.0;
  }
  c.inactiveInStatics = inactiveInStatics->isChecked();
  if (const std::string problem = core::contactProblem(c); !problem.empty()) {
    error = tr("The contact cannot be made: %1").arg(q(problem));
    return nullptr;
  }
  force.contact = c;

  // The markers: kept when still on the chosen parts, else found or made on them.
  auto macro = std::make_unique<core::Macro>((old ? "Set contact " : "Create contact ") + force.name);
  IdPlanner ids(model);
  core::Model after = model;  // for the edited force's file form
  core::MarkerId* markers[2] = {&force.iMarker, &force.jMarker};
  for (int s = 0; s < 2; ++s) {
    if (model.partOf(*markers[s]) == parts[s]->id && model.marker(*markers[s]))
      continue;
    *markers[s] = markerOn(model, parts[s]->id);
    if (markers[s]->valid())
      continue;
    core::Marker marker;
    marker.id = core::MarkerId(ids.take());
    marker.name = freeName(after, force.name + (s == 0 ? "_i" : "_j"));
    marker.part = parts[s]->id;
    after.add(marker);
    macro->add(std::make_unique<core::AddMarker>(marker));
    *markers[s] = marker.id;
  }
  if (!old) {
    force.id = core::ForceId(ids.take());
    macro->add(std::make_unique<core::AddForce>(force));
    return macro;
  }
  *after.force(force.id) = force;
  macro->add(
      std::make_unique<core::SetProperty>(core::EntityRef(force.id), "", core::toJson(after, force.id)));
  return macro;
}

}  // namespace mbs::ui
