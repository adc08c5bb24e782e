// mbstudio's solver against Simbody (recursive O(N) formulation in joint coordinates, explicit
// Runge–Kutta–Merson) on the same N-link spatial pendulum chain, at equal accuracy.
// Accuracy: position error of the chain's free tip at t = T against a reference from Simbody at
// accuracy 1e-12 (itself checked against mbstudio at its tightest tolerance). For each code and
// tolerance the table gives that error and the CPU time; the summary gives, per code, the fastest
// run whose error is below each target.
//   usage: compare_simbody [N=10] [T=1] [dmbs-only|default-only]   (dmbs-only: Simbody and the DMBS
//          formulation; default-only: Simbody and mbstudio's default run, AnalysisSettings as they come
//          but for the tolerance — the automatic formulation since issue 37)
//          compare_simbody N T dmbs-at|simbody-at|si2-at|i3-at TOL (one run of one code, no reference:
//          for callgrind)
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "BenchModels.hpp"
#include "SimbodyChain.hpp"
#include "System.hpp"
#include "dynamics/DynamicAnalysis.hpp"
#include "mbs/solver/Analysis.hpp"
#include "mbs/solver/Results.hpp"

namespace {

using Clock = mbs::solver::bench::ThreadCpuClock;  // (see BenchModels.hpp)

struct Run {
  std::string code, setting;
  double tolerance = 0.0;
  mbs::solver::Vec3 tip = mbs::solver::Vec3::Zero();
  double cpu = 0.0;  // CPU time of the run [s] (ThreadCpuClock)
  long steps = 0, rejected = 0;
  bool ok = true;
};

// Counts the accepted steps of an mbstudio run.
class StepCounter : public mbs::solver::ProgressMonitor {
public:
  void onStep(const mbs::solver::StepInfo& info) override
  {
    steps = info.steps;
    rejected = info.rejectedSteps;
  }
  long steps = 0, rejected = 0;
};

Run simbodyChain(int n, double endTime, double accuracy)
{
  const mbs::bench::SimbodyRun s = mbs::bench::simbodyChain(n, endTime, accuracy);
  Run run;
  run.code = "Simbody";
  run.setting = "RK-Merson";
  run.tolerance = accuracy;
  run.tip = mbs::solver::Vec3(s.tip[0], s.tip[1], s.tip[2]);
  run.cpu = s.cpu;
  run.steps = s.steps;
  run.rejected = s.rejected;
  return run;
}

// mbstudio's default run (no flags): the entry point with default AnalysisSettings.
Run mbstudioDefault(int n, double endTime, double tolerance)
{
  using namespace mbs::solver;
  Run run;
  run.code = "mbs-auto";
  run.setting = "default";
  run.tolerance = tolerance;
  const auto t0 = Clock::now();
  const Model model = bench::pendulumChain(n);
  ResultStore results;
  StepCounter counter;
  AnalysisSettings settings;
  settings.endTime = endTime;
  settings.outputStep = endTime;
  settings.tolerance = tolerance;
  const Status st = runAnalysis(model, settings, &counter, results).status;
  run.cpu = std::chrono::duration<double>(Clock::now() - t0).count();
  run.steps = counter.steps;
  run.rejected = counter.rejected;
  run.ok = st.ok() && results.size() > 0;
  if (run.ok) {
    const BodyOutput last = results.frame(results.size() - 1).bodies.back();
    run.tip = last.position + last.orientation * Vec3(0.5, 0, 0);
  }
  return run;
}

Run mbstudioChain(int n, double endTime, double tolerance, mbs::solver::Formulation formulation,
                  mbs::solver::IntegratorType integrator = mbs::solver::IntegratorType::Gstiff)
{
  using namespace mbs::solver;
  Run run;
  run.code = formulation == Formulation::DMBS ? "mbs-DMBS" : "mbstudio";
  run.setting = formulation == Formulation::DMBS      ? "DMBS RK5(4)"
                : integrator == IntegratorType::Rkf45 ? "RKF45"
                : formulation == Formulation::SI2     ? "GSTIFF SI2"
                                                      : "GSTIFF I3";
  run.tolerance = tolerance;
  const auto t0 = Clock::now();
  const Model model = bench::pendulumChain(n);
  ResultStore results;
  StepCounter counter;
  Status st;
  if (formulation == Formulation::DMBS) {
    // Joint coordinates: the solver entry point (its own Runge–Kutta 5(4) on the tree).
    AnalysisSettings settings;
    settings.formulation = Formulation::DMBS;
    settings.integrator = IntegratorType::Rkf45;
    settings.endTime = endTime;
    settings.outputStep = endTime;
    settings.tolerance = tolerance;
    st = runAnalysis(model, settings, &counter, results).status;
  } else {
    System system(model);
    DynamicOptions options;
    options.endTime = endTime;
    options.outputStep = endTime;
    options.integrator = integrator;
    options.integratorOptions.tolerance = tolerance;
    options.integratorOptions.formulation = formulation;
    st = runDynamics(system, options, &counter, results);
  }
  run.cpu = std::chrono::duration<double>(Clock::now() - t0).count();
  run.steps = counter.steps;
  run.rejected = counter.rejected;
  run.ok = st.ok() && results.size() > 0;
  if (run.ok) {
    const BodyOutput last = results.frame(results.size() - 1).bodies.back();
    run.tip = last.position + last.orientation * Vec3(0.5, 0, 0);
  }
  return run;
}

}  // namespace

int main(int argc, char** argv)
{
  const int n = argc > 1 ? std::atoi(argv[1]) : 10;
  const double endTime = argc > 2 ? std::atof(argv[2]) : 1.0;
  const bool dmbsOnly = argc > 3 && std::string(argv[3]) == "dmbs-only";
  const bool defaultOnly = argc > 3 && std::string(argv[3]) == "default-only";
  const std::string single = argc > 4 ? argv[3] : "";
  if (single == "default-at") {
    const Run r = mbstudioDefault(n, endTime, std::atof(argv[4]));
    std::printf("%s tol %s: tip (%.9f, %.9f, %.9f), %ld steps (%ld rejected), %.4f s\n", r.code.c_str(),
                argv[4], r.tip.x(), r.tip.y(), r.tip.z(), r.steps, r.rejected, r.cpu);
    return r.ok ? 0 : 1;
  }
  if (single == "dmbs-at" || single == "simbody-at" || single == "si2-at" || single == "i3-at") {
    using mbs::solver::Formulation;
    const double tol = std::atof(argv[4]);
    const Run r = single == "simbody-at" ? simbodyChain(n, endTime, tol)
                  : single == "dmbs-at"  ? mbstudioChain(n, endTime, tol, Formulation::DMBS)
                  : single == "si2-at"   ? mbstudioChain(n, endTime, tol, Formulation::SI2)
                                         : mbstudioChain(n, endTime, tol, Formulation::I3);
    std::printf("%s tol %s: tip (%.9f, %.9f, %.9f), %ld steps (%ld rejected), %.4f s\n", r.code.c_str(),
                argv[4], r.tip.x(), r.tip.y(), r.tip.z(), r.steps, r.rejected, r.cpu);
    return r.ok ? 0 : 1;
  }

  const Run reference = simbodyChain(n, endTime, 1e-12);
  const Run check = defaultOnly ? mbstudioDefault(n, endTime, 1e-9)
                                : mbstudioChain(n, endTime, 1e-9, mbs::solver::Formulation::SI2);
  std::printf("N = %d, T = %g s; reference tip (Simbody, accuracy 1e-12) = (%.9f, %.9f, %.9f)\n", n, endTime,
              reference.tip.x(), reference.tip.y(), reference.tip.z());
  std::printf("mbstudio %s at tol 1e-9 differs from it by %.2e m\n\n", defaultOnly ? "(default)" : "SI2",
              (check.tip - reference.tip).norm());

  std::vector<Run> runs;
  // 1-2-5 points per decade from 1e-2 to 1e-4 for every code (a coarser grid lets the luck of
  // where a code's error falls decide), decades below. Each run three times, keeping the least CPU
  // time (the shared machine's caches still vary it; results are identical run to run).
  auto fastestOf3 = [](auto run) {
    Run best = run();
    for (int k = 0; k < 2; ++k) {
      const Run again = run();
      best.cpu = std::min(best.cpu, again.cpu);
    }
    return best;
  };
  for (double tol : {1e-2, 5e-3, 2e-3, 1e-3, 5e-4, 2e-4, 1e-4, 1e-5, 1e-6, 1e-7}) {
    runs.push_back(fastestOf3([&] { return simbodyChain(n, endTime, tol); }));
    runs.push_back(fastestOf3([&] { return mbstudioDefault(n, endTime, tol); }));
    if (defaultOnly)
      continue;
    runs.push_back(
        fastestOf3([&] { return mbstudioChain(n, endTime, tol, mbs::solver::Formulation::DMBS); }));
    if (dmbsOnly)
      continue;
    // The absolute formulations on the same grid and also fastest of three (until 2026-11-25 they
    // ran once, at the decades from 1e-3 down; the summary keeps that selection as a second row).
    // Below 1e-5 once: those runs are in the table, not in the summary's targets.
    for (auto formulation : {mbs::solver::Formulation::SI2, mbs::solver::Formulation::I3}) {
      auto run = [&] { return mbstudioChain(n, endTime, tol, formulation); };
      runs.push_back(tol >= 1e-5 ? fastestOf3(run) : run());
    }
    const bool decade = std::abs(std::log10(tol) - std::round(std::log10(tol))) < 1e-9;
    // RKF45 picks its coordinate partition with a dense LU of Φ_q: hours at N = 1000.
    if (decade && tol <= 1e-3 && n <= 200)
      runs.push_back(
          mbstudioChain(n, endTime, tol, mbs::solver::Formulation::I3, mbs::solver::IntegratorType::Rkf45));
  }
  std::printf("%-9s %-11s %8s %12s %7s %5s %10s\n", "code", "setting", "tol", "tip error[m]", "steps", "rej",
              "cpu[s]");
  for (const Run& r : runs)
    std::printf("%-9s %-11s %8.0e %12.2e %7ld %5ld %10.4f%s\n", r.code.c_str(), r.setting.c_str(),
                r.tolerance, (r.tip - reference.tip).norm(), r.steps, r.rejected, r.cpu,
                r.ok ? "" : "  (failed)");

  std::printf("\nfastest run per code with tip error below the target:\n%-9s %10s %10s %10s\n", "code",
              "1e-3 m", "1e-4 m", "1e-5 m");
  // Rows: Simbody, mbstudio (absolute formulations, whole grid), DMBS, and mbstudio on the decades
  // from 1e-3 down only (the selection of the passes before 2026-11-25).
  auto isDecade = [](double tol) { return std::abs(std::log10(tol) - std::round(std::log10(tol))) < 1e-9; };
  std::vector<std::vector<double>> bests(5);
  const char* rowNames[] = {"Simbody", "mbstudio", "mbs-DMBS", "mbs(dec.)", "mbs-auto"};
  for (int row = 0; row < 5; ++row) {
    const std::string code = row == 3 ? "mbstudio" : rowNames[row];
    std::printf("%-9s", rowNames[row]);
    for (double target : {1e-3, 1e-4, 1e-5}) {
      double best = -1.0;
      for (const Run& r : runs)
        if (r.code == code && r.ok && (row != 3 || (isDecade(r.tolerance) && r.tolerance <= 1e-3)) &&
            (r.tip - reference.tip).norm() < target && (best < 0 || r.cpu < best))
          best = r.cpu;
      bests[row].push_back(best);
      if (best < 0)
        std::printf(" %10s", "-");
      else
        std::printf(" %9.4fs", best);
    }
    std::printf("\n");
  }
  for (int row : {1, 3}) {
    std::printf("%-9s", row == 1 ? "mbstudio/Simbody" : "mbs(dec.)/Simbody");
    for (std::size_t k = 0; k < bests[0].size(); ++k)
      if (bests[0][k] > 0 && bests[row][k] > 0)
        std::printf(" %9.2fx", bests[row][k] / bests[0][k]);
      else
        std::printf(" %10s", "-");
    std::printf("\n");
  }
  std::printf("%-9s", "Simbody/default");
  for (std::size_t k = 0; k < bests[0].size(); ++k)
    if (bests[0][k] > 0 && bests[4][k] > 0)
      std::printf(" %9.2fx", bests[0][k] / bests[4][k]);
    else
      std::printf(" %10s", "-");
  std::printf("\n");
  std::printf("%-9s", "Simbody/DMBS");
  for (std::size_t k = 0; k < bests[0].size(); ++k)
    if (bests[0][k] > 0 && bests[2][k] > 0)
      std::printf(" %9.2fx", bests[0][k] / bests[2][k]);
    else
      std::printf(" %10s", "-");
  std::printf("\n");
  return 0;
}
