#include "mbs/ui/dialogs/MarkerDialog.hpp"

#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <algorithm>
#include <cmath>

#include "Frames.hpp"
#include "mbs/ui/Document.hpp"
#include "mbs/ui/view/ModelView.hpp"

namespace mbs::ui {
namespace {
constexpr double kPi = 3.14159265358979323846;
}

MarkerDialog::MarkerDialog(Document& document, ModelView* view, QWidget* parent)
    : BuildDialog(document, tr("Create markers"), parent)
{
  setObjectName("markerDialog");
  const core::Model& model = document.model();
  name = new QLineEdit;
  name->setPlaceholderText(tr("automatic"));
  part = new EntityCombo(model, core::EntityKind::Part);
  method = new QComboBox;
  method->addItems({tr("Coordinates (type or pick)"), tr("Offset from marker"), tr("Midpoint of two markers"),
                    tr("Mirror of marker about a plane"), tr("Along a direction from marker"),
                    tr("Points on a circle"), tr("At distances from two markers")});
  point = new Vec3Edit;
  markerA = new EntityCombo(model, core::EntityKind::Marker);
  markerB = new EntityCombo(model, core::EntityKind::Marker);
  vector = new Vec3Edit(core::Vec3::UnitX());
  distance = makeNumberBox(0.1, 0.0, 1e6);
  distanceB = makeNumberBox(0.1, 0.0, 1e6);
  count = new QSpinBox;
  count->setRange(1, 360);
  count->setValue(4);
  startAngle = makeNumberBox(0.0, -2.0 * kPi, 2.0 * kPi);
  orientation = new Vec3Edit;
  // Values in SI (radians), shown and typed in the model's units.
  point->setQuantity(core::Quantity::Length);
  setQuantity(distance, core::Quantity::Length);
  setQuantity(distanceB, core::Quantity::Length);
  setQuantity(startAngle, core::Quantity::Angle);
  orientation->setQuantity(core::Quantity::Angle);
  pick = new QPushButton(tr("Pick in 3-D view"));
  pick->setCheckable(true);
  pick->setEnabled(view != nullptr);

  form()->addRow(tr("Name"), name);
  form()->addRow(tr("On part"), part);
  form()->addRow(tr("Method"), method);
  form()->addRow(tr("Point (ground)"), point);
  form()->addRow(QString(), pick);
  form()->addRow(tr("Marker A"), markerA);
  form()->addRow(tr("Marker B"), markerB);
  form()->addRow(tr("Vector"), vector);
  form()->addRow(tr("Distance"), distance);
  form()->addRow(tr("Distance from B"), distanceB);
  form()->addRow(tr("Number of points"), count);
  form()->addRow(tr("First point angle"), startAngle);
  form()->addRow(tr("Orientation (Euler 3-1-3, ground)"), orientation);
  // The z axis, typed or from a helper line, sets the orientation (x chosen as Adams does).
  zAxis = new Vec3Edit(core::Vec3::UnitZ());
  form()->addRow(tr("or z axis (ground) [-]"), zAxis);
  axisHelper = new AxisHelper(model, view, form(), zAxis, this);
  connect(axisHelper, &AxisHelper::changed, this, [this] {
    const auto line = axisHelper->compute();
    if (!line)
      return;
    const QSignalBlocker block(orientation);
    orientation->setValue(core::matrixToEuler313(frames::frameWithZ(line->axis)));
  });
  connect(method, &QComboBox::currentIndexChanged, this, &MarkerDialog::updateVisibility);
  if (view) {
    connect(view, &ModelView::pointPicked, this, [this](const core::Vec3& p) {
      if (!pick->isChecked())
        return;
      point->setValue(p);
      const core::UnitSystem& u = this->document().model().displayUnits;
      auto shown = [&u](double si) { return core::fromSI(u, core::Quantity::Length, si); };
      showMessage(tr("Picked (%1, %2, %3) %4")
                      .arg(shown(p.x()))
                      .arg(shown(p.y()))
                      .arg(shown(p.z()))
                      .arg(unitText(this->document().model(), core::Quantity::Length)),
                  false);
    });
  }
  updateVisibility();
}

void MarkerDialog::setMethod(Method m)
{
  method->setCurrentIndex(static_cast<int>(m));
}

void MarkerDialog::updateVisibility()
{
  const auto m = static_cast<Method>(method->currentIndex());
  // setRowVisible also drops the row's spacing (hiding the widgets alone leaves gaps).
  auto show = [this](QWidget* w, bool visible) { form()->setRowVisible(w, visible); };
  show(point, m == Method::Coordinates || m == Method::Mirror);
  show(pick, m == Method::Coordinates);
  show(markerA, m != Method::Coordinates);
  show(markerB, m == Method::Midpoint || m == Method::TwoDistances);
  show(vector, m != Method::Coordinates && m != Method::Midpoint);
  show(distance, m == Method::Along || m == Method::Circle || m == Method::TwoDistances);
  show(distanceB, m == Method::TwoDistances);
  // One generic label ("vector / direction / normal / axis") left the user to guess what the row
  // means for the method chosen: name it.
  auto label = [this](QWidget* w, const QString& text) {
    if (auto* l = qobject_cast<QLabel*>(form()->labelForField(w)))
      l->setText(text);
  };
  label(point, m == Method::Mirror ? tr("Point on the mirror plane (ground)") : tr("Point (ground)"));
  // The vector is an offset (a length) or a direction (a pure number).
  vector->setQuantity(m == Method::Offset ? core::Quantity::Length : core::Quantity::None);
  label(markerA, m == Method::Circle ? tr("Centre marker") : tr("Marker A"));
  switch (m) {
    case Method::Offset:
      label(vector, tr("Offset (ground)"));
      break;
    case Method::Along:
      label(vector, tr("Direction (ground) [-]"));
      break;
    case Method::Circle:
      label(vector, tr("Circle axis (ground) [-]"));
      break;
    default:
      label(vector, tr("Plane normal (ground) [-]"));
      break;
  }
  label(distance, m == Method::Circle         ? tr("Radius")
                  : m == Method::TwoDistances ? tr("Distance from A")
                                              : tr("Distance"));
  show(count, m == Method::Circle);
  show(startAngle, m == Method::Circle);
  adjustSize();
}

std::vector<core::Vec3> MarkerDialog::positions(QString* error) const
{
  const core::Model& model = document().model();
  auto fail = [error](const QString& text) {
    if (error)
      *error = text;
    return std::vector<core::Vec3>{};
  };
  const auto m = static_cast<Method>(method->currentIndex());
  auto markerPoint = [&](EntityCombo* combo, core::Vec3& out) {
    const core::EntityRef ref = combo->current();
    if (!model.contains(ref))
      return false;
    out = model.markerGlobalPosition(core::MarkerId(ref.id));
    return true;
  };
  core::Vec3 a, b;
  if (m != Method::Coordinates && !markerPoint(markerA, a))
    return fail(tr("Choose marker A."));
  const core::Vec3 v = vector->value();
  switch (m) {
    case Method::Coordinates:
      return {point->value()};
    case Method::Offset:
      return {a + v};
    case Method::Midpoint:
      if (!markerPoint(markerB, b))
        return fail(tr("Choose marker B."));
      return {0.5 * (a + b)};
    case Method::Mirror: {
      if (v.norm() < 1e-12)
        return fail(tr("The mirror plane normal must not be zero."));
      const core::Vec3 n = v.normalized();
      return {a - 2.0 * n.dot(a - point->value()) * n};
    }
    case Method::Along:
      if (v.norm() < 1e-12)
        return fail(tr("The direction must not be zero."));
      return {a + distance->value() * v.normalized()};
    case Method::Circle: {
      if (v.norm() < 1e-12)
        return fail(tr("The circle axis must not be zero."));
      if (distance->value() <= 0.0)
        return fail(tr("The circle radius must be positive."));
      const core::Mat3 frame = frames::frameWithZ(v);
      std::vector<core::Vec3> points;
      for (int k = 0; k < count->value(); ++k) {
        const double angle = startAngle->value() + 2.0 * kPi * k / count->value();
        points.push_back(a + distance->value() *
                                 (std::cos(angle) * frame.col(0) + std::sin(angle) * frame.col(1)));
      }
      return points;
    }
    case Method::TwoDistances: {
      // The point in the plane through A and B normal to `vector`, at `distance` from A and
      // `distanceB` from B, on the left of A->B seen from the normal's tip (counter-clockwise).
      if (!markerPoint(markerB, b))
        return fail(tr("Choose marker B."));
      if (v.norm() < 1e-12)
        return fail(tr("The plane normal must not be zero."));
      const core::Vec3 n = v.normalized();
      const core::Vec3 ab = (b - a) - n.dot(b - a) * n;
      const double d = ab.norm();
      if (d < 1e-12)
        return fail(tr("Markers A and B coincide in the plane normal to the vector: choose another normal."));
      const double ra = distance->value(), rb = distanceB->value();
      if (ra + rb < d || std::abs(ra - rb) > d) {
        const core::UnitSystem& u = model.displayUnits;
        auto shown = [&u](double si) { return core::fromSI(u, core::Quantity::Length, si); };
        return fail(tr("No point is %1 %4 from A and %2 %4 from B: A and B are %3 %4 apart in the plane.")
                        .arg(shown(ra))
                        .arg(shown(rb))
                        .arg(shown(d), 0, 'g', 6)
                        .arg(unitText(model, core::Quantity::Length)));
      }
      const core::Vec3 e = ab / d;
      const double x = (ra * ra - rb * rb + d * d) / (2.0 * d);
      const double h = std::sqrt(std::max(0.0, ra * ra - x * x));
      return {a + x * e + h * n.cross(e)};
    }
  }
  return {};
}

std::unique_ptr<core::Command> MarkerDialog::makeCommand(QString& error)
{
  const core::Model& model = document().model();
  const core::EntityRef partRef = part->current();
  if (!model.contains(partRef)) {
    error = tr("Choose the part the marker is on.");
    return nullptr;
  }
  const std::vector<core::Vec3> points = positions(&error);
  if (points.empty())
    return nullptr;
  const std::string base = name->text().trimmed().toStdString();
  if (!base.empty() && !core::Model::isValidName(base)) {
    error =
        tr("'%1' is not a valid name (letters, digits and _, not starting with a digit).").arg(name->text());
    return nullptr;
  }
  const core::Mat3 rotation = core::euler313ToMatrix(orientation->value());
  // Name every marker here (automatic names as the model would give them) so the undo text, the
  // dialog's message and the log say which markers were made.
  std::vector<std::string> names;
  for (std::size_t k = 0; k < points.size(); ++k) {
    std::string markerName = base;
    if (!base.empty() && points.size() > 1)
      markerName.append("_").append(std::to_string(k + 1));  // not "_" + ...: GCC 12 -Wrestrict
    if (markerName.empty()) {
      for (int n = 1; markerName.empty(); ++n) {
        const std::string candidate = "MARKER_" + std::to_string(n);
        if (model.isNameFree(candidate) && std::find(names.begin(), names.end(), candidate) == names.end())
          markerName = candidate;
      }
    } else if (!model.isNameFree(markerName)) {
      error = tr("The name '%1' is already used.").arg(QString::fromStdString(markerName));
      return nullptr;
    }
    names.push_back(markerName);
  }
  const std::string partName = model.entityName(partRef);
  auto q = [](const std::string& text) { return QString::fromStdString(text); };
  const QString text = names.size() == 1
                           ? QStringLiteral("Create marker %1 on %2").arg(q(names.front()), q(partName))
                           : QStringLiteral("Create markers %1 ... %2 on a circle on %3")
                                 .arg(q(names.front()), q(names.back()), q(partName));
  auto macro = std::make_unique<core::Macro>(text.toStdString());
  for (std::size_t k = 0; k < points.size(); ++k)
    macro->add(core::makeAddMarker(
        frames::markerAt(model, core::PartId(partRef.id), points[k], rotation, names[k])));
  return macro;
}

}  // namespace mbs::ui
