#include "PlotStyle.hpp"

#include <QColor>
#include <algorithm>
#include <cmath>
#include <iterator>

namespace mbs::ui::plot {

double niceStep(double lo, double hi, int targetTicks)
{
  const double span = std::abs(hi - lo);
  if (!(span > 0.0) || !std::isfinite(span))
    return 1.0;
  const double raw = span / std::max(1, targetTicks);
  const double decade = std::pow(10.0, std::floor(std::log10(raw)));
  for (double m : {1.0, 2.0, 5.0})
    if (m * decade >= raw * 0.999)
      return m * decade;
  return 10.0 * decade;
}

std::pair<double, double> niceRange(double lo, double hi, int targetTicks)
{
  if (!(hi > lo)) {  // a constant: a span of 10 % of its size (or 1) around it
    const double half = lo != 0.0 ? 0.1 * std::abs(lo) : 1.0;
    lo -= half;
    hi += half;
  }
  // Widening to whole steps can change the step the widened range gets (the axis ticks it anew):
  // repeat until range and step agree, so the range ends on ticks.
  double step = niceStep(lo, hi, targetTicks);
  std::pair<double, double> range;
  for (int k = 0; k < 4; ++k) {
    range = {std::floor(lo / step + 1e-9) * step, std::ceil(hi / step - 1e-9) * step};
    const double again = niceStep(range.first, range.second, targetTicks);
    if (again == step)
      break;
    step = again;
  }
  return range;
}

QString tickFormat(double step, double lo, double hi)
{
  const double largest = std::max(std::abs(lo), std::abs(hi));
  if (largest >= 1e5 || (step < 1e-3 && largest < 1e-2))
    return QStringLiteral("%.1e");
  const int decimals = step >= 1.0 ? 0 : static_cast<int>(std::ceil(-std::log10(step) - 1e-9));
  return QStringLiteral("%.%1f").arg(std::clamp(decimals, 0, 6));
}

QPen curvePen(int k, double width)
{
  // Dark-to-light colours of different lightness, and dash patterns (in pen widths).
  static const char* const colours[] = {"#1f4e99", "#c05621", "#2f855a", "#6b46c1",
                                        "#9b2c2c", "#2c7a7b", "#b7791f"};
  static const QList<QList<qreal>> dashes = {
      {}, {6, 3}, {1.5, 2.5}, {7, 3, 1.5, 3}, {3, 2}, {10, 3, 1.5, 3, 1.5, 3}};
  QPen pen(QColor(colours[k % std::size(colours)]), width);
  pen.setCapStyle(Qt::FlatCap);
  const QList<qreal>& dash = dashes[k % dashes.size()];
  if (!dash.isEmpty())
    pen.setDashPattern(dash);
  return pen;
}

}  // namespace mbs::ui::plot
