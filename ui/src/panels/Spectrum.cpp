#include "mbs/ui/panels/Spectrum.hpp"

#include <algorithm>
#include <cmath>
#include <complex>
#include <numbers>
#include <numeric>
#include <unsupported/Eigen/FFT>

namespace mbs::ui::spectrum {

std::vector<double> window(Window kind, int n)
{
  std::vector<double> w(static_cast<std::size_t>(std::max(n, 0)), 1.0);
  // Cosine-sum windows a0 − a1 cos x + a2 cos 2x − …, x = 2πk/n; flat top as in ISO 18431-1 /
  // MATLAB's flattopwin (peak error below 0.01 dB anywhere between bins).
  std::vector<double> a;
  switch (kind) {
    case Window::Rectangular:
      return w;
    case Window::Hann:
      a = {0.5, 0.5};
      break;
    case Window::Hamming:
      a = {0.54, 0.46};
      break;
    case Window::FlatTop:
      a = {0.21557895, 0.41663158, 0.277263158, 0.083578947, 0.006947368};
      break;
  }
  for (int k = 0; k < n; ++k) {
    const double x = 2.0 * std::numbers::pi * k / n;
    double value = 0.0;
    for (std::size_t j = 0; j < a.size(); ++j)
      value += (j % 2 == 0 ? 1.0 : -1.0) * a[j] * std::cos(static_cast<double>(j) * x);
    w[static_cast<std::size_t>(k)] = value;
  }
  return w;
}

Result amplitudeSpectrum(const std::vector<std::pair<double, double>>& samples, const Options& options)
{
  Result result;
  if (samples.size() < 4)
    return result;
  const double lo = std::max(options.t0, samples.front().first);
  const double hi = std::min(options.t1, samples.back().first);
  const auto count = std::count_if(samples.begin(), samples.end(),
                                   [&](const auto& s) { return s.first >= lo && s.first <= hi; });
  if (!(hi > lo) || count < 4)
    return result;
  // As many uniform samples as the range holds, at their mean step.
  const int n = static_cast<int>(count);
  const double dt = (hi - lo) / (n - 1);
  std::vector<double> x(static_cast<std::size_t>(n));
  std::size_t j = 1;
  for (int k = 0; k < n; ++k) {
    const double t = k + 1 == n ? hi : lo + k * dt;
    while (j + 1 < samples.size() && samples[j].first < t)
      ++j;
    const auto& [ta, va] = samples[j - 1];
    const auto& [tb, vb] = samples[j];
    const double w = tb > ta ? std::clamp((t - ta) / (tb - ta), 0.0, 1.0) : 1.0;
    x[static_cast<std::size_t>(k)] = (1.0 - w) * va + w * vb;
  }
  if (options.removeMean) {
    const double mean = std::accumulate(x.begin(), x.end(), 0.0) / n;
    for (double& v : x)
      v -= mean;
  }
  const std::vector<double> w = window(options.window, n);
  const double gain = std::accumulate(w.begin(), w.end(), 0.0);  // n × coherent gain
  for (int k = 0; k < n; ++k)
    x[static_cast<std::size_t>(k)] *= w[static_cast<std::size_t>(k)];

  Eigen::FFT<double> fft;
  std::vector<std::complex<double>> spectrum;
  fft.fwd(spectrum, x);
  const int bins = n / 2 + 1;
  result.frequency.resize(static_cast<std::size_t>(bins));
  result.amplitude.resize(static_cast<std::size_t>(bins));
  for (int k = 0; k < bins; ++k) {
    // One-sided: the negative frequencies' half goes to every bin but 0 Hz and (n even) Nyquist.
    const bool single = k == 0 || (n % 2 == 0 && k == n / 2);
    result.frequency[static_cast<std::size_t>(k)] = k / (n * dt);
    result.amplitude[static_cast<std::size_t>(k)] =
        (single ? 1.0 : 2.0) * std::abs(spectrum[static_cast<std::size_t>(k)]) / gain;
  }
  result.samples = n;
  result.step = dt;
  result.t0 = lo;
  result.t1 = hi;
  return result;
}

}  // namespace mbs::ui::spectrum
