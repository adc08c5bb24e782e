#pragma once
// Chart helpers shared by the Plot panel and its spectrum view: 1/2/5 ticks, axis range changes
// that do not hang Qt, the print look of exported charts and writing charts to PNG, SVG or PDF.
#include <QRectF>
#include <QSize>
#include <QString>
#include <functional>

class QChart;
class QPainter;
class QValueAxis;
class QWidget;

namespace mbs::ui::plot {

// A value axis titled `title`, ticked at 1, 2, 5 × 10ⁿ for whatever range it shows (fitted,
// zoomed or panned), with labels of as many digits as the step needs and an exact "0".
QValueAxis* newValueAxis(const QString& title);
// Ticks `axis` anew for the range it shows (newValueAxis's axes do it when their range changes).
void retick(QValueAxis* axis);

// Qt lays an axis out with its present tick interval while its range changes: widening the range a
// thousandfold (stresses of 1e5 Pa after a new axis's −1…1) would lay out hundreds of thousands
// of ticks and labels. So the ticks are made coarse during the change and fitted after it.
void changeRanges(QChart* chart, const std::function<void()>& change);

// Print-size fonts and black labels on the chart's axes and legend (`on`), or the look of
// `widget` (the panel's) back.
void setPrintLook(QChart* chart, bool on, const QWidget& widget);

// Every item of the chart keeps its pixels (a device-coordinate cache): moving the cursor, which
// changes only its own series, repaints the curves, grid and labels under it from their caches
// instead of stroking them again. An item whose content changes repaints itself as before.
void cacheChartPixels(QChart* chart);

// Lays the chart out at `chartSize`, paints it into `target` (from the items, not their caches)
// and gives it its geometry back.
void renderChart(QPainter& painter, QChart* chart, const QRectF& target, QSize chartSize);

// Writes a figure of `size` (logical pixels) by the extension of `path`: .svg, .pdf (a page the
// size of the figure, 160 mm wide) or an image (PNG at twice the size). `render` paints it into
// the target rectangle it is given. False if the file could not be written.
bool writeFigure(const QString& path, QSize size, const QString& title,
                 const std::function<void(QPainter&, const QRectF&)>& render);

}  // namespace mbs::ui::plot
