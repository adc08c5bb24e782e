#include "PlotStyle.hpp"

#include <QColor>
#include <QRegularExpression>
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

std::vector<double> tickValues(double lo, double hi, double step)
{
  std::vector<double> ticks;
  if (!(step > 0.0) || !std::isfinite(lo) || !std::isfinite(hi) || hi < lo)
    return ticks;
  const double first = std::ceil(lo / step - 1e-9);
  const double last = std::floor(hi / step + 1e-9);
  for (double k = first; k <= last && ticks.size() < 1000; k += 1.0)
    ticks.push_back(k == 0.0 ? 0.0 : k * step);
  return ticks;
}

QString tickLabel(double value, double step, double lo, double hi)
{
  if (std::abs(value) < 1e-9 * step)
    return QStringLiteral("0");
  const double largest = std::max(std::abs(lo), std::abs(hi));
  if (largest >= 1e5 || (step < 1e-3 && largest < 1e-2)) {
    // As many significant digits as reach from the largest value's decade down to the step's.
    const int digits = static_cast<int>(std::floor(std::log10(largest)) - std::floor(std::log10(step)));
    QString text = QString::number(value, 'e', std::clamp(digits, 0, 6));
    // "2.5e-05" → "2.5e-5", "1e+06" → "1e6"
    text.replace(QRegularExpression(QStringLiteral("e([+-]?)0*(\\d)")), QStringLiteral("e\\1\\2"));
    return text.replace(QStringLiteral("e+"), QStringLiteral("e"));
  }
  const int decimals = step >= 1.0 ? 0 : static_cast<int>(std::ceil(-std::log10(step) - 1e-9));
  return QString::number(value, 'f', std::clamp(decimals, 0, 6));
}

QString stackedAxisTitle(const QString& title, int maxLine)
{
  const int unit = title.indexOf(QStringLiteral(" ["));
  if (title.size() <= maxLine || unit <= 0)
    return title.toHtmlEscaped();
  return title.left(unit).toHtmlEscaped() + QStringLiteral("<br>") + title.mid(unit + 1).toHtmlEscaped();
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
