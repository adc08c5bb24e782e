#include "mbs/ui/dialogs/FlexibleLinkDialog.hpp"

#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <cmath>

#include "mbs/ui/Document.hpp"
#include "mbs/ui/view/ModelScene.hpp"
#include "mbs/ui/view/ModelView.hpp"

namespace mbs::ui {
namespace {

using core::LinkAttachment;
using core::SectionKind;

// The Cross section list, in the order of core::SectionKind.
const SectionKind kSections[] = {SectionKind::SolidCircle, SectionKind::HollowCircle,
                                 SectionKind::SolidRectangle, SectionKind::HollowRectangle,
                                 SectionKind::ISection};
const UnitPowers kPressure{1.0, -2.0, 0.0};

NumberBox* numberBox(double value, double min = -1e9, double max = 1e9)
{
  return static_cast<NumberBox*>(makeNumberBox(value, min, max));
}

// "1.23e-05" in the display units of `quantity`-like unit powers, with the unit.
QString valueText(double si, double factor, const QString& unit)
{
  return QString::number(si / factor, 'g', 5) + (unit.isEmpty() ? QString() : " " + unit);
}

}  // namespace

FlexibleLinkDialog::FlexibleLinkDialog(Document& document, ModelView* view, QWidget* parent)
    : BuildDialog(document, tr("Create flexible link"), parent), m_view(view)
{
  setObjectName("flexibleLinkDialog");
  const core::Model& model = document.model();
  name = new QLineEdit;
  name->setObjectName("linkName");
  name->setPlaceholderText(tr("automatic"));
  linkModel = new QComboBox;
  linkModel->setObjectName("linkModel");
  linkModel->addItems(
      {tr("Discrete: rigid segments joined by beams"), tr("FE beam: one part, large deflections")});
  segments = new QSpinBox;
  segments->setObjectName("linkSegments");
  segments->setRange(0, 100000);  // out of 2..500 is refused with the reason, not clamped
  segments->setValue(5);
  dampingRatio = numberBox(0.0);
  dampingRatio->setObjectName("linkDampingRatio");
  setQuantity(dampingRatio, core::Quantity::Time);  // CRATIO: C = ratio × K

  form()->addRow(tr("Name prefix"), name);
  form()->addRow(tr("Model"), linkModel);
  form()->addRow(tr("Segments"), segments);
  form()->addRow(tr("Damping ratio (C = ratio × K)"), dampingRatio);

  auto* endsRow = new QHBoxLayout;
  for (int e = 0; e < 2; ++e)
    endsRow->addWidget(makeEnd(e));
  form()->addRow(endsRow);

  // Cross section.
  auto* sectionBox = new QGroupBox(tr("Cross section"));
  auto* sectionForm = new QFormLayout(sectionBox);
  section = new QComboBox;
  section->setObjectName("linkSection");
  section->addItems({tr("Solid circle"), tr("Hollow circle"), tr("Solid rectangle"), tr("Hollow rectangle"),
                     tr("I-section")});
  diameter = numberBox(0.03);
  width = numberBox(0.03);
  height = numberBox(0.05);
  thickness = numberBox(0.003);
  flangeThickness = numberBox(0.005);
  webThickness = numberBox(0.004);
  const char* names[] = {"linkDiameter",  "linkWidth",           "linkHeight",
                         "linkThickness", "linkFlangeThickness", "linkWebThickness"};
  QDoubleSpinBox* dims[] = {diameter, width, height, thickness, flangeThickness, webThickness};
  for (int k = 0; k < 6; ++k) {
    dims[k]->setObjectName(names[k]);
    setQuantity(dims[k], core::Quantity::Length);
    m_dimensionRows[k] = dims[k];
  }
  // The section's height (its z axis) points up, against gravity, unless told otherwise.
  const core::Vec3 up =
      model.gravity.norm() > 0.0 ? core::Vec3(-model.gravity.normalized()) : core::Vec3::UnitY();
  heightDirection = new Vec3Edit(up);
  heightDirection->setObjectName("linkHeightDirection");
  sectionForm->addRow(tr("Shape"), section);
  sectionForm->addRow(tr("Outer diameter"), diameter);
  sectionForm->addRow(tr("Width (along y)"), width);
  sectionForm->addRow(tr("Height (along z)"), height);
  sectionForm->addRow(tr("Wall thickness"), thickness);
  sectionForm->addRow(tr("Flange thickness"), flangeThickness);
  sectionForm->addRow(tr("Web thickness"), webThickness);
  sectionForm->addRow(tr("Height direction z (ground) [-]"), heightDirection);

  // Material.
  auto* materialBox = new QGroupBox(tr("Material"));
  auto* materialForm = new QFormLayout(materialBox);
  material = new QComboBox;
  material->setObjectName("linkMaterial");
  material->addItems({tr("Steel"), tr("Aluminium"), tr("Custom")});
  youngsModulus = numberBox(0.0, -1e15, 1e15);
  youngsModulus->setObjectName("linkYoungsModulus");
  poissonRatio = numberBox(0.0, -10.0, 10.0);
  poissonRatio->setObjectName("linkPoissonRatio");
  shearModulus = numberBox(0.0, -1e15, 1e15);
  shearModulus->setObjectName("linkShearModulus");
  density = numberBox(0.0, -1e9, 1e9);
  density->setObjectName("linkDensity");
  static_cast<NumberBox*>(youngsModulus)->setUnitPowers(kPressure);
  static_cast<NumberBox*>(shearModulus)->setUnitPowers(kPressure);
  setQuantity(density, core::Quantity::Density);
  materialForm->addRow(tr("Material"), material);
  materialForm->addRow(tr("Young's modulus E"), youngsModulus);
  materialForm->addRow(tr("Poisson's ratio ν"), poissonRatio);
  materialForm->addRow(tr("Shear modulus G"), shearModulus);
  materialForm->addRow(tr("Density"), density);
  properties = new QLabel;
  properties->setObjectName("linkProperties");
  properties->setWordWrap(true);

  auto* bodyRow = new QHBoxLayout;
  bodyRow->addWidget(sectionBox, 1);
  bodyRow->addWidget(materialBox, 1);
  form()->addRow(bodyRow);
  form()->addRow(tr("Section"), properties);  // full width: the line of values fits unclipped

  setMaterial(0);
  connect(linkModel, &QComboBox::currentIndexChanged, this, [this] {
    updateRows();
    refresh();
  });
  connect(section, &QComboBox::currentIndexChanged, this, [this] {
    updateRows();
    refresh();
  });
  connect(material, &QComboBox::currentIndexChanged, this, &FlexibleLinkDialog::setMaterial);
  for (QDoubleSpinBox* box : {youngsModulus, poissonRatio, shearModulus, density})
    connect(box, &QDoubleSpinBox::valueChanged, this, [this, box] { materialEdited(box); });
  for (QDoubleSpinBox* box : dims)
    connect(box, &QDoubleSpinBox::valueChanged, this, &FlexibleLinkDialog::refresh);
  connect(dampingRatio, &QDoubleSpinBox::valueChanged, this, &FlexibleLinkDialog::refresh);
  connect(segments, &QSpinBox::valueChanged, this, &FlexibleLinkDialog::refresh);
  connect(name, &QLineEdit::textChanged, this, &FlexibleLinkDialog::refresh);
  connect(heightDirection, &Vec3Edit::valueChanged, this, &FlexibleLinkDialog::refresh);
  connect(&document, &Document::modelChanged, this, &FlexibleLinkDialog::refresh);
  if (view)
    connect(view, &ModelView::pointPicked, this, [this](const core::Vec3& p, const core::EntityRef& hit) {
      for (int e = 0; e < 2; ++e) {
        if (!ends[e].pick->isChecked())
          continue;
        ends[e].marker->setCurrentIndex(0);
        ends[e].point->setValue(p);
        // A point picked on a part proposes to attach the end to it.
        if (hit.kind == core::EntityKind::Part && this->document().model().part(core::PartId(hit.id)))
          ends[e].part->select(hit);
        ends[e].pick->setChecked(false);
        if (e == 0)
          ends[1].pick->setChecked(true);  // then the other end
        return;
      }
    });
  updateRows();
  refresh();
}

FlexibleLinkDialog::~FlexibleLinkDialog()
{
  if (m_view && isVisible()) {
    m_view->scene().setHelperLine(std::nullopt);
    m_view->requestRender();
  }
}

QWidget* FlexibleLinkDialog::makeEnd(int e)
{
  const core::Model& model = document().model();
  auto* box = new QGroupBox(e == 0 ? tr("End 1 (start)") : tr("End 2"));
  auto* f = new QFormLayout(box);
  End& end = ends[e];
  const QString tag = QString::number(e + 1);
  end.marker = new EntityCombo(model, core::EntityKind::Marker, true);
  end.marker->setObjectName("linkMarker" + tag);
  end.point = new Vec3Edit(e == 0 ? core::Vec3::Zero() : core::Vec3(1.0, 0.0, 0.0));
  end.point->setObjectName("linkPoint" + tag);
  end.point->setQuantity(core::Quantity::Length);
  end.pick = new QPushButton(tr("Pick in 3-D view"));
  end.pick->setObjectName("linkPick" + tag);
  end.pick->setCheckable(true);
  end.pick->setEnabled(m_view != nullptr);
  end.part = new EntityCombo(model, core::EntityKind::Part, true);
  end.part->setObjectName("linkPart" + tag);
  end.attachment = new QComboBox;
  end.attachment->setObjectName("linkAttachment" + tag);
  end.attachment->addItems({tr("Free"), tr("Rigid (fixed joint)"), tr("Flexible (half-segment beam)")});
  end.attachment->setCurrentIndex(1);
  f->addRow(tr("At marker"), end.marker);
  f->addRow(tr("or at point (ground)"), end.point);
  f->addRow(QString(), end.pick);
  f->addRow(tr("Attach to part"), end.part);
  f->addRow(tr("Attachment"), end.attachment);
  connect(end.marker, &QComboBox::currentIndexChanged, this, [this, e] {
    const core::Model& m = document().model();
    const core::MarkerId id(ends[e].marker->current().id);
    if (m.marker(id)) {
      ends[e].point->setValue(m.markerGlobalPosition(id));
      ends[e].part->select(core::EntityRef(m.partOf(id)));
    }
    updateRows();
    refresh();
  });
  connect(end.pick, &QPushButton::toggled, this, [this, e](bool on) {
    if (on)
      ends[1 - e].pick->setChecked(false);
  });
  connect(end.point, &Vec3Edit::valueChanged, this, &FlexibleLinkDialog::refresh);
  connect(end.part, &QComboBox::currentIndexChanged, this, [this] {
    updateRows();
    refresh();
  });
  connect(end.attachment, &QComboBox::currentIndexChanged, this, &FlexibleLinkDialog::refresh);
  return box;
}

void FlexibleLinkDialog::updateRows()
{
  const SectionKind kind = kSections[std::max(0, section->currentIndex())];
  const bool circle = kind == SectionKind::SolidCircle || kind == SectionKind::HollowCircle;
  const bool visible[6] = {circle,
                           !circle,
                           !circle,
                           kind == SectionKind::HollowCircle || kind == SectionKind::HollowRectangle,
                           kind == SectionKind::ISection,
                           kind == SectionKind::ISection};
  for (int k = 0; k < 6; ++k) {
    auto* f = qobject_cast<QFormLayout*>(m_dimensionRows[k]->parentWidget()->layout());
    f->setRowVisible(m_dimensionRows[k], visible[k]);
  }
  for (End& end : ends) {
    end.point->setEnabled(end.marker->current().id == 0);
    end.attachment->setEnabled(end.part->current().id != 0);
  }
  const bool feBeam = linkModel->currentIndex() == static_cast<int>(core::LinkModel::FeBeam);
  if (auto* label = qobject_cast<QLabel*>(form()->labelForField(segments)))
    label->setText(feBeam ? tr("Elements") : tr("Segments"));
  setWindowTitle(feBeam ? tr("Create FE beam") : tr("Create flexible link"));
}

void FlexibleLinkDialog::setLinkModel(core::LinkModel model)
{
  linkModel->setCurrentIndex(static_cast<int>(model));
}

void FlexibleLinkDialog::setMaterial(int index)
{
  if (index < 0 || index > 1)
    return;  // Custom: the values stay, to be edited
  const core::LinkMaterial m = index == 0 ? core::steelMaterial() : core::aluminiumMaterial();
  m_settingMaterial = true;
  youngsModulus->setValue(m.youngsModulus);
  shearModulus->setValue(m.shearModulus);
  poissonRatio->setValue(m.poissonRatio());
  density->setValue(m.density);
  m_settingMaterial = false;
  refresh();
}

// E and ν give G = E / (2 (1 + ν)); a G typed gives ν. Editing a value makes the material Custom.
void FlexibleLinkDialog::materialEdited(QDoubleSpinBox* edited)
{
  if (m_settingMaterial)
    return;
  m_settingMaterial = true;
  if (edited == shearModulus && shearModulus->value() > 0.0)
    poissonRatio->setValue(youngsModulus->value() / (2.0 * shearModulus->value()) - 1.0);
  else if (edited == youngsModulus || edited == poissonRatio)
    shearModulus->setValue(youngsModulus->value() / (2.0 * (1.0 + poissonRatio->value())));
  material->setCurrentIndex(2);
  m_settingMaterial = false;
  refresh();
}

core::FlexibleLinkSpec FlexibleLinkDialog::spec() const
{
  const core::Model& model = document().model();
  core::FlexibleLinkSpec s;
  s.model = static_cast<core::LinkModel>(std::max(0, linkModel->currentIndex()));
  s.segments = segments->value();
  const QString prefix = name->text().trimmed();
  s.name = prefix.isEmpty() ? core::freeLinkName(model, s.segments, s.model) : prefix.toStdString();
  s.dampingRatio = dampingRatio->value();
  for (int e = 0; e < 2; ++e) {
    const End& end = ends[e];
    const core::MarkerId marker(end.marker->current().id);
    s.ends[e].point = model.marker(marker) ? model.markerGlobalPosition(marker) : end.point->value();
    s.ends[e].part = core::PartId(end.part->current().id);
    s.ends[e].attachment = static_cast<LinkAttachment>(end.attachment->currentIndex());
  }
  s.heightDirection = heightDirection->value();
  s.section.kind = kSections[std::max(0, section->currentIndex())];
  s.section.diameter = diameter->value();
  s.section.width = width->value();
  s.section.height = height->value();
  s.section.thickness = thickness->value();
  s.section.flangeThickness = flangeThickness->value();
  s.section.webThickness = webThickness->value();
  s.material = {youngsModulus->value(), shearModulus->value(), density->value()};
  return s;
}

QString FlexibleLinkDialog::check(QWidget** field) const
{
  QWidget* dummy = nullptr;
  QWidget*& at = field ? *field : dummy;
  const auto problem = core::checkFlexibleLink(document().model(), spec());
  if (!problem)
    return {};
  using F = core::LinkFault;
  switch (problem->fault) {
    case F::InvalidName:
      at = name;
      return tr("'%1' is not a valid name: letters, digits and _, not starting with a digit.")
          .arg(name->text());
    case F::NameTaken:
      at = name;
      return tr("The link would name an entity %1, which is already used: choose another prefix.")
          .arg(QString::fromStdString(problem->name));
    case F::ZeroLength:
      at = ends[1].marker->current().id != 0 ? static_cast<QWidget*>(ends[1].marker) : ends[1].point;
      return tr("The two ends are at the same point: the link has no length.");
    case F::TooFewSegments:
      at = segments;
      return spec().model == core::LinkModel::FeBeam
                 ? tr("An FE beam needs at least 1 element.")
                 : tr("A link needs at least 2 segments (one beam between them).");
    case F::TooManySegments:
      at = segments;
      return tr("At most %1 segments.").arg(core::kMaxLinkSegments);
    case F::DampingRatio:
      at = dampingRatio;
      return tr("The damping ratio cannot be negative.");
    case F::YoungsModulus:
      at = youngsModulus;
      return tr("Young's modulus must be positive.");
    case F::ShearModulus:
      at = shearModulus;
      return tr("The shear modulus must be positive (Poisson's ratio above −1).");
    case F::Density:
      at = density;
      return tr("The density must be positive.");
    case F::MissingPart:
      at = ends[problem->end].part;
      return tr("The part is no longer in the model.");
    case F::FlexibleEndOnFeBeam:
      at = ends[problem->end].attachment;
      return tr(
          "An FE beam ends at its end node, with no half segment to hang a beam on: attach it "
          "rigidly or leave it free.");
    case F::Section: {
      using D = core::SectionDimension;
      QDoubleSpinBox* boxes[] = {diameter, width, height, thickness, flangeThickness, webThickness};
      at = boxes[static_cast<int>(problem->section->dimension)];
      switch (problem->section->fault) {
        case core::SectionFault::NotPositive:
          return tr("Must be positive.");
        case core::SectionFault::WallTooThick:
          return problem->section->dimension == D::Thickness &&
                         spec().section.kind == SectionKind::HollowCircle
                     ? tr("The wall is as thick as the radius or thicker: no hole is left.")
                     : tr("Two walls are as thick as the width or the height or thicker: no hole is left.");
        case core::SectionFault::FlangesTooThick:
          return tr("The two flanges are as thick as the height or thicker: no web is left.");
        case core::SectionFault::WebTooThick:
          return tr("The web is as thick as the flanges are wide or thicker.");
      }
    }
  }
  return {};
}

void FlexibleLinkDialog::refresh()
{
  QWidget* field = nullptr;
  const QString reason = check(&field);
  if (m_faulty && m_faulty != field)
    showFieldMessage(m_faulty, QString());
  m_faulty = field;
  if (field)
    showFieldMessage(field, reason);
  else if (!errorText().isEmpty())
    showMessage(QString(), false);  // the refusal of an earlier Apply no longer holds
  const core::FlexibleLinkSpec s = spec();
  const core::Model& model = document().model();
  if (!core::checkSection(s.section) && s.material.shearModulus > 0.0) {
    const core::SectionProperties p = core::sectionProperties(s.section, s.material.poissonRatio());
    const core::UnitSystem& u = model.displayUnits;
    const double l4 = std::pow(u.length, 4);
    const QString ln = QString::fromStdString(u.lengthName);
    const double length = (s.ends[1].point - s.ends[0].point).norm();
    const double mass = s.material.density * p.area * length;
    properties->setText(tr("A %1, J (Ixx) %2, Iyy %3, Izz %4, ASY %5, ASZ %6; link mass %7")
                            .arg(valueText(p.area, u.length * u.length, ln + "²"))
                            .arg(valueText(p.ixx, l4, ln + "⁴"))
                            .arg(valueText(p.iyy, l4, ln + "⁴"))
                            .arg(valueText(p.izz, l4, ln + "⁴"))
                            .arg(p.shearAreaRatioY, 0, 'g', 4)
                            .arg(p.shearAreaRatioZ, 0, 'g', 4)
                            .arg(valueText(mass, u.mass, QString::fromStdString(u.massName))));
  } else {
    properties->setText(tr("(no section: see the field marked in red)"));
  }
  if (m_view) {
    const double length = (s.ends[1].point - s.ends[0].point).norm();
    m_view->scene().setHelperLine(length > 0.0 && std::isfinite(length)
                                      ? std::optional(std::make_pair(s.ends[0].point, s.ends[1].point))
                                      : std::nullopt);
    m_view->requestRender();
  }
}

std::unique_ptr<core::Command> FlexibleLinkDialog::makeCommand(QString& error)
{
  error = check();
  if (!error.isEmpty()) {
    refresh();
    return nullptr;
  }
  core::FlexibleLinkPlan plan = core::planFlexibleLink(document().model(), spec());
  return std::move(plan.command);
}

void FlexibleLinkDialog::hideEvent(QHideEvent* event)
{
  if (m_view) {
    m_view->scene().setHelperLine(std::nullopt);
    m_view->requestRender();
  }
  BuildDialog::hideEvent(event);
}

}  // namespace mbs::ui
