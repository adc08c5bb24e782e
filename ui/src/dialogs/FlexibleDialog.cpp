#include "mbs/ui/dialogs/FlexibleDialog.hpp"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QElapsedTimer>
#include <QFormLayout>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QRegularExpression>
#include <QSpinBox>
#include <QThread>
#include <QTimer>
#include <algorithm>
#include <cmath>
#include <numbers>
#include <set>

#include "PartSolid.hpp"
#include "PlaneProfile.hpp"
#include "mbs/core/FlexibleCommand.hpp"
#include "mbs/core/Model.hpp"
#include "mbs/core/ModelFile.hpp"
#include "mbs/mesh/FlexibleBodyBuild.hpp"
#include "mbs/mesh/FlexibleBodyConversion.hpp"
#include "mbs/mesh/ModeTable.hpp"
#include "mbs/ui/Document.hpp"
#include "mbs/ui/dialogs/ModeSelectionTable.hpp"
#include "mbs/ui/view/ModelView.hpp"

namespace mbs::ui {

using core::Mat3;
using core::Vec3;

// Inputs and results of one worker run (meshing, and the reduction when `request.reduce`).
struct FlexibleDialog::Work {
  core::PartId part;
  std::vector<core::MarkerId> interfaceMarkers;  // the markers of request.interfacePoints
  mesh::FlexibleBodyRequest request;
  mesh::FlexibleBodyBuild built;
  double seconds = 0.0;

  void run()
  {
    QElapsedTimer clock;
    clock.start();
    built = mesh::buildFlexibleBody(request);
    seconds = clock.elapsed() / 1000.0;
  }
};

FlexibleDialog::FlexibleDialog(Document& document, ModelView* view, QWidget* parent)
    : BuildDialog(document, tr("Make Flexible"), parent), m_view(view)
{
  setObjectName("flexibleDialog");
  const core::Model& model = document.model();
  part = new EntityCombo(model, core::EntityKind::Part);
  part->setObjectName("flexPart");
  form()->addRow(tr("Part"), part);

  bodyKind = new QComboBox;
  bodyKind->setObjectName("bodyKind");
  bodyKind->addItems({tr("Solid (tetrahedra)"), tr("Plane body (plane stress)")});
  bodyKind->setToolTip(
      tr("A plane body is the profile of an extruded part in a plane of the part frame, meshed in 2-D "
         "with plane-stress elements of the given thickness; it deforms in its plane only"));
  form()->addRow(tr("Body"), bodyKind);
  plane = new QComboBox;
  plane->setObjectName("plane");
  plane->addItems({tr("XY (normal z)"), tr("YZ (normal x)"), tr("ZX (normal y)")});
  // Lengths and the density in SI, shown and typed in the model's units (E stays in GPa).
  thickness = makeNumberBox(0.01, 1e-6, 10.0);
  setQuantity(thickness, core::Quantity::Length);
  thickness->setObjectName("thickness");
  quadrilaterals = new QCheckBox(tr("quadrilaterals"));
  quadrilaterals->setObjectName("quadrilaterals");
  auto* planeRow = new QHBoxLayout;
  planeRow->addWidget(plane);
  planeRow->addWidget(new QLabel(tr("thickness")));
  planeRow->addWidget(thickness);
  planeRow->addWidget(quadrilaterals);
  form()->addRow(tr("Plane of the part"), planeRow);

  elementSize = makeNumberBox(0.01, 1e-5, 10.0);
  setQuantity(elementSize, core::Quantity::Length);
  elementSize->setObjectName("elementSize");
  order = new QComboBox;
  order->addItems({tr("1 (Tet4)"), tr("2 (Tet10)")});
  order->setCurrentIndex(1);
  auto* meshRow = new QHBoxLayout;
  meshRow->addWidget(elementSize);
  meshRow->addWidget(new QLabel(tr("order")));
  meshRow->addWidget(order);
  form()->addRow(tr("Element size"), meshRow);

  youngsModulus = makeNumberBox(210.0, 1e-6, 1e4, 4);
  youngsModulus->setObjectName("youngsModulus");
  poissonRatio = makeNumberBox(0.3, -0.99, 0.499, 4);
  density = makeNumberBox(7850.0, 1e-3, 1e6);
  setQuantity(density, core::Quantity::Density);
  density->setObjectName("density");
  auto* materialRow = new QHBoxLayout;
  materialRow->addWidget(new QLabel(tr("E [GPa]")));
  materialRow->addWidget(youngsModulus);
  materialRow->addWidget(new QLabel(tr("ν")));
  materialRow->addWidget(poissonRatio);
  materialRow->addWidget(new QLabel(tr("ρ")));
  materialRow->addWidget(density);
  form()->addRow(tr("Material"), materialRow);

  meshButton = new QPushButton(tr("Mesh"));
  meshButton->setObjectName("meshButton");
  m_quality = new QLabel(tr("not meshed"));
  m_quality->setObjectName("meshQuality");
  m_quality->setWordWrap(true);
  auto* qualityRow = new QHBoxLayout;
  qualityRow->addWidget(meshButton);
  qualityRow->addWidget(m_quality, 1);
  form()->addRow(tr("Mesh (Gmsh)"), qualityRow);

  interfaces = new QListWidget;
  interfaces->setObjectName("interfaceMarkers");
  interfaces->setMaximumHeight(90);
  interfaces->setToolTip(
      tr("Markers that become interface nodes (rigid spiders): those used by joints, "
         "motions and forces are ticked"));
  form()->addRow(tr("Interface markers"), interfaces);
  spiderRadius = makeNumberBox(0.012, 1e-5, 10.0);
  setQuantity(spiderRadius, core::Quantity::Length);
  spiderRadius->setToolTip(tr("Surface nodes within this distance of a marker move rigidly with it"));
  form()->addRow(tr("Spider radius"), spiderRadius);

  fixedModes = new QSpinBox;
  fixedModes->setObjectName("fixedModes");
  fixedModes->setRange(1, 200);
  fixedModes->setValue(10);
  fixedModes->setToolTip(tr(
      "Normal modes of the body with its interface nodes clamped; with the 6 constraint modes per interface "
      "node they form the Craig-Bampton basis, which is then orthonormalized into the modes listed below"));
  modesButton = new QPushButton(tr("Compute modes"));
  modesButton->setObjectName("modesButton");
  auto* fixedRow = new QHBoxLayout;
  fixedRow->addWidget(fixedModes);
  fixedRow->addWidget(modesButton);
  fixedRow->addStretch(1);
  form()->addRow(tr("Fixed-interface modes"), fixedRow);

  modeTable = new ModeSelectionTable;
  modeTable->setObjectName("modeTable");
  modeTable->setMinimumHeight(200);
  modeTable->setToolTip(
      tr("Tick the modes the body keeps; select a row to animate its shape in the 3-D view"));
  form()->addRow(tr("Modes"), modeTable);

  modeCount = new QSpinBox;
  modeCount->setObjectName("modeCount");
  modeCount->setRange(1, 200);
  modeCount->setValue(6);
  auto* lowestButton = new QPushButton(tr("Keep lowest"));
  lowestButton->setObjectName("keepLowestButton");
  energyThreshold = makeNumberBox(2.0, 0.0, 100.0, 2);
  energyThreshold->setObjectName("energyThreshold");
  auto* energyButton = new QPushButton(tr("Keep energy ≥ [%]"));
  energyButton->setObjectName("keepEnergyButton");
  auto* selectRow = new QHBoxLayout;
  selectRow->addWidget(modeCount);
  selectRow->addWidget(lowestButton);
  selectRow->addSpacing(12);
  selectRow->addWidget(energyButton);
  selectRow->addWidget(energyThreshold);
  selectRow->addStretch(1);
  form()->addRow(tr("Select modes"), selectRow);

  dampingRatio = makeNumberBox(1.0, 0.0, 100.0, 3);
  dampingRatio->setObjectName("dampingRatio");
  dampingRatio->setToolTip(tr("Material damping ratio of every mode; edit one mode's own in the table"));
  form()->addRow(tr("Damping, all modes [%]"), dampingRatio);

  // Nodal displacement outputs: the FE node nearest to a point of the part, optionally relative to
  // the chord between the nodes nearest to two markers (a rod's mid-point deflection).
  outputName = new QLineEdit("mid");
  outputName->setObjectName("outputName");
  outputName->setMaximumWidth(90);
  outputPoint = {makeNumberBox(0.0, -1e3, 1e3), makeNumberBox(0.0, -1e3, 1e3), makeNumberBox(0.0, -1e3, 1e3)};
  for (QDoubleSpinBox* coordinate : outputPoint)
    setQuantity(coordinate, core::Quantity::Length);
  chordCheck = new QCheckBox(tr("from the chord"));
  chordCheck->setObjectName("chordCheck");
  chordCheck->setChecked(true);
  chordFrom = new QComboBox;
  chordFrom->setObjectName("chordFrom");
  chordTo = new QComboBox;
  chordTo->setObjectName("chordTo");
  addOutputButton = new QPushButton(tr("Add"));
  addOutputButton->setObjectName("addOutputButton");
  auto* outputGrid = new QGridLayout;
  outputGrid->addWidget(new QLabel(tr("name")), 0, 0);
  outputGrid->addWidget(outputName, 0, 1);
  outputGrid->addWidget(new QLabel(tr("node nearest to (part frame)")), 0, 2);
  auto* pointRow = new QHBoxLayout;
  for (QDoubleSpinBox* box : outputPoint)
    pointRow->addWidget(box);
  outputGrid->addLayout(pointRow, 0, 3);
  outputGrid->addWidget(chordCheck, 1, 0, 1, 2);
  auto* chordRow = new QHBoxLayout;
  chordRow->addWidget(chordFrom);
  chordRow->addWidget(new QLabel(tr("to")));
  chordRow->addWidget(chordTo);
  chordRow->addWidget(addOutputButton);
  outputGrid->addLayout(chordRow, 1, 2, 1, 2);
  form()->addRow(tr("Node output"), outputGrid);
  outputList = new QListWidget;
  outputList->setObjectName("outputList");
  outputList->setMaximumHeight(60);
  auto* removeOutput = new QPushButton(tr("Remove"));
  auto* outputsRow = new QHBoxLayout;
  outputsRow->addWidget(outputList, 1);
  outputsRow->addWidget(removeOutput);
  form()->addRow(tr("Node outputs"), outputsRow);
  connect(addOutputButton, &QPushButton::clicked, this, &FlexibleDialog::addNodeOutput);
  connect(removeOutput, &QPushButton::clicked, this, [this] {
    const int row = outputList->currentRow();
    if (row >= 0 && row < static_cast<int>(m_outputs.size())) {
      m_outputs.erase(m_outputs.begin() + row);
      delete outputList->takeItem(row);
    }
  });
  connect(lowestButton, &QPushButton::clicked, this, [this] { keepLowest(modeCount->value()); });
  connect(energyButton, &QPushButton::clicked, this,
          [this] { keepByEnergy(energyThreshold->value() / 100.0); });
  connect(dampingRatio, &QDoubleSpinBox::valueChanged, this,
          [this](double percent) { modeTable->setAllDampingRatios(percent / 100.0); });
  connect(modeTable, &ModeSelectionTable::keptChanged, this, &FlexibleDialog::keptChanged);
  connect(modeTable, &QTableWidget::currentCellChanged, this,
          [this] { previewBodyMode(modeTable->currentMode()); });

  m_timer = new QTimer(this);
  m_timer->setInterval(40);
  connect(m_timer, &QTimer::timeout, this, &FlexibleDialog::animate);
  connect(meshButton, &QPushButton::clicked, this, &FlexibleDialog::startMeshing);
  connect(modesButton, &QPushButton::clicked, this, &FlexibleDialog::startModes);
  connect(part, &QComboBox::currentIndexChanged, this, &FlexibleDialog::partChanged);
  connect(bodyKind, &QComboBox::currentIndexChanged, this, &FlexibleDialog::kindChanged);
  connect(plane, &QComboBox::currentIndexChanged, this, &FlexibleDialog::kindChanged);

  // Start on the selected part (or its marker), else the first moving part.
  core::PartId initial;
  for (const auto& ref : document.selection()) {
    if (ref.kind == core::EntityKind::Part)
      initial = core::PartId{ref.id};
    else if (ref.kind == core::EntityKind::Marker && model.marker(core::MarkerId{ref.id}))
      initial = model.marker(core::MarkerId{ref.id})->part;
    if (initial.valid())
      break;
  }
  if (!initial.valid())
    for (const auto& p : model.parts())
      if (!p.ground) {
        initial = p.id;
        break;
      }
  if (initial.valid())
    setPart(initial);
  else
    partChanged();
}

FlexibleDialog::~FlexibleDialog()
{
  if (m_worker) {
    m_worker->wait();
    delete m_worker;
  }
  if (m_view && isVisible())
    m_view->scene().setMeshOverlay(nullptr);
}

void FlexibleDialog::hideEvent(QHideEvent* event)
{
  m_timer->stop();
  if (m_view) {
    m_view->scene().setMeshOverlay(nullptr);
    m_view->requestRender();
  }
  BuildDialog::hideEvent(event);
}

void FlexibleDialog::setPart(core::PartId id)
{
  part->select(core::EntityRef(id));
  partChanged();
}

void FlexibleDialog::partChanged()
{
  m_done.reset();
  modeTable->clearModes();
  m_outputs.clear();
  outputList->clear();
  m_timer->stop();
  m_quality->setText(tr("not meshed"));
  if (m_view) {
    m_view->scene().setMeshOverlay(nullptr);
    m_view->requestRender();
  }
  fillInterfaces();
  kindChanged();
}

bool FlexibleDialog::planeBody() const
{
  return bodyKind->currentIndex() == 1;
}

void FlexibleDialog::kindChanged()
{
  const bool planar = planeBody();
  plane->setEnabled(planar);
  thickness->setEnabled(planar);
  quadrilaterals->setEnabled(planar);
  const QSignalBlocker block(order);
  order->setItemText(0, planar ? tr("1 (Tri3/Quad4)") : tr("1 (Tet4)"));
  order->setItemText(1, planar ? tr("2 (Tri6/Quad8)") : tr("2 (Tet10)"));
  // Earlier meshes and modes belong to the other kind or plane.
  m_done.reset();
  modeTable->clearModes();
  m_outputs.clear();
  outputList->clear();
  m_timer->stop();
  m_quality->setText(tr("not meshed"));
  if (m_view) {
    m_view->scene().setMeshOverlay(nullptr);
    m_view->requestRender();
  }
  const core::Part* p = document().model().part(core::PartId{part->current().id});
  if (!p)
    return;
  if (!planar) {
    const double size = partCrossSection(*p);
    elementSize->setValue(size / 2.0);
    spiderRadius->setValue(0.6 * size);
    return;
  }
  PlaneProfile profile;
  QString error;
  if (!planeProfileOf(*p, static_cast<ProfilePlane>(plane->currentIndex()), profile, error)) {
    showMessage(error, true);
    return;
  }
  showMessage({}, false);
  // Four elements across the narrowest in-plane size; the pin's disc a little larger than that.
  thickness->setValue(profile.thickness);
  elementSize->setValue(profile.inPlaneSize / 4.0);
  spiderRadius->setValue(0.3 * profile.inPlaneSize);
}

void FlexibleDialog::fillInterfaces()
{
  interfaces->clear();
  const core::Model& model = document().model();
  const core::PartId id{part->current().id};
  if (!model.part(id))
    return;
  std::set<core::MarkerId> used;
  for (const auto& j : model.joints()) {
    used.insert(j.iMarker);
    used.insert(j.jMarker);
  }
  for (const auto& f : model.forces()) {
    used.insert(f.iMarker);
    used.insert(f.jMarker);
  }
  chordFrom->clear();
  chordTo->clear();
  for (core::MarkerId m : model.markersOf(id)) {
    chordFrom->addItem(QString::fromStdString(model.marker(m)->name));
    chordTo->addItem(QString::fromStdString(model.marker(m)->name));
  }
  // Defaults: the part's centre of mass against the chord of its first two joint markers (a rod's
  // mid-point deflection).
  const core::Part& p = *model.part(id);
  const Vec3 cm =
      p.cmMarker.valid() && model.marker(p.cmMarker) ? model.marker(p.cmMarker)->position : Vec3::Zero();
  for (int k = 0; k < 3; ++k)
    outputPoint[static_cast<std::size_t>(k)]->setValue(cm[k]);
  int usedCount = 0;
  for (core::MarkerId m : model.markersOf(id))
    if (used.count(m) && usedCount < 2)
      (usedCount++ == 0 ? chordFrom : chordTo)->setCurrentText(QString::fromStdString(model.marker(m)->name));
  for (core::MarkerId m : model.markersOf(id)) {
    const core::Marker& marker = *model.marker(m);
    auto* item = new QListWidgetItem(QString::fromStdString(marker.name), interfaces);
    item->setData(Qt::UserRole, static_cast<uint>(m.value));
    item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
    item->setCheckState(used.count(m) ? Qt::Checked : Qt::Unchecked);
  }
}

QStringList FlexibleDialog::interfaceMarkers() const
{
  QStringList names;
  for (int k = 0; k < interfaces->count(); ++k)
    if (interfaces->item(k)->checkState() == Qt::Checked)
      names << interfaces->item(k)->text();
  return names;
}

bool FlexibleDialog::hasMesh() const
{
  return m_done && m_done->built.fe.nodeCount() > 0;
}

int FlexibleDialog::meshNodeCount() const
{
  return m_done ? m_done->built.fe.nodeCount() : 0;
}

QString FlexibleDialog::qualityText() const
{
  return m_quality->text();
}

std::vector<double> FlexibleDialog::frequencies() const
{
  std::vector<double> out;
  if (m_done && m_done->request.reduce)
    for (int k : modeTable->keptModes())
      out.push_back(m_done->built.body.frequenciesHz[k]);
  return out;
}

std::vector<int> FlexibleDialog::keptModes() const
{
  return modeTable->keptModes();
}

void FlexibleDialog::keepLowest(int count)
{
  modeTable->setKept(mesh::lowestModes(modeTable->modes(), count));
}

void FlexibleDialog::keepByEnergy(double threshold)
{
  modeTable->setKept(mesh::modesAboveEnergy(modeTable->modes(), threshold));
}

void FlexibleDialog::keptChanged()
{
  if (!m_done || !m_done->request.reduce)
    return;
  const std::vector<int> kept = modeTable->keptModes();
  double energy = 0.0;
  for (int k : kept)
    energy += modeTable->modes()[static_cast<std::size_t>(k)].energyShare;
  showMessage(tr("%1 elastic modes kept, %2 % of the interface-load strain energy")
                  .arg(kept.size())
                  .arg(100.0 * energy, 0, 'f', 1),
              kept.empty());
}

int FlexibleDialog::nearestNode(const Vec3& partPoint) const
{
  if (!m_done || m_done->built.partNodes.cols() == 0)
    return -1;
  Eigen::Index best = 0;
  (m_done->built.partNodes.colwise() - partPoint).colwise().squaredNorm().minCoeff(&best);
  return static_cast<int>(best);
}

bool FlexibleDialog::addNodeOutput()
{
  if (!m_done) {
    showMessage(tr("mesh the part first: outputs are FE nodes"), true);
    return false;
  }
  const QString name = outputName->text().trimmed();
  if (name.isEmpty() || name.contains(QRegularExpression("[^A-Za-z0-9_]"))) {
    showMessage(tr("node output name '%1': use letters, digits and _ (it names CSV columns)").arg(name),
                true);
    return false;
  }
  for (const auto& out : m_outputs)
    if (out.name == name.toStdString()) {
      showMessage(tr("node output '%1' exists already").arg(name), true);
      return false;
    }
  solver::FlexibleNodeOutput out;
  out.name = name.toStdString();
  out.node = nearestNode(Vec3(outputPoint[0]->value(), outputPoint[1]->value(), outputPoint[2]->value()));
  QString text = tr("%1: node %2").arg(name).arg(out.node + 1);
  if (chordCheck->isChecked()) {
    const core::Model& model = document().model();
    const core::Marker* a = model.marker(model.findMarker(chordFrom->currentText().toStdString()));
    const core::Marker* b = model.marker(model.findMarker(chordTo->currentText().toStdString()));
    if (!a || !b || a == b) {
      showMessage(tr("node output '%1': choose two different markers for the chord").arg(name), true);
      return false;
    }
    out.chordFrom = nearestNode(a->position);
    out.chordTo = nearestNode(b->position);
    if (out.chordFrom == out.chordTo ||
        (m_done->built.partNodes.col(out.chordFrom) - m_done->built.partNodes.col(out.chordTo)).norm() ==
            0.0) {
      showMessage(tr("node output '%1': the chord's markers are nearest to the same node").arg(name), true);
      return false;
    }
    text += tr(", relative to the chord from node %1 (%2) to node %3 (%4)")
                .arg(out.chordFrom + 1)
                .arg(chordFrom->currentText())
                .arg(out.chordTo + 1)
                .arg(chordTo->currentText());
  }
  m_outputs.push_back(out);
  outputList->addItem(text);
  showMessage(tr("node output '%1' added: CSV columns %2.%1.dx, .dy, .dz").arg(name).arg(part->currentText()),
              false);
  return true;
}

bool FlexibleDialog::startMeshing()
{
  return launch(false);
}

bool FlexibleDialog::startModes()
{
  return launch(true);
}

bool FlexibleDialog::launch(bool reduce)
{
  if (m_worker) {
    showMessage(tr("busy: wait for the running mesh or reduction"), true);
    return false;
  }
  const core::Model& model = document().model();
  const core::Part* p = model.part(core::PartId{part->current().id});
  if (!p || p->ground) {
    showMessage(tr("choose a moving part"), true);
    return false;
  }
  auto work = std::make_shared<Work>();
  QString error;
  if (planeBody()) {
    PlaneProfile profile;
    if (!planeProfileOf(*p, static_cast<ProfilePlane>(plane->currentIndex()), profile, error)) {
      showMessage(error, true);
      return false;
    }
    work->request.planar = true;
    work->request.solid = profile.solid;
    work->request.solidRotation = profile.rotation;
    work->request.solidPosition = profile.position;
    work->request.thickness = thickness->value();
    work->request.options.quadrilaterals = quadrilaterals->isChecked();
  } else if (!partSolidOf(*p, work->request.solid, work->request.solidRotation, work->request.solidPosition,
                          error)) {
    showMessage(error, true);
    return false;
  }
  work->part = p->id;
  work->request.partName = p->name;
  if (p->cmMarker.valid() && model.marker(p->cmMarker)) {
    const core::Marker& cm = *model.marker(p->cmMarker);
    work->request.cmPosition = cm.position;
    work->request.cmRotation = cm.localOrientation().value_or(Mat3::Identity());
  }
  work->request.options.elementSize = elementSize->value();
  work->request.options.order = order->currentIndex() + 1;
  work->request.material =
      mesh::Material{"material", youngsModulus->value() * 1e9, poissonRatio->value(), density->value()};
  work->request.keep = modeCount->value();
  work->request.damping = dampingRatio->value() / 100.0;
  work->request.reduce = reduce;
  if (reduce) {
    const QStringList names = interfaceMarkers();
    if (names.isEmpty()) {
      showMessage(tr("tick at least one interface marker (the markers of its joints)"), true);
      return false;
    }
    for (const QString& name : names) {
      const core::MarkerId id = model.findMarker(name.toStdString());
      const core::Marker& marker = *model.marker(id);
      mesh::InterfacePoint point;
      point.name = marker.name;
      point.position = work->request.cmRotation.transpose() * (marker.position - work->request.cmPosition);
      point.radius = spiderRadius->value();
      work->request.interfacePoints.push_back(point);
      work->interfaceMarkers.push_back(id);
    }
  }
  m_work = work;
  showMessage(
      reduce ? tr("Meshing '%1' and computing Craig-Bampton modes...").arg(QString::fromStdString(p->name))
             : tr("Meshing '%1'...").arg(QString::fromStdString(p->name)),
      false);
  m_worker = QThread::create([work] { work->run(); });
  connect(m_worker, &QThread::finished, this, &FlexibleDialog::finished);
  meshButton->setEnabled(false);
  modesButton->setEnabled(false);
  m_worker->start();
  return true;
}

void FlexibleDialog::finished()
{
  if (!m_worker)
    return;
  m_worker->wait();
  m_worker->deleteLater();
  m_worker = nullptr;
  meshButton->setEnabled(true);
  modesButton->setEnabled(true);
  auto work = m_work;
  if (!work)
    return;
  if (!work->built.status.ok()) {
    showMessage(QString::fromStdString(work->built.status.message), true);
    emit work->request.reduce ? modesFinished(false) : meshFinished(false);
    return;
  }
  m_done = work;
  const mesh::MeshQuality& q = work->built.fe.quality;
  if (work->request.planar) {
    QStringList types;
    for (const auto& block : work->built.fe.blocks)
      types << QString::fromLatin1(mesh::toString(block.type));
    m_quality->setText(tr("%1 nodes, %2 plane-stress elements (%3), thickness %4 m; min scaled Jacobian %5; "
                          "%6 poor elements")
                           .arg(work->built.fe.nodeCount())
                           .arg(work->built.fe.elementCount())
                           .arg(types.join("+"))
                           .arg(work->request.thickness)
                           .arg(q.minScaledJacobian, 0, 'f', 3)
                           .arg(q.poorElementCount));
  } else {
    m_quality->setText(tr("%1 nodes, %2 elements (Tet%3); gamma min %4, mean %5; min scaled Jacobian %6; "
                          "%7 poor elements")
                           .arg(work->built.fe.nodeCount())
                           .arg(work->built.fe.elementCount())
                           .arg(work->built.fe.order() == 2 ? 10 : 4)
                           .arg(q.minGamma, 0, 'f', 3)
                           .arg(q.meanGamma, 0, 'f', 3)
                           .arg(q.minScaledJacobian, 0, 'f', 3)
                           .arg(q.poorElementCount));
  }
  if (work->request.reduce) {
    modeTable->setModes(work->built.rows, work->built.kept, dampingRatio->value() / 100.0);
    showMessage(tr("%1 modes (%2 rigid-body modes at 0 Hz, not kept) in %3 s; %4 elastic modes kept; select "
                   "a row to see its shape")
                    .arg(work->built.body.modeCount())
                    .arg(work->built.body.rigidModeCount)
                    .arg(work->seconds, 0, 'f', 1)
                    .arg(work->built.kept.size()),
                false);
  } else {
    showMessage(tr("Meshed in %1 s").arg(work->seconds, 0, 'f', 1), false);
  }
  showOverlay(nullptr, 0.0);
  emit work->request.reduce ? modesFinished(true) : meshFinished(true);
}

void FlexibleDialog::showOverlay(const Eigen::VectorXd* displacement, double scale)
{
  if (!m_view || !m_done)
    return;
  const core::Model& model = document().model();
  ModelScene::MeshOverlay overlay;
  overlay.part = m_done->part;
  overlay.pose.position = model.part(m_done->part) ? model.part(m_done->part)->position : Vec3::Zero();
  overlay.pose.rotation = model.partRotation(m_done->part);
  overlay.nodes = m_done->built.partNodes;
  overlay.triangles = m_done->built.fe.surfaceTriangles;
  if (displacement) {
    overlay.displacement = *displacement;
    overlay.scale = scale;
  }
  m_view->scene().setMeshOverlay(&overlay);
  m_view->requestRender();
}

void FlexibleDialog::previewMode(int index)
{
  const std::vector<int> kept = modeTable->keptModes();
  previewBodyMode(index >= 0 && index < static_cast<int>(kept.size()) ? kept[static_cast<std::size_t>(index)]
                                                                      : -1);
}

void FlexibleDialog::previewBodyMode(int mode)
{
  m_previewMode = -1;
  m_timer->stop();
  if (!m_done || !m_done->request.reduce || mode < 0 || mode >= m_done->built.body.modeCount()) {
    showOverlay(nullptr, 0.0);
    return;
  }
  m_previewMode = mode;
  m_phase = 12;  // start at the largest amplitude
  animate();
  m_timer->start();
}

void FlexibleDialog::animate()
{
  if (!m_done || m_previewMode < 0)
    return;
  const int mode = m_previewMode;
  // Nodal displacements of the mode (CM frame) turned into the part frame.
  const Eigen::VectorXd shape = m_done->built.body.modeShapes.col(mode);
  Eigen::VectorXd u(shape.size());
  double max = 0.0;
  for (Eigen::Index n = 0; n < shape.size() / 3; ++n) {
    u.segment<3>(3 * n) = m_done->request.cmRotation * shape.segment<3>(3 * n);
    max = std::max(max, u.segment<3>(3 * n).norm());
  }
  const Eigen::Vector3d extent =
      m_done->built.partNodes.rowwise().maxCoeff() - m_done->built.partNodes.rowwise().minCoeff();
  const double amplitude = max > 0 ? 0.1 * extent.norm() / max : 0.0;
  const double s = std::sin(2.0 * std::numbers::pi * m_phase / 48.0);
  m_phase = (m_phase + 1) % 48;
  showOverlay(&u, amplitude * s);
}

std::unique_ptr<core::Command> FlexibleDialog::makeCommand(QString& error)
{
  if (m_worker) {
    error = tr("busy: wait for the running mesh or reduction");
    return nullptr;
  }
  if (!m_done || !m_done->request.reduce) {
    error = tr("press Compute modes first");
    return nullptr;
  }
  const core::Model& model = document().model();
  const core::Part* p = model.part(m_done->part);
  if (!p) {
    error = tr("the part was deleted");
    return nullptr;
  }
  const std::vector<int> kept = modeTable->keptModes();
  if (kept.empty()) {
    error = tr("keep at least one elastic mode (tick it in the mode table)");
    return nullptr;
  }
  auto data = std::make_shared<solver::FlexibleBodyData>(
      mesh::toFlexibleBodyData(m_done->built.body, kept, m_done->built.fe));
  // The chosen modes with their own damping ratios: C = diag(2 ζ_i ω_i).
  for (int k : kept) {
    const mesh::ModeRow& row = modeTable->modes()[static_cast<std::size_t>(k)];
    data->modeInfo.push_back({k + 1, mesh::toString(row.type), row.energyShare, modeTable->dampingRatio(k)});
  }
  data->modalDamping =
      solver::modalDampingFromRatios(data->modalMass, data->modalStiffness, data->dampingRatios());
  data->nodeOutputs = m_outputs;
  if (const std::string problem = data->problem(); !problem.empty()) {
    error = tr("part '%1': %2").arg(QString::fromStdString(p->name), QString::fromStdString(problem));
    return nullptr;
  }
  return core::makeFlexibleCommand(model, p->id, data, m_done->interfaceMarkers);
}

}  // namespace mbs::ui
