#include "mbs/ui/dialogs/SolidDialog.hpp"

#include <QApplication>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLineEdit>
#include <QPushButton>

#include "mbs/core/Commands.hpp"
#include "mbs/core/ModelFile.hpp"
#include "mbs/mesh/CadSurface.hpp"
#include "mbs/ui/Document.hpp"

namespace mbs::ui {
namespace {

enum Kind { kBox, kCylinder, kSphere, kFile };

nlohmann::ordered_json vec(const core::Vec3& v)
{
  return {v.x(), v.y(), v.z()};
}

}  // namespace

SolidDialog::SolidDialog(Document& document, core::PartId partId, QWidget* parent)
    : BuildDialog(document, tr("Add solid"), parent)
{
  setObjectName("solidDialog");
  const core::Model& model = document.model();
  part = new EntityCombo(model, core::EntityKind::Part);
  part->select(core::EntityRef(partId));
  kind = new QComboBox;
  kind->setObjectName("solidKind");
  kind->addItems({tr("Box"), tr("Cylinder"), tr("Sphere"), tr("Surface or CAD file (STL, OBJ, STEP, IGES)")});
  size = new Vec3Edit(core::Vec3(0.1, 0.1, 0.1));
  radius = makeNumberBox(0.05, 0.0);
  radius->setObjectName("solidRadius");
  length = makeNumberBox(0.1, 0.0);
  length->setObjectName("solidLength");
  // Values in SI, shown and typed in the model's display units.
  size->setQuantity(core::Quantity::Length);
  setQuantity(radius, core::Quantity::Length);
  setQuantity(length, core::Quantity::Length);
  file = new QLineEdit;
  file->setObjectName("solidFile");
  browse = new QPushButton(tr("Browse..."));
  auto* fileRow = new QWidget;
  auto* fileLayout = new QHBoxLayout(fileRow);
  fileLayout->setContentsMargins(0, 0, 0, 0);
  fileLayout->addWidget(file, 1);
  fileLayout->addWidget(browse);
  placement = new QComboBox;
  placement->setObjectName("solidPlacement");
  form()->addRow(tr("Part"), part);
  form()->addRow(tr("Solid"), kind);
  form()->addRow(tr("Edge lengths x, y, z"), size);
  form()->addRow(tr("Radius"), radius);
  form()->addRow(tr("Length along z"), length);
  form()->addRow(tr("File"), fileRow);
  form()->addRow(tr("Centre and axes at"), placement);
  connect(kind, &QComboBox::currentIndexChanged, this, &SolidDialog::updateForm);
  connect(part, &QComboBox::currentIndexChanged, this, &SolidDialog::fillPlacements);
  connect(&document, &Document::modelChanged, this, &SolidDialog::fillPlacements);
  connect(browse, &QPushButton::clicked, this, [this] {
    const QString path =
        QFileDialog::getOpenFileName(this, tr("Surface file"), file->text(),
                                     tr("Surfaces and CAD solids (*.stl *.obj *.step *.stp *.iges *.igs "
                                        "*.brep);;All files (*)"));
    if (!path.isEmpty())
      file->setText(path);
  });
  fillPlacements();
  updateForm();
}

void SolidDialog::fillPlacements()
{
  const core::Model& model = document().model();
  const QString before = placement->currentText();
  const QSignalBlocker block(placement);
  placement->clear();
  placement->addItem(tr("(part frame origin)"), 0u);
  const core::PartId partId(part->current().id);
  for (const core::MarkerId m : model.markersOf(partId))
    placement->addItem(QString::fromStdString(model.marker(m)->name), m.value);
  placement->setCurrentIndex(std::max(0, placement->findText(before)));
}

void SolidDialog::updateForm()
{
  const int k = kind->currentIndex();
  form()->setRowVisible(size, k == kBox);
  form()->setRowVisible(radius, k == kCylinder || k == kSphere);
  form()->setRowVisible(length, k == kCylinder);
  form()->setRowVisible(file->parentWidget(), k == kFile);
  adjustSize();
}

std::unique_ptr<core::Command> SolidDialog::makeCommand(QString& error)
{
  const core::Model& model = document().model();
  const core::PartId partId(part->current().id);
  const core::Part* p = model.part(partId);
  if (!p) {
    error = tr("Choose the part.");
    return nullptr;
  }
  if (p->flexible) {
    error = tr("The part '%1' is flexible: its shape comes from its modal data.")
                .arg(QString::fromStdString(p->name));
    return nullptr;
  }
  nlohmann::ordered_json solid;
  switch (kind->currentIndex()) {
    case kBox:
      if (!(size->value().minCoeff() > 0.0)) {
        error = tr("A box needs three edge lengths greater than 0.");
        return nullptr;
      }
      solid = {{"kind", "box"}, {"size", vec(size->value())}};
      break;
    case kCylinder:
      if (!(radius->value() > 0.0 && length->value() > 0.0)) {
        error = tr("A cylinder needs a radius and a length greater than 0.");
        return nullptr;
      }
      solid = {{"kind", "cylinder"}, {"radius", radius->value()}, {"length", length->value()}};
      break;
    case kSphere:
      if (!(radius->value() > 0.0)) {
        error = tr("A sphere needs a radius greater than 0.");
        return nullptr;
      }
      solid = {{"kind", "sphere"}, {"radius", radius->value()}};
      break;
    default: {
      const QString path = file->text().trimmed();
      const QFileInfo info(path);
      const QString suffix = info.suffix().toLower();
      if (path.isEmpty()) {
        error = tr("Choose the surface file.");
        return nullptr;
      }
      const bool cad =
          suffix == "step" || suffix == "stp" || suffix == "iges" || suffix == "igs" || suffix == "brep";
      if (!cad && suffix != "stl" && suffix != "obj") {
        error = tr("'%1' is not a surface (STL, OBJ) or CAD (STEP, IGES, BREP) file; a Parasolid or other "
                   "proprietary CAD file cannot be read: save the solid as STEP or STL.")
                    .arg(info.fileName());
        return nullptr;
      }
      if (!info.isFile() || !info.isReadable()) {
        error = tr("The file '%1' does not exist or cannot be read.").arg(path);
        return nullptr;
      }
      QString surface = info.absoluteFilePath();
      if (cad) {
        // The solid's surface is meshed by Gmsh (OpenCASCADE reads STEP and IGES in millimetres) into
        // an STL file in metres beside it, which the model then names.
        surface = info.absoluteDir().filePath(info.completeBaseName() + "_surface.stl");
        QApplication::setOverrideCursor(Qt::WaitCursor);
        const solver::Status made = mesh::writeCadSurfaceStl(path.toStdString(), surface.toStdString());
        QApplication::restoreOverrideCursor();
        if (!made.ok()) {
          error = QString::fromStdString(made.message);
          return nullptr;
        }
      }
      solid = {{"kind", "mesh_file"}, {"path", surface.toStdString()}};
      break;
    }
  }
  // Placement: the marker's origin and axes in the part frame.
  core::Vec3 position = core::Vec3::Zero(), orientation = core::Vec3::Zero();
  if (const core::MarkerId m(placement->currentData().toUInt()); model.marker(m)) {
    position = model.marker(m)->position;
    orientation =
        core::matrixToEuler313(model.marker(m)->localOrientation().value_or(core::Mat3::Identity()));
  }
  solid["position"] = vec(position);
  solid["orientation"] = vec(orientation);
  solid["density"] = 0.0;
  nlohmann::ordered_json geometry = core::toJson(model, core::EntityRef(partId))["geometry"];
  if (!geometry.is_array())
    geometry = nlohmann::ordered_json::array();
  geometry.push_back(solid);
  auto macro = std::make_unique<core::Macro>("Add solid to " + p->name);
  macro->add(std::make_unique<core::SetProperty>(core::EntityRef(partId), "/geometry", geometry));
  return macro;
}

}  // namespace mbs::ui
