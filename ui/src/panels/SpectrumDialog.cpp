#include "mbs/ui/panels/SpectrumDialog.hpp"

#include <QChart>
#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFile>
#include <QFileDialog>
#include <QFormLayout>
#include <QGraphicsLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLegend>
#include <QLineSeries>
#include <QPushButton>
#include <QSignalBlocker>
#include <QTextStream>
#include <QVBoxLayout>
#include <QValueAxis>
#include <algorithm>

#include "PlotCharts.hpp"
#include "PlotStyle.hpp"
#include "ZoomPanChartView.hpp"

namespace mbs::ui {

SpectrumDialog::SpectrumDialog(QWidget* parent) : QDialog(parent)
{
  setObjectName("spectrumDialog");
  setWindowTitle(tr("Spectrum"));
  resize(820, 560);
  auto* layout = new QVBoxLayout(this);
  auto* controls = new QHBoxLayout;
  m_window = new QComboBox;
  m_window->setObjectName("spectrumWindow");
  m_window->addItem(tr("Rectangular"), static_cast<int>(spectrum::Window::Rectangular));
  m_window->addItem(tr("Hann"), static_cast<int>(spectrum::Window::Hann));
  m_window->addItem(tr("Hamming"), static_cast<int>(spectrum::Window::Hamming));
  m_window->addItem(tr("Flat top"), static_cast<int>(spectrum::Window::FlatTop));
  m_window->setCurrentIndex(1);
  m_window->setToolTip(
      tr("Hann for separating close frequencies; flat top for accurate amplitudes "
         "between frequency bins; rectangular for whole periods in the range"));
  m_from = new QDoubleSpinBox;
  m_from->setObjectName("spectrumFrom");
  m_to = new QDoubleSpinBox;
  m_to->setObjectName("spectrumTo");
  for (QDoubleSpinBox* box : {m_from, m_to}) {
    box->setDecimals(4);
    box->setSuffix(" " + QString::fromStdString(m_units.timeName));
    box->setRange(0.0, 0.0);
  }
  m_removeMean = new QCheckBox(tr("Remove mean"));
  m_removeMean->setObjectName("spectrumRemoveMean");
  auto* save = new QPushButton(tr("Export..."));
  controls->addWidget(new QLabel(tr("Window:")));
  controls->addWidget(m_window);
  controls->addWidget(new QLabel(tr("From:")));
  controls->addWidget(m_from);
  controls->addWidget(new QLabel(tr("To:")));
  controls->addWidget(m_to);
  controls->addWidget(m_removeMean);
  controls->addStretch(1);
  controls->addWidget(save);
  layout->addLayout(controls);
  m_summary = new QLabel;
  m_summary->setObjectName("spectrumSummary");
  m_summary->setWordWrap(true);
  layout->addWidget(m_summary);

  m_chart = new QChart;
  m_chart->setMargins(QMargins(4, 2, 18, 2));  // room for half the last time label
  m_chart->layout()->setContentsMargins(0, 0, 0, 0);
  m_chart->setBackgroundRoundness(0);
  m_chart->legend()->setAlignment(Qt::AlignTop);
  m_frequency = plot::newValueAxis(tr("Frequency [Hz]"));
  m_amplitude = plot::newValueAxis(tr("Amplitude"));
  m_chart->addAxis(m_frequency, Qt::AlignBottom);
  m_chart->addAxis(m_amplitude, Qt::AlignLeft);
  auto* view = new ZoomPanChartView(m_chart);
  view->onReset = [this] { fitAxes(); };
  view->setMinimumHeight(250);
  layout->addWidget(view, 1);
  plot::setPrintLook(m_chart, false, *this);

  connect(m_window, &QComboBox::currentIndexChanged, this, &SpectrumDialog::recompute);
  connect(m_from, &QDoubleSpinBox::valueChanged, this, &SpectrumDialog::recompute);
  connect(m_to, &QDoubleSpinBox::valueChanged, this, &SpectrumDialog::recompute);
  connect(m_removeMean, &QCheckBox::toggled, this, &SpectrumDialog::recompute);
  connect(save, &QPushButton::clicked, this, [this] {
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Export spectrum"), QString(), tr("PNG (*.png);;SVG (*.svg);;PDF (*.pdf);;CSV (*.csv)"));
    if (!path.isEmpty())
      exportTo(path);
  });
}

void SpectrumDialog::setCurves(std::vector<SpectrumCurve> curves)
{
  m_curves = std::move(curves);
  double t0 = 0.0, t1 = 0.0;
  bool any = false;
  for (const auto& c : m_curves)
    if (!c.samples.empty()) {
      t0 = any ? std::min(t0, c.samples.front().first) : c.samples.front().first;
      t1 = any ? std::max(t1, c.samples.back().first) : c.samples.back().first;
      any = true;
    }
  {
    // The boxes show the model's time unit.
    const QSignalBlocker a(m_from), b(m_to);
    t0 *= perSecond();
    t1 *= perSecond();
    for (QDoubleSpinBox* box : {m_from, m_to}) {
      box->setRange(t0, t1);
      box->setSingleStep(t1 > t0 ? plot::niceStep(t0, t1, 20) : 0.1);
    }
    m_from->setValue(t0);
    m_to->setValue(t1);
  }
  recompute();
}

void SpectrumDialog::setDisplayUnits(const core::UnitSystem& units)
{
  if (units.time == m_units.time && units.timeName == m_units.timeName)
    return;
  const double ratio = m_units.time / units.time;  // old display unit to the new one
  m_units = units;
  const QSignalBlocker a(m_from), b(m_to);
  for (QDoubleSpinBox* box : {m_from, m_to}) {
    const double value = box->value() * ratio;
    box->setSuffix(" " + QString::fromStdString(m_units.timeName));
    box->setRange(box->minimum() * ratio, box->maximum() * ratio);
    box->setSingleStep(box->singleStep() * ratio);
    box->setValue(value);
  }
  m_summary->setText(summary());
}

void SpectrumDialog::setWindow(spectrum::Window window)
{
  m_window->setCurrentIndex(m_window->findData(static_cast<int>(window)));
}

void SpectrumDialog::setTimeRange(double t0, double t1)
{
  {
    const QSignalBlocker a(m_from), b(m_to);
    m_from->setValue(t0 * perSecond());
    m_to->setValue(t1 * perSecond());
  }
  recompute();
}

void SpectrumDialog::setRemoveMean(bool on)
{
  m_removeMean->setChecked(on);
}

void SpectrumDialog::recompute()
{
  spectrum::Options options;
  options.window = static_cast<spectrum::Window>(m_window->currentData().toInt());
  // The ends of the run stay the ends of the data (the boxes round to their decimals).
  options.t0 = m_from->value() > m_from->minimum() ? m_from->value() / perSecond() : options.t0;
  options.t1 = m_to->value() < m_to->maximum() ? m_to->value() / perSecond() : options.t1;
  options.removeMean = m_removeMean->isChecked();
  m_spectra.clear();
  for (QAbstractSeries* series : m_chart->series()) {
    m_chart->removeSeries(series);
    delete series;
  }
  // The amplitude keeps the quantity's unit: "Amplitude [m]" (or each unit when they differ).
  QStringList units;
  for (std::size_t k = 0; k < m_curves.size(); ++k) {
    m_spectra.push_back(spectrum::amplitudeSpectrum(m_curves[k].samples, options));
    const spectrum::Result& r = m_spectra.back();
    auto* series = new QLineSeries;
    series->setName(m_curves[k].label);
    series->setPen(plot::curvePen(static_cast<int>(k)));
    QList<QPointF> points;
    for (std::size_t j = 0; j < r.frequency.size(); ++j)
      points.append(QPointF(r.frequency[j], r.amplitude[j]));
    series->replace(points);
    m_chart->addSeries(series);
    series->attachAxis(m_frequency);
    series->attachAxis(m_amplitude);
    const int open = m_curves[k].quantity.lastIndexOf('[');
    const QString unit = open >= 0 ? m_curves[k].quantity.mid(open) : QString();
    if (!unit.isEmpty() && !units.contains(unit))
      units << unit;
  }
  m_amplitude->setTitleText(units.isEmpty() ? tr("Amplitude") : tr("Amplitude %1").arg(units.join(", ")));
  plot::setPrintLook(m_chart, false, *this);
  m_summary->setText(summary());
  fitAxes();
}

void SpectrumDialog::fitAxes()
{
  // Up to a few times the highest frequency with an amplitude above 1 % of the largest (not out to
  // the Nyquist frequency of a fine output step, where nothing shows); zoom out for the rest.
  double largest = 0.0, nyquist = 0.0;
  for (const auto& r : m_spectra)
    for (std::size_t j = 0; j < r.amplitude.size(); ++j) {
      largest = std::max(largest, r.amplitude[j]);
      nyquist = std::max(nyquist, r.frequency[j]);
    }
  double highest = 0.0;
  for (const auto& r : m_spectra)
    for (std::size_t j = 1; j < r.amplitude.size(); ++j)
      if (r.amplitude[j] >= 0.01 * largest)
        highest = std::max(highest, r.frequency[j]);
  double df = 1.0;
  for (const auto& r : m_spectra)
    if (r.frequency.size() > 1)
      df = r.frequency[1];
  const double fMax = nyquist > 0 ? std::min(nyquist, std::max(3.0 * highest, 20.0 * df)) : 1.0;
  const auto [a0, a1] = plot::niceRange(0.0, largest > 0 ? 1.05 * largest : 1.0);
  const auto [f0, f1] = plot::niceRange(0.0, fMax);
  plot::changeRanges(m_chart, [&] {
    m_chart->zoomReset();
    m_frequency->setRange(0.0, f1 > f0 ? f1 : 1.0);
    m_amplitude->setRange(0.0, a1);
  });
}

QString SpectrumDialog::summary() const
{
  if (m_curves.empty())
    return tr("Add curves to a subplot, then open the spectrum: it shows the curves of the last subplot.");
  for (const auto& r : m_spectra)
    if (r.samples > 0)
      return tr("%1 samples from %2 %7 to %3 %7, resampled at the mean output step Δt = %4 %7; frequency "
                "resolution Δf = %5 Hz, up to %6 Hz")
          .arg(r.samples)
          .arg(r.t0 * perSecond(), 0, 'g', 6)
          .arg(r.t1 * perSecond(), 0, 'g', 6)
          .arg(r.step * perSecond(), 0, 'g', 4)
          .arg(1.0 / (r.samples * r.step), 0, 'g', 4)
          .arg(r.frequency.back(), 0, 'g', 4)
          .arg(QString::fromStdString(m_units.timeName));
  return tr("Too few samples in the time range for a spectrum.");
}

bool SpectrumDialog::exportTo(const QString& path)
{
  if (path.toLower().endsWith(".csv")) {
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Text))
      return false;
    QTextStream out(&file);
    out.setRealNumberPrecision(12);
    // One frequency column when the curves share the frequency grid (one run), else one each.
    const bool shared = std::all_of(m_spectra.begin(), m_spectra.end(), [this](const spectrum::Result& r) {
      return r.frequency == m_spectra.front().frequency;
    });
    std::size_t rows = 0;
    for (std::size_t k = 0; k < m_spectra.size(); ++k) {
      rows = std::max(rows, m_spectra[k].frequency.size());
      if (k == 0 || !shared)
        out << (k == 0 ? "" : ",") << "\"frequency [Hz]\"";
      // "bob: CM position x amplitude [m]"
      const QString& label = m_curves[k].label;
      const int open = label.lastIndexOf('[');
      out << ",\""
          << (open > 0 ? label.left(open).trimmed() + " amplitude " + label.mid(open) : label + " amplitude")
          << '"';
    }
    out << '\n';
    for (std::size_t j = 0; j < rows; ++j) {
      for (std::size_t k = 0; k < m_spectra.size(); ++k) {
        const spectrum::Result& r = m_spectra[k];
        if (k == 0 || !shared) {
          if (k > 0)
            out << ',';
          if (j < r.frequency.size())
            out << r.frequency[j];
        }
        out << ',';
        if (j < r.amplitude.size())
          out << r.amplitude[j];
      }
      out << '\n';
    }
    return out.status() == QTextStream::Ok;
  }
  const QSize size(800, 480);
  plot::setPrintLook(m_chart, true, *this);
  const auto series = m_chart->series();
  for (int k = 0; k < series.size(); ++k)
    if (auto* line = qobject_cast<QLineSeries*>(series[k]))
      line->setPen(plot::curvePen(k, 2.2));
  const bool written = plot::writeFigure(
      path, size, tr("mbstudio spectrum"),
      [&](QPainter& painter, const QRectF& target) { plot::renderChart(painter, m_chart, target, size); });
  plot::setPrintLook(m_chart, false, *this);
  for (int k = 0; k < series.size(); ++k)
    if (auto* line = qobject_cast<QLineSeries*>(series[k]))
      line->setPen(plot::curvePen(k));
  return written;
}

}  // namespace mbs::ui
