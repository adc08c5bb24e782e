// How a long run answers whoever watches it (issue 37 step 5): for each analysis of a large chain,
// the wall time to the first progress report of each phase (assembly, statics, steps) and the
// longest wall-time gap between two polls of cancelRequested() — the worst Cancel latency the run
// can have — plus a measured Cancel: the flag set 0.5 s into the run, the time until it returns.
//
//   bench_responsiveness [N ...]        (default: 1000 10000)
//
// Models: the spherical pendulum chain of BenchModels.hpp and a revolute chain whose joint axes
// alternate between z and a skewed axis (what the issue measured), both from rest, gravity on.
// Wall time is what a GUI user waits, so it is measured here despite the shared machine; run it
// on an idle machine and read the figures as an upper bound.
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <thread>
#include <vector>

#include "BenchModels.hpp"
#include "mbs/solver/Analysis.hpp"
#include "mbs/solver/Results.hpp"

using namespace mbs::solver;
using Clock = std::chrono::steady_clock;

namespace {

// Links of length 1 along x, each on a revolute joint at its left end; odd joints turn about z,
// even ones about an axis tilted 30° from z towards x, so the chain moves out of its plane.
Model skewedRevoluteChain(int n)
{
  Model m;
  m.gravity = Vec3(0, -9.81, 0);
  const double tilt = 30.0 * M_PI / 180.0;
  for (int k = 0; k < n; ++k) {
    m.bodies.push_back(
        bench::rod("link" + std::to_string(k), Vec3(k + 0.5, 0, 0), Vec3(0.001, 0.084, 0.084)));
    const Vec3 axis = k % 2 == 0 ? Vec3(0, 0, 1) : Vec3(std::sin(tilt), 0, std::cos(tilt));
    // Marker z along the axis, x completing a right-handed frame.
    Vec3 x = Vec3(0, 1, 0).cross(axis).normalized();
    Mat3 frame;
    frame.col(0) = x;
    frame.col(1) = axis.cross(x);
    frame.col(2) = axis;
    const int i = bench::marker(m, k, Vec3(-0.5, 0, 0));
    const int j = k == 0 ? bench::marker(m, kGround, Vec3::Zero()) : bench::marker(m, k - 1, Vec3(0.5, 0, 0));
    m.markers[static_cast<std::size_t>(i)].orientation = frame;
    m.markers[static_cast<std::size_t>(j)].orientation = frame;
    bench::joint(m, JointType::Revolute, i, j);
  }
  return m;
}

const char* phaseName(Phase p)
{
  switch (p) {
    case Phase::Assembly:
      return "assembly";
    case Phase::Statics:
      return "statics";
    case Phase::Steps:
      return "steps";
  }
  return "?";
}

// Records when each phase first reports and the longest gap between two cancel polls.
class Watcher : public ProgressMonitor {
public:
  explicit Watcher(Clock::time_point start) : m_start(start), m_lastPoll(start) {}

  void onStep(const StepInfo& info) override
  {
    const int p = static_cast<int>(info.phase);
    if (m_firstReport[p] < 0)
      m_firstReport[p] = seconds(Clock::now());
  }
  bool cancelRequested() const override
  {
    const Clock::time_point now = Clock::now();
    const double gap = std::chrono::duration<double>(now - m_lastPoll).count();
    if (gap > m_longestGap) {
      m_longestGap = gap;
      m_longestGapAt = seconds(now);
    }
    m_lastPoll = now;
    return m_cancel.load();
  }
  void requestCancel() { m_cancel.store(true); }

  double seconds(Clock::time_point t) const { return std::chrono::duration<double>(t - m_start).count(); }
  double firstReport(Phase p) const { return m_firstReport[static_cast<int>(p)]; }
  double longestGap() const { return m_longestGap; }
  double longestGapAt() const { return m_longestGapAt; }

private:
  Clock::time_point m_start;
  mutable Clock::time_point m_lastPoll;
  mutable double m_longestGap = 0.0;
  mutable double m_longestGapAt = 0.0;
  double m_firstReport[3] = {-1, -1, -1};
  std::atomic<bool> m_cancel{false};
};

struct Run {
  double total = 0.0;
  double gap = 0.0, gapAt = 0.0;
  double first[3] = {-1, -1, -1};
  std::string status;
};

Run runOnce(const Model& model, AnalysisKind kind, double cancelAfter)
{
  AnalysisSettings settings;
  settings.kind = kind;
  settings.endTime = 1.0;
  settings.outputStep = 0.01;
  const Clock::time_point start = Clock::now();
  Watcher watcher(start);
  std::thread canceller;
  std::atomic<bool> finished{false};
  if (cancelAfter > 0.0)
    canceller = std::thread([&] {
      while (!finished.load() && watcher.seconds(Clock::now()) < cancelAfter)
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
      watcher.requestCancel();
    });
  ResultStore results;
  const AnalysisOutcome outcome = runAnalysis(model, settings, &watcher, results);
  finished.store(true);
  Run r;
  r.total = watcher.seconds(Clock::now());
  if (canceller.joinable())
    canceller.join();
  r.gap = watcher.longestGap();
  r.gapAt = watcher.longestGapAt();
  for (int p = 0; p < 3; ++p)
    r.first[p] = watcher.firstReport(static_cast<Phase>(p));
  r.status = outcome.status.ok() ? "ok" : outcome.status.message.substr(0, 60);
  return r;
}

void report(const char* model, int n, const char* analysis, const Run& r)
{
  std::printf("%-9s %6d  %-8s %8.3f  %8.3f @%7.3f", model, n, analysis, r.total, r.gap, r.gapAt);
  for (int p = 0; p < 3; ++p)
    std::printf("  %8.3f", r.first[p]);
  std::printf("  %s\n", r.status.c_str());
}

}  // namespace

int main(int argc, char** argv)
{
  std::vector<int> sizes;
  for (int a = 1; a < argc; ++a)
    sizes.push_back(std::atoi(argv[a]));
  if (sizes.empty())
    sizes = {1000, 10000};

  std::printf(
      "Wall times [s]; 'gap' = longest time between two cancel polls (@ when); first report per "
      "phase (-1 = none)\n");
  std::printf("%-9s %6s  %-8s %8s  %8s %8s  %8s  %8s  %8s  %s\n", "model", "N", "analysis", "total", "gap",
              "", "assembly", "statics", "steps", "status");
  for (int n : sizes) {
    const std::pair<const char*, Model> models[] = {{"spherical", bench::pendulumChain(n)},
                                                    {"revolute", skewedRevoluteChain(n)}};
    for (const auto& [name, model] : models) {
      report(name, n, "initial", runOnce(model, AnalysisKind::InitialConditions, 0.0));
      report(name, n, "static", runOnce(model, AnalysisKind::Static, 0.0));
      report(name, n, "dynamic", runOnce(model, AnalysisKind::Dynamic, 0.0));
      const Run cancelled = runOnce(model, AnalysisKind::Dynamic, 0.5);
      if (cancelled.total < 0.5)
        std::printf("%-9s %6d  finished in %.3f s, before the Cancel at 0.5 s\n", name, n, cancelled.total);
      else
        std::printf("%-9s %6d  Cancel at 0.5 s returned after %.3f s (%s)\n", name, n, cancelled.total - 0.5,
                    cancelled.status.c_str());
    }
  }
  return 0;
}
