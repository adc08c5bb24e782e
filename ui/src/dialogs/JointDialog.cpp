#include "mbs/ui/dialogs/JointDialog.hpp"

#include <QDoubleSpinBox>
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

// The Type list: the joints, the joint primitives, then the couplers (DMBS §2.3.1 order first).
const core::JointKind kKinds[] = {
    core::JointKind::Revolute,     core::JointKind::Translational,    core::JointKind::Cylindrical,
    core::JointKind::Spherical,    core::JointKind::Universal,        core::JointKind::Planar,
    core::JointKind::Fixed,        core::JointKind::ConstantVelocity, core::JointKind::Screw,
    core::JointKind::Inline,       core::JointKind::Inplane,          core::JointKind::Orientation,
    core::JointKind::ParallelAxes, core::JointKind::Perpendicular,    core::JointKind::AtPoint,
    core::JointKind::Gear,         core::JointKind::RackPinion,       core::JointKind::Coupler};

bool rotates(core::JointKind k)
{
  return k == core::JointKind::Revolute || k == core::JointKind::Cylindrical;
}
bool slides(core::JointKind k)
{
  return k == core::JointKind::Translational || k == core::JointKind::Cylindrical;
}

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
  pitch = makeNumberBox(0.01, -1e6, 1e6);
  joint1 = new EntityCombo(model, core::EntityKind::Joint);
  joint2 = new EntityCombo(model, core::EntityKind::Joint);
  if (joint2->count() > 1)
    joint2->setCurrentIndex(1);
  ratio = makeNumberBox(1.0, -1e9, 1e9);
  scale1 = makeNumberBox(1.0, -1e9, 1e9);
  scale2 = makeNumberBox(-1.0, -1e9, 1e9);
  m_ratioLabel = new QLabel;
  m_check = new QLabel;
  m_check->setObjectName("jointCheck");
  m_check->setWordWrap(true);

  form()->addRow(tr("Name"), name);
  form()->addRow(tr("Type"), type);
  form()->addRow(tr("Part I (moves)"), partI);
  form()->addRow(tr("Part J (base)"), partJ);
  form()->addRow(tr("Location at marker"), locationMarker);
  // Values in SI, shown and typed in the model's units.
  point->setQuantity(core::Quantity::Length);
  setQuantity(pitch, core::Quantity::Pitch);
  form()->addRow(tr("or at point (ground)"), point);
  form()->addRow(QString(), pick);
  form()->addRow(tr("Axis z (ground) [-]"), axis);
  axisHelper = new AxisHelper(model, view, form(), axis, this);
  form()->addRow(tr("Pitch (translation per turn)"), pitch);
  form()->addRow(tr("First joint"), joint1);
  form()->addRow(tr("Second joint"), joint2);
  form()->addRow(m_ratioLabel, ratio);
  form()->addRow(tr("Scale of first joint [-]"), scale1);
  form()->addRow(tr("Scale of second joint [-]"), scale2);
  form()->addRow(tr("Check"), m_check);

  connect(type, &QComboBox::currentIndexChanged, this, [this] {
    updateRows();
    updatePreview();
  });
  for (EntityCombo* combo : {partI, partJ, locationMarker, joint1, joint2})
    connect(combo, &QComboBox::currentIndexChanged, this, &JointDialog::updatePreview);
  connect(point, &Vec3Edit::valueChanged, this, &JointDialog::updatePreview);
  connect(axisHelper, &AxisHelper::changed, this, &JointDialog::updatePreview);
  for (QDoubleSpinBox* box : {pitch, ratio, scale1, scale2})
    connect(box, &QDoubleSpinBox::valueChanged, this, &JointDialog::updatePreview);
  if (view) {
    connect(view, &ModelView::pointPicked, this, [this](const core::Vec3& p) {
      if (!pick->isChecked())
        return;
      locationMarker->setCurrentIndex(0);
      point->setValue(p);
    });
  }
  updateRows();
  updatePreview();
}

JointDialog::~JointDialog()
{
  // A closed dialog already removed its preview (hideEvent). Its deferred deletion must not remove
  // the preview of the next joint dialog, opened meanwhile.
  if (m_view && isVisible()) {
    m_view->scene().setPreview(std::nullopt);
    m_view->scene().setHelperLine(std::nullopt);
  }
}

void JointDialog::hideEvent(QHideEvent* event)
{
  if (m_view) {
    m_view->scene().setPreview(std::nullopt);
    m_view->scene().setHelperLine(std::nullopt);
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

void JointDialog::updateRows()
{
  const core::JointKind k = kind();
  const bool coupler = core::isCoupler(k);
  for (QWidget* w : std::initializer_list<QWidget*>{partI, partJ, locationMarker, point, pick})
    form()->setRowVisible(w, !coupler);
  axisHelper->setVisible(!coupler);
  form()->setRowVisible(pitch, k == core::JointKind::Screw);
  form()->setRowVisible(joint1, coupler);
  form()->setRowVisible(joint2, coupler);
  form()->setRowVisible(ratio, k == core::JointKind::Gear || k == core::JointKind::RackPinion);
  form()->setRowVisible(scale1, k == core::JointKind::Coupler);
  form()->setRowVisible(scale2, k == core::JointKind::Coupler);
  m_ratioLabel->setText(k == core::JointKind::RackPinion ? tr("Pitch radius (rack travel per radian)")
                                                         : tr("Ratio (second = ratio × first) [-]"));
  setQuantity(ratio, k == core::JointKind::RackPinion ? core::Quantity::Length : core::Quantity::None);
  if (isVisible())
    adjustSize();
}

std::optional<PartPose> JointDialog::jointFrame(QString* error) const
{
  const core::Model& model = document().model();
  PartPose pose;
  if (core::isCoupler(kind())) {
    // Shown where it is drawn: on its first joint.
    const core::Joint* first = model.joint(core::JointId(joint1->current().id));
    if (!first || core::isCoupler(first->kind) || !model.marker(first->iMarker)) {
      if (error)
        *error = tr("Choose the joints to couple.");
      return std::nullopt;
    }
    pose.position = model.markerGlobalPosition(first->iMarker);
    pose.rotation = model.markerGlobalOrientation(first->iMarker);
    return pose;
  }
  const auto line = axisHelper->compute(error);
  if (!line)
    return std::nullopt;
  const core::EntityRef at = locationMarker->current();
  pose.position = model.contains(at) ? model.markerGlobalPosition(core::MarkerId(at.id)) : point->value();
  pose.rotation = frames::frameWithZ(line->axis);
  return pose;
}

QString JointDialog::checkCoupler() const
{
  const core::Model& model = document().model();
  const core::Joint* first = model.joint(core::JointId(joint1->current().id));
  const core::Joint* second = model.joint(core::JointId(joint2->current().id));
  if (!first || !second)
    return tr("Choose the joints to couple.");
  if (first == second)
    return tr("A coupler needs two different joints.");
  const core::JointKind k = kind();
  auto name = [](const core::Joint* j) { return QString::fromStdString(j->name); };
  auto kindName = [](const core::Joint* j) { return term(core::toString(j->kind)); };
  if (k == core::JointKind::Gear) {
    for (const core::Joint* j : {first, second})
      if (!rotates(j->kind))
        return tr("A gear couples two revolute or cylindrical joints; '%1' is %2.").arg(name(j), kindName(j));
    if (ratio->value() == 0.0)
      return tr("The ratio must not be zero.");
  } else if (k == core::JointKind::RackPinion) {
    if (!rotates(first->kind))
      return tr("The first joint of a rack-and-pinion is the pinion's revolute or cylindrical joint; '%1' is "
                "%2.")
          .arg(name(first), kindName(first));
    if (!slides(second->kind))
      return tr("The second joint of a rack-and-pinion is the rack's translational or cylindrical joint; "
                "'%1' "
                "is %2.")
          .arg(name(second), kindName(second));
    if (ratio->value() == 0.0)
      return tr("The pitch radius must not be zero.");
  } else {
    for (const core::Joint* j : {first, second})
      if (!rotates(j->kind) && !slides(j->kind))
        return tr("A coupler couples revolute, translational or cylindrical joints; '%1' is %2.")
            .arg(name(j), kindName(j));
    if (scale1->value() == 0.0 && scale2->value() == 0.0)
      return tr("The two scales must not both be zero.");
  }
  return {};
}

QString JointDialog::check() const
{
  if (core::isCoupler(kind()))
    return checkCoupler();
  const core::Model& model = document().model();
  const core::EntityRef i = partI->current(), j = partJ->current();
  if (!model.contains(i) || !model.contains(j))
    return tr("Choose both parts.");
  if (i == j)
    return tr("A joint needs two different parts.");
  if (kind() == core::JointKind::Screw && pitch->value() == 0.0)
    return tr("The screw pitch must not be zero.");
  QString error;
  if (!jointFrame(&error))
    return error;
  return {};
}

// I's frame for the joint frame: the kinds whose I axis is perpendicular to J's (universal,
// perpendicular) turn I's z onto the frame's x; the others share the frame.
static core::Mat3 iRotationOf(core::JointKind kind, const core::Mat3& frame)
{
  if (kind != core::JointKind::Universal && kind != core::JointKind::Perpendicular)
    return frame;
  core::Mat3 r;
  r << frame.col(1), frame.col(2), frame.col(0);
  return r;
}

void JointDialog::updatePreview()
{
  const QString problem = check();
  QString text =
      problem.isEmpty() ? tr("OK: %1 joint frame shown in the view").arg(type->currentText()) : problem;
  const core::JointKind k = kind();
  if (problem.isEmpty() && (k == core::JointKind::Universal || k == core::JointKind::Perpendicular)) {
    // The second axis is not typed: say which one the joint gets (I's z = the frame's x).
    const core::Vec3 second = jointFrame()->rotation.col(0);
    auto fmt = [](const core::Vec3& v) {
      return QStringLiteral("(%1, %2, %3)")
          .arg(std::abs(v.x()) < 1e-12 ? 0.0 : v.x(), 0, 'g', 4)
          .arg(std::abs(v.y()) < 1e-12 ? 0.0 : v.y(), 0, 'g', 4)
          .arg(std::abs(v.z()) < 1e-12 ? 0.0 : v.z(), 0, 'g', 4);
    };
    text += k == core::JointKind::Universal
                ? tr("\nSpider axes: this axis on J and the second axis %1 on I.").arg(fmt(second))
                : tr("\nI's z axis %1 is kept perpendicular to this axis on J.").arg(fmt(second));
  }
  m_check->setText(text);
  // The check can take more lines than the dialog was laid out for: grow it rather than clip.
  if (isVisible())
    adjustSize();
  m_check->setStyleSheet(problem.isEmpty() ? "color: #2f855a" : "color: #c53030");
  if (!m_view)
    return;
  m_view->scene().setPreview(problem.isEmpty() ? jointFrame() : std::nullopt, k);
  if (core::isCoupler(k)) {
    // The helper line of a coupler links the two joints it couples.
    const core::Model& model = document().model();
    const core::Joint* a = model.joint(core::JointId(joint1->current().id));
    const core::Joint* b = model.joint(core::JointId(joint2->current().id));
    const bool linked = problem.isEmpty() && model.marker(a->iMarker) && model.marker(b->iMarker);
    m_view->scene().setHelperLine(linked
                                      ? std::optional(std::make_pair(model.markerGlobalPosition(a->iMarker),
                                                                     model.markerGlobalPosition(b->iMarker)))
                                      : std::nullopt);
  }
  m_view->requestRender();
}

std::unique_ptr<core::Command> JointDialog::makeCommand(QString& error)
{
  error = check();
  if (!error.isEmpty())
    return nullptr;
  const core::Model& model = document().model();
  std::string jointName = name->text().trimmed().toStdString();
  if (!jointName.empty() && (!core::Model::isValidName(jointName) || !model.isNameFree(jointName))) {
    error = tr("'%1' is not a valid, unused name.").arg(name->text());
    return nullptr;
  }
  if (jointName.empty())
    jointName = model.uniqueName("JOINT");
  const auto frame = *jointFrame();
  if (core::isCoupler(kind())) {
    core::Joint coupler;
    coupler.id = core::JointId(model.nextId());
    coupler.name = jointName;
    coupler.kind = kind();
    coupler.joints = {core::JointId(joint1->current().id), core::JointId(joint2->current().id)};
    coupler.ratio = ratio->value();
    coupler.scales = {scale1->value(), scale2->value()};
    auto macro =
        std::make_unique<core::Macro>("Create " + std::string(core::toString(kind())) + " " + jointName);
    macro->add(core::makeAddJoint(coupler));
    return macro;
  }
  const core::PartId i(partI->current().id), j(partJ->current().id);
  IdPlanner ids(model);
  const core::Mat3 iRotation = iRotationOf(kind(), frame.rotation);
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
  if (kind() == core::JointKind::Screw)
    joint.pitch = pitch->value();
  auto macro =
      std::make_unique<core::Macro>("Create " + std::string(core::toString(kind())) + " joint " + jointName);
  macro->add(core::makeAddMarker(iMarker));
  macro->add(core::makeAddMarker(jMarker));
  macro->add(core::makeAddJoint(joint));
  return macro;
}

}  // namespace mbs::ui
