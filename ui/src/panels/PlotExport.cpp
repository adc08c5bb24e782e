// The Plot panel's exports: the curves as CSV, and the charts as a figure (PNG, SVG, PDF) at
// report size with print fonts and without the animation cursor.
#include <QChart>
#include <QFile>
#include <QGraphicsLayout>
#include <QLegendMarker>
#include <QLineSeries>
#include <QPainter>
#include <QTextStream>
#include <QValueAxis>

#include "PlotCharts.hpp"
#include "PlotDecimation.hpp"
#include "PlotStyle.hpp"
#include "mbs/ui/panels/PlotPanel.hpp"

namespace mbs::ui {

void PlotPanel::renderCharts(QPainter& painter, const QRectF& target, QSize chartSize)
{
  // Files get report-sized charts whatever the size of the panel: each chart in its band.
  const double band = target.height() / subplotCount();
  for (int s = 0; s < subplotCount(); ++s) {
    Subplot& subplot = m_subplots[s];
    if (subplot.orbit && !subplot.chart->isZoomed()) {  // equal scales in the figure's plot area
      const QRectF old = subplot.chart->geometry();
      subplot.chart->setGeometry(QRectF(QPointF(0, 0), chartSize));
      subplot.chart->layout()->activate();
      fitOrbit(subplot);
      subplot.chart->setGeometry(old);
    }
    plot::renderChart(painter, subplot.chart,
                      QRectF(target.left(), target.top() + s * band, target.width(), band), chartSize);
  }
}

bool PlotPanel::exportTo(const QString& path)
{
  const QString lower = path.toLower();
  if (lower.endsWith(".csv")) {
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Text))
      return false;
    QTextStream out(&file);
    // Each column names its unit; the time column also names the model's units they are in.
    out << "time [" << QString::fromStdString(m_units.timeName) << "] (units "
        << QString::fromStdString(core::unitSystemName(m_units)) << ": "
        << QString::fromStdString(m_units.lengthName + " " + m_units.massName + " " + m_units.timeName + " " +
                                  m_units.forceName + " " + m_units.angleName)
        << ")";
    // One column per curve against time; an orbit gives two, its x and y.
    std::vector<std::vector<std::pair<double, double>>> all;
    for (int k = 0; k < curveCount(); ++k) {
      const auto series = timeSeries(k);
      if (series.size() == 2)
        out << ",\"" << m_curves[k].label << " (x)\",\"" << m_curves[k].label << " (y)\"";
      else
        out << ",\"" << m_curves[k].label << '"';
      all.insert(all.end(), series.begin(), series.end());
    }
    out << '\n';
    // Rows at the first curve's times; a curve of another run is interpolated at them and left
    // empty outside its own time span.
    const std::size_t rows = all.empty() ? 0 : all.front().size();
    out.setRealNumberPrecision(12);
    for (std::size_t r = 0; r < rows; ++r) {
      const double t = all.front()[r].first;
      out << t * timePerSecond();
      for (const auto& s : all) {
        out << ',';
        if (r < s.size() && s[r].first == t)
          out << s[r].second;
        else if (!s.empty() && t >= s.front().first && t <= s.back().first)
          out << plot::interpolateSorted(s, t);
      }
      out << '\n';
    }
    return out.status() == QTextStream::Ok;
  }
  // Report size: 800 px wide charts with fonts of 15-16 px print at about 8-9 pt on a 16 cm
  // wide figure; PNG is drawn at twice that for sharp text.
  const QSize chartSize(800, subplotCount() == 1 ? 480 : 380);
  const QSize size(chartSize.width(), chartSize.height() * subplotCount());
  setExportLook(true);
  const bool written = plot::writeFigure(
      path, size, tr("mbstudio results"),
      [&](QPainter& painter, const QRectF& target) { renderCharts(painter, target, chartSize); });
  setExportLook(false);
  updateAxes();  // orbit ranges back to the panel's plot areas
  return written;
}

void PlotPanel::setExportLook(bool on)
{
  for (int index = 0; index < subplotCount(); ++index) {
    Subplot& s = m_subplots[index];
    s.cursor->setVisible(!on);  // the animation's time is not a result
    // Showing a series shows its legend entry again: the cursor has none.
    for (QLegendMarker* marker : s.chart->legend()->markers(s.cursor))
      marker->setVisible(false);
    for (QLineSeries* event : s.events)  // a sensor's firing is drawn, but is not a curve of the legend
      for (QLegendMarker* marker : s.chart->legend()->markers(event))
        marker->setVisible(false);
    plot::setPrintLook(s.chart, on, *this);
    // A figure is tall enough for the value-axis title on one line; a short docked subplot is not.
    const QString title = valueAxisTitle(index);
    s.y->setTitleText(on ? title.toHtmlEscaped() : plot::stackedAxisTitle(title));
  }
  for (int k = 0; k < curveCount(); ++k)
    m_curves[k].series->setPen(plot::curvePen(k, on ? 2.2 : 2.0));
}

}  // namespace mbs::ui
