#pragma once
// One-sided amplitude spectrum of a sampled quantity (Qt-free, for the Plot panel's spectrum view).
// The samples in [t0, t1] are resampled onto a uniform grid at their mean step by linear
// interpolation (solver output times need not be uniform), multiplied by the window, transformed
// with Eigen's FFT module (kissfft backend) and scaled by the window's coherent gain, so that a sine
// of amplitude A shows a peak of height A and a constant offset c shows as c in the 0 Hz bin.
#include <limits>
#include <utility>
#include <vector>

namespace mbs::ui::spectrum {

enum class Window { Rectangular, Hann, Hamming, FlatTop };

struct Options {
  Window window = Window::Hann;
  double t0 = -std::numeric_limits<double>::infinity();  // the time range used (clipped to the data)
  double t1 = std::numeric_limits<double>::infinity();
  bool removeMean = false;  // subtract the mean in the range before windowing (no 0 Hz peak)
};

struct Result {
  std::vector<double> frequency;  // [Hz], 0 … Nyquist in steps of 1 / (n Δt)
  std::vector<double> amplitude;  // in the unit of the quantity
  int samples = 0;                // n uniform samples used
  double step = 0.0;              // their spacing Δt [s]
  double t0 = 0.0, t1 = 0.0;      // the time range used
};

// The periodic (DFT-even) window of length n.
std::vector<double> window(Window kind, int n);

// Empty result if fewer than 4 samples lie in the range or the range has no length.
Result amplitudeSpectrum(const std::vector<std::pair<double, double>>& samples, const Options& options);

}  // namespace mbs::ui::spectrum
