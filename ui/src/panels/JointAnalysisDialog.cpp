#include "mbs/ui/panels/JointAnalysisDialog.hpp"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>
#include <QtCharts/QChartView>
#include <QtCharts/QLineSeries>
#include <QtCharts/QValueAxis>
#include <algorithm>

#include "PlotCharts.hpp"
#include "PlotQuantities.hpp"
#include "PlotStyle.hpp"
#include "RankCheck.hpp"
#include "Terms.hpp"
#include "mbs/core/Commands.hpp"
#include "mbs/ui/Document.hpp"
#include "mbs/ui/SimulationResults.hpp"
#include "mbs/ui/dialogs/FormWidgets.hpp"

namespace mbs::ui {
namespace {

// The joint's result entity in the last run (looked up by name: the run's model is a snapshot).
std::optional<plot::Entity> resultEntity(const SimulationResults& results, const std::string& name)
{
  if (!results.store() || results.empty())
    return std::nullopt;
  const solver::ResultLayout layout = results.store()->layout();
  const auto it = std::find(layout.joints.begin(), layout.joints.end(), name);
  if (it == layout.joints.end())
    return std::nullopt;
  plot::Entity entity;
  entity.kind = plot::EntityKind::Joint;
  entity.index = static_cast<int>(it - layout.joints.begin());
  const auto friction = std::find(layout.frictionJoints.begin(), layout.frictionJoints.end(), name);
  entity.frictionIndex = friction == layout.frictionJoints.end()
                             ? -1
                             : static_cast<int>(friction - layout.frictionJoints.begin());
  const core::Model& model = results.model();
  if (const core::Joint* j = model.joint(model.findJoint(name)); j && !core::isCoupler(j->kind)) {
    entity.iFrame = derived::markerFrame(model, results.map(), j->iMarker);
    entity.jFrame = derived::markerFrame(model, results.map(), j->jMarker);
  }
  return entity;
}

}  // namespace

JointAnalysisDialog::JointAnalysisDialog(Document& document, SimulationResults& results, QWidget* parent)
    : QDialog(parent), m_document(document), m_results(results)
{
  setObjectName("jointAnalysisDialog");
  setWindowTitle(tr("Joint analysis"));
  auto* layout = new QVBoxLayout(this);
  auto* form = new QFormLayout;
  joint = new EntityCombo(document.model(), core::EntityKind::Joint);
  quantity = new QComboBox;
  quantity->setObjectName("jointQuantity");
  m_status = new QLabel;
  m_status->setObjectName("jointRankStatus");
  m_status->setWordWrap(true);
  form->addRow(tr("Joint"), joint);
  form->addRow(tr("Constraint equations"), m_status);
  form->addRow(tr("Result"), quantity);
  layout->addLayout(form);
  m_chart = new QChartView;
  m_chart->setMinimumSize(520, 260);
  m_chart->setRenderHint(QPainter::Antialiasing);
  layout->addWidget(m_chart, 1);

  auto* elements = new QFormLayout;
  elements->addRow(new QLabel(tr("<b>Constraint force elements</b> across the joint's I and J markers")));
  translationalStiffness = makeNumberBox(1000.0, 0.0, 1e15);
  translationalDamping = makeNumberBox(1.0, 0.0, 1e15);
  rotationalStiffness = makeNumberBox(1000.0, 0.0, 1e15);
  rotationalDamping = makeNumberBox(1.0, 0.0, 1e15);
  setQuantity(translationalStiffness, core::Quantity::Stiffness);
  setQuantity(translationalDamping, core::Quantity::Damping);
  setQuantity(rotationalStiffness, core::Quantity::RotationalStiffness);
  setQuantity(rotationalDamping, core::Quantity::RotationalDamping);
  elements->addRow(tr("Translational stiffness"), translationalStiffness);
  elements->addRow(tr("Translational damping"), translationalDamping);
  elements->addRow(tr("Rotational stiffness"), rotationalStiffness);
  elements->addRow(tr("Rotational damping"), rotationalDamping);
  auto* buttons = new QHBoxLayout;
  addBushing = new QPushButton(tr("Add bushing"));
  addRotationalSpring = new QPushButton(tr("Add rotational spring-damper about z"));
  addAxialSpring = new QPushButton(tr("Add translational spring-damper along z"));
  addAxialSpring->setToolTip(
      tr("A bushing with stiffness and damping along the joint's z axis only: it acts where a "
         "point-to-point spring cannot, on I and J markers that coincide (rest position: I at J)."));
  buttons->addWidget(addBushing);
  buttons->addWidget(addRotationalSpring);
  buttons->addWidget(addAxialSpring);
  elements->addRow(buttons);
  m_message = new QLabel;
  m_message->setWordWrap(true);
  elements->addRow(m_message);
  layout->addLayout(elements);

  connect(joint, &QComboBox::currentIndexChanged, this, &JointAnalysisDialog::onJointChanged);
  connect(quantity, &QComboBox::currentIndexChanged, this, &JointAnalysisDialog::refreshCurve);
  connect(addBushing, &QPushButton::clicked, this, [this] { addForceElement(core::ForceKind::Bushing); });
  connect(addRotationalSpring, &QPushButton::clicked, this,
          [this] { addForceElement(core::ForceKind::RotationalSpringDamper); });
  connect(addAxialSpring, &QPushButton::clicked, this,
          [this] { addForceElement(core::ForceKind::TranslationalSpringDamper); });
  connect(&document, &Document::modelChanged, this, [this] {
    joint->refill();
    refreshStatus();
    if (m_document.lastChangeOnlyDisplayUnits())
      refreshQuantities();  // the names and the curve in the new units
  });
  connect(&document, &Document::modelReset, this, [this] {
    joint->refill();
    onJointChanged();
  });
  connect(&results, &SimulationResults::finished, this, &JointAnalysisDialog::refreshQuantities);
  connect(&results, &SimulationResults::cleared, this, &JointAnalysisDialog::refreshQuantities);
  onJointChanged();
}

void JointAnalysisDialog::onJointChanged()
{
  // The joint and its I/J markers (for a coupler: the joints it couples) are highlighted.
  const core::Model& model = m_document.model();
  const core::JointId id(joint->current().id);
  if (const core::Joint* j = model.joint(id)) {
    std::vector<core::EntityRef> selection{core::EntityRef(id)};
    if (core::isCoupler(j->kind)) {
      for (core::JointId coupled : j->joints)
        if (model.joint(coupled))
          selection.push_back(core::EntityRef(coupled));
    } else {
      for (core::MarkerId m : {j->iMarker, j->jMarker})
        if (model.marker(m))
          selection.push_back(core::EntityRef(m));
    }
    m_document.setSelection(std::move(selection));
  }
  refreshStatus();
  refreshQuantities();
}

void JointAnalysisDialog::refreshQuantities()
{
  const QString keep = siQuantity();  // the same quantity kept, named in any units
  const QSignalBlocker block(quantity);
  quantity->clear();
  QStringList names;
  const core::Joint* j = m_document.model().joint(core::JointId(joint->current().id));
  if (j)
    if (const auto entity = resultEntity(m_results, j->name)) {
      names = plot::quantities(*entity);
      if (core::isCoupler(j->kind))
        names = names.mid(0, 8);  // a coupler has reactions but no frames of its own
      // Named in the model's display units, as the Plot panel names them.
      for (const QString& name : names)
        quantity->addItem(plot::shown(name, m_document.model().displayUnits).label);
    }
  if (quantity->count() == 0)
    quantity->addItem(tr("(run an analysis to see this joint's results)"));
  quantity->setCurrentIndex(std::max(0, static_cast<int>(names.indexOf(keep))));
  refreshCurve();
}

QString JointAnalysisDialog::siQuantity() const
{
  const core::Joint* j = m_document.model().joint(core::JointId(joint->current().id));
  const auto entity = j ? resultEntity(m_results, j->name) : std::nullopt;
  const QStringList names = entity ? plot::quantities(*entity) : QStringList();
  const int k = quantity->currentIndex();
  return k >= 0 && k < names.size() ? names[k] : QString();
}

std::vector<QPointF> JointAnalysisDialog::curve() const
{
  std::vector<QPointF> points;
  const core::Joint* j = m_document.model().joint(core::JointId(joint->current().id));
  const auto entity = j ? resultEntity(m_results, j->name) : std::nullopt;
  if (!entity || quantity->currentIndex() < 0 || quantity->currentIndex() >= plot::quantities(*entity).size())
    return points;
  for (std::size_t k = 0; k < m_results.frameCount(); ++k) {
    const solver::ResultFrame frame = m_results.frame(k);
    points.emplace_back(frame.state.t, plot::valueOf(frame, *entity, quantity->currentIndex()));
  }
  return points;
}

void JointAnalysisDialog::refreshCurve()
{
  auto* chart = new QChart;
  chart->legend()->hide();
  // Drawn in the model's display units (time too), as the Plot panel draws it; curve() is SI.
  const core::UnitSystem& units = m_document.model().displayUnits;
  const plot::ShownQuantity shown = plot::shown(siQuantity(), units);
  std::vector<QPointF> points = curve();
  for (QPointF& p : points)
    p = QPointF(p.x() / units.time, p.y() * shown.scale);
  auto* series = new QLineSeries;
  for (const QPointF& p : points)
    series->append(p);
  chart->addSeries(series);
  // The Plot panel's axes: 1/2/5 × 10ⁿ ticks with our labels, the range out to whole ticks.
  QValueAxis* time = plot::newValueAxis(tr("Time [%1]").arg(QString::fromStdString(units.timeName)));
  QValueAxis* value = plot::newValueAxis(points.empty() ? QString() : quantity->currentText());
  if (!points.empty()) {
    const auto [lo, hi] = std::minmax_element(
        points.begin(), points.end(), [](const QPointF& a, const QPointF& b) { return a.y() < b.y(); });
    const double pad = 0.02 * (hi->y() - lo->y());
    const auto [bottom, top] = plot::niceRange(lo->y() - pad, hi->y() + pad);
    value->setRange(bottom, top);  // before the axes join the chart: nothing to lay out yet
    time->setRange(points.front().x(), std::max(points.back().x(), points.front().x() + 1e-12));
  }
  chart->addAxis(time, Qt::AlignBottom);
  chart->addAxis(value, Qt::AlignLeft);
  series->attachAxis(time);
  series->attachAxis(value);
  QChart* old = m_chart->chart();
  m_chart->setChart(chart);
  delete old;
}

QString JointAnalysisDialog::statusText() const
{
  return m_status->text();
}

void JointAnalysisDialog::refreshStatus()
{
  const core::Model& model = m_document.model();
  const core::JointId id(joint->current().id);
  const core::Joint* j = model.joint(id);
  if (!j) {
    m_status->setText(tr("No joint chosen."));
    return;
  }
  const RankCheck rank = checkRank(model);
  QStringList redundant;
  for (const RedundantEquation& row : rank.redundant)
    if (row.entity == core::EntityRef(id))
      redundant << row.description;
  QString text = tr("%1: %2 equations.").arg(term(core::toString(j->kind))).arg(core::equationCount(j->kind));
  if (!rank.dof)
    text += tr(" The rank cannot be checked: the model does not compile.");
  else if (!redundant.isEmpty())
    text += tr(" Redundant (dependent on the other joints' equations): %1.").arg(redundant.join("; "));
  else
    text += tr(" All independent of the other joints' equations (rank of Φ_q).");
  if (rank.dof && !rank.assembled)
    text += tr(" The model does not assemble: the rank was taken at the initial positions.");
  m_status->setText(text);
  m_status->setStyleSheet(redundant.isEmpty() && rank.dof ? "color: #2f855a" : "color: #c05621");
}

bool JointAnalysisDialog::addForceElement(core::ForceKind kind)
{
  const core::Model& model = m_document.model();
  const core::Joint* j = model.joint(core::JointId(joint->current().id));
  if (!j || core::isCoupler(j->kind) || !model.marker(j->iMarker) || !model.marker(j->jMarker)) {
    m_message->setText(tr("Choose a joint with I and J markers (a coupler has none)."));
    return false;
  }
  // A translational spring-damper between a joint's I and J markers has no direction while they
  // coincide, so the one along z is a bushing with only its z terms: the same force, k Δz + c Δż
  // along J's z, defined at every position.
  const bool axial = kind == core::ForceKind::TranslationalSpringDamper;
  core::Force force;
  force.kind = axial ? core::ForceKind::Bushing : kind;
  force.iMarker = j->iMarker;
  force.jMarker = j->jMarker;
  const char* suffix = axial ? "_axial_spring" : kind == core::ForceKind::Bushing ? "_bushing" : "_spring";
  const std::string name = j->name + suffix;
  force.name = model.isNameFree(name) ? name : model.uniqueName(name);
  const double kt = translationalStiffness->value(), ct = translationalDamping->value();  // SI
  const double kr = rotationalStiffness->value(), cr = rotationalDamping->value();
  if (axial) {
    force.translationalStiffness = core::Vec3(0, 0, kt);
    force.translationalDamping = core::Vec3(0, 0, ct);
    force.rotationalStiffness = force.rotationalDamping = core::Vec3::Zero();
  } else if (kind == core::ForceKind::Bushing) {
    force.translationalStiffness = core::Vec3::Constant(kt);
    force.translationalDamping = core::Vec3::Constant(ct);
    force.rotationalStiffness = core::Vec3::Constant(kr);
    force.rotationalDamping = core::Vec3::Constant(cr);
  } else {
    force.stiffness = kr;
    force.damping = cr;
  }
  QString error;
  if (!m_document.execute(std::make_unique<core::AddForce>(force), &error)) {
    m_message->setText(error);
    return false;
  }
  m_message->setText(
      tr("Added '%1' across '%2'.").arg(QString::fromStdString(force.name), QString::fromStdString(j->name)));
  return true;
}

}  // namespace mbs::ui
