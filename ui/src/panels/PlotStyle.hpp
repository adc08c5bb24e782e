#pragma once
// How plots look in a report: axis ticks at 1, 2 or 5 × 10ⁿ with labels of as many digits as the
// step needs (an exact "0" where the axis crosses zero), and curve pens that differ in dash pattern as well
// as colour so a greyscale print still tells them apart.
#include <QPen>
#include <QString>
#include <utility>
#include <vector>

namespace mbs::ui::plot {

// The 1/2/5 × 10ⁿ step giving about `targetTicks` intervals over [lo, hi].
double niceStep(double lo, double hi, int targetTicks = 5);
// [lo, hi] widened to whole steps of niceStep (a flat range gets a sensible span around it).
std::pair<double, double> niceRange(double lo, double hi, int targetTicks = 5);
// The multiples of `step` in [lo, hi], each computed as k·step (not by adding steps up, which
// would turn the tick at zero into -2e-22).
std::vector<double> tickValues(double lo, double hi, double step);
// The label of the tick at `value` on an axis over [lo, hi] ticked at `step`: "0.5", "20", "-2e-5"
// (scientific for very large or very small values), with as many digits as the step needs.
QString tickLabel(double value, double step, double lo, double hi);
// A value-axis title "name [unit]" as the axis shows it (HTML): longer than `maxLine` characters,
// the unit goes on a second line, so a short subplot shows the title instead of eliding it.
QString stackedAxisTitle(const QString& title, int maxLine = 16);
// The pen of the k-th curve: colour and dash pattern cycle with different periods.
QPen curvePen(int k, double width = 2.0);

}  // namespace mbs::ui::plot
