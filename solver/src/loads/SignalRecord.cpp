#include "loads/SignalRecord.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "forces/ModelStateView.hpp"
#include "mbs/solver/DelaySteps.hpp"

namespace mbs::solver {
namespace {
thread_local const loads::SignalRecord* t_record = nullptr;
}  // namespace

namespace loads {

void SignalRecord::record(const Model& model, double t, const Vec& q, const Vec& qd)
{
  if (model.recordedSignals.empty())
    return;
  if (signals.size() != model.recordedSignals.size()) {
    signals.clear();
    for (const auto& s : model.recordedSignals)
      signals.push_back(s.get());
    values.assign(signals.size(), {});
    times.clear();
  }
  const auto keep = std::size_t(std::lower_bound(times.begin(), times.end(), t) - times.begin());
  times.resize(keep);
  for (auto& v : values)
    v.resize(keep);
  // Evaluated with the record as it stands (a signal may itself delay another).
  const ScopedSignalRecord scope(this);
  const solver::detail::ModelStateView view(model, t, q, qd);
  std::vector<double> now(signals.size());
  for (std::size_t k = 0; k < signals.size(); ++k)
    now[k] = signals[k]->value(view);
  times.push_back(t);
  for (std::size_t k = 0; k < signals.size(); ++k)
    values[k].push_back(now[k]);
}

double SignalRecord::takeStepLimit()
{
  const double limit = smallestDelay;
  smallestDelay = std::numeric_limits<double>::infinity();
  return limit;
}

ScopedSignalRecord::ScopedSignalRecord(const SignalRecord* record) : m_previous(t_record)
{
  t_record = record;
}

ScopedSignalRecord::~ScopedSignalRecord()
{
  t_record = m_previous;
}

namespace detail {

double interpolateSignal(const std::vector<double>& times, const std::vector<double>& values, double s,
                         int order, double jump, double corner)
{
  const std::size_t n = times.size();
  if (n == 0 || !(s >= times.front()))
    return std::numeric_limits<double>::quiet_NaN();
  if (s >= times.back())
    return values.back();
  // The interval [i, i+1] holding s.
  const std::size_t i = std::size_t(std::upper_bound(times.begin(), times.end(), s) - times.begin()) - 1;
  const auto jumps = [&](std::size_t a) { return std::abs(values[a + 1] - values[a]) > jump; };
  const auto linear = [&](std::size_t a) {
    const double w = (s - times[a]) / (times[a + 1] - times[a]);
    return (1.0 - w) * values[a] + w * values[a + 1];
  };
  if (jumps(i))
    return linear(i);
  const auto slope = [&](std::size_t a, std::size_t b) {
    return (values[b] - values[a]) / (times[b] - times[a]);
  };
  // Nodes are added outward from [i, i+1], the nearer side first, within the smooth piece: not past
  // a jump or a corner (at the last node taken on that side). Points closer than a quarter of the
  // interval to the last node taken are passed over: the integrator clusters steps where it slows
  // down, and a polynomial through clustered noisy points would amplify their noise.
  const double minGap = 0.25 * (times[i + 1] - times[i]);
  std::vector<std::size_t> nodes{i, i + 1};
  std::size_t lo = i, hi = i + 1, loPrev = i + 1, hiPrev = i;  // the node inside of each end
  std::ptrdiff_t left = std::ptrdiff_t(i) - 1;
  std::size_t right = i + 2;
  bool leftOpen = true, rightOpen = true;
  while (int(nodes.size()) <= order && (leftOpen || rightOpen)) {
    while (leftOpen && left >= 0 && times[lo] - times[std::size_t(left)] < minGap)
      --left;
    while (rightOpen && right < n && times[right] - times[hi] < minGap)
      ++right;
    leftOpen = leftOpen && left >= 0;
    rightOpen = rightOpen && right < n;
    const bool takeLeft = leftOpen && (!rightOpen || s - times[std::size_t(left)] <= times[right] - s);
    if (takeLeft) {
      const auto c = std::size_t(left);
      if (std::abs(values[lo] - values[c]) > jump ||
          std::abs(std::atan(slope(c, lo)) - std::atan(slope(lo, loPrev))) > corner) {
        leftOpen = false;
        continue;
      }
      nodes.push_back(c);
      loPrev = lo, lo = c, --left;
    } else if (rightOpen) {
      if (std::abs(values[right] - values[hi]) > jump ||
          std::abs(std::atan(slope(hi, right)) - std::atan(slope(hiPrev, hi))) > corner) {
        rightOpen = false;
        continue;
      }
      nodes.push_back(right);
      hiPrev = hi, hi = right, ++right;
    }
  }
  double sum = 0.0;
  for (std::size_t a : nodes) {
    double w = 1.0;
    for (std::size_t b : nodes)
      if (b != a)
        w *= (s - times[b]) / (times[a] - times[b]);
    sum += w * values[a];
  }
  return sum;
}

}  // namespace detail
}  // namespace loads

void noteDelay(double delay)
{
  if (t_record && delay > 0.0 && delay < t_record->smallestDelay)
    t_record->smallestDelay = delay;
}

std::optional<double> recordedValue(const RecordedSignal& signal, double s, double t, double now)
{
  const loads::SignalRecord* r = t_record;
  if (!r)
    return std::nullopt;
  const auto it = std::find(r->signals.begin(), r->signals.end(), &signal);
  if (it == r->signals.end())
    return std::nullopt;
  const auto k = std::size_t(it - r->signals.begin());
  // The recorded times before t, then (t, now): the window of them the interpolation can use.
  const auto& rt = r->times;
  const auto before = std::size_t(std::lower_bound(rt.begin(), rt.end(), t) - rt.begin());
  const auto at =
      std::size_t(std::upper_bound(rt.begin(), rt.begin() + std::ptrdiff_t(before), s) - rt.begin());
  constexpr std::size_t kReach = 32;  // the 7 points of order 6 past clusters of short steps
  const std::size_t first = at > kReach ? at - kReach : 0;
  const std::size_t last = std::min(before, at + kReach);
  std::vector<double> times(rt.begin() + std::ptrdiff_t(first), rt.begin() + std::ptrdiff_t(last));
  std::vector<double> values(r->values[k].begin() + std::ptrdiff_t(first),
                             r->values[k].begin() + std::ptrdiff_t(last));
  if (first == 0 && (times.empty() || s < times.front()))
    return std::numeric_limits<double>::quiet_NaN();  // before the record (a continued run)
  if (last == before) {
    times.push_back(t);
    values.push_back(now);
  }
  return loads::detail::interpolateSignal(times, values, s);
}

}  // namespace mbs::solver
