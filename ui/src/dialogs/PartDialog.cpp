#include "mbs/ui/dialogs/PartDialog.hpp"

#include <QColor>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>

#include <QFileDialog>
#include <QHBoxLayout>
#include <QLayout>
#include <QPushButton>
#include <QVariant>

#include "Frames.hpp"
#include "MeshMass.hpp"
#include "mbs/ui/Document.hpp"

namespace mbs::ui {
PartDialog::PartDialog(Document& document, QWidget* parent) : BuildDialog(document, tr("Create part"), parent)
{
  setObjectName("partDialog");
  const core::Model& model = document.model();
  name = new QLineEdit;
  name->setPlaceholderText(tr("automatic"));
  shape = new QComboBox;
  shape->addItems({tr("Link between two markers"), tr("Box"), tr("Cylinder"), tr("Sphere"),
                   tr("Imported mesh (STL/OBJ)")});
  markerA = new EntityCombo(model, core::EntityKind::Marker);
  markerB = new EntityCombo(model, core::EntityKind::Marker);
  if (markerB->count() > 1)
    markerB->setCurrentIndex(1);
  radius = makeNumberBox(0.01, 0.0, 1e6);
  centre = new Vec3Edit;
  orientation = new Vec3Edit;
  size = new Vec3Edit(core::Vec3(0.1, 0.05, 0.05));
  length = makeNumberBox(0.1, 0.0, 1e6);
  meshFile = new QLineEdit;
  meshFile->setPlaceholderText(tr("closed STL or OBJ mesh, in metres"));
  auto* browse = new QPushButton(tr("Browse..."));
  auto* meshRow = new QWidget;
  auto* meshLayout = new QHBoxLayout(meshRow);
  meshLayout->setContentsMargins(0, 0, 0, 0);
  meshLayout->addWidget(meshFile, 1);
  meshLayout->addWidget(browse);
  connect(browse, &QPushButton::clicked, this, [this] {
    const QString path = QFileDialog::getOpenFileName(this, tr("Import mesh"), QString(),
                                                      tr("Meshes (*.stl *.STL *.obj *.OBJ)"));
    if (!path.isEmpty())
      meshFile->setText(path);
  });
  connect(meshFile, &QLineEdit::textChanged, this, &PartDialog::updateForm);
  density = makeNumberBox(7800.0, 0.0, 1e9, 3);
  color = new QLineEdit;
  color->setPlaceholderText(tr("#rrggbb or empty for automatic"));
  // Values in SI (radians), shown and typed in the model's units.
  setQuantity(radius, core::Quantity::Length);
  setQuantity(length, core::Quantity::Length);
  setQuantity(density, core::Quantity::Density);
  density->setDecimals(12);
  centre->setQuantity(core::Quantity::Length);
  orientation->setQuantity(core::Quantity::Angle);
  size->setQuantity(core::Quantity::Length);
  m_massLabel = new QLabel;
  m_massLabel->setObjectName("massLabel");

  form()->addRow(tr("Name"), name);
  form()->addRow(tr("Shape"), shape);
  form()->addRow(tr("From marker"), markerA);
  form()->addRow(tr("To marker"), markerB);
  form()->addRow(tr("Radius / half width"), radius);
  form()->addRow(tr("Centre (ground)"), centre);
  form()->addRow(tr("Orientation (Euler 3-1-3)"), orientation);
  form()->addRow(tr("Box edges x, y, z"), size);
  form()->addRow(tr("Cylinder length"), length);
  form()->addRow(tr("Mesh file"), meshRow);
  form()->addRow(tr("Density"), density);
  form()->addRow(tr("Colour"), color);
  form()->addRow(tr("Mass properties"), m_massLabel);

  connect(shape, &QComboBox::currentIndexChanged, this, &PartDialog::updateForm);
  for (QComboBox* combo : {static_cast<QComboBox*>(markerA), static_cast<QComboBox*>(markerB)})
    connect(combo, &QComboBox::currentIndexChanged, this, &PartDialog::updateForm);
  for (QDoubleSpinBox* box : {radius, length, density})
    connect(box, &QDoubleSpinBox::valueChanged, this, &PartDialog::updateForm);
  for (Vec3Edit* edit : {centre, orientation, size})
    connect(edit, &Vec3Edit::valueChanged, this, &PartDialog::updateForm);
  updateForm();
}

void PartDialog::setShape(Shape s)
{
  shape->setCurrentIndex(static_cast<int>(s));
}

void PartDialog::updateForm()
{
  const auto s = static_cast<Shape>(shape->currentIndex());
  // setRowVisible also drops the row's spacing (hiding the widgets alone leaves gaps).
  auto show = [this](QWidget* w, bool visible) { form()->setRowVisible(w, visible); };
  show(markerA, s == Shape::Link);
  show(markerB, s == Shape::Link);
  show(centre, s != Shape::Link);
  show(orientation, s == Shape::Box || s == Shape::Cylinder || s == Shape::Mesh);
  show(size, s == Shape::Box);
  show(length, s == Shape::Cylinder);
  show(meshFile->parentWidget(), s == Shape::Mesh);
  show(radius, s != Shape::Box && s != Shape::Mesh);
  // Lay the rows out now (not at the next event loop pass) and fit the dialog to them, so no blank
  // band is left where the previous shape's rows were.
  if (property("laidOutShape").toInt() != static_cast<int>(s) + 1) {
    setProperty("laidOutShape", static_cast<int>(s) + 1);
    layout()->activate();
    adjustSize();
  }
  QString error;
  if (const auto d = design(&error)) {
    const core::Mat3& I = d->mass.inertia;
    const core::UnitSystem& u = document().model().displayUnits;
    auto inertia = [&u](double si) { return core::fromSI(u, core::Quantity::Inertia, si); };
    m_massLabel->setText(tr("m = %1 %5, Ixx = %2, Iyy = %3, Izz = %4 %6")
                             .arg(core::fromSI(u, core::Quantity::Mass, d->mass.mass), 0, 'g', 5)
                             .arg(inertia(I(0, 0)), 0, 'g', 4)
                             .arg(inertia(I(1, 1)), 0, 'g', 4)
                             .arg(inertia(I(2, 2)), 0, 'g', 4)
                             .arg(unitText(document().model(), core::Quantity::Mass),
                                  unitText(document().model(), core::Quantity::Inertia)));
    // The view draws a link with rounded ends, but its mass is that of the cylinder between the
    // two markers (core::massProperties): say so, or a hand check of the mass is off by 4r/3L.
    if (s == Shape::Link)
      m_massLabel->setText(m_massLabel->text() + "\n" +
                           tr("(cylinder between the markers; the rounded ends are drawn, not counted)"));
  } else {
    m_massLabel->setText(error);
  }
}

std::optional<PartDialog::Design> PartDialog::design(QString* error) const
{
  const core::Model& model = document().model();
  auto fail = [error](const QString& text) -> std::optional<Design> {
    if (error)
      *error = text;
    return std::nullopt;
  };
  if (density->value() <= 0.0)
    return fail(tr("The density must be positive to give the part a mass."));
  Design d;
  core::Geometry g;
  g.density = density->value();
  g.color = color->text().trimmed().toStdString();
  if (!g.color.empty() && !QColor::isValidColorName(color->text().trimmed()))
    return fail(tr("'%1' is not a colour.").arg(color->text()));
  const auto s = static_cast<Shape>(shape->currentIndex());
  if (s == Shape::Link) {
    const core::EntityRef a = markerA->current(), b = markerB->current();
    if (!model.contains(a) || !model.contains(b))
      return fail(tr("Choose the two end markers of the link."));
    const core::Vec3 pa = model.markerGlobalPosition(core::MarkerId(a.id));
    const core::Vec3 pb = model.markerGlobalPosition(core::MarkerId(b.id));
    const double l = (pb - pa).norm();
    if (l < 1e-9)
      return fail(tr("The two markers are at the same place: a link needs a length."));
    if (radius->value() <= 0.0)
      return fail(tr("The link half width must be positive."));
    // Part frame at the middle, x along the link, z as close to ground z as possible.
    const core::Vec3 x = (pb - pa) / l;
    core::Vec3 z = core::Vec3::UnitZ() - x.z() * x;
    if (z.norm() < 1e-6)
      z = core::Vec3::UnitY() - x.y() * x;
    const core::Mat3 r = core::frameFromAxes(z, x).value_or(core::Mat3::Identity());
    d.part.position = 0.5 * (pa + pb);
    d.part.orientation = core::matrixToEuler313(r);
    g.kind = core::GeometryKind::Link;
    g.point1 = core::Vec3(-0.5 * l, 0, 0);
    g.point2 = core::Vec3(0.5 * l, 0, 0);
    g.radius = radius->value();
  } else if (s == Shape::Mesh) {
    // The mesh's coordinates are the part frame, placed at `centre` with `orientation`.
    d.part.position = centre->value();
    d.part.orientation = orientation->value();
    g.kind = core::GeometryKind::MeshFile;
    g.path = meshFile->text().trimmed().toStdString();
    if (g.path.empty())
      return fail(tr("Choose the mesh file."));
    std::string meshError;
    const auto mass = meshMassProperties(g.path, g.density, &meshError);
    if (!mass)
      return fail(QString::fromStdString(meshError));
    return finish(d, g, *mass);
  } else {
    d.part.position = centre->value();
    d.part.orientation = s == Shape::Sphere ? core::Vec3::Zero() : orientation->value();
    g.kind = s == Shape::Box        ? core::GeometryKind::Box
             : s == Shape::Cylinder ? core::GeometryKind::Cylinder
                                    : core::GeometryKind::Sphere;
    g.size = size->value();
    g.radius = radius->value();
    g.length = length->value();
    if (s == Shape::Box && (g.size.array() <= 0.0).any())
      return fail(tr("The box edges must be positive."));
    if (s != Shape::Box && g.radius <= 0.0)
      return fail(tr("The radius must be positive."));
    if (s == Shape::Cylinder && g.length <= 0.0)
      return fail(tr("The cylinder length must be positive."));
  }
  const auto mass = core::massProperties(g);
  if (!mass || mass->mass <= 0.0)
    return fail(tr("This shape gives no mass."));
  return finish(d, g, *mass);
}

PartDialog::Design PartDialog::finish(Design d, const core::Geometry& g,
                                      const core::MassProperties& mass) const
{
  d.mass = mass;
  d.part.geometry.push_back(g);
  d.part.mass = mass.mass;
  const core::Mat3& I = mass.inertia;
  d.part.inertia = core::Inertia{I(0, 0), I(1, 1), I(2, 2), -I(0, 1), -I(0, 2), -I(1, 2)};
  d.part.name = name->text().trimmed().toStdString();
  return d;
}

std::unique_ptr<core::Command> PartDialog::makeCommand(QString& error)
{
  const core::Model& model = document().model();
  auto d = design(&error);
  if (!d)
    return nullptr;
  if (!d->part.name.empty() && (!core::Model::isValidName(d->part.name) || !model.isNameFree(d->part.name))) {
    error = tr("'%1' is not a valid, unused name.").arg(name->text());
    return nullptr;
  }
  IdPlanner ids(model);
  d->part.id = core::PartId(ids.take());
  const std::string partName = d->part.name.empty() ? model.uniqueName("PART") : d->part.name;
  d->part.name = partName;
  // The CM marker: at the shape's centre with the part frame's axes (the inertia is about them).
  core::Marker cm;
  cm.id = core::MarkerId(ids.take());
  cm.name = partName + "_cm";
  if (!model.isNameFree(cm.name))
    cm.name = model.uniqueName(partName + "_cm");
  cm.part = d->part.id;
  cm.position = d->mass.centre;
  auto macro = std::make_unique<core::Macro>("Create part " + partName);
  macro->add(core::makeAddPart(d->part));
  macro->add(core::makeAddMarker(cm));
  macro->add(std::make_unique<core::SetProperty>(core::EntityRef(d->part.id), "/cm_marker", cm.name));
  return macro;
}

}  // namespace mbs::ui
