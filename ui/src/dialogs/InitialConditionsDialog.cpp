#include "mbs/ui/dialogs/InitialConditionsDialog.hpp"

#include <QCheckBox>
#include <QFormLayout>

#include "mbs/ui/Document.hpp"

namespace mbs::ui {
namespace {

nlohmann::ordered_json vec(const core::Vec3& v)
{
  return nlohmann::ordered_json::array({v.x(), v.y(), v.z()});
}

}  // namespace

InitialConditionsDialog::InitialConditionsDialog(Document& document, QWidget* parent)
    : BuildDialog(document, tr("Initial velocities"), parent)
{
  setObjectName("initialConditionsDialog");
  part = new EntityCombo(document.model(), core::EntityKind::Part);
  if (part->count() > 1)
    part->setCurrentIndex(1);
  velocity = new Vec3Edit;
  angularVelocity = new Vec3Edit;
  // Values in SI, shown and typed in the model's units.
  velocity->setQuantity(core::Quantity::Velocity);
  angularVelocity->setQuantity(core::Quantity::AngularVelocity);
  velocityExact = new QCheckBox(tr("exact (keep in the initial-condition analysis)"));
  angularVelocityExact = new QCheckBox(tr("exact"));
  form()->addRow(tr("Part"), part);
  form()->addRow(tr("CM velocity (ground)"), velocity);
  form()->addRow(QString(), velocityExact);
  form()->addRow(tr("Angular velocity (ground)"), angularVelocity);
  form()->addRow(QString(), angularVelocityExact);
  auto load = [this] {
    const core::Part* p = this->document().model().part(core::PartId(part->current().id));
    if (!p)
      return;
    velocity->setValue(p->velocity);
    angularVelocity->setValue(p->angularVelocity);
    velocityExact->setChecked(p->velocityExact[0] && p->velocityExact[1] && p->velocityExact[2]);
    angularVelocityExact->setChecked(p->angularVelocityExact[0] && p->angularVelocityExact[1] &&
                                     p->angularVelocityExact[2]);
  };
  connect(part, &QComboBox::currentIndexChanged, this, load);
  load();
}

std::unique_ptr<core::Command> InitialConditionsDialog::makeCommand(QString& error)
{
  const core::Model& model = document().model();
  const core::Part* p = model.part(core::PartId(part->current().id));
  if (!p || p->ground) {
    error = tr("Choose a moving part (the ground does not move).");
    return nullptr;
  }
  const core::EntityRef ref(p->id);
  const bool ve = velocityExact->isChecked(), we = angularVelocityExact->isChecked();
  auto macro = std::make_unique<core::Macro>("Set initial velocities of " + p->name);
  macro->add(std::make_unique<core::SetProperty>(ref, "/velocity", vec(velocity->value())));
  macro->add(std::make_unique<core::SetProperty>(ref, "/angular_velocity", vec(angularVelocity->value())));
  macro->add(std::make_unique<core::SetProperty>(ref, "/exact/velocity",
                                                 nlohmann::ordered_json::array({ve, ve, ve})));
  macro->add(std::make_unique<core::SetProperty>(ref, "/exact/angular_velocity",
                                                 nlohmann::ordered_json::array({we, we, we})));
  return macro;
}

GravityDialog::GravityDialog(Document& document, QWidget* parent)
    : BuildDialog(document, tr("Gravity"), parent)
{
  setObjectName("gravityDialog");
  const core::Vec3 g = document.model().gravity;
  magnitude = makeNumberBox(g.norm(), 0.0, 1e6);
  direction = new Vec3Edit(g.norm() > 0 ? core::Vec3(g.normalized()) : core::Vec3(0, -1, 0));
  setQuantity(magnitude, core::Quantity::Acceleration);
  form()->addRow(tr("Magnitude"), magnitude);
  form()->addRow(tr("Direction (ground) [-]"), direction);
}

std::unique_ptr<core::Command> GravityDialog::makeCommand(QString& error)
{
  const core::Vec3 d = direction->value();
  if (magnitude->value() > 0.0 && d.norm() < 1e-12) {
    error = tr("The gravity direction must not be zero.");
    return nullptr;
  }
  const core::Vec3 g =
      magnitude->value() > 0.0 ? core::Vec3(magnitude->value() * d.normalized()) : core::Vec3::Zero();
  return std::make_unique<core::SetProperty>(core::EntityRef(), "/gravity", vec(g));
}

}  // namespace mbs::ui
