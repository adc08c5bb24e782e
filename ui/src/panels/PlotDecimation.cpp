#include "PlotDecimation.hpp"

#include <algorithm>
#include <cmath>

namespace mbs::ui::plot {

namespace {

bool xLess(const std::pair<double, double>& s, double x)
{
  return s.first < x;
}

}  // namespace

QList<QPointF> decimateToColumns(const std::vector<std::pair<double, double>>& samples, double x0, double x1,
                                 int columns)
{
  QList<QPointF> out;
  if (samples.empty())
    return out;
  columns = std::max(columns, 1);
  // The visible samples [first, last) and one neighbour outside on each side.
  const std::size_t first = std::lower_bound(samples.begin(), samples.end(), x0, xLess) - samples.begin();
  const std::size_t last =
      std::upper_bound(samples.begin(), samples.end(), x1,
                       [](double x, const std::pair<double, double>& s) { return x < s.first; }) -
      samples.begin();
  const std::size_t from = first > 0 ? first - 1 : 0;
  const std::size_t to = last < samples.size() ? last + 1 : samples.size();
  auto append = [&](std::size_t k) { out.append(QPointF(samples[k].first, samples[k].second)); };
  const std::size_t budget = 2 * static_cast<std::size_t>(columns) + 2;
  if (to - from <= budget || !(x1 > x0)) {
    out.reserve(static_cast<qsizetype>(std::min(to - from, budget)));
    for (std::size_t k = from; k < to && static_cast<std::size_t>(out.size()) < budget; ++k)
      append(k);
    return out;
  }
  out.reserve(static_cast<qsizetype>(budget));
  if (from < first)
    append(from);
  const double width = (x1 - x0) / columns;
  std::size_t k = first;
  while (k < last) {
    // The column of sample k and the samples in it.
    const int column = std::min(columns - 1, static_cast<int>((samples[k].first - x0) / width));
    const double columnEnd = column == columns - 1 ? x1 : x0 + (column + 1) * width;
    std::size_t lo = k, hi = k, end = k + 1;
    while (end < last && (samples[end].first < columnEnd || column == columns - 1)) {
      if (samples[end].second < samples[lo].second)
        lo = end;
      if (samples[end].second > samples[hi].second)
        hi = end;
      ++end;
    }
    append(std::min(lo, hi));
    if (lo != hi)
      append(std::max(lo, hi));
    k = end;
  }
  if (to > last)
    append(last);
  return out;
}

double interpolateSorted(const std::vector<std::pair<double, double>>& s, double x)
{
  if (s.empty())
    return 0.0;
  if (x <= s.front().first)
    return s.front().second;
  if (x >= s.back().first)
    return s.back().second;
  const auto next = std::lower_bound(s.begin(), s.end(), x, xLess);  // first with s.first >= x
  const auto prev = next - 1;
  const double span = next->first - prev->first;
  const double w = span > 0 ? (x - prev->first) / span : 1.0;
  return (1.0 - w) * prev->second + w * next->second;
}

}  // namespace mbs::ui::plot
