// mbstudio's solver against MuJoCo 2.2 (recursive joint-coordinate dynamics, fixed-step RK4) on the
// same N-link spatial pendulum chain as compare_simbody, at equal accuracy.
// Accuracy: position error of the chain's free tip at t = T against a reference from mbstudio's
// joint-coordinate formulation at tolerance 1e-10 (its agreement with MuJoCo's RK4 at the smallest
// step is printed as a check). MuJoCo has no error control, so each of its runs is one step size,
// halved from 0.1 s until the error is below 1e-6 m; mbstudio runs once per tolerance, with the default
// settings (the formulation the user gets without flags) and with the DMBS formulation forced. The summary
// gives, per code, the least CPU time of a run whose tip error is below each target. MuJoCo's time counts
// mj_makeData and the steps; its XML parse and compile are left out (mbstudio's time includes building its
// model), which favours MuJoCo.
//   usage: compare_mujoco [N=10] [T=1]
//          compare_mujoco N T mujoco-at STEP   (one MuJoCo run, no reference: its tip and CPU time)
#include <mujoco/mujoco.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iomanip>
#include <sstream>
#include <string>
#include <vector>

#include "BenchModels.hpp"
#include "mbs/solver/Analysis.hpp"
#include "mbs/solver/Results.hpp"

namespace {

using Clock = mbs::solver::bench::ThreadCpuClock;  // (see BenchModels.hpp)
using mbs::solver::Vec3;

struct Run {
  std::string code, setting;
  double knob = 0.0;  // tolerance (mbstudio) or step size (MuJoCo)
  Vec3 tip = Vec3::Zero();
  double cpu = 0.0;
  bool ok = true;
};

// bench::pendulumChain in MJCF: unit rods along x (mass 1, inertia 0.001, 0.084, 0.084 about the
// centre), ball joints at the rod ends, the first at the origin, gravity −z, at rest; no contact,
// no damping, no armature. MuJoCo's XML reader refuses elements nested deeper than 100, so the
// chain goes into files of 50 nested bodies, each including the next (an include is read as a
// document of its own). Returns the main file's path.
std::string writeChainMjcf(int n, double step)
{
  const std::string stem = "/tmp/mbs_compare_mujoco_" + std::to_string(n);
  const int perFile = 50;
  const int files = (n + perFile - 1) / perFile;
  for (int f = 0; f < files; ++f) {
    std::ofstream part(stem + "_" + std::to_string(f) + ".xml");
    part << "<mujoco>\n";
    const int first = f * perFile, last = std::min(n, first + perFile);
    for (int k = first; k < last; ++k)
      part << "<body pos=\"" << (k == 0 ? 0.5 : 1.0) << " 0 0\"><joint type=\"ball\" pos=\"-0.5 0 0\"/>"
           << "<inertial pos=\"0 0 0\" mass=\"1\" diaginertia=\"0.001 0.084 0.084\"/>\n";
    if (f + 1 < files)
      part << "<include file=\"mbs_compare_mujoco_" << n << "_" << f + 1 << ".xml\"/>\n";
    else
      part << "<site name=\"tip\" pos=\"0.5 0 0\"/>\n";
    for (int k = first; k < last; ++k)
      part << "</body>";
    part << "\n</mujoco>\n";
  }
  std::ofstream(stem + ".xml") << "<mujoco model=\"chain\">\n<compiler angle=\"radian\"/>\n"
                               << std::setprecision(17) << "<option timestep=\"" << step
                               << "\" integrator=\"RK4\" gravity=\"0 0 -9.81\">"
                               << "<flag contact=\"disable\"/></option>\n<worldbody>\n"
                               << "<include file=\"mbs_compare_mujoco_" << n << "_0.xml\"/>\n"
                               << "</worldbody>\n</mujoco>\n";
  return stem + ".xml";
}

Run mujocoChain(int n, double endTime, double step)
{
  Run run;
  run.code = "MuJoCo";
  run.setting = "RK4";
  run.knob = step;
  const std::string path = writeChainMjcf(n, step);
  char error[1000] = "";
  mjModel* model = mj_loadXML(path.c_str(), nullptr, error, sizeof error);
  if (!model) {
    std::fprintf(stderr, "MuJoCo: %s\n", error);
    run.ok = false;
    return run;
  }
  const auto t0 = Clock::now();
  mjData* data = mj_makeData(model);
  const long steps = std::lround(endTime / step);
  for (long s = 0; s < steps; ++s)
    mj_step(model, data);
  mj_kinematics(model, data);
  run.cpu = std::chrono::duration<double>(Clock::now() - t0).count();
  run.tip = Vec3(data->site_xpos[0], data->site_xpos[1], data->site_xpos[2]);
  run.ok = std::isfinite(run.tip.norm());
  mj_deleteData(data);
  mj_deleteModel(model);
  return run;
}

Run mbstudioChain(int n, double endTime, double tolerance, bool forceDmbs)
{
  using namespace mbs::solver;
  Run run;
  run.code = forceDmbs ? "mbs-DMBS" : "mbstudio";
  run.setting = forceDmbs ? "DMBS" : "default";
  run.knob = tolerance;
  const auto t0 = Clock::now();
  const Model model = bench::pendulumChain(n);
  AnalysisSettings settings;  // the defaults a user gets, but the tolerance and the output grid
  if (forceDmbs)
    settings.formulation = Formulation::DMBS;
  settings.endTime = endTime;
  settings.outputStep = endTime;
  settings.tolerance = tolerance;
  ResultStore results;
  const Status st = runAnalysis(model, settings, nullptr, results).status;
  run.cpu = std::chrono::duration<double>(Clock::now() - t0).count();
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
  std::printf("MuJoCo %s\n", mj_versionString());
  if (argc > 4 && std::string(argv[3]) == "mujoco-at") {
    const Run r = mujocoChain(n, endTime, std::atof(argv[4]));
    std::printf("MuJoCo RK4 step %s: tip (%.9f, %.9f, %.9f), %.4f s\n", argv[4], r.tip.x(), r.tip.y(),
                r.tip.z(), r.cpu);
    return r.ok ? 0 : 1;
  }
  const Run reference = mbstudioChain(n, endTime, 1e-10, true);
  if (!reference.ok) {
    std::fprintf(stderr, "the reference run failed\n");
    return 1;
  }
  std::vector<Run> runs;
  // Halved until the tip error is below 1e-6 m, a decade under the tightest target (the cost of a
  // MuJoCo step grows with N², its mass matrix being dense for a single chain).
  for (double step = 0.1; step > 1e-6; step /= 2.0) {
    runs.push_back(mujocoChain(n, endTime, step));
    if (runs.back().ok && (runs.back().tip - reference.tip).norm() < 1e-6)
      break;
  }
  std::printf("N = %d, T = %g s; reference tip (mbstudio DMBS, tol 1e-10) = (%.9f, %.9f, %.9f)\n", n, endTime,
              reference.tip.x(), reference.tip.y(), reference.tip.z());
  std::printf("MuJoCo RK4 at its smallest step (%.2e s) differs from it by %.2e m\n\n", runs.back().knob,
              (runs.back().tip - reference.tip).norm());
  // (The decades only from N = 500: the default absolute formulation takes about a minute a run there.)
  const std::vector<double> tolerances =
      n < 500 ? std::vector<double>{1e-2, 5e-3, 2e-3, 1e-3, 5e-4, 2e-4, 1e-4, 1e-5, 1e-6}
              : std::vector<double>{1e-3, 1e-4, 1e-5, 1e-6};
  for (double tol : tolerances)
    for (bool dmbs : {false, true})
      runs.push_back(mbstudioChain(n, endTime, tol, dmbs));

  std::printf("%-9s %-8s %10s %12s %10s\n", "code", "setting", "tol|step", "tip error[m]", "cpu[s]");
  for (const Run& r : runs)
    std::printf("%-9s %-8s %10.1e %12.2e %10.4f%s\n", r.code.c_str(), r.setting.c_str(), r.knob,
                (r.tip - reference.tip).norm(), r.cpu, r.ok ? "" : "  (failed)");

  std::printf("\nleast CPU time of a run with tip error below the target:\n%-9s %10s %10s %10s\n", "code",
              "1e-3 m", "1e-4 m", "1e-5 m");
  const std::vector<std::string> codes{"MuJoCo", "mbstudio", "mbs-DMBS"};
  std::vector<std::vector<double>> bests;
  for (const std::string& code : codes) {
    std::printf("%-9s", code.c_str());
    bests.emplace_back();
    for (double target : {1e-3, 1e-4, 1e-5}) {
      double best = -1.0;
      for (const Run& r : runs)
        if (r.code == code && r.ok && (r.tip - reference.tip).norm() < target && (best < 0 || r.cpu < best))
          best = r.cpu;
      bests.back().push_back(best);
      if (best < 0)
        std::printf(" %10s", "-");
      else
        std::printf(" %9.4fs", best);
    }
    std::printf("\n");
  }
  for (int row : {1, 2}) {
    std::printf("%-9s", (std::string("MuJoCo/") + (row == 1 ? "default" : "DMBS")).c_str());
    for (std::size_t k = 0; k < 3; ++k)
      if (bests[0][k] > 0 && bests[row][k] > 0)
        std::printf(" %9.2fx", bests[0][k] / bests[row][k]);
      else
        std::printf(" %10s", "-");
    std::printf("\n");
  }
  return 0;
}
