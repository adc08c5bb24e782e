#include "mbs/solver/Functions.hpp"

#include <cmath>
#include <deque>
#include <stdexcept>

#include "NonFiniteReports.hpp"

namespace mbs::solver {
namespace {

constexpr std::size_t kKeptReports = 16;
thread_local std::deque<detail::NonFiniteReport> t_reports;  // the latest ones, oldest first
thread_local AnalysisMode t_mode = AnalysisMode::Dynamics;

}  // namespace

AnalysisMode currentAnalysisMode()
{
  return t_mode;
}

ScopedAnalysisMode::ScopedAnalysisMode(AnalysisMode mode) : m_previous(t_mode)
{
  t_mode = mode;
}

ScopedAnalysisMode::~ScopedAnalysisMode()
{
  t_mode = m_previous;
}

void reportNonFiniteFunction(const std::string& element, const std::string& detail, double time)
{
  if (t_reports.size() == kKeptReports)
    t_reports.pop_front();
  t_reports.push_back({element, detail, time});
}

namespace detail {

void clearNonFiniteReports()
{
  t_reports.clear();
}

std::optional<NonFiniteReport> nonFiniteBlame(double since)
{
  if (t_reports.empty() || !(t_reports.back().time >= since))
    return std::nullopt;
  // The earliest report of the latest evaluation time: a VARIABLE before the force reading it.
  const double latest = t_reports.back().time;
  for (const auto& r : t_reports)
    if (r.time == latest)
      return r;
  return t_reports.back();
}

}  // namespace detail

double TimeFunction::derivative(double t, int order) const
{
  // Five-point central differences; the step balances truncation against round-off.
  if (order == 1) {
    const double h = 1e-3 * std::max(1.0, std::abs(t));
    return (value(t - 2 * h) - 8 * value(t - h) + 8 * value(t + h) - value(t + 2 * h)) / (12 * h);
  }
  if (order == 2) {
    const double h = 1e-2 * std::max(1.0, std::abs(t));
    return (-value(t - 2 * h) + 16 * value(t - h) - 30 * value(t) + 16 * value(t + h) - value(t + 2 * h)) /
           (12 * h * h);
  }
  throw std::invalid_argument("TimeFunction::derivative: order must be 1 or 2");
}

}  // namespace mbs::solver
