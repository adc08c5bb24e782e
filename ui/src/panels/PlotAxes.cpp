// The Plot panel's axes and read-outs: the shared time axis (in the model's time unit), each
// subplot's value axis and title, an orbit subplot's equal scales and clearance circle, the
// animation cursor and its read-out, and the change of display units. PlotPanel.cpp holds the
// subplots and curves, PlotExport.cpp the files, PlotPicker.cpp the entity and quantity lists.
#include <QChart>
#include <QCoreApplication>
#include <QGraphicsLayout>
#include <QLabel>
#include <QLegendMarker>
#include <QLineSeries>
#include <QValueAxis>
#include <algorithm>
#include <cmath>

#include "PlotCharts.hpp"
#include "PlotDecimation.hpp"
#include "PlotQuantities.hpp"
#include "PlotStyle.hpp"
#include "ZoomPanChartView.hpp"
#include "mbs/ui/panels/PlotPanel.hpp"
#include "mbs/ui/panels/SpectrumDialog.hpp"

namespace mbs::ui {
namespace {

QString plotText(const char* text)
{
  return QCoreApplication::translate("PlotPanel", text);
}

}  // namespace

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
  updateEventMarkers();
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
  if (m_spectrum)  // an open spectrum's time range in the new unit
    m_spectrum->setDisplayUnits(m_units);
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
