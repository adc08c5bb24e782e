#include "mbs/ui/dialogs/ForceDialog.hpp"

#include <QCheckBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <cmath>
#include <iterator>

#include "mbs/ui/Document.hpp"

namespace mbs::ui {
namespace {

using FK = core::ForceKind;
const FK kKinds[] = {FK::TranslationalSpringDamper, FK::RotationalSpringDamper, FK::Bushing, FK::SingleForce,
                     FK::SingleTorque};

}  // namespace

ForceDialog::ForceDialog(Document& document, QWidget* parent)
    : BuildDialog(document, tr("Create force"), parent)
{
  setObjectName("forceDialog");
  const core::Model& model = document.model();
  name = new QLineEdit;
  name->setPlaceholderText(tr("automatic"));
  type = new QComboBox;
  type->addItems({tr("Spring-damper (translational)"), tr("Spring-damper (rotational)"), tr("Bushing"),
                  tr("Single force"), tr("Single torque")});
  iMarker = new EntityCombo(model, core::EntityKind::Marker);
  jMarker = new EntityCombo(model, core::EntityKind::Marker, true);
  stiffness = makeNumberBox(1000.0, 0.0);
  damping = makeNumberBox(10.0, 0.0);
  freeLength = makeNumberBox(0.1);
  currentLength = new QCheckBox(tr("use the present distance / angle"));
  currentLength->setChecked(true);
  preload = makeNumberBox(0.0);
  function = new QLineEdit("0");
  translationalStiffness = new Vec3Edit(core::Vec3::Constant(1e5));
  translationalDamping = new Vec3Edit(core::Vec3::Constant(100.0));
  rotationalStiffness = new Vec3Edit(core::Vec3::Constant(1e3));
  rotationalDamping = new Vec3Edit(core::Vec3::Constant(1.0));
  form()->addRow(tr("Name"), name);
  form()->addRow(tr("Type"), type);
  form()->addRow(tr("I marker (action)"), iMarker);
  form()->addRow(tr("J marker (reaction)"), jMarker);
  // Values in SI, shown and typed in the model's units (the spring's depend on its type).
  translationalStiffness->setQuantity(core::Quantity::Stiffness);
  translationalDamping->setQuantity(core::Quantity::Damping);
  rotationalStiffness->setQuantity(core::Quantity::RotationalStiffness);
  rotationalDamping->setQuantity(core::Quantity::RotationalDamping);
  form()->addRow(tr("Stiffness"), stiffness);
  form()->addRow(tr("Damping"), damping);
  form()->addRow(tr("Free length"), freeLength);
  form()->addRow(QString(), currentLength);
  form()->addRow(tr("Preload"), preload);
  // A function is an expression of the solver's, in SI whatever the display units.
  form()->addRow(tr("f(TIME, ...) [N or N·m]"), function);
  form()->addRow(tr("Bushing K x, y, z"), translationalStiffness);
  form()->addRow(tr("Bushing C x, y, z"), translationalDamping);
  form()->addRow(tr("Bushing Kr x, y, z"), rotationalStiffness);
  form()->addRow(tr("Bushing Cr x, y, z"), rotationalDamping);
  connect(type, &QComboBox::currentIndexChanged, this, &ForceDialog::updateForm);
  connect(currentLength, &QCheckBox::toggled, this, &ForceDialog::updateForm);
  for (EntityCombo* combo : {iMarker, jMarker})
    connect(combo, &QComboBox::currentIndexChanged, this, &ForceDialog::updateForm);
  updateForm();
}

void ForceDialog::setKind(core::ForceKind k)
{
  for (int i = 0; i < static_cast<int>(std::size(kKinds)); ++i)
    if (kKinds[i] == k)
      type->setCurrentIndex(i);
}

core::ForceKind ForceDialog::kind() const
{
  return kKinds[std::max(0, type->currentIndex())];
}

void ForceDialog::updateForm()
{
  const FK k = kind();
  const bool spring = k == FK::TranslationalSpringDamper || k == FK::RotationalSpringDamper;
  // setRowVisible also drops the row's spacing (hiding the widgets alone leaves gaps).
  auto show = [this](QWidget* w, bool visible) { form()->setRowVisible(w, visible); };
  for (QWidget* w : {static_cast<QWidget*>(stiffness), static_cast<QWidget*>(damping),
                     static_cast<QWidget*>(preload), static_cast<QWidget*>(currentLength)})
    show(w, spring);
  show(freeLength, spring);
  freeLength->setEnabled(!currentLength->isChecked());
  // The greyed box showed its stale default (0.1) while the present distance was used: show the
  // value the spring will get.
  if (spring && currentLength->isChecked())
    if (const auto present = presentLength())
      freeLength->setValue(*present);
  // Name the units of the chosen type rather than "N/m or N·m/rad".
  auto label = [this](QWidget* w, const QString& text) {
    if (auto* l = qobject_cast<QLabel*>(form()->labelForField(w)))
      l->setText(text);
  };
  const bool rotational = k == FK::RotationalSpringDamper || k == FK::SingleTorque;
  using Q = core::Quantity;
  setQuantity(stiffness, rotational ? Q::RotationalStiffness : Q::Stiffness);
  setQuantity(damping, rotational ? Q::RotationalDamping : Q::Damping);
  setQuantity(freeLength, rotational ? Q::Angle : Q::Length);
  setQuantity(preload, rotational ? Q::Torque : Q::Force);
  label(freeLength, rotational ? tr("Free angle") : tr("Free length"));
  label(function, rotational ? tr("Torque f(TIME, ...) [N·m]") : tr("Force f(TIME, ...) [N]"));
  show(function, k == FK::SingleForce || k == FK::SingleTorque);
  for (QWidget* w : {translationalStiffness, translationalDamping, rotationalStiffness, rotationalDamping})
    show(w, k == FK::Bushing);
  adjustSize();
}

std::optional<double> ForceDialog::presentLength() const
{
  const core::Model& model = document().model();
  const core::MarkerId i(iMarker->current().id), j(jMarker->current().id);
  if (!model.marker(i) || !model.marker(j))
    return std::nullopt;
  if (kind() == FK::TranslationalSpringDamper)
    return (model.markerGlobalPosition(i) - model.markerGlobalPosition(j)).norm();
  // Rotational: the angle of I's x about J's z at the initial configuration.
  const core::Mat3 ri = model.markerGlobalOrientation(i);
  const core::Mat3 rj = model.markerGlobalOrientation(j);
  const core::Vec3 xi = rj.transpose() * ri.col(0);
  return std::atan2(xi.y(), xi.x());
}

std::unique_ptr<core::Command> ForceDialog::makeCommand(QString& error)
{
  const core::Model& model = document().model();
  const FK k = kind();
  core::Force force;
  force.kind = k;
  force.name = name->text().trimmed().toStdString();
  if (!force.name.empty() && (!core::Model::isValidName(force.name) || !model.isNameFree(force.name))) {
    error = tr("'%1' is not a valid, unused name.").arg(name->text());
    return nullptr;
  }
  force.iMarker = core::MarkerId(iMarker->current().id);
  force.jMarker = core::MarkerId(jMarker->current().id);
  if (!model.marker(force.iMarker)) {
    error = tr("Choose the I marker.");
    return nullptr;
  }
  const bool needsJ = k != FK::SingleForce && k != FK::SingleTorque;
  if (needsJ && !model.marker(force.jMarker)) {
    error = tr("A %1 acts between two markers: choose the J marker.").arg(type->currentText());
    return nullptr;
  }
  if (force.jMarker && model.partOf(force.iMarker) == model.partOf(force.jMarker)) {
    error = tr("The I and J markers are on the same part: the force would do nothing.");
    return nullptr;
  }
  if (k == FK::TranslationalSpringDamper || k == FK::RotationalSpringDamper) {
    force.stiffness = stiffness->value();
    force.damping = damping->value();
    force.preload = preload->value();
    force.freeLength = freeLength->value();
    if (currentLength->isChecked())
      force.freeLength = presentLength().value_or(force.freeLength);
  } else if (k == FK::Bushing) {
    force.translationalStiffness = translationalStiffness->value();
    force.translationalDamping = translationalDamping->value();
    force.rotationalStiffness = rotationalStiffness->value();
    force.rotationalDamping = rotationalDamping->value();
  } else {
    force.functions[0] = function->text().trimmed().toStdString();
    force.actionOnly = !force.jMarker;
    if (force.functions[0].empty()) {
      error = tr("Give the force function (a number or an expression).");
      return nullptr;
    }
  }
  return std::make_unique<core::AddEntity>(force);
}

}  // namespace mbs::ui
