#pragma once
// The spectrum view of the Plot panel: the one-sided amplitude spectrum (FFT, Eigen) of the chosen
// subplot's curves against frequency, with the window (rectangular, Hann, Hamming, flat top), the
// time range used (the whole run by default) and an option to remove the mean. Samples are
// resampled to a uniform step (the mean output step) by linear interpolation before the FFT.
// Exported to PNG, SVG, PDF and CSV like the plots.
#include <QDialog>
#include <QString>
#include <utility>
#include <vector>

#include "mbs/core/Units.hpp"
#include "mbs/ui/panels/Spectrum.hpp"

class QChart;
class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QValueAxis;

namespace mbs::ui {

struct SpectrumCurve {
  QString label;     // "slider: CM position x [m]"
  QString quantity;  // "CM position x [m]"
  std::vector<std::pair<double, double>> samples;
};

class SpectrumDialog : public QDialog {
  Q_OBJECT
public:
  explicit SpectrumDialog(QWidget* parent = nullptr);

  // The curves to analyse (time in s); the time range becomes their whole span.
  void setCurves(std::vector<SpectrumCurve> curves);
  // The model's display units: the time range and the summary in its time unit (the frequency
  // stays in Hz, the unit every spectrum is read in).
  void setDisplayUnits(const core::UnitSystem& units);
  void setWindow(spectrum::Window window);
  void setTimeRange(double t0, double t1);  // in s
  void setRemoveMean(bool on);
  // One spectrum per curve, as shown.
  const std::vector<spectrum::Result>& spectra() const { return m_spectra; }
  QChart* chart() const { return m_chart; }
  // "n samples, Δt, Δf" of the spectra shown.
  QString summary() const;
  // Export by extension: .png, .svg, .pdf or .csv. False if the file could not be written.
  bool exportTo(const QString& path);

private:
  void recompute();
  void fitAxes();
  double perSecond() const { return 1.0 / m_units.time; }  // display time per second

  core::UnitSystem m_units;

  std::vector<SpectrumCurve> m_curves;
  std::vector<spectrum::Result> m_spectra;
  QComboBox* m_window;
  QDoubleSpinBox* m_from;
  QDoubleSpinBox* m_to;
  QCheckBox* m_removeMean;
  QLabel* m_summary;
  QChart* m_chart;
  QValueAxis* m_frequency;
  QValueAxis* m_amplitude;
};

}  // namespace mbs::ui
