// Dynamic analysis cost versus model size: an N-link spatial pendulum chain (spherical joints)
// and a chain of N four-bar loops (UDC A02 layout: N+1 cranks on ground revolutes, N couplers on
// spherical joints, so no redundant equations). GSTIFF-like BDF, SI2 and I3, and the DMBS joint-
// coordinate formulation (its own Runge–Kutta 5(4)), tol 1e-6, 1 s. DMBS solves the four-bar
// chain's multipliers sparse (3 equations per loop), but finds its redundant equations once by a
// dense Gram–Schmidt (O(m² n)), so its four-bar chain runs only up to N = 100.
// Prints steps, factorizations, set-up time (initial conditions, redundancy analysis, first step)
// and CPU time per simulated second of the integration (bench::ThreadCpuClock: on the shared
// machine wall time measured the other jobs); the latter should grow ~linearly.
//   usage: bench_dynamics [maxN=1000] [simulatedSeconds=1] [only=pendulum-chain|four-bar-chain] [minN=10]
//                         [formulation=SI2|I3|DMBS|RKF45]
// RKF45 runs the absolute coordinates with the coordinate-partitioning Runge–Kutta–Fehlberg
// instead of GSTIFF (it is listed under the formulation I3, which it ignores).
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "BenchModels.hpp"
#include "System.hpp"
#include "dynamics/DynamicAnalysis.hpp"
#include "mbs/solver/Analysis.hpp"
#include "mbs/solver/Results.hpp"

using namespace mbs::solver;
using mbs::solver::bench::fourBarChain;
using mbs::solver::bench::pendulumChain;
namespace bench = mbs::solver::bench;

namespace {

// Keeps the last step's statistics and when the first step ended (initial conditions,
// redundancy analysis and the first step are the set-up cost).
class LastStep : public ProgressMonitor {
public:
  void onStep(const StepInfo& info) override
  {
    if (last.steps == 0) {
      firstStep = bench::ThreadCpuClock::now();
      firstTime = info.time;
    }
    last = info;
  }
  StepInfo last;
  bench::ThreadCpuClock::time_point firstStep;
  double firstTime = 0.0;
};

// Returns the CPU time per simulated second; `base` is that of the smallest N (0: this is it).
double run(const char* name, int n, const Model& model, Formulation formulation, double seconds, double base,
           IntegratorType integrator = IntegratorType::Gstiff)
{
  const auto t0 = bench::ThreadCpuClock::now();
  System system(model);
  ResultStore results;
  LastStep monitor;
  Status st;
  if (formulation == Formulation::DMBS) {
    AnalysisSettings settings;
    settings.formulation = Formulation::DMBS;
    settings.integrator = IntegratorType::Rkf45;
    settings.endTime = seconds;
    settings.outputStep = 0.01;
    settings.tolerance = 1e-6;
    st = runAnalysis(model, settings, &monitor, results).status;
  } else {
    DynamicOptions options;
    options.endTime = seconds;
    options.outputStep = 0.01;
    options.integrator = integrator;
    options.integratorOptions.tolerance = 1e-6;
    options.integratorOptions.formulation = formulation;
    st = runDynamics(system, options, &monitor, results);
  }
  const auto t1 = bench::ThreadCpuClock::now();
  const double setup = std::chrono::duration<double>(monitor.firstStep - t0).count();
  const double perSimSecond =
      std::chrono::duration<double>(t1 - monitor.firstStep).count() / (seconds - monitor.firstTime);
  std::printf("%-14s %5d %4s %7d %6ld %6ld %7ld %6ld %8ld %9.3f %10.3f %12.2e %7.1f  %s\n", name, n,
              toString(formulation), system.numCoordinates(), monitor.last.steps, monitor.last.rejectedSteps,
              monitor.last.newtonIterations, monitor.last.jacobianEvaluations, monitor.last.factorizations,
              setup, perSimSecond, perSimSecond / system.numCoordinates(),
              base > 0.0 ? perSimSecond / base : 1.0, st.ok() ? "ok" : st.message.c_str());
  std::fflush(stdout);
  return perSimSecond;
}

}  // namespace

int main(int argc, char** argv)
{
  const int maxN = argc > 1 ? std::atoi(argv[1]) : 1000;
  const double seconds = argc > 2 ? std::atof(argv[2]) : 1.0;
  const std::string only = argc > 3 ? argv[3] : "";
  const int minN = argc > 4 ? std::atoi(argv[4]) : 10;
  const std::string onlyFormulation = argc > 5 ? argv[5] : "";
  std::printf("%-14s %5s %4s %7s %6s %6s %7s %6s %8s %9s %10s %12s %7s\n", "model", "N", "form", "coords",
              "steps", "rej", "newton", "jac", "factor", "setup[s]", "cpu/simS", "cpu/simS/n", "ratio");
  const bool rkf45 = onlyFormulation == "RKF45";
  const IntegratorType integrator = rkf45 ? IntegratorType::Rkf45 : IntegratorType::Gstiff;
  for (Formulation f : {Formulation::SI2, Formulation::I3, Formulation::DMBS}) {
    if (rkf45 ? f != Formulation::I3 : !onlyFormulation.empty() && onlyFormulation != toString(f))
      continue;
    double pendulumBase = 0.0, fourBarBase = 0.0;
    for (int n = minN; n <= maxN; n *= 10) {
      if (only.empty() || only == "pendulum-chain") {
        const double w = run("pendulum-chain", n, pendulumChain(n), f, seconds, pendulumBase, integrator);
        pendulumBase = pendulumBase > 0.0 ? pendulumBase : w;
      }
      if ((only.empty() || only == "four-bar-chain") && (f != Formulation::DMBS || n <= 100)) {
        const double w = run("four-bar-chain", n, fourBarChain(n), f, seconds, fourBarBase, integrator);
        fourBarBase = fourBarBase > 0.0 ? fourBarBase : w;
      }
    }
  }
  return 0;
}
