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
namespace {

QString plotText(const char* text)
{
  return QCoreApplication::translate("PlotPanel", text);
}

}  // namespace

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
    }
  });
  // A zoom or pan draws the samples of the new range at the screen's resolution.
  connect(s.x, &QValueAxis::rangeChanged, this, [this, chart = s.chart] {
    for (int index = 0; index < subplotCount(); ++index)
      if (m_subplots[index].chart == chart)
        drawCurves(index);
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

void PlotPanel::setOrbitSubplot(Subplot& s, bool orbit, double clearance, bool slider)
{
  s.orbit = orbit;
  s.slider = slider;
  s.x->setTitleText(orbit ? plot::shown(plotText("Eccentricity x [m]"), m_units).label : timeAxisTitle());
  s.cursor->setPointsVisible(orbit);  // an orbit's cursor is the journal centre, a point
  s.cursor->setMarkerSize(9);
  if (s.circle) {
    s.chart->removeSeries(s.circle);
    delete s.circle;
    s.circle = nullptr;
  }
  s.circleRadius = orbit ? clearance : 0.0;
  s.fittedAspect = 0.0;
  if (orbit && clearance > 0.0) {
    // The wall the journal centre meets: |e| = c (a slider's ends at x ± y: |x| + |y| = c).
    s.circle = new QLineSeries;
    s.circle->setName(tr("clearance c = %1 %2")
                          .arg(clearance, 0, 'g', 4)
                          .arg(QString::fromStdString(core::unitName(m_units, core::Quantity::Length))));
    s.circle->setPen(QPen(QColor("#718096"), 1.2, Qt::DashLine));
    QList<QPointF> points;
    constexpr int kSegments = 180;
    for (int k = 0; k <= kSegments; ++k) {
      const double a = 2.0 * 3.14159265358979323846 * k / kSegments;
      const double r = slider ? clearance / (std::abs(std::cos(a)) + std::abs(std::sin(a))) : clearance;
      points.append(QPointF(r * std::cos(a), r * std::sin(a)));
    }
    s.circle->replace(points);
    s.chart->addSeries(s.circle);
    s.circle->attachAxis(s.x);
    s.circle->attachAxis(s.y);
  }
  // Room for half the last x label: "1.0e-3" is wider than a time.
  s.chart->setMargins(QMargins(4, 2, orbit ? 40 : 18, 2));
  // An orbit needs height as well as width to be read.
  s.view->setMinimumHeight(orbit ? 220 : 190);
}

void PlotPanel::fitOrbit(Subplot& s)
{
  double extent = s.circleRadius;
  for (const auto& curve : m_curves)
    if (&m_subplots[curve.subplot] == &s)
      for (const QPointF& p : curve.series->points())
        extent = std::max({extent, std::abs(p.x()), std::abs(p.y())});
  if (!(extent > 0.0))
    extent = 1.0;
  extent *= 1.08;
  const QRectF area = s.chart->plotArea();
  const double aspect = area.height() > 20 ? area.width() / area.height() : 1.0;
  s.fittedAspect = aspect;
  // Equal scales: the longer side of the plot area gets the longer range.
  const double xHalf = aspect >= 1.0 ? extent * aspect : extent;
  const double yHalf = aspect >= 1.0 ? extent : extent / aspect;
  plot::changeRanges(s.chart, [&] {
    s.x->setRange(-xHalf, xHalf);
    s.y->setRange(-yHalf, yHalf);
  });
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
    QList<QPointF> points =
        plot::decimateToColumns(curve.data, s.x->min() / perSecond, s.x->max() / perSecond, plotColumns(subplot));
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

void PlotPanel::updateAxes()
{
  // All subplots share the time range; each has its own value range.
  double t0 = 0.0, t1 = 0.0;
  bool anyTime = false;
  for (const auto& curve : m_curves)
    if (!curve.orbit && !curve.data.empty()) {  // samples ascend in time
      t0 = anyTime ? std::min(t0, curve.data.front().first) : curve.data.front().first;
      t1 = anyTime ? std::max(t1, curve.data.back().first) : curve.data.back().first;
      anyTime = true;
    }
  if (!anyTime || t1 <= t0)
    t1 = t0 + 1.0;
  int lastTimeSubplot = subplotCount() - 1;
  while (lastTimeSubplot > 0 && m_subplots[lastTimeSubplot].orbit)
    --lastTimeSubplot;
  for (int s = 0; s < subplotCount(); ++s) {
    if (m_subplots[s].orbit) {
      m_subplots[s].x->setTitleVisible(true);
      m_subplots[s].y->setTitleText(plot::stackedAxisTitle(valueAxisTitle(s)));
      if (!m_subplots[s].chart->isZoomed())
        fitOrbit(m_subplots[s]);
      continue;
    }
    double y0 = 0.0, y1 = 0.0;
    bool any = false;
    for (const auto& curve : m_curves)
      if (curve.subplot == s)
        for (const auto& [t, y] : curve.data) {
          y0 = any ? std::min(y0, y) : y;
          y1 = any ? std::max(y1, y) : y;
          any = true;
        }
    m_subplots[s].x->setTitleVisible(s == lastTimeSubplot);  // the shared time axis, once
    m_subplots[s].y->setTitleText(plot::stackedAxisTitle(valueAxisTitle(s)));
    // Each subplot keeps its own zoom/pan (rubber band, wheel, drag) when curves are added to
    // another subplot or frames arrive; double-click or Reset zoom returns it to the data range.
    if (m_subplots[s].chart->isZoomed())
      continue;
    // A little room above and below the curves, then out to whole tick steps.
    const double margin = 0.02 * (y1 - y0);
    const auto [lo, hi] = plot::niceRange(y0 - margin, y1 + margin);
    Subplot& subplot = m_subplots[s];
    plot::changeRanges(subplot.chart, [&] {
      subplot.x->setRange(t0 * timePerSecond(), t1 * timePerSecond());
      subplot.y->setRange(lo, hi);
    });
  }
  setCursorTime(m_cursorTime);
}

QString PlotPanel::valueAxisTitle(int subplot) const
{
  // "Name [unit]" of each distinct quantity; one name when all curves show the same quantity,
  // the shared words when they differ only in component ("CM position [m]").
  if (isOrbitSubplot(subplot))
    return plot::shown(plotText("Eccentricity y [m]"), m_units).label;
  QStringList names, units;
  for (const auto& curve : m_curves)
    if (curve.subplot == subplot) {
      const int open = curve.quantity.lastIndexOf('[');
      const QString name = open > 0 ? curve.quantity.left(open).trimmed() : curve.quantity;
      const QString unit = open > 0 ? curve.quantity.mid(open) : QString();
      if (!names.contains(name))
        names << name;
      if (!units.contains(unit))
        units << unit;
    }
  if (names.isEmpty())
    return tr("Value");
  if (names.size() == 1)
    return names.front() + (units.front().isEmpty() ? QString() : ' ' + units.front());
  if (units.size() == 1) {
    QStringList common = names.front().split(' ');
    for (const QString& name : names) {
      const QStringList words = name.split(' ');
      int k = 0;
      while (k < common.size() && k < words.size() && common[k] == words[k])
        ++k;
      common = common.mid(0, k);
    }
    const QString head = common.isEmpty() ? tr("Value") : common.join(' ');
    return head + (units.front().isEmpty() ? QString() : ' ' + units.front());
  }
  // Different units: the legend names the curves, the title their units (short enough to fit).
  return tr("Value %1").arg(units.join(", "));
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
  m_spectrum->setCurves(std::move(curves));
  m_spectrum->show();
  m_spectrum->raise();
  return m_spectrum;
}

void PlotPanel::setCursorTime(double time)
{
  m_cursorTime = time;
  for (int index = 0; index < subplotCount(); ++index) {
    Subplot& s = m_subplots[index];
    if (!s.orbit) {
      const double x = time * timePerSecond();
      s.cursor->replace(QList<QPointF>{QPointF(x, s.y->min()), QPointF(x, s.y->max())});
      continue;
    }
    // The journal centre of the subplot's first orbit at the cursor time.
    QList<QPointF> point;
    for (int k = 0; k < curveCount() && point.isEmpty(); ++k)
      if (m_curves[k].subplot == index && !m_curves[k].kept) {
        const auto series = timeSeries(k);
        if (series.size() == 2 && !series[0].empty())
          point.append(
              QPointF(plot::interpolateSorted(series[0], time), plot::interpolateSorted(series[1], time)));
      }
    s.cursor->replace(point);
  }
  updateReadout();
}

QString PlotPanel::readout() const
{
  QStringList parts{timeText(m_units, m_cursorTime)};
  for (int k = 0; k < curveCount(); ++k) {
    const auto series = m_curves[k].orbit ? timeSeries(k) : decltype(timeSeries(k))();
    if (series.size() == 2)  // an orbit: the journal centre (x, y)
      parts << QStringLiteral("%1 = (%2, %3)")
                   .arg(m_curves[k].label)
                   .arg(plot::interpolateSorted(series[0], m_cursorTime), 0, 'g', 6)
                   .arg(plot::interpolateSorted(series[1], m_cursorTime), 0, 'g', 6);
    else  // the samples read at the last refresh, not the store again at every cursor move
      parts << QStringLiteral("%1 = %2")
                   .arg(m_curves[k].label)
                   .arg(plot::interpolateSorted(m_curves[k].data, m_cursorTime), 0, 'g', 6);
  }
  return parts.join(QStringLiteral("    "));
}

void PlotPanel::updateReadout()
{
  m_readout->setText(curveCount() == 0
                         ? tr("Choose a result and press Add curve (results appear after a run).")
                         : readout());
}

void PlotPanel::setDisplayUnits(const core::UnitSystem& units)
{
  const core::UnitSystem old = m_units;
  if (units.lengthName == old.lengthName && units.massName == old.massName &&
      units.timeName == old.timeName && units.forceName == old.forceName && units.angleName == old.angleName)
    return;
  m_units = units;
  for (Curve& c : m_curves) {
    const plot::ShownQuantity now = plot::shown(c.siQuantity, m_units);
    const double ratio = now.scale / c.scale;
    c.label.replace(c.quantity, now.label);
    c.quantity = now.label;
    c.scale = now.scale;
    c.series->setName(c.label);
    // An earlier run's curve keeps its values, in the new unit (an orbit's x is a length too).
    for (auto& point : c.keptSamples) {
      point.second *= ratio;
      if (c.orbit)
        point.first *= ratio;
    }
    for (auto& series : c.keptSeries)
      for (auto& point : series)
        point.second *= ratio;
    c.data.clear();
  }
  const QString eccentricity = plotText("Eccentricity x [m]");
  const double lengthRatio = plot::shown(eccentricity, m_units).scale / plot::shown(eccentricity, old).scale;
  for (Subplot& s : m_subplots)
    if (s.orbit)
      setOrbitSubplot(s, true, s.circleRadius * lengthRatio, s.slider);
  for (Subplot& s : m_subplots)
    if (!s.orbit) {
      // The time axis keeps its zoomed span, in the new unit.
      const double ratio = timePerSecond() / (1.0 / old.time);
      s.x->setTitleText(timeAxisTitle());
      if (s.chart->isZoomed() && ratio != 1.0)
        plot::changeRanges(s.chart, [&] { s.x->setRange(s.x->min() * ratio, s.x->max() * ratio); });
    }
  fillQuantities();
  refreshCurves();
}

double PlotPanel::timePerSecond() const
{
  return 1.0 / m_units.time;
}

QString PlotPanel::timeAxisTitle() const
{
  return tr("Time [%1]").arg(QString::fromStdString(m_units.timeName));
}

QString timeText(const core::UnitSystem& units, double seconds)
{
  // Four decimals of the unit: 0.1 ms in a millisecond model as 0.1 ms in a second one.
  return PlotPanel::tr("t = %1 %2")
      .arg(seconds / units.time, 0, 'f', 4)
      .arg(QString::fromStdString(units.timeName));
}

}  // namespace mbs::ui
