// The Plot panel's spectrum view on the bundled pendulum released from the horizontal: the
// spectrum of the bob's x position peaks at the pendulum's frequency in closed form
// (T = 4 √(L/g) K(sin(θ₀/2)), θ₀ = 90°, not the small-swing √(g/L)/2π), the axes carry titles with
// units, and the spectrum exports to PNG and CSV like the plots.
#include <gtest/gtest.h>

#include <QChart>
#include <QFile>
#include <QPushButton>
#include <QTest>
#include <QTextStream>
#include <QValueAxis>
#include <algorithm>
#include <cmath>
#include <numbers>

#include "GuiTestSupport.hpp"
#include "mbs/ui/MainWindow.hpp"
#include "mbs/ui/panels/PlotPanel.hpp"
#include "mbs/ui/panels/SpectrumDialog.hpp"

using namespace mbs;

TEST(PlotPanel, SpectrumOfThePendulumPeaksAtItsFrequency)
{
  const double g = 9.81, length = 1.0;
  const double period = 4.0 * std::sqrt(length / g) * std::comp_ellint_1(std::sin(std::numbers::pi / 4));
  const double frequency = 1.0 / period;  // 0.4223 Hz
  test::application();
  ui::MainWindow window;
  window.resize(1366, 768);
  window.show();
  ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
  ASSERT_TRUE(window.openFile(QString(MBS_RESOURCES_DIR) + "/models/pendulum.mbs.json", true));
  // Whole periods: the frequency falls on a bin.
  ASSERT_EQ(test::runDynamic(window, 8.0 * period, 1600, 120000), "");

  ui::PlotPanel& plot = window.plot();
  ASSERT_TRUE(plot.addCurve("bob", "CM position x [m]"));
  ASSERT_NE(plot.findChild<QPushButton*>("spectrumButton"), nullptr);
  plot.findChild<QPushButton*>("spectrumButton")->click();
  auto* dialog = plot.findChild<ui::SpectrumDialog*>("spectrumDialog");
  ASSERT_NE(dialog, nullptr);
  ASSERT_TRUE(QTest::qWaitForWindowExposed(dialog));
  dialog->setWindow(ui::spectrum::Window::Hann);
  ASSERT_EQ(dialog->spectra().size(), 1u);
  const ui::spectrum::Result r = dialog->spectra().front();
  EXPECT_EQ(r.samples, 1601) << "the whole run by default";
  EXPECT_NEAR(r.t1, 8.0 * period, 1e-4);

  const auto peak = std::max_element(r.amplitude.begin() + 1, r.amplitude.end()) - r.amplitude.begin();
  const double df = r.frequency[1];
  EXPECT_NEAR(r.frequency[peak], frequency, 0.01 * frequency) << "Δf = " << df;
  EXPECT_GT(std::sqrt(g / length) / (2 * std::numbers::pi) - r.frequency[peak], 0.1 * frequency)
      << "the large swing is slower than the small-swing frequency";
  // x swings between −1 and 1 m: the fundamental's amplitude is a little above 1 m (a square-ish
  // wave), its third harmonic much smaller, and x has no even harmonics.
  EXPECT_GT(r.amplitude[peak], 1.0);
  EXPECT_LT(r.amplitude[peak], 1.3);
  EXPECT_LT(r.amplitude[3 * peak], 0.2 * r.amplitude[peak]);
  EXPECT_LT(r.amplitude[2 * peak], 0.01);

  auto* x = qobject_cast<QValueAxis*>(dialog->chart()->axes(Qt::Horizontal).front());
  auto* y = qobject_cast<QValueAxis*>(dialog->chart()->axes(Qt::Vertical).front());
  ASSERT_TRUE(x && y);
  EXPECT_EQ(x->titleText(), "Frequency [Hz]");
  EXPECT_EQ(y->titleText(), "Amplitude [m]");
  EXPECT_GT(x->max(), 3.0 * frequency) << "the peak and its third harmonic show";
  EXPECT_LT(x->max(), 50.0) << "not out to the Nyquist frequency of the output step";
  EXPECT_GE(y->max(), r.amplitude[peak]);

  // A later time range gives the same peak (the swing is periodic).
  dialog->setTimeRange(2.0 * period, 8.0 * period);
  EXPECT_NEAR(dialog->spectra().front().t0, 2.0 * period, 1e-2);
  dialog->setWindow(ui::spectrum::Window::FlatTop);
  const ui::spectrum::Result later = dialog->spectra().front();
  const auto laterPeak =
      std::max_element(later.amplitude.begin() + 1, later.amplitude.end()) - later.amplitude.begin();
  EXPECT_NEAR(later.frequency[laterPeak], frequency, 0.01 * frequency);
  EXPECT_NEAR(later.amplitude[laterPeak], r.amplitude[peak], 0.02);
  dialog->setTimeRange(0.0, 8.0 * period);
  dialog->setWindow(ui::spectrum::Window::Hann);

  const QString shots = test::screenshotDir();
  QTest::qWait(100);
  ASSERT_TRUE(dialog->grab().save(shots + "/spectrum_dialog.png"));
  ASSERT_TRUE(dialog->exportTo(shots + "/spectrum.png"));
  ASSERT_TRUE(dialog->exportTo(shots + "/spectrum.csv"));
  ASSERT_TRUE(dialog->exportTo(shots + "/spectrum.svg"));
  ASSERT_TRUE(dialog->exportTo(shots + "/spectrum.pdf"));
  const QImage png(shots + "/spectrum.png");
  ASSERT_FALSE(png.isNull());
  EXPECT_EQ(png.size(), QSize(1600, 960));
  EXPECT_GT(test::distinctColours(png), 10);

  QFile csv(shots + "/spectrum.csv");
  ASSERT_TRUE(csv.open(QIODevice::ReadOnly | QIODevice::Text));
  QTextStream in(&csv);
  const QString header = in.readLine();
  EXPECT_EQ(header, "\"frequency [Hz]\",\"bob: CM position x amplitude [m]\"");
  int rows = 0;
  double csvPeakFrequency = 0.0, csvPeak = 0.0;
  while (!in.atEnd()) {
    const QStringList cells = in.readLine().split(',');
    ASSERT_EQ(cells.size(), 2);
    if (rows > 0 && cells[1].toDouble() > csvPeak) {
      csvPeak = cells[1].toDouble();
      csvPeakFrequency = cells[0].toDouble();
    }
    ++rows;
  }
  EXPECT_EQ(rows, static_cast<int>(r.frequency.size()));
  EXPECT_NEAR(csvPeakFrequency, r.frequency[peak], 1e-9);
  EXPECT_NEAR(csvPeak, r.amplitude[peak], 1e-9);
}
