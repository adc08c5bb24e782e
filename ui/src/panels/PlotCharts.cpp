#include "PlotCharts.hpp"

#include <QAbstractAxis>
#include <QCategoryAxis>
#include <QChart>
#include <QGraphicsItem>
#include <QGraphicsLayout>
#include <QGraphicsScene>
#include <QGraphicsSimpleTextItem>
#include <QGraphicsTextItem>
#include <QImage>
#include <QLegend>
#include <QPainter>
#include <QPdfWriter>
#include <QSvgGenerator>
#include <QValueAxis>
#include <QWidget>
#include <vector>

#include "PlotStyle.hpp"

namespace mbs::ui::plot {

QValueAxis* newValueAxis(const QString& title)
{
  // A category axis whose categories end at the ticks, labelled on them: the labels are ours, so
  // the tick at zero reads "0" and not Qt's printf of its rounding error.
  auto* axis = new QCategoryAxis;
  axis->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
  axis->setTitleText(title);
  QObject::connect(axis, &QValueAxis::rangeChanged, axis, [axis] { retick(axis); });
  retick(axis);
  return axis;
}

void retick(QValueAxis* axis)
{
  const double lo = axis->min();
  const double hi = axis->max();
  const double step = niceStep(lo, hi);
  axis->setTickInterval(step);
  auto* labelled = qobject_cast<QCategoryAxis*>(axis);
  if (!labelled)
    return;
  const QStringList old = labelled->categoriesLabels();
  for (auto label = old.rbegin(); label != old.rend(); ++label)
    labelled->remove(*label);
  const std::vector<double> ticks = tickValues(lo, hi, step);
  if (ticks.empty())
    return;
  labelled->setStartValue(ticks.front() - step);
  for (double tick : ticks)
    labelled->append(tickLabel(tick, step, lo, hi), tick);
}

void changeRanges(QChart* chart, const std::function<void()>& change)
{
  std::vector<QValueAxis*> axes;
  for (QAbstractAxis* axis : chart->axes())
    if (auto* value = qobject_cast<QValueAxis*>(axis))
      axes.push_back(value);
  for (QValueAxis* axis : axes)
    axis->setTickInterval(1e300);
  change();
  for (QValueAxis* axis : axes)
    retick(axis);
}

void setPrintLook(QChart* chart, bool on, const QWidget& widget)
{
  QFont labels = widget.font();
  QFont titles = widget.font();
  if (on) {
    labels.setPixelSize(15);
    titles.setPixelSize(16);
  } else if (titles.pointSizeF() > 0) {
    // On screen the legend names the curves too; a smaller value-axis title fits a short subplot
    // instead of being elided.
    titles.setPointSizeF(0.85 * titles.pointSizeF());
  }
  for (QAbstractAxis* axis : chart->axes()) {
    axis->setLabelsFont(labels);
    axis->setTitleFont(titles);
    axis->setLabelsColor(on ? Qt::black : widget.palette().color(QPalette::WindowText));
  }
  chart->legend()->setFont(labels);
}

constexpr const char* kRenderingProperty = "mbsRenderingFigure";

void cacheChartPixels(QChart* chart)
{
  if (chart->property(kRenderingProperty).toBool())  // (the curves redrawn for a figure's size)
    return;
  // Text (axis labels and titles) is left out: cheap to draw, and Qt Charts changes it in ways a
  // cache does not follow (the value axis lost its labels).
  if (QGraphicsScene* scene = chart->scene())
    for (QGraphicsItem* item : scene->items())
      if (item->cacheMode() == QGraphicsItem::NoCache && !dynamic_cast<QGraphicsTextItem*>(item) &&
          !dynamic_cast<QGraphicsSimpleTextItem*>(item))
        item->setCacheMode(QGraphicsItem::DeviceCoordinateCache);
}

void renderChart(QPainter& painter, QChart* chart, const QRectF& target, QSize chartSize)
{
  // A figure is drawn from the items themselves, not their screen caches: vectors and text in an
  // SVG or PDF, full resolution in a PNG.
  // (The layout at the figure's size replaces some items, such as axis labels: the caches are
  // switched on again on the items there are afterwards.)
  bool cached = false;
  for (QGraphicsItem* item : chart->scene()->items())
    if (item->cacheMode() != QGraphicsItem::NoCache) {
      cached = true;
      item->setCacheMode(QGraphicsItem::NoCache);
    }
  chart->setProperty(kRenderingProperty, true);
  const QRectF old = chart->geometry();
  chart->setGeometry(QRectF(QPointF(0, 0), chartSize));
  if (chart->layout())
    chart->layout()->activate();
  chart->scene()->render(&painter, target, QRectF(QPointF(0, 0), chartSize));
  chart->setGeometry(old);
  if (chart->layout())
    chart->layout()->activate();
  chart->setProperty(kRenderingProperty, false);
  if (cached)
    cacheChartPixels(chart);
}

bool writeFigure(const QString& path, QSize size, const QString& title,
                 const std::function<void(QPainter&, const QRectF&)>& render)
{
  const QString lower = path.toLower();
  if (lower.endsWith(".svg")) {
    QSvgGenerator svg;
    svg.setFileName(path);
    svg.setSize(size);
    svg.setViewBox(QRect(QPoint(0, 0), size));
    svg.setTitle(title);
    QPainter painter;
    if (!painter.begin(&svg))
      return false;
    painter.setRenderHint(QPainter::Antialiasing);
    render(painter, QRectF(QPointF(0, 0), size));
    return painter.end();
  }
  if (lower.endsWith(".pdf")) {
    // A page the size of the figure, for placing in a report as it is.
    const double widthMm = 160.0;
    QPdfWriter pdf(path);
    pdf.setResolution(600);
    pdf.setPageLayout(
        QPageLayout(QPageSize(QSizeF(widthMm, widthMm * size.height() / size.width()), QPageSize::Millimeter),
                    QPageLayout::Portrait, QMarginsF(0, 0, 0, 0)));
    pdf.setTitle(title);
    pdf.setCreator(QStringLiteral("mbstudio"));
    QPainter painter;
    if (!painter.begin(&pdf))
      return false;
    painter.setRenderHint(QPainter::Antialiasing);
    render(painter, QRectF(0, 0, pdf.width(), pdf.height()));
    return painter.end();
  }
  QImage image(size * 2, QImage::Format_ARGB32);
  image.fill(Qt::white);
  QPainter painter(&image);
  painter.setRenderHint(QPainter::Antialiasing);
  render(painter, QRectF(QPointF(0, 0), size * 2));
  painter.end();
  return image.save(path);
}

}  // namespace mbs::ui::plot
