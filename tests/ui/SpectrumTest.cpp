// The spectrum function of the Plot panel's spectrum view against closed forms: a sine on a bin
// gives its amplitude at its frequency with every window (coherent gain corrected), the flat-top
// window keeps the amplitude between bins, two sines give two peaks, a constant offset is the 0 Hz
// bin unless the mean is removed, and a non-uniform time grid is resampled to the same spectrum.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numbers>

#include "mbs/ui/panels/Spectrum.hpp"

using namespace mbs::ui;

namespace {

using Samples = std::vector<std::pair<double, double>>;
constexpr double kPi = std::numbers::pi;

// n + 1 samples over [0, duration] of f(t).
template <class F>
Samples sampled(F f, double duration, int n)
{
  Samples s;
  for (int k = 0; k <= n; ++k) {
    const double t = duration * k / n;
    s.emplace_back(t, f(t));
  }
  return s;
}

double amplitudeAt(const spectrum::Result& r, double frequency)
{
  const double df = r.frequency[1] - r.frequency[0];
  const auto k = static_cast<std::size_t>(std::lround(frequency / df));
  return r.amplitude.at(k);
}

std::size_t peakBin(const spectrum::Result& r, std::size_t from = 1)
{
  return static_cast<std::size_t>(
      std::max_element(r.amplitude.begin() + static_cast<long>(from), r.amplitude.end()) -
      r.amplitude.begin());
}

}  // namespace

TEST(Spectrum, SineOnABinHasItsAmplitudeWithEveryWindow)
{
  // 1000 samples at 1 ms over [0, 0.999] s: bins every 1 Hz; 50 Hz is on a bin.
  const Samples s = sampled([](double t) { return 2.5 * std::sin(2 * kPi * 50.0 * t + 0.3); }, 0.999, 999);
  for (auto window : {spectrum::Window::Rectangular, spectrum::Window::Hann, spectrum::Window::Hamming,
                      spectrum::Window::FlatTop}) {
    spectrum::Options options;
    options.window = window;
    const spectrum::Result r = spectrum::amplitudeSpectrum(s, options);
    ASSERT_EQ(r.samples, 1000);
    EXPECT_NEAR(r.step, 1e-3, 1e-12);
    ASSERT_EQ(r.frequency.size(), 501u);
    EXPECT_NEAR(r.frequency[1], 1.0, 1e-9);
    EXPECT_NEAR(r.frequency.back(), 500.0, 1e-6) << "up to Nyquist";
    EXPECT_NEAR(r.frequency[peakBin(r)], 50.0, 1e-9);
    EXPECT_NEAR(amplitudeAt(r, 50.0), 2.5, 1e-9) << static_cast<int>(window);
    EXPECT_LT(amplitudeAt(r, 0.0), 1e-9);
  }
  // The rectangular window leaks nothing to the other bins of a sine on a bin.
  const spectrum::Result rect = spectrum::amplitudeSpectrum(s, {spectrum::Window::Rectangular});
  EXPECT_LT(amplitudeAt(rect, 70.0), 1e-9);
}

TEST(Spectrum, BetweenBinsWithinTheWindowsScallopingLoss)
{
  // 50.5 Hz lies half-way between bins: the worst case.
  const Samples s = sampled([](double t) { return 1.0 * std::sin(2 * kPi * 50.5 * t); }, 0.999, 999);
  auto peak = [&](spectrum::Window w) {
    const spectrum::Result r = spectrum::amplitudeSpectrum(s, {w});
    return r.amplitude[peakBin(r)];
  };
  EXPECT_NEAR(peak(spectrum::Window::FlatTop), 1.0, 0.002) << "flat top: below 0.01 dB";
  EXPECT_NEAR(peak(spectrum::Window::Hann), std::pow(10.0, -1.42 / 20), 0.01) << "Hann: −1.42 dB";
  EXPECT_NEAR(peak(spectrum::Window::Rectangular), 2 / kPi, 0.01) << "rectangular: −3.92 dB";
}

TEST(Spectrum, TwoSinesAndAnOffset)
{
  const Samples s = sampled(
      [](double t) { return 0.7 + 1.0 * std::sin(2 * kPi * 12.0 * t) + 0.25 * std::cos(2 * kPi * 80.0 * t); },
      1.999, 1999);
  spectrum::Options options;
  options.window = spectrum::Window::Hann;
  const spectrum::Result r = spectrum::amplitudeSpectrum(s, options);
  EXPECT_NEAR(r.frequency[1], 0.5, 1e-9);
  EXPECT_NEAR(amplitudeAt(r, 12.0), 1.0, 1e-6);
  EXPECT_NEAR(amplitudeAt(r, 80.0), 0.25, 1e-6);
  EXPECT_NEAR(amplitudeAt(r, 0.0), 0.7, 1e-6) << "the offset is the 0 Hz bin";
  EXPECT_LT(amplitudeAt(r, 40.0), 1e-6);
  // With the mean removed the 0 Hz bin holds only the windowed leakage of the sines.
  options.removeMean = true;
  const spectrum::Result centred = spectrum::amplitudeSpectrum(s, options);
  EXPECT_LT(amplitudeAt(centred, 0.0), 1e-3);
  EXPECT_NEAR(amplitudeAt(centred, 12.0), 1.0, 1e-3);
}

TEST(Spectrum, TimeRangeAndNonUniformGrid)
{
  // 3 Hz before t = 1 s, 20 Hz (amplitude 0.5) after; outputs at jittered times.
  auto f = [](double t) {
    return t < 1.0 ? std::sin(2 * kPi * 3.0 * t) : 0.5 * std::sin(2 * kPi * 20.0 * t);
  };
  Samples s;
  for (int k = 0; k <= 4000; ++k) {
    const double jitter = k == 0 || k == 4000 ? 0.0 : 0.3 * std::sin(1.7 * k);  // of a step
    const double t = (k + jitter) * 5e-4;
    s.emplace_back(t, f(t));
  }
  spectrum::Options options;
  options.window = spectrum::Window::FlatTop;
  options.t0 = 1.0;
  options.t1 = 2.0;
  const spectrum::Result r = spectrum::amplitudeSpectrum(s, options);
  EXPECT_NEAR(r.t0, 1.0, 1e-3);
  EXPECT_NEAR(r.t1, 2.0, 1e-12);
  EXPECT_NEAR(r.step, 5e-4, 1e-5) << "the mean output step";
  EXPECT_NEAR(r.frequency[peakBin(r)], 20.0, 1.0 / (r.t1 - r.t0));
  EXPECT_NEAR(r.amplitude[peakBin(r)], 0.5, 0.01);
  EXPECT_LT(amplitudeAt(r, 3.0), 0.01) << "the first second is outside the range";

  // Too few samples in the range: nothing.
  options.t0 = 1.0;
  options.t1 = 1.001;
  EXPECT_TRUE(spectrum::amplitudeSpectrum(s, options).amplitude.empty());
}
