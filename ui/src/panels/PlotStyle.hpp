#pragma once
// How plots look in a report: axis ticks at 1, 2 or 5 × 10ⁿ with labels of as many decimals as the
// step needs, and curve pens that differ in dash pattern as well as colour so a greyscale print
// still tells them apart.
#include <QPen>
#include <QString>
#include <utility>

namespace mbs::ui::plot {

// The 1/2/5 × 10ⁿ step giving about `targetTicks` intervals over [lo, hi].
double niceStep(double lo, double hi, int targetTicks = 5);
// [lo, hi] widened to whole steps of niceStep (a flat range gets a sensible span around it).
std::pair<double, double> niceRange(double lo, double hi, int targetTicks = 5);
// printf format for tick labels at this step ("%.1f" for 0.5, "%.0f" for 20, "%.1e" for 2e-5).
QString tickFormat(double step, double lo, double hi);
// The pen of the k-th curve: colour and dash pattern cycle with different periods.
QPen curvePen(int k, double width = 2.0);

}  // namespace mbs::ui::plot
