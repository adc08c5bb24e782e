#include "mbs/ui/panels/PlotPanel.hpp"

#include <QChart>
#include <QComboBox>
#include <QCoreApplication>
#include <QFileDialog>
#include <QGraphicsLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLegendMarker>
#include <QLineEdit>
#include <QLineSeries>
#include <QPushButton>
#include <QScrollArea>
#include <QSplitter>
#include <QTime>
#include <QVBoxLayout>
#include <QValueAxis>
#include <algorithm>
#include <cmath>
#include <functional>
#include <iterator>
#include <numeric>

#include "PlotCharts.hpp"
#include "PlotDecimation.hpp"
#include "PlotQuantities.hpp"
#include "PlotStyle.hpp"
#include "ZoomPanChartView.hpp"
#include "mbs/ui/SimulationResults.hpp"
#include "mbs/ui/panels/SpectrumDialog.hpp"

namespace mbs::ui {

PlotPanel::PlotPanel(SimulationResults& results, QWidget* parent) : QWidget(parent), m_results(results)
{
  setObjectName("plotPanel");
  auto* layout = new QVBoxLayout(this);
  auto* controls = new QHBoxLayout;
  m_entity = new QComboBox;
  m_entity->setObjectName("plotEntity");
  m_entity->setMinimumWidth(160);
  m_entity->setMaxVisibleItems(30);
  m_entityFilter = new QLineEdit;
  m_entityFilter->setObjectName("plotEntityFilter");
  m_entityFilter->setPlaceholderText(tr("Filter entities"));
  m_entityFilter->setClearButtonEnabled(true);
  m_entityFilter->setMaximumWidth(160);
  m_entityFilter->setToolTip(tr("Show the entities whose name contains this text"));
  m_quantity = new QComboBox;
  m_quantity->setObjectName("plotQuantity");
  m_quantity->setMinimumWidth(220);
  auto* add = new QPushButton(tr("Add curve"));
  auto* subplot = new QPushButton(tr("New subplot"));
  auto* keep = new QPushButton(tr("Keep run"));
  keep->setObjectName("keepRunButton");
  keep->setToolTip(tr("Keep these curves to compare them with the next run of the model"));
  auto* clear = new QPushButton(tr("Clear"));
  auto* reset = new QPushButton(tr("Reset zoom"));
  auto* save = new QPushButton(tr("Export..."));
  auto* spectrum = new QPushButton(tr("Spectrum..."));
  spectrum->setObjectName("spectrumButton");
  spectrum->setToolTip(tr("Amplitude spectrum (FFT) of the curves of the last subplot"));
  reset->setToolTip(tr("Left drag: zoom to a box; wheel: zoom; right/middle drag: pan; double-click: reset"));
  controls->addWidget(m_entityFilter);
  controls->addWidget(m_entity);
  controls->addWidget(m_quantity, 1);
  for (auto* b : {add, subplot, keep, clear, reset, save, spectrum})
    controls->addWidget(b);
  layout->addLayout(controls);
  m_readout = new QLabel;
  m_readout->setObjectName("plotReadout");
  m_readout->setTextInteractionFlags(Qt::TextSelectableByMouse);
  // Many curves make a long readout: wrap it rather than widen the main window.
  m_readout->setWordWrap(true);
  m_readout->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
  layout->addWidget(m_readout);
  // Subplots scroll rather than grow the dock (which would move these buttons under the cursor).
  m_splitter = new QSplitter(Qt::Vertical);
  m_splitter->setChildrenCollapsible(false);
  m_scroll = new QScrollArea;
  m_scroll->setObjectName("plotScroll");
  m_scroll->setWidgetResizable(true);
  m_scroll->setFrameShape(QFrame::NoFrame);
  m_scroll->setWidget(m_splitter);
  layout->addWidget(m_scroll, 1);
  addSubplot();

  connect(m_entity, &QComboBox::currentIndexChanged, this, &PlotPanel::fillQuantities);
  connect(m_entityFilter, &QLineEdit::textChanged, this, &PlotPanel::applyEntityFilter);
  connect(add, &QPushButton::clicked, this,
          [this] { addCurve(m_entity->currentIndex(), m_quantity->currentIndex()); });
  connect(subplot, &QPushButton::clicked, this, &PlotPanel::addSubplot);
  connect(keep, &QPushButton::clicked, this, &PlotPanel::keepRunForComparison);
  connect(clear, &QPushButton::clicked, this, &PlotPanel::clearCurves);
  connect(reset, &QPushButton::clicked, this, [this] {
    for (auto& s : m_subplots)
      plot::changeRanges(s.chart, [&s] { s.chart->zoomReset(); });
    updateAxes();
  });
  connect(save, &QPushButton::clicked, this, [this] {
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Export plot"), QString(), tr("PNG (*.png);;SVG (*.svg);;PDF (*.pdf);;CSV (*.csv)"));
    if (!path.isEmpty())
      exportTo(path);
  });
  connect(spectrum, &QPushButton::clicked, this, &PlotPanel::showSpectrum);
  connect(&m_results, &SimulationResults::started, this, [this] {
    fillEntities();
    refreshCurves();
  });
  // Curves name the parts and joints of one model: a different model takes them away.
  connect(&m_results, &SimulationResults::cleared, this, [this] {
    clearCurves();
    for (auto& s : m_subplots)  // a zoom chosen on one model's curves means nothing on another's
      plot::changeRanges(s.chart, [&s] { s.chart->zoomReset(); });
    m_cursorTime = 0.0;
    fillEntities();
    updateAxes();
  });
  connect(&m_results, &SimulationResults::framesAdded, this, [this] {
    if (m_entity->count() == 0)
      fillEntities();
    refreshCurves();
  });
  fillEntities();
}

PlotPanel::~PlotPanel() = default;

void PlotPanel::addSubplot()
{
  Subplot s{};
  s.chart = new QChart;
  s.chart->setMargins(QMargins(4, 2, 18, 2));         // room for half the last time label
  s.chart->layout()->setContentsMargins(0, 0, 0, 0);  // the plot gets the room, not a frame
  s.chart->setBackgroundRoundness(0);
  s.chart->legend()->setAlignment(Qt::AlignTop);
  s.x = plot::newValueAxis(timeAxisTitle());
  s.y = plot::newValueAxis(QString());
  s.chart->addAxis(s.x, Qt::AlignBottom);
  s.chart->addAxis(s.y, Qt::AlignLeft);
  s.cursor = new QLineSeries;
  s.cursor->setPen(QPen(QColor("#718096"), 1, Qt::DashLine));
  s.chart->addSeries(s.cursor);
  s.cursor->attachAxis(s.x);
  s.cursor->attachAxis(s.y);
  for (QLegendMarker* marker : s.chart->legend()->markers(s.cursor))
    marker->setVisible(false);  // the cursor is not a result
  auto* view = new ZoomPanChartView(s.chart);
  view->onReset = [this, chart = s.chart] {
    plot::changeRanges(chart, [chart] { chart->zoomReset(); });
    updateAxes();  // back to the range of the data as it is now
  };
  s.view = view;
  // An orbit keeps equal scales when the subplot is resized.
  connect(s.chart, &QChart::plotAreaChanged, this, [this, chart = s.chart](const QRectF& area) {
    for (int index = 0; index < subplotCount(); ++index) {
      Subplot& sub = m_subplots[index];
      if (sub.chart != chart)
        continue;
      if (sub.orbit && !chart->isZoomed() && area.height() > 20 &&
          std::abs(area.width() / area.height() - sub.fittedAspect) > 0.02 * sub.fittedAspect)
        fitOrbit(sub);
      drawCurves(index);  // as many columns as the plot is wide
      placeEventMarkers(sub);
    }
  });
  // A zoom or pan draws the samples of the new range at the screen's resolution.
  connect(s.x, &QValueAxis::rangeChanged, this, [this, chart = s.chart] {
    for (int index = 0; index < subplotCount(); ++index)
      if (m_subplots[index].chart == chart) {
        drawCurves(index);
        placeEventMarkers(m_subplots[index]);
      }
  });
  connect(s.y, &QValueAxis::rangeChanged, this, [this, chart = s.chart] {
    for (Subplot& sub : m_subplots)
      if (sub.chart == chart)
        placeEventMarkers(sub);  // the lines span the value axis
  });
  // Tall enough that the value axis's title is not elided; more subplots scroll.
  s.view->setMinimumHeight(190);
  m_splitter->addWidget(s.view);
  // A new subplot shares the height equally instead of squashing the existing ones.
  const QList<int> sizes = m_splitter->sizes();
  const int total = std::accumulate(sizes.begin(), sizes.end(), 0);
  if (total > 0)
    m_splitter->setSizes(QList<int>(m_splitter->count(), total / m_splitter->count()));
  m_subplots.push_back(s);
  setExportLook(false);
  updateAxes();
}

bool PlotPanel::addCurve(int entity, int quantity)
{
  if (!isEntityRow(entity) || quantity < 0)
    return false;
  const QPoint data = m_entity->itemData(entity).toPoint();
  const int friction = m_entity->itemData(entity, plot::kFrictionRole).toInt();
  const plot::Entity chosen = entityOf(data.x(), data.y(), friction);
  const QStringList names = plot::quantities(chosen);
  if (quantity >= names.size())
    return false;
  // Orbits and curves against time do not share a subplot.
  const bool orbit = plot::isOrbit(chosen, quantity);
  const int last = subplotCount() - 1;
  const bool lastUsed =
      std::any_of(m_curves.begin(), m_curves.end(), [last](const Curve& c) { return c.subplot == last; });
  if (lastUsed && m_subplots.back().orbit != orbit)
    addSubplot();
  const plot::ShownQuantity shown = plot::shown(names[quantity], m_units);
  if (m_subplots.back().orbit != orbit)
    setOrbitSubplot(m_subplots.back(), orbit, chosen.clearance * shown.scale, chosen.slider);
  Curve curve{QStringLiteral("%1: %2").arg(m_entity->itemText(entity), shown.label),
              shown.label,
              names[quantity],
              shown.scale,
              new QLineSeries,
              subplotCount() - 1,
              data.x(),
              data.y(),
              friction,
              quantity};
  curve.orbit = orbit;
  curve.series->setName(curve.label);
  // One style per curve across all subplots, so the readout and legends match at a glance.
  curve.series->setPen(plot::curvePen(static_cast<int>(m_curves.size())));
  const Subplot& s = m_subplots.back();
  s.chart->addSeries(curve.series);
  curve.series->attachAxis(s.x);
  curve.series->attachAxis(s.y);
  m_curves.push_back(curve);
  refreshCurves();
  return true;
}

bool PlotPanel::addCurve(const QString& entityName, const QString& quantityName)
{
  const int entity = m_entity->findText(entityName);
  if (entity < 0)
    return false;
  m_entity->setCurrentIndex(entity);
  return addCurve(entity, m_quantity->findText(quantityName));
}

int PlotPanel::keepRunForComparison()
{
  if (!m_results.store() || m_results.frameCount() == 0)
    return 0;
  ++m_keptRuns;
  const QString run = tr("run %1 at %2").arg(m_keptRuns).arg(QTime::currentTime().toString("HH:mm:ss"));
  int kept = 0;
  const int live = curveCount();
  for (int k = 0; k < live; ++k) {
    if (m_curves[k].kept)
      continue;
    Curve copy = m_curves[k];
    copy.kept = true;
    copy.keptSamples = samples(k);
    copy.keptSeries = timeSeries(k);
    copy.label = QStringLiteral("%1 (%2)").arg(m_curves[k].label, run);
    copy.series = new QLineSeries;
    copy.series->setName(copy.label);
    copy.series->setPen(plot::curvePen(curveCount()));
    const Subplot& s = m_subplots[copy.subplot];
    s.chart->addSeries(copy.series);
    copy.series->attachAxis(s.x);
    copy.series->attachAxis(s.y);
    m_curves.push_back(copy);
    ++kept;
  }
  refreshCurves();
  return kept;
}

void PlotPanel::clearCurves()
{
  for (auto& curve : m_curves) {
    m_subplots[curve.subplot].chart->removeSeries(curve.series);
    delete curve.series;
  }
  m_curves.clear();
  while (m_subplots.size() > 1) {
    delete m_subplots.back().view;  // owns nothing else; the chart is deleted with its view
    m_subplots.pop_back();
  }
  setOrbitSubplot(m_subplots.front(), false, 0.0);
  updateAxes();
}

std::vector<std::pair<double, double>> PlotPanel::samples(int index) const
{
  std::vector<std::pair<double, double>> out;
  if (index < 0 || index >= curveCount() || !m_results.store())
    return out;
  const Curve& c = m_curves[index];
  if (c.kept)
    return c.keptSamples;
  const plot::Entity entity = entityOf(c.kind, c.index, c.frictionIndex);
  if (c.orbit) {
    const auto series = timeSeries(index);
    for (std::size_t k = 0; k < std::min(series[0].size(), series[1].size()); ++k)
      out.emplace_back(series[0][k].second, series[1][k].second);
    return out;
  }
  const auto times = m_results.store()->times();
  const auto values = m_results.store()->series(
      [&](const solver::ResultFrame& f) { return plot::valueOf(f, entity, c.quantityRow); });
  for (std::size_t k = 0; k < std::min(times.size(), values.size()); ++k)
    out.emplace_back(times[k], values[k] * c.scale);
  return out;
}

std::vector<std::vector<std::pair<double, double>>> PlotPanel::timeSeries(int index) const
{
  if (index < 0 || index >= curveCount())
    return {};
  const Curve& c = m_curves[index];
  if (c.kept)
    return c.keptSeries;
  if (!c.orbit)
    return {samples(index)};
  std::vector<std::vector<std::pair<double, double>>> out(2);
  if (!m_results.store())
    return out;
  const plot::Entity entity = entityOf(c.kind, c.index, c.frictionIndex);
  const auto times = m_results.store()->times();
  const auto xs =
      m_results.store()->series([&](const solver::ResultFrame& f) { return plot::orbitX(f, entity); });
  const auto ys = m_results.store()->series(
      [&](const solver::ResultFrame& f) { return plot::valueOf(f, entity, c.quantityRow); });
  for (std::size_t k = 0; k < std::min({times.size(), xs.size(), ys.size()}); ++k) {
    out[0].emplace_back(times[k], xs[k] * c.scale);  // x and y of an orbit are both lengths
    out[1].emplace_back(times[k], ys[k] * c.scale);
  }
  return out;
}

bool PlotPanel::isOrbitSubplot(int subplot) const
{
  return subplot >= 0 && subplot < subplotCount() && m_subplots[subplot].orbit;
}

void PlotPanel::refreshCurves()
{
  for (int k = 0; k < curveCount(); ++k) {
    if (m_curves[k].kept && !m_curves[k].data.empty())
      continue;  // an earlier run's curve does not change
    m_curves[k].data = samples(k);
  }
  updateAxes();
  for (int s = 0; s < subplotCount(); ++s)
    drawCurves(s);
}

void PlotPanel::drawCurves(int subplot)
{
  if (subplot < 0 || subplot >= subplotCount())
    return;
  const Subplot& s = m_subplots[subplot];
  for (Curve& curve : m_curves) {
    if (curve.subplot != subplot)
      continue;
    if (curve.orbit) {  // x is not time: an orbit is drawn whole
      QList<QPointF> points;
      points.reserve(static_cast<qsizetype>(curve.data.size()));
      for (const auto& [x, y] : curve.data)
        points.append(QPointF(x, y));
      curve.series->replace(points);
      continue;
    }
    // The samples are in seconds, the time axis in the model's time unit.
    const double perSecond = timePerSecond();
    QList<QPointF> points = plot::decimateToColumns(curve.data, s.x->min() / perSecond,
                                                    s.x->max() / perSecond, plotColumns(subplot));
    if (perSecond != 1.0)
      for (QPointF& point : points)
        point.setX(point.x() * perSecond);
    curve.series->replace(points);
  }
  plot::cacheChartPixels(s.chart);  // the cursor moves without the curves being drawn again
}

int PlotPanel::plotColumns(int subplot) const
{
  if (subplot < 0 || subplot >= subplotCount())
    return 1;
  // Before the first layout the plot area is empty: the view's width is near enough.
  const double width = m_subplots[subplot].chart->plotArea().width();
  return std::max(1, static_cast<int>(std::ceil(width > 1.0 ? width : m_subplots[subplot].view->width())));
}

std::vector<std::pair<double, double>> PlotPanel::drawnPoints(int curve) const
{
  std::vector<std::pair<double, double>> out;
  if (curve < 0 || curve >= curveCount())
    return out;
  for (const QPointF& p : m_curves[curve].series->points())
    out.emplace_back(p.x(), p.y());
  return out;
}

SpectrumDialog* PlotPanel::showSpectrum()
{
  // The last subplot with curves: where the user has just been adding them.
  int subplot = subplotCount() - 1;
  while (subplot > 0 && std::none_of(m_curves.begin(), m_curves.end(),
                                     [subplot](const Curve& c) { return c.subplot == subplot; }))
    --subplot;
  std::vector<SpectrumCurve> curves;
  for (int k = 0; k < curveCount(); ++k)
    if (m_curves[k].subplot == subplot && !m_curves[k].orbit)  // an orbit is not a time history
      curves.push_back({m_curves[k].label, m_curves[k].quantity, samples(k)});
  if (!m_spectrum)
    m_spectrum = new SpectrumDialog(this);
  m_spectrum->setDisplayUnits(m_units);
  m_spectrum->setCurves(std::move(curves));
  m_spectrum->show();
  m_spectrum->raise();
  return m_spectrum;
}

}  // namespace mbs::ui
