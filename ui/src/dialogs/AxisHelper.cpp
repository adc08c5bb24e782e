#include "mbs/ui/dialogs/AxisHelper.hpp"

#include <Eigen/Eigenvalues>
#include <QComboBox>
#include <QFormLayout>
#include <QPushButton>
#include <algorithm>
#include <cmath>

#include "mbs/ui/dialogs/FormWidgets.hpp"
#include "mbs/ui/view/ModelScene.hpp"
#include "mbs/ui/view/ModelView.hpp"

namespace mbs::ui {

using core::Vec3;

namespace axes {

namespace {
void say(QString* error, const QString& text)
{
  if (error)
    *error = text;
}
}  // namespace

std::optional<AxisLine> throughPoints(const Vec3& a, const Vec3& b, QString* error)
{
  const Vec3 d = b - a;
  if (d.norm() <= 1e-12 * std::max(1.0, a.norm())) {
    say(error, AxisHelper::tr("The two points coincide: they give no axis."));
    return std::nullopt;
  }
  return AxisLine{d.normalized(), a - 0.2 * d, b + 0.2 * d};
}

std::optional<AxisLine> normalToPlane(const Vec3& a, const Vec3& b, const Vec3& c, QString* error)
{
  const Vec3 n = (b - a).cross(c - a);
  const double size = std::max({(b - a).norm(), (c - b).norm(), (a - c).norm()});
  // Collinear within 1e-9 of the triangle's size squared: the normal is numerical noise.
  if (size <= 0.0 || n.norm() <= 1e-9 * size * size) {
    say(error, AxisHelper::tr("The three points are on one line: they span no plane."));
    return std::nullopt;
  }
  const Vec3 centroid = (a + b + c) / 3.0;
  const Vec3 axis = n.normalized();
  return AxisLine{axis, centroid - 0.5 * size * axis, centroid + 0.5 * size * axis};
}

std::optional<AxisLine> principalAxis(const core::Model& model, core::PartId id, int index, double halfLength,
                                      QString* error)
{
  const core::Part* part = model.part(id);
  if (!part || part->ground) {
    say(error, AxisHelper::tr("Choose a moving part: ground has no inertia."));
    return std::nullopt;
  }
  const bool hasCm = part->cmMarker.valid() && model.marker(part->cmMarker);
  const core::Mat3 cmRotation =
      hasCm ? model.markerGlobalOrientation(part->cmMarker) : model.partRotation(id);
  const Vec3 cm = hasCm ? model.markerGlobalPosition(part->cmMarker) : part->position;
  const core::Mat3 inertia = cmRotation * part->inertia.matrix() * cmRotation.transpose();
  Eigen::SelfAdjointEigenSolver<core::Mat3> eigen(inertia);  // moments in increasing order
  const Eigen::Vector3d moments = eigen.eigenvalues();
  const int k = std::clamp(index, 0, 2);
  const double scale = std::max(moments.cwiseAbs().maxCoeff(), 1e-300);
  for (int other = 0; other < 3; ++other)
    if (other != k && std::abs(moments[other] - moments[k]) <= 1e-9 * scale) {
      say(error,
          AxisHelper::tr("Part '%1' has two equal principal moments (%2 kg·m²): that principal axis is "
                         "not unique.")
              .arg(QString::fromStdString(part->name))
              .arg(moments[k], 0, 'g', 6));
      return std::nullopt;
    }
  const Vec3 axis = eigen.eigenvectors().col(k).normalized();
  return AxisLine{axis, cm - halfLength * axis, cm + halfLength * axis};
}

std::optional<AxisLine> jointAxis(const core::Model& model, core::JointId id, double halfLength,
                                  QString* error)
{
  const core::Joint* joint = model.joint(id);
  if (joint && core::isCoupler(joint->kind))
    joint = model.joint(joint->joints[0]);
  if (!joint || !model.marker(joint->jMarker)) {
    say(error, AxisHelper::tr("Choose a joint that has markers."));
    return std::nullopt;
  }
  const Vec3 origin = model.markerGlobalPosition(joint->jMarker);
  const Vec3 axis = model.markerGlobalOrientation(joint->jMarker).col(2).normalized();
  return AxisLine{axis, origin - halfLength * axis, origin + halfLength * axis};
}

std::optional<Vec3> perpendicularTo(const Vec3& axis, const Vec3& toward, QString* error)
{
  const Vec3 a = axis.normalized();
  const Vec3 v = toward - toward.dot(a) * a;
  if (axis.norm() <= 0.0 || v.norm() <= 1e-9 * std::max(toward.norm(), 1e-300)) {
    say(error,
        AxisHelper::tr("The direction to be closest to is parallel to the joint's axis: choose another."));
    return std::nullopt;
  }
  return v.normalized();
}

}  // namespace axes

AxisHelper::AxisHelper(const core::Model& model, ModelView* view, QFormLayout* form, Vec3Edit* axisEdit,
                       QObject* parent)
    : QObject(parent), m_model(model), m_view(view), m_form(form), m_axisEdit(axisEdit)
{
  methodBox = new QComboBox;
  methodBox->setObjectName("axisMethod");
  methodBox->addItems({tr("Typed vector"), tr("Through two markers"), tr("Through two points"),
                       tr("Normal to plane of three markers"), tr("Normal to plane of three points"),
                       tr("Principal axis of a part"), tr("Parallel to a joint's axis"),
                       tr("Perpendicular to a joint's axis"), tr("Normal to a picked face"),
                       tr("Along a picked edge")});
  for (int k = 0; k < 3; ++k) {
    markers[k] = new EntityCombo(model, core::EntityKind::Marker);
    points[k] = new Vec3Edit;
    points[k]->setQuantity(core::Quantity::Length);  // SI, shown in the model's units
  }
  pick = new QPushButton(tr("Pick points in 3-D view"));
  pick->setCheckable(true);
  pick->setEnabled(view != nullptr);
  part = new EntityCombo(model, core::EntityKind::Part);
  principalIndex = new QComboBox;
  principalIndex->addItems({tr("1st (smallest moment)"), tr("2nd"), tr("3rd (largest moment)")});
  joint = new EntityCombo(model, core::EntityKind::Joint);
  toward = new Vec3Edit(Vec3::UnitX());

  int row = m_form->rowCount();
  QFormLayout::ItemRole role;
  m_form->getWidgetPosition(axisEdit, &row, &role);
  auto insert = [&](const QString& label, QWidget* widget) { m_form->insertRow(++row, label, widget); };
  m_form->insertRow(row, tr("Axis from"), methodBox);  // above the axis it fills
  ++row;
  const QString names[3] = {tr("Marker A"), tr("Marker B"), tr("Marker C")};
  const QString pointNames[3] = {tr("Point A (ground)"), tr("Point B (ground)"), tr("Point C (ground)")};
  for (int k = 0; k < 3; ++k)
    insert(names[k], markers[k]);
  for (int k = 0; k < 3; ++k)
    insert(pointNames[k], points[k]);
  insert(QString(), pick);
  insert(tr("Part"), part);
  insert(tr("Principal axis"), principalIndex);
  insert(tr("Other joint"), joint);
  insert(tr("Closest to direction"), toward);

  connect(methodBox, &QComboBox::currentIndexChanged, this, [this] {
    m_nextPoint = 0;
    updateRows();
    update();
  });
  for (QComboBox* combo : {static_cast<QComboBox*>(markers[0]), static_cast<QComboBox*>(markers[1]),
                           static_cast<QComboBox*>(markers[2]), static_cast<QComboBox*>(part), principalIndex,
                           static_cast<QComboBox*>(joint)})
    connect(combo, &QComboBox::currentIndexChanged, this, &AxisHelper::update);
  for (Vec3Edit* edit : {points[0], points[1], points[2], toward})
    connect(edit, &Vec3Edit::valueChanged, this, &AxisHelper::update);
  connect(axisEdit, &Vec3Edit::valueChanged, this, [this] {
    if (method() == Method::Typed)
      emit changed();
  });
  connect(pick, &QPushButton::toggled, this, [this](bool on) {
    if (on)
      m_nextPoint = 0;
  });
  if (view)
    connect(view, &ModelView::pointPicked, this, [this](const Vec3& p) { onPicked(p); });
  updateRows();
}

AxisHelper::~AxisHelper()
{
  clearLine();
}

void AxisHelper::setMethod(Method m)
{
  methodBox->setCurrentIndex(static_cast<int>(m));
}

AxisHelper::Method AxisHelper::method() const
{
  return static_cast<Method>(std::max(0, methodBox->currentIndex()));
}

double AxisHelper::lineHalfLength() const
{
  return m_view ? 0.5 * m_view->scene().modelSize() : 0.5;
}

std::optional<AxisLine> AxisHelper::compute(QString* error) const
{
  auto markerPoint = [this](int k) -> std::optional<Vec3> {
    const core::EntityRef ref = markers[k]->current();
    if (!m_model.contains(ref))
      return std::nullopt;
    return m_model.markerGlobalPosition(core::MarkerId(ref.id));
  };
  auto needMarkers = [&](int n) {
    for (int k = 0; k < n; ++k)
      if (!markerPoint(k)) {
        if (error)
          *error = tr("Choose the markers the axis goes through.");
        return false;
      }
    return true;
  };
  switch (method()) {
    case Method::Typed: {
      const Vec3 z = m_axisEdit->value();
      if (z.norm() < 1e-12) {
        if (error)
          *error = tr("The axis must not be zero.");
        return std::nullopt;
      }
      return AxisLine{z.normalized(), Vec3::Zero(), Vec3::Zero()};
    }
    case Method::TwoMarkers:
      if (!needMarkers(2))
        return std::nullopt;
      return axes::throughPoints(*markerPoint(0), *markerPoint(1), error);
    case Method::TwoPoints:
      return axes::throughPoints(points[0]->value(), points[1]->value(), error);
    case Method::ThreeMarkers:
      if (!needMarkers(3))
        return std::nullopt;
      return axes::normalToPlane(*markerPoint(0), *markerPoint(1), *markerPoint(2), error);
    case Method::ThreePoints:
      return axes::normalToPlane(points[0]->value(), points[1]->value(), points[2]->value(), error);
    case Method::PrincipalAxis:
      return axes::principalAxis(m_model, core::PartId(part->current().id), principalIndex->currentIndex(),
                                 lineHalfLength(), error);
    case Method::ParallelToJoint:
      return axes::jointAxis(m_model, core::JointId(joint->current().id), lineHalfLength(), error);
    case Method::PerpendicularToJoint: {
      const auto other =
          axes::jointAxis(m_model, core::JointId(joint->current().id), lineHalfLength(), error);
      if (!other)
        return std::nullopt;
      const auto axis = axes::perpendicularTo(other->axis, toward->value(), error);
      if (!axis)
        return std::nullopt;
      // The helper line is the other joint's axis the new one is perpendicular to.
      return AxisLine{*axis, other->from, other->to};
    }
    case Method::PickedFace:
      if (!m_face) {
        if (error)
          *error = tr("Click a face of a part in the 3-D view.");
        return std::nullopt;
      }
      return AxisLine{m_face->second, m_face->first, m_face->first + 2.0 * lineHalfLength() * m_face->second};
    case Method::PickedEdge:
      if (!m_edge) {
        if (error)
          *error = tr("Click near an edge of a part in the 3-D view.");
        return std::nullopt;
      }
      return axes::throughPoints(m_edge->first, m_edge->second, error);
  }
  return std::nullopt;
}

void AxisHelper::onPicked(const Vec3& point)
{
  const Method m = method();
  if (m == Method::PickedFace || m == Method::PickedEdge) {
    const auto face = m_view ? m_view->pickedFace() : std::nullopt;
    if (face && m == Method::PickedFace)
      m_face = std::make_pair(face->point, face->normal);
    if (face && m == Method::PickedEdge && (face->edgeTo - face->edgeFrom).norm() > 0.0)
      m_edge = std::make_pair(face->edgeFrom, face->edgeTo);
    update();
    return;
  }
  if (!pick->isChecked() || (m != Method::TwoPoints && m != Method::ThreePoints))
    return;
  const int count = m == Method::TwoPoints ? 2 : 3;
  points[m_nextPoint % count]->setValue(point);
  m_nextPoint = (m_nextPoint + 1) % count;
}

void AxisHelper::update()
{
  const auto line = compute();
  if (line && method() != Method::Typed) {
    const QSignalBlocker block(m_axisEdit);
    m_axisEdit->setValue(line->axis);
  }
  if (m_view) {
    const bool drawn = m_visible && line && method() != Method::Typed;
    m_view->scene().setHelperLine(drawn ? std::optional(std::make_pair(line->from, line->to)) : std::nullopt);
    m_view->requestRender();
  }
  emit changed();
}

void AxisHelper::updateRows()
{
  const Method m = method();
  const int markerCount = m == Method::TwoMarkers ? 2 : m == Method::ThreeMarkers ? 3 : 0;
  const int pointCount = m == Method::TwoPoints ? 2 : m == Method::ThreePoints ? 3 : 0;
  m_form->setRowVisible(methodBox, m_visible);
  for (int k = 0; k < 3; ++k) {
    m_form->setRowVisible(markers[k], m_visible && k < markerCount);
    m_form->setRowVisible(points[k], m_visible && k < pointCount);
  }
  m_form->setRowVisible(pick, m_visible && pointCount > 0);
  m_form->setRowVisible(part, m_visible && m == Method::PrincipalAxis);
  m_form->setRowVisible(principalIndex, m_visible && m == Method::PrincipalAxis);
  m_form->setRowVisible(joint,
                        m_visible && (m == Method::ParallelToJoint || m == Method::PerpendicularToJoint));
  m_form->setRowVisible(toward, m_visible && m == Method::PerpendicularToJoint);
  m_form->setRowVisible(m_axisEdit, m_visible);
  // A computed axis is shown, not typed: editing it would be overwritten by the helper.
  m_axisEdit->setEnabled(m == Method::Typed);
}

void AxisHelper::setVisible(bool visible)
{
  m_visible = visible;
  updateRows();
  update();
}

void AxisHelper::clearLine()
{
  if (m_view) {
    m_view->scene().setHelperLine(std::nullopt);
    m_view->requestRender();
  }
}

}  // namespace mbs::ui
