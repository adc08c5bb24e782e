#include "mbs/ui/panels/PlotPanel.hpp"

#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QFile>
#include <QFileDialog>
#include <QGraphicsLayout>
#include <QGraphicsScene>
#include <QHBoxLayout>
#include <QImage>
#include <QLineSeries>
#include <QPainter>
#include <QPdfWriter>
#include <QPushButton>
#include <QSvgGenerator>
#include <QTextStream>
#include <QVBoxLayout>
#include <QValueAxis>
#include <cmath>

#include "mbs/ui/SimulationResults.hpp"

namespace mbs::ui {
namespace {

const char* const kPartQuantities[] = {"CM position x [m]",
                                       "CM position y [m]",
                                       "CM position z [m]",
                                       "CM velocity x [m/s]",
                                       "CM velocity y [m/s]",
                                       "CM velocity z [m/s]",
                                       "CM acceleration x [m/s²]",
                                       "CM acceleration y [m/s²]",
                                       "CM acceleration z [m/s²]",
                                       "Angular velocity x [rad/s]",
                                       "Angular velocity y [rad/s]",
                                       "Angular velocity z [rad/s]",
                                       "Speed |v| [m/s]"};
const char* const kJointQuantities[] = {"Reaction force x [N]",    "Reaction force y [N]",
                                        "Reaction force z [N]",    "Reaction force |F| [N]",
                                        "Reaction torque x [N·m]", "Reaction torque y [N·m]",
                                        "Reaction torque z [N·m]", "Reaction torque |T| [N·m]"};

double valueOf(const solver::ResultFrame& f, bool isPart, int index, int q)
{
  if (isPart) {
    if (index >= static_cast<int>(f.bodies.size()))
      return 0.0;
    const solver::BodyOutput& b = f.bodies[index];
    if (q < 3)
      return b.position[q];
    if (q < 6)
      return b.velocity[q - 3];
    if (q < 9)
      return b.acceleration[q - 6];
    if (q < 12)
      return b.angularVelocity[q - 9];
    return b.velocity.norm();
  }
  if (index >= static_cast<int>(f.joints.size()))
    return 0.0;
  const solver::Reaction& r = f.joints[index];
  if (q < 3)
    return r.force[q];
  if (q == 3)
    return r.force.norm();
  if (q < 7)
    return r.torque[q - 4];
  return r.torque.norm();
}

}  // namespace

PlotPanel::PlotPanel(SimulationResults& results, QWidget* parent) : QWidget(parent), m_results(results)
{
  setObjectName("plotPanel");
  auto* layout = new QVBoxLayout(this);
  auto* controls = new QHBoxLayout;
  m_entity = new QComboBox;
  m_entity->setMinimumWidth(140);
  m_quantity = new QComboBox;
  auto* add = new QPushButton(tr("Add curve"));
  auto* clear = new QPushButton(tr("Clear"));
  auto* reset = new QPushButton(tr("Reset zoom"));
  auto* save = new QPushButton(tr("Export..."));
  controls->addWidget(m_entity);
  controls->addWidget(m_quantity, 1);
  for (auto* b : {add, clear, reset, save})
    controls->addWidget(b);
  layout->addLayout(controls);
  m_chart = new QChart;
  m_chart->setTitle(tr("Results"));
  m_chart->setMargins(QMargins(4, 4, 4, 4));
  m_x = new QValueAxis;
  m_x->setTitleText(tr("Time [s]"));
  m_x->setLabelFormat("%.3g");
  m_y = new QValueAxis;
  m_y->setLabelFormat("%.4g");
  m_chart->addAxis(m_x, Qt::AlignBottom);
  m_chart->addAxis(m_y, Qt::AlignLeft);
  m_cursor = new QLineSeries;
  m_cursor->setName(tr("time"));
  m_cursor->setPen(QPen(QColor("#a0aec0"), 1, Qt::DashLine));
  m_chart->addSeries(m_cursor);
  m_cursor->attachAxis(m_x);
  m_cursor->attachAxis(m_y);
  m_view = new QChartView(m_chart);
  m_view->setRenderHint(QPainter::Antialiasing);
  m_view->setRubberBand(QChartView::RectangleRubberBand);
  m_view->setMinimumHeight(200);
  layout->addWidget(m_view, 1);

  connect(m_entity, &QComboBox::currentIndexChanged, this, [this] {
    const bool isPart = m_entity->currentData().toPoint().x() == 1;
    m_quantity->clear();
    if (isPart)
      for (const char* q : kPartQuantities)
        m_quantity->addItem(tr(q));
    else
      for (const char* q : kJointQuantities)
        m_quantity->addItem(tr(q));
  });
  connect(add, &QPushButton::clicked, this,
          [this] { addCurve(m_entity->currentIndex(), m_quantity->currentIndex()); });
  connect(clear, &QPushButton::clicked, this, &PlotPanel::clearCurves);
  connect(reset, &QPushButton::clicked, this, [this] {
    m_chart->zoomReset();
    updateAxes();
  });
  connect(save, &QPushButton::clicked, this, [this] {
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Export plot"), QString(), tr("PNG (*.png);;SVG (*.svg);;PDF (*.pdf);;CSV (*.csv)"));
    if (!path.isEmpty())
      exportTo(path);
  });
  connect(&m_results, &SimulationResults::started, this, [this] {
    fillEntities();
    refreshCurves();
  });
  connect(&m_results, &SimulationResults::framesAdded, this, [this] {
    if (m_entity->count() == 0)
      fillEntities();
    refreshCurves();
  });
  fillEntities();
}

void PlotPanel::fillEntities()
{
  const QString keep = m_entity->currentText();
  m_entity->clear();
  if (!m_results.store())
    return;
  const solver::ResultLayout layout = m_results.store()->layout();
  for (std::size_t k = 0; k < layout.bodies.size(); ++k)
    m_entity->addItem(QString::fromStdString(layout.bodies[k]), QPoint(1, static_cast<int>(k)));
  for (std::size_t k = 0; k < layout.joints.size(); ++k)
    m_entity->addItem(QString::fromStdString(layout.joints[k]), QPoint(0, static_cast<int>(k)));
  if (!keep.isEmpty())
    m_entity->setCurrentText(keep);
}

bool PlotPanel::addCurve(int entity, int quantity)
{
  if (entity < 0 || entity >= m_entity->count() || quantity < 0)
    return false;
  const QPoint data = m_entity->itemData(entity).toPoint();
  const bool isPart = data.x() == 1;
  if (quantity >=
      (isPart ? static_cast<int>(std::size(kPartQuantities)) : static_cast<int>(std::size(kJointQuantities))))
    return false;
  Curve curve{
      QStringLiteral("%1: %2").arg(m_entity->itemText(entity),
                                   tr(isPart ? kPartQuantities[quantity] : kJointQuantities[quantity])),
      new QLineSeries, isPart, data.y(), quantity};
  curve.series->setName(curve.label);
  m_chart->addSeries(curve.series);
  curve.series->attachAxis(m_x);
  curve.series->attachAxis(m_y);
  m_curves.push_back(curve);
  refreshCurves();
  return true;
}

bool PlotPanel::addCurve(const QString& entityName, const QString& quantityName)
{
  const int entity = m_entity->findText(entityName);
  if (entity < 0)
    return false;
  m_entity->setCurrentIndex(entity);
  return addCurve(entity, m_quantity->findText(quantityName));
}

void PlotPanel::clearCurves()
{
  for (auto& curve : m_curves) {
    m_chart->removeSeries(curve.series);
    delete curve.series;
  }
  m_curves.clear();
  updateAxes();
}

std::vector<std::pair<double, double>> PlotPanel::samples(int index) const
{
  std::vector<std::pair<double, double>> out;
  if (index < 0 || index >= curveCount() || !m_results.store())
    return out;
  const Curve& c = m_curves[index];
  const auto times = m_results.store()->times();
  const auto values = m_results.store()->series(
      [&c](const solver::ResultFrame& f) { return valueOf(f, c.isPart, c.index, c.quantity); });
  for (std::size_t k = 0; k < std::min(times.size(), values.size()); ++k)
    out.emplace_back(times[k], values[k]);
  return out;
}

void PlotPanel::refreshCurves()
{
  for (int k = 0; k < curveCount(); ++k) {
    QList<QPointF> points;
    for (const auto& [t, v] : samples(k))
      points.append(QPointF(t, v));
    m_curves[k].series->replace(points);
  }
  updateAxes();
}

void PlotPanel::updateAxes()
{
  double t0 = 0.0, t1 = 1.0, y0 = 0.0, y1 = 0.0;
  bool any = false;
  for (const auto& curve : m_curves)
    for (const QPointF& p : curve.series->points()) {
      if (!any) {
        t0 = t1 = p.x();
        y0 = y1 = p.y();
        any = true;
      }
      t0 = std::min(t0, p.x());
      t1 = std::max(t1, p.x());
      y0 = std::min(y0, p.y());
      y1 = std::max(y1, p.y());
    }
  if (!any || t1 <= t0)
    t1 = t0 + 1.0;
  const double margin = y1 > y0 ? 0.05 * (y1 - y0) : std::max(1.0, std::abs(y0) * 0.1);
  m_x->setRange(t0, t1);
  m_y->setRange(y0 - margin, y1 + margin);
  setCursorTime(m_cursorTime);
}

void PlotPanel::setCursorTime(double time)
{
  m_cursorTime = time;
  m_cursor->replace(QList<QPointF>{QPointF(time, m_y->min()), QPointF(time, m_y->max())});
}

bool PlotPanel::exportTo(const QString& path)
{
  const QString lower = path.toLower();
  if (lower.endsWith(".csv")) {
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Text))
      return false;
    QTextStream out(&file);
    out << "time [s]";
    for (const auto& c : m_curves)
      out << ",\"" << c.label << '"';
    out << '\n';
    std::vector<std::vector<std::pair<double, double>>> all;
    for (int k = 0; k < curveCount(); ++k)
      all.push_back(samples(k));
    const std::size_t rows = all.empty() ? 0 : all.front().size();
    out.setRealNumberPrecision(12);
    for (std::size_t r = 0; r < rows; ++r) {
      out << all.front()[r].first;
      for (const auto& s : all)
        out << ',' << (r < s.size() ? s[r].second : 0.0);
      out << '\n';
    }
    return out.status() == QTextStream::Ok;
  }
  // Files get a report-sized chart whatever the size of the panel: lay the chart out at that
  // size, paint it, and give it back to the panel.
  const QSize size(1200, 700);
  auto paint = [this, size](QPainter& painter, const QRectF& target) {
    const QRectF old = m_chart->geometry();
    m_chart->setGeometry(QRectF(QPointF(0, 0), size));
    if (m_chart->layout())
      m_chart->layout()->activate();
    painter.setRenderHint(QPainter::Antialiasing);
    m_chart->scene()->render(&painter, target, QRectF(QPointF(0, 0), size));
    m_chart->setGeometry(old);
    if (m_chart->layout())
      m_chart->layout()->activate();
  };
  if (lower.endsWith(".svg")) {
    QSvgGenerator svg;
    svg.setFileName(path);
    svg.setSize(size);
    svg.setViewBox(QRect(QPoint(0, 0), size));
    svg.setTitle(m_chart->title());
    QPainter painter;
    if (!painter.begin(&svg))
      return false;
    paint(painter, QRectF(QPointF(0, 0), size));
    return painter.end();
  }
  if (lower.endsWith(".pdf")) {
    QPdfWriter pdf(path);
    pdf.setPageSize(QPageSize(QPageSize::A4));
    pdf.setPageOrientation(QPageLayout::Landscape);
    QPainter painter;
    if (!painter.begin(&pdf))
      return false;
    paint(painter, QRectF(0, 0, pdf.width(), pdf.width() * size.height() / size.width()));
    return painter.end();
  }
  QImage image(size, QImage::Format_ARGB32);
  image.fill(Qt::white);
  QPainter painter(&image);
  paint(painter, QRectF(QPointF(0, 0), size));
  painter.end();
  return image.save(path);
}

}  // namespace mbs::ui
