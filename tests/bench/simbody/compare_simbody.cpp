// mbstudio's solver against Simbody (recursive O(N) formulation in joint coordinates, explicit
// Runge–Kutta–Merson) on the same N-link spatial pendulum chain, at equal accuracy.
// Accuracy: position error of the chain's free tip at t = T against a reference from Simbody at
// accuracy 1e-12 (itself checked against mbstudio at its tightest tolerance). For each code and
// tolerance the table gives that error and the CPU time; the summary gives, per code, the fastest
// run whose error is below each target.
//   usage: compare_simbody [N=10] [T=1] [dmbs-only]   (dmbs-only: Simbody and the DMBS formulation)
//          compare_simbody N T dmbs-at|simbody-at TOL (one run of one code, no reference: for callgrind)
#include <SimTKsimbody.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "BenchModels.hpp"
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

// The same chain as bench::pendulumChain: unit rods along x, mass 1, inertia (0.001, 0.084, 0.084)
// about the centre, ball joints at the rod ends, first joint at the origin, gravity −z, at rest.
Run simbodyChain(int n, double endTime, double accuracy)
{
  using namespace SimTK;
  MultibodySystem system;
  SimbodyMatterSubsystem matter(system);
  GeneralForceSubsystem forces(system);
  Force::UniformGravity gravity(forces, matter, Vec3(0, 0, -9.81));
  const Body::Rigid rod(MassProperties(1.0, Vec3(0), Inertia(0.001, 0.084, 0.084)));
  MobilizedBody parent = matter.Ground();
  for (int k = 0; k < n; ++k) {
    const Vec3 onParent = k == 0 ? Vec3(0) : Vec3(0.5, 0, 0);
    MobilizedBody::Ball link(parent, Transform(onParent), rod, Transform(Vec3(-0.5, 0, 0)));
    parent = link;
  }
  Run run;
  run.code = "Simbody";
  run.setting = "RK-Merson";
  run.tolerance = accuracy;
  const auto t0 = Clock::now();
  State state = system.realizeTopology();
  RungeKuttaMersonIntegrator integrator(system);
  integrator.setAccuracy(accuracy);
  TimeStepper stepper(system, integrator);
  stepper.initialize(state);
  stepper.stepTo(endTime);
  const State& end = integrator.getState();
  system.realize(end, Stage::Position);
  const Vec3 tip = parent.findStationLocationInGround(end, Vec3(0.5, 0, 0));
  run.cpu = std::chrono::duration<double>(Clock::now() - t0).count();
  run.tip = mbs::solver::Vec3(tip[0], tip[1], tip[2]);
  run.steps = integrator.getNumStepsTaken();
  run.rejected = integrator.getNumErrorTestFailures();
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
    const BodyOutput& last = results.frame(results.size() - 1).bodies.back();
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
  if (argc > 4 && (std::string(argv[3]) == "dmbs-at" || std::string(argv[3]) == "simbody-at")) {
    const Run r = std::string(argv[3]) == "dmbs-at"
                      ? mbstudioChain(n, endTime, std::atof(argv[4]), mbs::solver::Formulation::DMBS)
                      : simbodyChain(n, endTime, std::atof(argv[4]));
    std::printf("%s tol %s: tip (%.9f, %.9f, %.9f), %ld steps (%ld rejected), %.4f s\n", r.code.c_str(),
                argv[4], r.tip.x(), r.tip.y(), r.tip.z(), r.steps, r.rejected, r.cpu);
    return r.ok ? 0 : 1;
  }

  const Run reference = simbodyChain(n, endTime, 1e-12);
  const Run check = mbstudioChain(n, endTime, 1e-9, mbs::solver::Formulation::SI2);
  std::printf("N = %d, T = %g s; reference tip (Simbody, accuracy 1e-12) = (%.9f, %.9f, %.9f)\n", n, endTime,
              reference.tip.x(), reference.tip.y(), reference.tip.z());
  std::printf("mbstudio SI2 at tol 1e-9 differs from it by %.2e m\n\n", (check.tip - reference.tip).norm());

  std::vector<Run> runs;
  // 1-2-5 points per decade from 1e-2 to 1e-4 for Simbody and DMBS (the codes the target
  // compares; a coarser grid lets the luck of where a code's error falls decide), decades below;
  // the absolute formulations at the decades. Simbody and DMBS run three times each and keep their
  // least CPU time (the shared machine's caches still vary it; results are identical run to run).
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
    runs.push_back(
        fastestOf3([&] { return mbstudioChain(n, endTime, tol, mbs::solver::Formulation::DMBS); }));
    const bool decade = std::abs(std::log10(tol) - std::round(std::log10(tol))) < 1e-9;
    if (dmbsOnly || !decade || tol > 1e-3)
      continue;
    runs.push_back(mbstudioChain(n, endTime, tol, mbs::solver::Formulation::SI2));
    runs.push_back(mbstudioChain(n, endTime, tol, mbs::solver::Formulation::I3));
    // RKF45 picks its coordinate partition with a dense LU of Φ_q: hours at N = 1000.
    if (n <= 200)
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
  std::vector<std::vector<double>> bests;
  for (const char* code : {"Simbody", "mbstudio", "mbs-DMBS"}) {
    std::printf("%-9s", code);
    for (double target : {1e-3, 1e-4, 1e-5}) {
      double best = -1.0;
      for (const Run& r : runs)
        if (r.code == code && r.ok && (r.tip - reference.tip).norm() < target && (best < 0 || r.cpu < best))
          best = r.cpu;
      bests.resize(3);
      bests[std::string(code) == "Simbody" ? 0 : std::string(code) == "mbstudio" ? 1 : 2].push_back(best);
      if (best < 0)
        std::printf(" %10s", "-");
      else
        std::printf(" %9.4fs", best);
    }
    std::printf("\n");
  }
  std::printf("%-9s", "Simbody/DMBS");
  for (std::size_t k = 0; k < bests[0].size(); ++k)
    if (bests[0][k] > 0 && bests[2][k] > 0)
      std::printf(" %9.2fx", bests[0][k] / bests[2][k]);
    else
      std::printf(" %10s", "-");
  std::printf("\n");
  return 0;
}
