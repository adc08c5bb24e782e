#include "mbs/ui/dialogs/JointDialog.hpp"

#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <algorithm>
#include <cmath>
#include <iterator>

#include "Frames.hpp"
#include "Terms.hpp"
#include "mbs/ui/Document.hpp"
#include "mbs/ui/view/ModelView.hpp"

namespace mbs::ui {
namespace {

const core::JointKind kKinds[] = {core::JointKind::Revolute,    core::JointKind::Translational,
                                  core::JointKind::Cylindrical, core::JointKind::Spherical,
                                  core::JointKind::Universal,   core::JointKind::Planar,
                                  core::JointKind::Fixed};

}  // namespace

JointDialog::JointDialog(Document& document, ModelView* view, QWidget* parent)
    : BuildDialog(document, tr("Create joint"), parent), m_view(view)
{
  setObjectName("jointDialog");
  const core::Model& model = document.model();
  name = new QLineEdit;
  name->setPlaceholderText(tr("automatic"));
  type = new QComboBox;
  for (auto k : kKinds)
    type->addItem(term(core::toString(k)));
  partI = new EntityCombo(model, core::EntityKind::Part);
  partJ = new EntityCombo(model, core::EntityKind::Part);
  if (partI->count() > 1)
    partI->setCurrentIndex(1);  // a moving part on ground by default
  locationMarker = new EntityCombo(model, core::EntityKind::Marker, true);
  point = new Vec3Edit;
  axis = new Vec3Edit(core::Vec3::UnitZ());
  pick = new QPushButton(tr("Pick location in 3-D view"));
  pick->setCheckable(true);
  pick->setEnabled(view != nullptr);
  m_check = new QLabel;
  m_check->setObjectName("jointCheck");
  m_check->setWordWrap(true);

  form()->addRow(tr("Name"), name);
  form()->addRow(tr("Type"), type);
  form()->addRow(tr("Part I (moves)"), partI);
  form()->addRow(tr("Part J (base)"), partJ);
  form()->addRow(tr("Location at marker"), locationMarker);
  form()->addRow(tr("or at point (ground) [m]"), point);
  form()->addRow(QString(), pick);
  form()->addRow(tr("Axis z (ground) [-]"), axis);
  form()->addRow(tr("Check"), m_check);

  connect(type, &QComboBox::currentIndexChanged, this, &JointDialog::updatePreview);
  for (EntityCombo* combo : {partI, partJ, locationMarker})
    connect(combo, &QComboBox::currentIndexChanged, this, &JointDialog::updatePreview);
  connect(point, &Vec3Edit::valueChanged, this, &JointDialog::updatePreview);
  connect(axis, &Vec3Edit::valueChanged, this, &JointDialog::updatePreview);
  if (view) {
    connect(view, &ModelView::pointPicked, this, [this](const core::Vec3& p) {
      if (!pick->isChecked())
        return;
      locationMarker->setCurrentIndex(0);
      point->setValue(p);
    });
  }
  updatePreview();
}

JointDialog::~JointDialog()
{
  // A closed dialog already removed its preview (hideEvent). Its deferred deletion must not remove
  // the preview of the next joint dialog, opened meanwhile.
  if (m_view && isVisible())
    m_view->scene().setPreview(std::nullopt);
}

void JointDialog::hideEvent(QHideEvent* event)
{
  if (m_view) {
    m_view->scene().setPreview(std::nullopt);
    m_view->requestRender();
  }
  BuildDialog::hideEvent(event);
}

void JointDialog::setKind(core::JointKind k)
{
  for (int i = 0; i < static_cast<int>(std::size(kKinds)); ++i)
    if (kKinds[i] == k)
      type->setCurrentIndex(i);
}

core::JointKind JointDialog::kind() const
{
  return kKinds[std::max(0, type->currentIndex())];
}

std::optional<PartPose> JointDialog::jointFrame(QString* error) const
{
  const core::Model& model = document().model();
  const core::Vec3 z = axis->value();
  if (z.norm() < 1e-12) {
    if (error)
      *error = tr("The joint axis must not be zero.");
    return std::nullopt;
  }
  PartPose pose;
  const core::EntityRef at = locationMarker->current();
  pose.position = model.contains(at) ? model.markerGlobalPosition(core::MarkerId(at.id)) : point->value();
  pose.rotation = frames::frameWithZ(z);
  return pose;
}

QString JointDialog::check() const
{
  const core::Model& model = document().model();
  const core::EntityRef i = partI->current(), j = partJ->current();
  if (!model.contains(i) || !model.contains(j))
    return tr("Choose both parts.");
  if (i == j)
    return tr("A joint needs two different parts.");
  QString error;
  if (!jointFrame(&error))
    return error;
  return {};
}

void JointDialog::updatePreview()
{
  const QString problem = check();
  QString text =
      problem.isEmpty() ? tr("OK: %1 joint frame shown in the view").arg(type->currentText()) : problem;
  if (problem.isEmpty() && kind() == core::JointKind::Universal) {
    // The second spider axis is not typed: say which one the joint gets (I's z = the frame's x).
    const core::Vec3 second = jointFrame()->rotation.col(0);
    auto fmt = [](const core::Vec3& v) {
      return QStringLiteral("(%1, %2, %3)")
          .arg(std::abs(v.x()) < 1e-12 ? 0.0 : v.x(), 0, 'g', 4)
          .arg(std::abs(v.y()) < 1e-12 ? 0.0 : v.y(), 0, 'g', 4)
          .arg(std::abs(v.z()) < 1e-12 ? 0.0 : v.z(), 0, 'g', 4);
    };
    text += tr("\nSpider axes: this axis on J and the second axis %1 on I.").arg(fmt(second));
  }
  m_check->setText(text);
  // The check can take more lines than the dialog was laid out for: grow it rather than clip.
  if (isVisible())
    adjustSize();
  m_check->setStyleSheet(problem.isEmpty() ? "color: #2f855a" : "color: #c53030");
  if (!m_view)
    return;
  m_view->scene().setPreview(problem.isEmpty() ? jointFrame() : std::nullopt, kind());
  m_view->requestRender();
}

std::unique_ptr<core::Command> JointDialog::makeCommand(QString& error)
{
  error = check();
  if (!error.isEmpty())
    return nullptr;
  const core::Model& model = document().model();
  const auto frame = *jointFrame();
  std::string jointName = name->text().trimmed().toStdString();
  if (!jointName.empty() && (!core::Model::isValidName(jointName) || !model.isNameFree(jointName))) {
    error = tr("'%1' is not a valid, unused name.").arg(name->text());
    return nullptr;
  }
  if (jointName.empty())
    jointName = model.uniqueName("JOINT");
  const core::PartId i(partI->current().id), j(partJ->current().id);
  IdPlanner ids(model);
  core::Mat3 iRotation = frame.rotation;
  // A universal joint's two spider axes are perpendicular: I's z is J's x.
  if (kind() == core::JointKind::Universal)
    iRotation << frame.rotation.col(1), frame.rotation.col(2), frame.rotation.col(0);
  auto freeName = [&model](const std::string& n) { return model.isNameFree(n) ? n : model.uniqueName(n); };
  core::Marker iMarker =
      frames::markerAt(model, i, frame.position, iRotation, freeName(jointName + "_i"), ids.take());
  core::Marker jMarker =
      frames::markerAt(model, j, frame.position, frame.rotation, freeName(jointName + "_j"), ids.take());
  core::Joint joint;
  joint.id = core::JointId(ids.take());
  joint.name = jointName;
  joint.kind = kind();
  joint.iMarker = iMarker.id;
  joint.jMarker = jMarker.id;
  auto macro =
      std::make_unique<core::Macro>("Create " + std::string(core::toString(kind())) + " joint " + jointName);
  macro->add(core::makeAddMarker(iMarker));
  macro->add(core::makeAddMarker(jMarker));
  macro->add(core::makeAddJoint(joint));
  return macro;
}

}  // namespace mbs::ui
