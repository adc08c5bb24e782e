#pragma once
// Long results drawn at the screen's resolution: a curve of 100,000 samples across a plot 800 pixels
// wide is drawn as at most two samples per pixel column (its smallest and largest value there), so
// drawing costs the same whatever the result's length and no peak is lost. Zoomed in so far that
// fewer samples than that are visible, the curve is drawn exactly.
#include <QList>
#include <QPointF>
#include <utility>
#include <vector>

namespace mbs::ui::plot {

// The points to draw of `samples` (ascending x) over the visible range [x0, x1] split into
// `columns` pixel columns: every visible sample plus one neighbour on each side when there are at
// most 2 * columns + 2 of them; else each column's minimum and maximum sample in their order, plus
// the neighbours just outside the range (so that the lines to them leave the plot at the right
// slope). At most 2 * columns + 2 points, each one a sample.
QList<QPointF> decimateToColumns(const std::vector<std::pair<double, double>>& samples, double x0, double x1,
                                 int columns);

// Linear interpolation of `samples` (ascending x) at x by bisection; the end values outside.
double interpolateSorted(const std::vector<std::pair<double, double>>& samples, double x);

}  // namespace mbs::ui::plot
