#include "mbs/ui/panels/AnimationPanel.hpp"

#include <QCheckBox>
#include <QComboBox>
#include <QDateTime>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QMenu>
#include <QPushButton>
#include <QSlider>
#include <QStandardItemModel>
#include <QStyle>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

#include "ClearanceOrbits.hpp"
#include "VideoWriter.hpp"
#include "mbs/core/Model.hpp"
#include "mbs/ui/SimulationResults.hpp"
#include "mbs/ui/panels/EventTicks.hpp"
#include "mbs/ui/panels/PlotPanel.hpp"
#include "mbs/ui/view/ModelScene.hpp"
#include "mbs/ui/view/ModelView.hpp"

namespace mbs::ui {
namespace {

// One mode-shape period is drawn in this many frames.
constexpr int kModeFrames = 48;

}  // namespace

AnimationPanel::AnimationPanel(SimulationResults& results, ModelView& view, QWidget* parent)
    : QWidget(parent), m_results(results), m_view(view)
{
  setObjectName("animationPanel");
  auto* layout = new QVBoxLayout(this);
  auto* controls = new QHBoxLayout;
  auto button = [this, controls](QStyle::StandardPixmap icon, const QString& tip) {
    auto* b = new QPushButton(style()->standardIcon(icon), QString());
    b->setToolTip(tip);
    controls->addWidget(b);
    return b;
  };
  QPushButton* first = button(QStyle::SP_MediaSkipBackward, tr("First frame"));
  QPushButton* back = button(QStyle::SP_MediaSeekBackward, tr("Step back"));
  m_play = button(QStyle::SP_MediaPlay, tr("Play / pause"));
  m_play->setObjectName("playButton");
  QPushButton* forward = button(QStyle::SP_MediaSeekForward, tr("Step forward"));
  QPushButton* last = button(QStyle::SP_MediaSkipForward, tr("Last frame"));
  m_loop = new QCheckBox(tr("Loop"));
  m_loop->setChecked(true);
  controls->addWidget(m_loop);
  controls->addWidget(new QLabel(tr("Speed")));
  m_speed = new QDoubleSpinBox;
  m_speed->setRange(0.01, 100.0);
  m_speed->setValue(1.0);
  m_speed->setSuffix("×");
  m_speed->setToolTip(tr("Simulated seconds per real second"));
  controls->addWidget(m_speed);
  controls->addStretch();
  layout->addLayout(controls);

  auto* sliderRow = new QHBoxLayout;
  m_slider = new QSlider(Qt::Horizontal);
  m_slider->setObjectName("timeSlider");
  m_time = new QLabel(tr("no results"));
  m_time->setMinimumWidth(150);
  // The slider with the run's SENSOR firings marked under it.
  auto* timeline = new QVBoxLayout;
  timeline->setSpacing(0);
  timeline->addWidget(m_slider);
  m_eventTicks = new EventTicks(m_slider);
  timeline->addWidget(m_eventTicks);
  sliderRow->addLayout(timeline, 1);
  sliderRow->addWidget(m_time, 0, Qt::AlignTop);
  layout->addLayout(sliderRow);

  auto* options = new QGridLayout;
  options->addWidget(new QLabel(tr("Frame of reference")), 0, 0);
  m_reference = new QComboBox;
  m_reference->setObjectName("referenceFrame");
  m_reference->setToolTip(tr("Show the motion relative to this part (it then stays still)"));
  options->addWidget(m_reference, 0, 1);
  options->addWidget(new QLabel(tr("Marker traces")), 1, 0);
  m_traceButton = new QToolButton;
  m_traceButton->setObjectName("traceMarkers");
  m_traceButton->setPopupMode(QToolButton::InstantPopup);
  m_traceButton->setText(tr("none"));
  m_traceButton->setMenu(new QMenu(m_traceButton));
  connect(m_traceButton->menu(), &QMenu::aboutToShow, this, &AnimationPanel::fillTraceMenu);
  m_traceButton->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
  options->addWidget(m_traceButton, 1, 1);
  m_orbitLabel = new QLabel(tr("Clearance orbits"));
  options->addWidget(m_orbitLabel, 2, 0);
  m_orbitBox = new QCheckBox(tr("journal centre path (magnified)"));
  m_orbitBox->setObjectName("clearanceOrbits");
  m_orbitBox->setToolTip(
      tr("The path of each clearance joint's journal centre relative to its bearing, "
         "drawn about the bearing and magnified so the clearance circle is twice the "
         "journal radius"));
  options->addWidget(m_orbitBox, 2, 1);
  m_modeLabel = new QLabel(tr("Mode shape"));
  options->addWidget(m_modeLabel, 3, 0);
  m_modeChoice = new QComboBox;
  m_modeChoice->setObjectName("modeShape");
  options->addWidget(m_modeChoice, 3, 1);
  m_scaleLabel = new QLabel(tr("Deformation scale"));
  options->addWidget(m_scaleLabel, 4, 0);
  auto* scaleRow = new QHBoxLayout;
  m_scale = new QDoubleSpinBox;
  m_scale->setObjectName("deformationScale");
  m_scale->setRange(0.0, 1e9);
  m_scale->setDecimals(1);
  m_scale->setValue(1.0);
  m_scale->setSuffix("×");
  m_scale->setToolTip(
      tr("Flexible parts: drawn deformation / true deformation; colours show the true "
         "displacement magnitude"));
  m_autoScale = new QCheckBox(tr("Auto"));
  m_autoScale->setObjectName("autoDeformationScale");
  m_autoScale->setChecked(true);
  m_autoScale->setToolTip(tr("The largest displacement of the run is drawn as 5 % of the model size"));
  scaleRow->addWidget(m_scale, 1);
  scaleRow->addWidget(m_autoScale);
  options->addLayout(scaleRow, 4, 1);
  m_contourLabel = new QLabel(tr("Contour"));
  options->addWidget(m_contourLabel, 5, 0);
  m_contour = new QComboBox;
  m_contour->setObjectName("contourChoice");
  m_contour->addItems({tr("displacement |u| [m]"), tr("von Mises stress [MPa]")});
  m_contour->setToolTip(
      tr("Colours of the flexible parts: displacement magnitude relative to the floating frame, or von "
         "Mises stress recovered from the modal stress shapes (σ = Σ ηₖ Sₖ)"));
  options->addWidget(m_contour, 5, 1);
  auto* exportRow = new QHBoxLayout;
  auto* exportPng = new QPushButton(tr("Export PNG frames..."));
  auto* exportVideoButton = new QPushButton(tr("Export video..."));
  exportRow->addWidget(exportPng);
  exportRow->addWidget(exportVideoButton);
  exportRow->addStretch();
  options->addLayout(exportRow, 6, 0, 1, 2);
  options->setColumnStretch(1, 1);
  layout->addLayout(options);
  layout->addStretch();
  m_timer = new QTimer(this);
  m_timer->setInterval(33);

  connect(m_slider, &QSlider::valueChanged, this, &AnimationPanel::setFrame);
  connect(first, &QPushButton::clicked, this, [this] { setFrame(0); });
  connect(last, &QPushButton::clicked, this, [this] { setFrame(frameCount() - 1); });
  connect(back, &QPushButton::clicked, this, [this] { step(-1); });
  connect(forward, &QPushButton::clicked, this, [this] { step(1); });
  connect(m_play, &QPushButton::clicked, this, [this] { isPlaying() ? pause() : play(); });
  connect(m_timer, &QTimer::timeout, this, &AnimationPanel::tick);
  connect(m_reference, &QComboBox::currentIndexChanged, this, [this] {
    invalidateTraces();
    setFrame(m_frame);
  });
  connect(m_modeChoice, &QComboBox::currentIndexChanged, this,
          [this](int index) { setModeShape(index - 1); });
  connect(&m_results, &SimulationResults::modesChanged, this, &AnimationPanel::fillModes);
  connect(m_scale, &QDoubleSpinBox::valueChanged, this, [this] {
    if (m_scale->hasFocus())
      m_autoScale->setChecked(false);
    setFrame(m_frame);
  });
  connect(m_autoScale, &QCheckBox::toggled, this, [this] { updateDeformationRange(); });
  connect(m_orbitBox, &QCheckBox::toggled, this, [this] {
    updateOrbits();
    m_view.requestRender();
  });
  connect(m_contour, &QComboBox::currentIndexChanged, this, [this](int index) {
    m_view.scene().setContour(index == 1 ? ModelScene::Contour::VonMises : ModelScene::Contour::Displacement);
    setFrame(m_frame);
  });
  connect(&m_results, &SimulationResults::finished, this, [this] {
    updateDeformationRange();
    updateEventTicks();
    setFrame(m_frame);
  });
  connect(exportPng, &QPushButton::clicked, this, [this] {
    const QString dir = QFileDialog::getExistingDirectory(this, tr("Export frames to"));
    if (!dir.isEmpty())
      exportPngSequence(dir);
  });
  connect(exportVideoButton, &QPushButton::clicked, this, [this] {
    const QString path =
        QFileDialog::getSaveFileName(this, tr("Export video"), QString(), tr("Ogg/Theora video (*.ogv)"));
    if (!path.isEmpty())
      exportVideo(path.endsWith(".ogv", Qt::CaseInsensitive) ? path : path + ".ogv");
  });
  connect(&m_results, &SimulationResults::started, this, [this] {
    pause();
    m_frame = 0;
    m_mode = -1;
    fillModes();
    fillChoices();
    setTracedMarkers(m_traced);  // drops markers the new model lacks
    invalidateTraces();
    m_view.scene().setTraces({});
    m_view.scene().setOrbits({});
    m_view.scene().setContactGlyphs({}, 0.0);
    m_view.scene().resetPoses();
    m_view.scene().setModalCoordinates({}, 1.0);
    m_maxDeformation = m_shownDeformation = m_maxStress = m_shownStress = 0.0;
    m_modeAmplitude = 1.0;
    m_modeMaxDeformation = m_modeMaxStress = 0.0;
    m_view.requestRender();
    updateRange();
  });
  connect(&m_results, &SimulationResults::framesAdded, this, [this] {
    invalidateTraces();
    updateRange();
  });
  fillModes();
  for (QWidget* w : std::initializer_list<QWidget*>{m_scaleLabel, m_scale, m_autoScale, m_contourLabel,
                                                    m_contour, m_orbitLabel, m_orbitBox})
    w->setVisible(false);  // until results with flexible parts (clearance joints) arrive
  updateRange();
}

void AnimationPanel::fillModes()
{
  const QSignalBlocker blocker(m_modeChoice);
  m_modeChoice->clear();
  m_modeChoice->addItem(tr("time history"));
  int k = 1;
  for (const auto& mode : m_results.modes())
    m_modeChoice->addItem(tr("mode %1: %2 Hz").arg(k++).arg(mode.naturalFrequency, 0, 'g', 4));
  m_modeChoice->setCurrentIndex(m_mode + 1);
  const bool any = !m_results.modes().empty();
  m_modeChoice->setVisible(any);
  m_modeLabel->setVisible(any);
  if (any && m_mode < 0)
    setModeShape(0);  // a linear run has one static frame: show its first mode
}

bool AnimationPanel::setModeShape(int mode)
{
  if (mode >= static_cast<int>(m_results.modes().size()) || mode < -1)
    return false;
  m_mode = mode;
  {
    const QSignalBlocker blocker(m_modeChoice);
    m_modeChoice->setCurrentIndex(mode + 1);
  }
  updateModeRange();
  invalidateTraces();
  updateRange();
  setFrame(0);
  return true;
}

int AnimationPanel::frameCount() const
{
  return m_mode >= 0 ? kModeFrames : static_cast<int>(m_results.frameCount());
}

double AnimationPanel::frameTime(int frame) const
{
  return m_mode >= 0 ? static_cast<double>(frame) / kModeFrames : m_results.time(frame);
}

void AnimationPanel::fillChoices()
{
  const core::Model& model = m_results.model();
  const QString keep = m_reference->currentText();
  {
    const QSignalBlocker blocker(m_reference);
    m_reference->clear();
    for (const auto& part : model.parts())
      m_reference->addItem(QString::fromStdString(part.name));
    const int index = m_reference->findText(keep);
    m_reference->setCurrentIndex(index >= 0 ? index : 0);
  }
  // The menu is filled when it opens: a model's markers can be 200,000 (QWidget::addAction is
  // linear in the actions already there, so filling it at every model reset was quadratic).
  m_traceButton->menu()->clear();
  m_traceMenuFilled = false;
}

void AnimationPanel::fillTraceMenu()
{
  if (m_traceMenuFilled)
    return;
  m_traceMenuFilled = true;
  QMenu* menu = m_traceButton->menu();
  menu->clear();
  const auto& markers = m_results.model().markers();
  QList<QAction*> actions;
  for (std::size_t k = 0; k < markers.size() && k < kTraceMenuMarkers; ++k) {
    const QString name = QString::fromStdString(markers[k].name);
    auto* action = new QAction(name, menu);
    action->setCheckable(true);
    action->setChecked(m_traced.contains(name));
    connect(action, &QAction::toggled, this, [this, name](bool on) {
      QStringList traced = m_traced;
      if (on)
        traced.append(name);
      else
        traced.removeAll(name);
      setTracedMarkers(traced);
    });
    actions << action;
  }
  menu->addActions(actions);
  if (markers.size() > kTraceMenuMarkers) {
    QAction* more =
        menu->addAction(tr("… %1 more markers are not listed").arg(markers.size() - kTraceMenuMarkers));
    more->setEnabled(false);
  }
}

bool AnimationPanel::setReferenceFrame(const QString& partName)
{
  if (m_reference->count() == 0)
    fillChoices();
  const int index = partName.isEmpty() ? 0 : m_reference->findText(partName);
  if (index < 0)
    return false;
  m_reference->setCurrentIndex(index);
  return true;
}

void AnimationPanel::setTracedMarkers(const QStringList& markerNames)
{
  const QStringList names = markerNames;  // may be m_traced itself
  m_traced.clear();
  for (const QString& name : names)
    if (m_results.model().findMarker(name.toStdString()).valid() && !m_traced.contains(name))
      m_traced.append(name);
  m_traceButton->setText(m_traced.isEmpty() ? tr("none") : m_traced.join(", "));
  for (QAction* action : m_traceButton->menu()->actions()) {
    const QSignalBlocker blocker(action);
    action->setChecked(m_traced.contains(action->text()));
  }
  invalidateTraces();
  setFrame(m_frame);
  if (m_traced.isEmpty()) {
    m_view.scene().setTraces({});
    m_view.requestRender();
  }
}

std::map<core::PartId, PartPose> AnimationPanel::displayedPoses(int frame) const
{
  auto poses = m_mode >= 0 ? m_results.modePoses(m_mode, frameTime(frame), m_modeAmplitude)
                           : m_results.partPoses(static_cast<std::size_t>(frame));
  const auto view = referenceView(poses);
  if (!view)
    return poses;
  for (auto& [id, pose] : poses)
    pose = PartPose{view->rotation * pose.position + view->position, view->rotation * pose.rotation};
  poses[m_results.model().ground().id] = *view;
  return poses;
}

FeNodePoses AnimationPanel::displayedFeNodePoses(int frame) const
{
  auto nodes = m_mode >= 0 ? m_results.modeFeNodePoses(m_mode, frameTime(frame), m_modeAmplitude)
                           : m_results.feNodePoses(static_cast<std::size_t>(frame));
  if (nodes.empty())
    return nodes;
  const auto view = referenceView(m_mode >= 0 ? m_results.modePoses(m_mode, frameTime(frame), m_modeAmplitude)
                                              : m_results.partPoses(static_cast<std::size_t>(frame)));
  if (view)
    for (auto& [id, poses] : nodes)
      for (PartPose& pose : poses)
        pose = PartPose{view->rotation * pose.position + view->position, view->rotation * pose.rotation};
  return nodes;
}

std::optional<PartPose> AnimationPanel::referenceView(const std::map<core::PartId, PartPose>& poses) const
{
  const core::Model& model = m_results.model();
  const core::PartId reference = model.findPart(m_reference->currentText().toStdString());
  const auto at = poses.find(reference);
  if (!reference.valid() || reference == model.ground().id || at == poses.end())
    return std::nullopt;
  // Keep the reference part at its modelled pose: x' = R0 Rrᵀ (x − pr) + p0 for every part.
  const core::Mat3 a = model.partRotation(reference) * at->second.rotation.transpose();
  return PartPose{model.part(reference)->position - a * at->second.position, a};
}

void AnimationPanel::invalidateTraces()
{
  m_traceCache.clear();
  m_orbitCache.reset();
  m_contactForceMax = -1.0;
}

bool AnimationPanel::setShowOrbits(bool on)
{
  const bool any = m_results.store() && !m_results.store()->layout().clearanceJoints.empty();
  m_orbitBox->setChecked(on && any);
  return any || !on;
}

bool AnimationPanel::showsOrbits() const
{
  return m_orbitBox->isChecked();
}

void AnimationPanel::updateOrbits()
{
  const bool any = m_results.store() && !m_results.store()->layout().clearanceJoints.empty();
  m_orbitLabel->setVisible(any);
  m_orbitBox->setVisible(any);
  if (!any || !m_orbitBox->isChecked() || m_mode >= 0 || frameCount() == 0) {
    if (!m_view.scene().orbits().empty())
      m_view.scene().setOrbits({});
    return;
  }
  if (!m_orbitCache ||
      (!m_orbitCache->empty() && static_cast<int>(m_orbitCache->front().eccentricity.size()) != frameCount()))
    m_orbitCache = std::make_shared<const std::vector<OrbitSeries>>(orbitSeries(m_results));
  m_view.scene().setOrbits(placeOrbits(*m_orbitCache, m_results.model(), displayedPoses(m_frame), m_frame));
}

void AnimationPanel::updateTraces()
{
  if (m_traced.isEmpty()) {
    m_shownTraces.clear();
    return;
  }
  const core::Model& model = m_results.model();
  const int count = frameCount();
  if (m_traceCache.empty() || static_cast<int>(m_traceCache.front().size()) != count) {
    m_traceCache.assign(m_traced.size(), {});
    for (int k = 0; k < count; ++k) {
      const auto poses = displayedPoses(k);
      for (int m = 0; m < m_traced.size(); ++m) {
        const core::Marker* marker = model.marker(model.findMarker(m_traced[m].toStdString()));
        const auto it = poses.find(marker->part);
        const PartPose pose = it != poses.end() ? it->second : PartPose{};
        m_traceCache[m].push_back(pose.position + pose.rotation * marker->position);
      }
    }
  }
  m_shownTraces.clear();
  for (const auto& all : m_traceCache)
    m_shownTraces.emplace_back(all.begin(), all.begin() + std::min<std::size_t>(all.size(), m_frame + 1));
  m_view.scene().setTraces(m_shownTraces);
}

std::map<core::PartId, Eigen::VectorXd> AnimationPanel::modalCoordinates(int frame) const
{
  std::map<core::PartId, Eigen::VectorXd> out;
  if (!m_results.store() || frame < 0 || frame >= static_cast<int>(m_results.frameCount()))
    return out;
  const solver::ResultLayout layout = m_results.store()->layout();
  if (layout.flexibleBodies.empty())
    return out;
  const solver::ResultFrame f = m_results.frame(static_cast<std::size_t>(frame));
  for (std::size_t k = 0; k < layout.flexibleBodies.size() && k < f.modal.size(); ++k) {
    const core::PartId part = m_results.model().findPart(layout.flexibleBodies[k]);
    if (part.valid())
      out[part] = f.modal[k];
  }
  return out;
}

void AnimationPanel::updateDeformationRange()
{
  // The deformation controls only mean something when the results hold flexible parts.
  const bool flexible = m_results.store() && !m_results.store()->layout().flexibleBodies.empty();
  m_hasFlexible = flexible;
  for (QWidget* w :
       std::initializer_list<QWidget*>{m_scaleLabel, m_scale, m_autoScale, m_contourLabel, m_contour})
    w->setVisible(flexible);
  // Stress contours need modal stress shapes.
  if (auto* items = qobject_cast<QStandardItemModel*>(m_contour->model()))
    items->item(1)->setEnabled(m_view.scene().hasStress());
  if (!m_view.scene().hasStress() && m_contour->currentIndex() == 1)
    m_contour->setCurrentIndex(0);
  m_maxDeformation = m_maxStress = 0.0;
  const int count = m_results.store() ? static_cast<int>(m_results.frameCount()) : 0;
  for (int frame = 0; frame < count; ++frame)
    for (const auto& [part, eta] : modalCoordinates(frame)) {
      m_maxDeformation = std::max(m_maxDeformation, m_view.scene().maxDisplacement(part, eta));
      m_maxStress = std::max(m_maxStress, m_view.scene().maxVonMises(part, eta));
    }
  if (m_autoScale->isChecked() && m_maxDeformation > 0) {
    const QSignalBlocker blocker(m_scale);
    m_scale->setValue(0.05 * m_view.scene().modelSize() / m_maxDeformation);
  }
  updateModeRange();
  setFrame(m_frame);
}

void AnimationPanel::updateModeRange()
{
  // A mode shape is drawn at the mode's own amplitude (rigid motion and deformation together, so
  // joints stay closed); the amplitude is reduced when the deformation would exceed 10 % of the model.
  m_modeAmplitude = 1.0;
  m_modeMaxDeformation = m_modeMaxStress = 0.0;
  if (m_mode < 0)
    return;
  const ModelScene& scene = m_view.scene();
  auto peak = [&](double amplitude, double& deformation, double& stress) {
    deformation = stress = 0.0;
    for (double phase : {0.25, 0.75})
      for (const auto& [part, eta] : m_results.modeModalCoordinates(m_mode, phase, amplitude)) {
        deformation = std::max(deformation, scene.maxDisplacement(part, eta));
        stress = std::max(stress, scene.maxVonMises(part, eta));
      }
  };
  peak(1.0, m_modeMaxDeformation, m_modeMaxStress);
  const double limit = 0.1 * scene.modelSize();
  if (m_modeMaxDeformation > limit) {
    m_modeAmplitude = limit / m_modeMaxDeformation;
    peak(m_modeAmplitude, m_modeMaxDeformation, m_modeMaxStress);
  }
}

bool AnimationPanel::setContour(ModelScene::Contour contour)
{
  if (contour == ModelScene::Contour::VonMises && !m_view.scene().hasStress())
    return false;
  m_contour->setCurrentIndex(contour == ModelScene::Contour::VonMises ? 1 : 0);
  return true;
}

ModelScene::Contour AnimationPanel::contour() const
{
  return m_view.scene().contour();
}

void AnimationPanel::setDeformationScale(double scale)
{
  m_autoScale->setChecked(false);
  m_scale->setValue(scale);
  setFrame(m_frame);
}

void AnimationPanel::setAutoDeformationScale(bool on)
{
  m_autoScale->setChecked(on);
}

double AnimationPanel::deformationScale() const
{
  return m_scale->value();
}

void AnimationPanel::updateRange()
{
  const int count = frameCount();
  const QSignalBlocker blocker(m_slider);
  m_slider->setRange(0, std::max(0, count - 1));
  m_slider->setEnabled(count > 0);
  m_play->setEnabled(count > 1);
  if (count == 0)
    m_time->setText(tr("no results"));
  updateEventTicks();
}

void AnimationPanel::updateEventTicks()
{
  // Each firing where the handle stands at its time: between two frames, in proportion.
  std::vector<EventTicks::Mark> marks;
  const int count = frameCount();
  if (m_mode < 0 && count > 0)
    for (const solver::SensorFiring& f : m_results.sensorFirings()) {
      int lo = 0, hi = count - 1;
      while (hi - lo > 1) {
        const int mid = (lo + hi) / 2;
        (frameTime(mid) <= f.time ? lo : hi) = mid;
      }
      const double t0 = frameTime(lo), t1 = frameTime(hi);
      const double value = f.time <= t0 ? lo : f.time >= t1 ? hi : lo + (f.time - t0) / (t1 - t0);
      marks.push_back({QString::fromStdString(f.sensor), value});
    }
  m_eventTicks->setMarks(std::move(marks));
}

void AnimationPanel::setDisplayUnits(const core::UnitSystem& units)
{
  if (units.time == m_units.time && units.timeName == m_units.timeName)
    return;
  m_units = units;
  if (frameCount() > 0)
    setFrame(m_frame);  // the read-out in the new unit
}

void AnimationPanel::setFrame(int frame)
{
  const int count = frameCount();
  if (count == 0)
    return;
  m_frame = std::clamp(frame, 0, count - 1);
  {
    const QSignalBlocker blocker(m_slider);
    m_slider->setValue(m_frame);
  }
  const double t = frameTime(m_frame);
  if (m_mode >= 0)
    m_time->setText(tr("mode %1, phase %2/%3").arg(m_mode + 1).arg(m_frame + 1).arg(count));
  else
    m_time->setText(tr("%1  (%2/%3)").arg(timeText(m_units, t)).arg(m_frame + 1).arg(count));
  m_view.scene().setPartPoses(displayedPoses(m_frame));
  m_view.scene().setFeNodePoses(displayedFeNodePoses(m_frame));
  const bool stress = m_view.scene().contour() == ModelScene::Contour::VonMises;
  // Time history: deformation scaled for visibility, colours over the whole run. Mode shape: the
  // deformation at the mode's amplitude (the scale does not apply), colours over its period.
  for (QWidget* w : std::initializer_list<QWidget*>{m_scaleLabel, m_scale, m_autoScale})
    w->setVisible(m_hasFlexible && m_mode < 0);
  if (m_mode < 0)
    m_shownDeformation = m_view.scene().setModalCoordinates(modalCoordinates(m_frame), m_scale->value(),
                                                            stress ? m_maxStress : m_maxDeformation);
  else
    m_shownDeformation =
        m_view.scene().setModalCoordinates(m_results.modeModalCoordinates(m_mode, t, m_modeAmplitude), 1.0,
                                           stress ? m_modeMaxStress : m_modeMaxDeformation);
  m_shownStress = m_view.scene().shownStress();
  updateTraces();
  updateOrbits();
  updateContactGlyphs();
  m_view.requestRender();
  if (m_mode < 0)
    emit timeChanged(t);
}

void AnimationPanel::step(int delta)
{
  const int count = frameCount();
  if (count == 0)
    return;
  int next = m_frame + delta;
  if (m_loop->isChecked())
    next = ((next % count) + count) % count;
  setFrame(next);
}

void AnimationPanel::play()
{
  if (frameCount() < 2)
    return;
  if (m_frame >= frameCount() - 1)
    setFrame(0);
  m_playTime = frameTime(m_frame);
  m_lastTick = QDateTime::currentMSecsSinceEpoch();
  m_play->setIcon(style()->standardIcon(QStyle::SP_MediaPause));
  m_view.scene().setPlaybackDetail(true);  // large models: fewer triangles while moving
  m_timer->start();
}

void AnimationPanel::pause()
{
  m_timer->stop();
  m_play->setIcon(style()->standardIcon(QStyle::SP_MediaPlay));
  const bool light = m_view.scene().drawsPlaybackDetail();
  m_view.scene().setPlaybackDetail(false);
  if (light)
    m_view.requestRender();  // the paused frame at the scene's own detail
}

bool AnimationPanel::isPlaying() const
{
  return m_timer->isActive();
}
void AnimationPanel::setLoop(bool loop)
{
  m_loop->setChecked(loop);
}
void AnimationPanel::setSpeed(double speed)
{
  m_speed->setValue(speed);
}

void AnimationPanel::tick()
{
  // Real time scaled by the speed: the animation shows simulated time, not frame numbers.
  const qint64 now = QDateTime::currentMSecsSinceEpoch();
  m_playTime += m_speed->value() * (now - m_lastTick) / 1000.0;
  m_lastTick = now;
  const int count = frameCount();
  const double start = frameTime(0), end = frameTime(count - 1);
  if (m_playTime > end) {
    if (!m_loop->isChecked()) {
      setFrame(count - 1);
      pause();
      return;
    }
    m_playTime = start + std::fmod(m_playTime - start, std::max(end - start, 1e-12));
  }
  int frame = m_frame;
  if (frameTime(frame) > m_playTime)
    frame = 0;
  while (frame + 1 < count && frameTime(frame + 1) <= m_playTime)
    ++frame;
  if (frame != m_frame)
    setFrame(frame);
}

int AnimationPanel::exportPngSequence(const QString& directory)
{
  QDir dir(directory);
  if (!dir.exists() && !dir.mkpath("."))
    return 0;
  pause();
  const int count = frameCount();
  int written = 0;
  for (int k = 0; k < count; ++k) {
    setFrame(k);
    const QImage image = m_view.grabFramebuffer();  // renders the frame through paintGL
    if (image.save(dir.filePath(QStringLiteral("frame_%1.png").arg(k, 4, 10, QChar('0')))))
      ++written;
  }
  return written;
}

bool AnimationPanel::exportVideo(const QString& path, int fps)
{
  pause();
  const int count = frameCount();
  if (count == 0)
    return false;
  VideoWriter writer;
  for (int k = 0; k < count; ++k) {
    setFrame(k);
    if (!writer.add(m_view.grabFramebuffer(), path, fps))
      return false;
  }
  return writer.finish();
}

}  // namespace mbs::ui
