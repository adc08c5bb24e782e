// The bundled seed-003 study in the GUI as a user runs it (docs/user-guide.md, "Flexible
// slider-crank with a clearance joint"): open the model, run it, plot the wrist pin's contact normal
// force and the rod's mid-point deflection (modal coordinate q1: the rod's first lateral shape is
// sin(π x/L) between its end nodes, so q1 is the mid-point's deflection from the chord), and take
// the deflection's spectrum. Checked: the pin hits its eye (a force far above the static loads),
// the deflection is that of the rod, and its spectrum has its largest peak at a harmonic of the
// crank frequency 150/2π = 23.9 Hz (the mechanism drives the rod); the figures of the user guide
// are saved.
#include <gtest/gtest.h>

#include <QTest>
#include <algorithm>
#include <cmath>
#include <numbers>

#include "GuiTestSupport.hpp"
#include "mbs/ui/MainWindow.hpp"
#include "mbs/ui/panels/PlotPanel.hpp"
#include "mbs/ui/panels/SpectrumDialog.hpp"

using namespace mbs;

TEST(Seed003Example, ImpactForceMidPointDeflectionAndItsSpectrum)
{
  const double crankHz = 150.0 / (2.0 * std::numbers::pi), period = 1.0 / crankHz;
  test::application();
  ui::MainWindow window;
  window.resize(1500, 950);
  window.show();
  ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
  ASSERT_TRUE(
      window.openFile(QString(MBS_RESOURCES_DIR) + "/models/flexible_slider_crank_clearance.mbs.json", true));
  // Six crank turns, output every 50 µs (the model's settings).
  ASSERT_EQ(test::runDynamic(window, 6.0 * period, 5000, 600000), "");

  ui::PlotPanel& plot = window.plot();
  const QString shots = test::screenshotDir();
  ASSERT_TRUE(plot.addCurve("wrist_pin (clearance contact)", "Contact normal force [N]"));
  double peak = 0.0;
  for (const auto& [t, f] : plot.samples(0))
    peak = std::max(peak, f);
  // Static loads: slider and rod weights of ~1 N; the rod's inertia load at 150 rad/s a few 100 N.
  EXPECT_GT(peak, 1000.0) << "the pin hits its eye";
  ASSERT_TRUE(plot.exportTo(shots + "/seed003_impact_force.png"));

  plot.addSubplot();
  ASSERT_TRUE(plot.addCurve("rod (modal coordinates)", "q1"));
  double largest = 0.0;
  for (const auto& [t, q] : plot.samples(1))
    largest = std::max(largest, std::abs(q));
  EXPECT_GT(largest, 1e-4);
  EXPECT_LT(largest, 3.5e-3);  // the ideal benchmark's rod swings to 1.65 mm

  plot.clearCurves();
  ASSERT_TRUE(plot.addCurve("rod (modal coordinates)", "q1"));
  ASSERT_TRUE(plot.exportTo(shots + "/seed003_midpoint_deflection.png"));
  ui::SpectrumDialog* dialog = plot.showSpectrum();
  ASSERT_NE(dialog, nullptr);
  ASSERT_TRUE(QTest::qWaitForWindowExposed(dialog));
  dialog->setWindow(ui::spectrum::Window::Hann);
  dialog->setRemoveMean(true);
  dialog->setTimeRange(period, 6.0 * period);  // without the start-up turn: five whole turns
  ASSERT_EQ(dialog->spectra().size(), 1u);
  const ui::spectrum::Result r = dialog->spectra().front();
  const auto top = std::max_element(r.amplitude.begin() + 1, r.amplitude.end()) - r.amplitude.begin();
  const double harmonic = r.frequency[top] / crankHz;
  std::printf(
      "q1 spectrum: largest peak %.2f Hz (%.2f x the crank frequency), amplitude %.3e m, df %.2f Hz\n",
      r.frequency[top], harmonic, r.amplitude[top], r.frequency[1]);
  EXPECT_NEAR(harmonic, std::round(harmonic), 0.1) << "a harmonic of the crank";
  EXPECT_GE(std::round(harmonic), 1.0);
  QTest::qWait(100);
  ASSERT_TRUE(dialog->exportTo(shots + "/seed003_spectrum.png"));
  ASSERT_TRUE(dialog->exportTo(shots + "/seed003_spectrum.csv"));
}
