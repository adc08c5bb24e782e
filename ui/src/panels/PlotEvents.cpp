// Plot panel: the SENSOR firings of the run marked on the time axis (issue 31), as
// Adams/PostProcessor marks a simulation's events: a dashed vertical line across each time subplot
// at the firing time, labelled with the sensor's name at its top.
#include <QBrush>
#include <QChart>
#include <QFont>
#include <QGraphicsSimpleTextItem>
#include <QLegendMarker>
#include <QLineSeries>
#include <QPen>
#include <QValueAxis>

#include "mbs/ui/SimulationResults.hpp"
#include "mbs/ui/panels/PlotPanel.hpp"

namespace mbs::ui {
namespace {

const QColor kEventColour("#c53030");  // the error red of the panels: a firing changes the run

}  // namespace

void PlotPanel::updateEventMarkers()
{
  std::vector<std::pair<QString, double>> firings;
  for (const solver::SensorFiring& f : m_results.sensorFirings())
    firings.emplace_back(QString::fromStdString(f.sensor), f.time);
  m_firings = std::move(firings);
  for (Subplot& s : m_subplots) {
    const std::size_t wanted = s.orbit ? 0 : m_firings.size();
    while (s.events.size() > wanted) {
      s.chart->removeSeries(s.events.back());
      delete s.events.back();
      s.events.pop_back();
      delete s.eventLabels.back();
      s.eventLabels.pop_back();
    }
    while (s.events.size() < wanted) {
      auto* line = new QLineSeries;
      line->setPen(QPen(kEventColour, 1.5, Qt::DashDotLine));
      s.chart->addSeries(line);
      line->attachAxis(s.x);
      line->attachAxis(s.y);
      for (QLegendMarker* marker : s.chart->legend()->markers(line))
        marker->setVisible(false);  // a firing is not a result curve
      s.events.push_back(line);
      auto* label = new QGraphicsSimpleTextItem(s.chart);
      label->setBrush(kEventColour);
      label->setZValue(10.0);  // above the curves
      s.eventLabels.push_back(label);
    }
    for (std::size_t k = 0; k < s.events.size(); ++k) {
      s.events[k]->setName(m_firings[k].first);
      s.eventLabels[k]->setText(m_firings[k].first);
    }
    placeEventMarkers(s);
  }
}

void PlotPanel::placeEventMarkers(Subplot& s)
{
  for (std::size_t k = 0; k < s.events.size() && k < m_firings.size(); ++k) {
    const double x = m_firings[k].second * timePerSecond();
    s.events[k]->replace(QList<QPointF>{QPointF(x, s.y->min()), QPointF(x, s.y->max())});
    // The name just right of the line's top, inside the plot area.
    const QPointF top = s.chart->mapToPosition(QPointF(x, s.y->max()), s.events[k]);
    QGraphicsSimpleTextItem* label = s.eventLabels[k];
    const QRectF area = s.chart->plotArea();
    const double width = label->boundingRect().width();
    const double left = top.x() + 3.0 + width <= area.right() ? top.x() + 3.0 : top.x() - 3.0 - width;
    label->setPos(left, top.y() + 2.0);
    label->setVisible(x >= s.x->min() && x <= s.x->max());
  }
}

std::vector<PlotPanel::EventMarker> PlotPanel::eventMarkers(int subplot) const
{
  std::vector<EventMarker> out;
  if (subplot < 0 || subplot >= subplotCount())
    return out;
  const Subplot& s = m_subplots[subplot];
  for (std::size_t k = 0; k < s.events.size(); ++k) {
    const QList<QPointF> points = s.events[k]->points();
    out.push_back({s.eventLabels[k]->text(), points.isEmpty() ? 0.0 : points.front().x(),
                   s.eventLabels[k]->pos(), s.eventLabels[k]->isVisible()});
  }
  return out;
}

}  // namespace mbs::ui
