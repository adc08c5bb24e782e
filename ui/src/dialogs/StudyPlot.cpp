#include "StudyPlot.hpp"

#include <QChart>
#include <QLineSeries>
#include <QPainter>
#include <QScatterSeries>
#include <QValueAxis>
#include <algorithm>
#include <cmath>
#include <map>

#include "../panels/PlotCharts.hpp"
#include "../panels/PlotStyle.hpp"

namespace mbs::ui {
namespace {

// A perceptually ordered blue -> green -> yellow scale for t in [0, 1] (viridis end points).
QColor scaleColour(double t)
{
  static const QColor stops[] = {QColor(68, 1, 84), QColor(59, 82, 139), QColor(33, 145, 140),
                                 QColor(94, 201, 98), QColor(253, 231, 37)};
  t = std::clamp(t, 0.0, 1.0) * 4.0;
  const int k = std::min(int(t), 3);
  const double f = t - k;
  const QColor &a = stops[k], &b = stops[k + 1];
  return QColor(int(a.red() + f * (b.red() - a.red())), int(a.green() + f * (b.green() - a.green())),
                int(a.blue() + f * (b.blue() - a.blue())));
}

std::vector<double> distinct(const std::vector<StudyPoint>& points, int v)
{
  std::vector<double> out;
  for (const auto& p : points)
    out.push_back(p.variables[std::size_t(v)]);
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

}  // namespace

int fillStudyChart(QChart& chart, const std::vector<StudyPoint>& points, int x, int group,
                   const QString& xTitle, const QString& yTitle, const QString& groupTitle)
{
  chart.removeAllSeries();
  for (auto* axis : chart.axes())
    chart.removeAxis(axis);
  std::map<double, std::vector<std::pair<double, double>>> curves;
  for (const auto& p : points)
    if (std::isfinite(p.response))
      curves[group < 0 ? 0.0 : p.variables[std::size_t(group)]].push_back(
          {p.variables[std::size_t(x)], p.response});
  // The Plot panel's axes: 1/2/5 × 10ⁿ ticks with exact labels.
  QValueAxis* xAxis = plot::newValueAxis(xTitle);
  QValueAxis* yAxis = plot::newValueAxis(yTitle);
  chart.addAxis(xAxis, Qt::AlignBottom);
  chart.addAxis(yAxis, Qt::AlignLeft);
  double xMin = INFINITY, xMax = -INFINITY, yMin = INFINITY, yMax = -INFINITY;
  for (auto& [value, curve] : curves) {
    std::sort(curve.begin(), curve.end());
    auto* series = new QLineSeries;
    series->setName(group < 0 ? yTitle : QStringLiteral("%1 = %2").arg(groupTitle).arg(value, 0, 'g', 6));
    series->setPointsVisible(true);
    for (const auto& [px, py] : curve) {
      series->append(px, py);
      xMin = std::min(xMin, px), xMax = std::max(xMax, px);
      yMin = std::min(yMin, py), yMax = std::max(yMax, py);
    }
    chart.addSeries(series);
    series->attachAxis(xAxis);
    series->attachAxis(yAxis);
  }
  if (xMin <= xMax) {
    const double dx = xMax > xMin ? 0.04 * (xMax - xMin) : std::max(1e-3, 0.1 * std::abs(xMin));
    const double dy = yMax > yMin ? 0.08 * (yMax - yMin) : std::max(1e-3, 0.1 * std::abs(yMin));
    const auto [yLow, yHigh] = plot::niceRange(yMin - dy, yMax + dy);
    plot::changeRanges(&chart, [&] {
      xAxis->setRange(xMin - dx, xMax + dx);
      yAxis->setRange(yLow, yHigh);
    });
  }
  chart.legend()->setVisible(curves.size() > 1);
  return int(curves.size());
}

StudyMap::StudyMap(QWidget* parent) : QWidget(parent)
{
  setMinimumSize(360, 260);
  setAutoFillBackground(true);
}

void StudyMap::setData(std::vector<StudyPoint> points, int x, int y, const QString& xTitle,
                       const QString& yTitle, const QString& valueTitle)
{
  m_points.clear();
  for (auto& p : points)
    if (std::isfinite(p.response))
      m_points.push_back(std::move(p));
  m_x = x, m_y = y;
  m_xTitle = xTitle, m_yTitle = yTitle, m_valueTitle = valueTitle;
  update();
}

void StudyMap::paintEvent(QPaintEvent*)
{
  QPainter painter(this);
  painter.fillRect(rect(), palette().base());
  const QFontMetrics fm(font());
  if (m_points.empty()) {
    painter.drawText(rect(), Qt::AlignCenter, tr("Run a study with two variables to see the map."));
    return;
  }
  // Plot area, leaving room for the axis labels and the colour bar.
  const int left = fm.horizontalAdvance(QStringLiteral("-0.000000")) + fm.height() + 8;
  const int top = fm.height() + 10;  // the response's name above the plot
  const QRect area(left, top, width() - left - 90, height() - top - 10 - 2 * fm.height() - 8);
  const auto xs = distinct(m_points, m_x), ys = distinct(m_points, m_y);
  double vMin = INFINITY, vMax = -INFINITY;
  for (const auto& p : m_points)
    vMin = std::min(vMin, p.response), vMax = std::max(vMax, p.response);
  // Cells span half-way to the neighbouring values (a grid design tiles the plane).
  auto edges = [](const std::vector<double>& v) {
    std::vector<double> e(v.size() + 1);
    const double pad = v.size() > 1 ? 0.5 * (v[1] - v[0]) : 0.5;
    e.front() = v.front() - (v.size() > 1 ? pad : 0.5);
    for (std::size_t k = 1; k < v.size(); ++k)
      e[k] = 0.5 * (v[k - 1] + v[k]);
    e.back() = v.back() + (v.size() > 1 ? 0.5 * (v.back() - v[v.size() - 2]) : 0.5);
    return e;
  };
  const auto ex = edges(xs), ey = edges(ys);
  auto px = [&](double v) {
    return area.left() + (v - ex.front()) / (ex.back() - ex.front()) * area.width();
  };
  auto py = [&](double v) {
    return area.bottom() - (v - ey.front()) / (ey.back() - ey.front()) * area.height();
  };
  const bool grid = xs.size() * ys.size() == m_points.size();
  for (const auto& p : m_points) {
    const double t = vMax > vMin ? (p.response - vMin) / (vMax - vMin) : 0.5;
    const double vx = p.variables[std::size_t(m_x)], vy = p.variables[std::size_t(m_y)];
    if (grid) {
      const std::size_t i = std::size_t(std::lower_bound(xs.begin(), xs.end(), vx) - xs.begin());
      const std::size_t j = std::size_t(std::lower_bound(ys.begin(), ys.end(), vy) - ys.begin());
      painter.fillRect(QRectF(QPointF(px(ex[i]), py(ey[j + 1])), QPointF(px(ex[i + 1]), py(ey[j]))),
                       scaleColour(t));
    } else {
      painter.setRenderHint(QPainter::Antialiasing);
      painter.setBrush(scaleColour(t));
      painter.setPen(Qt::NoPen);
      painter.drawEllipse(QPointF(px(vx), py(vy)), 7, 7);
    }
  }
  painter.setPen(palette().text().color());
  painter.setBrush(Qt::NoBrush);
  painter.drawRect(area);
  // Tick labels at the variables' values (at most 8 per axis).
  for (std::size_t k = 0; k < xs.size(); k += std::max<std::size_t>(1, xs.size() / 8)) {
    const QString label = QString::number(xs[k], 'g', 6);
    painter.drawText(QPointF(px(xs[k]) - fm.horizontalAdvance(label) / 2.0, area.bottom() + fm.height()),
                     label);
  }
  for (std::size_t k = 0; k < ys.size(); k += std::max<std::size_t>(1, ys.size() / 8)) {
    const QString label = QString::number(ys[k], 'g', 6);
    painter.drawText(QPointF(area.left() - fm.horizontalAdvance(label) - 4, py(ys[k]) + fm.ascent() / 2.0),
                     label);
  }
  painter.drawText(QRect(area.left(), area.bottom() + fm.height() + 4, area.width(), fm.height()),
                   Qt::AlignCenter, m_xTitle);
  painter.save();
  painter.translate(fm.height() / 2.0 + 2, area.center().y());
  painter.rotate(-90);
  painter.drawText(QRect(-area.height() / 2, -fm.height() / 2, area.height(), fm.height()), Qt::AlignCenter,
                   m_yTitle);
  painter.restore();
  // Colour bar with the response's range.
  const QRect bar(area.right() + 16, area.top(), 16, area.height());
  for (int k = 0; k < bar.height(); ++k)
    painter.fillRect(QRect(bar.left(), bar.bottom() - k, bar.width(), 1),
                     scaleColour(double(k) / bar.height()));
  painter.drawRect(bar);
  painter.drawText(QRect(0, 4, width() - 8, fm.height()), Qt::AlignRight | Qt::AlignVCenter, m_valueTitle);
  painter.drawText(QPointF(bar.right() + 4, bar.top() + fm.ascent()), QString::number(vMax, 'g', 5));
  painter.drawText(QPointF(bar.right() + 4, bar.bottom()), QString::number(vMin, 'g', 5));
}

}  // namespace mbs::ui
