#include "mbs/ui/dialogs/MotionDialog.hpp"

#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>

#include "Terms.hpp"
#include "mbs/core/Compile.hpp"
#include "mbs/core/ModelMotionFunction.hpp"
#include "mbs/ui/Document.hpp"

namespace mbs::ui {

MotionDialog::MotionDialog(Document& document, QWidget* parent)
    : BuildDialog(document, tr("Create motion"), parent)
{
  setObjectName("motionDialog");
  name = new QLineEdit;
  name->setPlaceholderText(tr("automatic"));
  joint = new EntityCombo(document.model(), core::EntityKind::Joint);
  freedom = new QComboBox;
  freedom->addItems({tr("Rotation about joint z"), tr("Translation along joint z")});
  quantity = new QComboBox;
  quantity->addItems({tr("Displacement"), tr("Velocity"), tr("Acceleration")});
  function = new QLineEdit("10*TIME");
  initialDisplacement = makeNumberBox(0.0);
  initialVelocity = makeNumberBox(0.0);
  m_preview = new QLabel;
  m_preview->setObjectName("motionPreview");
  m_preview->setWordWrap(true);
  form()->addRow(tr("Name"), name);
  form()->addRow(tr("Joint"), joint);
  form()->addRow(tr("Freedom"), freedom);
  form()->addRow(tr("Quantity"), quantity);
  form()->addRow(tr("f(TIME) [m, rad, /s, /s²]"), function);
  form()->addRow(tr("Initial displacement"), initialDisplacement);
  form()->addRow(tr("Initial velocity"), initialVelocity);
  // In SI, shown in the model's units of the freedom driven (an angle or a length).
  auto syncUnits = [this] {
    const bool rotation = freedom->currentIndex() == 0;
    setQuantity(initialDisplacement, rotation ? core::Quantity::Angle : core::Quantity::Length);
    setQuantity(initialVelocity, rotation ? core::Quantity::AngularVelocity : core::Quantity::Velocity);
  };
  connect(freedom, &QComboBox::currentIndexChanged, this, syncUnits);
  syncUnits();
  form()->addRow(tr("Check"), m_preview);
  auto syncFreedom = [this] {
    const core::Joint* j = this->document().model().joint(core::JointId(joint->current().id));
    if (j)
      freedom->setCurrentIndex(j->kind == core::JointKind::Translational ? 1 : 0);
    updatePreview();
  };
  connect(joint, &QComboBox::currentIndexChanged, this, syncFreedom);
  connect(function, &QLineEdit::textChanged, this, &MotionDialog::updatePreview);
  connect(quantity, &QComboBox::currentIndexChanged, this, &MotionDialog::updatePreview);
  syncFreedom();
}

// The check row shows what the function gives; a problem goes to the dialog's one message line
// (word-wrapped), so it is shown once and a long expression error does not widen the dialog.
void MotionDialog::updatePreview()
{
  QString error;
  if (makeCommand(error)) {
    m_preview->setStyleSheet("color: #2f855a");
    showMessage(QString(), false);
  } else {
    m_preview->clear();
    showMessage(error, true);
  }
}

std::unique_ptr<core::Command> MotionDialog::makeCommand(QString& error)
{
  const core::Model& model = document().model();
  const core::Joint* j = model.joint(core::JointId(joint->current().id));
  if (!j) {
    error = tr("Choose the joint to drive (create a joint first).");
    return nullptr;
  }
  const bool rotation = freedom->currentIndex() == 0;
  if ((rotation && j->kind == core::JointKind::Translational) ||
      (!rotation && (j->kind == core::JointKind::Revolute || j->kind == core::JointKind::Spherical ||
                     j->kind == core::JointKind::Universal || j->kind == core::JointKind::Fixed)) ||
      j->kind == core::JointKind::Fixed) {
    error = tr("A %1 joint has no %2 freedom to drive.")
                .arg(term(core::toString(j->kind)), rotation ? tr("rotational") : tr("translational"));
    return nullptr;
  }
  core::Motion motion;
  motion.name = name->text().trimmed().toStdString();
  if (!motion.name.empty() && (!core::Model::isValidName(motion.name) || !model.isNameFree(motion.name))) {
    error = tr("'%1' is not a valid, unused name.").arg(name->text());
    return nullptr;
  }
  motion.joint = j->id;
  motion.axis = rotation ? core::MotionAxis::RotationZ : core::MotionAxis::Z;
  motion.quantity = static_cast<core::MotionQuantity>(quantity->currentIndex());
  motion.function = function->text().trimmed().toStdString();
  motion.initialDisplacement = initialDisplacement->value();
  motion.initialVelocity = initialVelocity->value();
  core::Diagnostics diagnostics;
  // With the model's VARIABLEs and parameters bound, as the run compiles it (VARVAL of a VARIABLE of
  // TIME, a parameter name).
  const auto f = core::motionFunction(motion, model, diagnostics);
  if (!f) {
    error = tr("f(TIME) = %1 is not a valid function: %2")
                .arg(function->text().trimmed(),
                     diagnostics.empty() ? QString() : QString::fromStdString(diagnostics.front().reason));
    return nullptr;
  }
  m_preview->setText(
      tr("x(0) = %1, x(1 s) = %2").arg(f->value(0.0), 0, 'g', 6).arg(f->value(1.0), 0, 'g', 6));
  return std::make_unique<core::AddEntity>(motion);
}

}  // namespace mbs::ui
