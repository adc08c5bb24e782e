#include "Options.hpp"

#include <cmath>
#include <cstdlib>
#include <set>

namespace mbs::app {
namespace {

// inf and nan are refused: an end time or step must be a number a run can reach.
bool parsePositive(const std::string& text, double& value)
{
  char* end = nullptr;
  value = std::strtod(text.c_str(), &end);
  return end != text.c_str() && *end == '\0' && std::isfinite(value) && value > 0.0;
}

bool parseCount(const std::string& text, double& value)
{
  return parsePositive(text, value) && value == std::floor(value) && value <= 9e15;
}

}  // namespace

const char* usageText()
{
  return "Usage: mbsolve MODEL [options]\n"
         "       mbsolve study STUDY.json [--jobs N] [--slurm|--collect]   (see mbsolve study --help)\n"
         "Runs an analysis of a multibody model (native .mbs.json or Adams .adm) and writes results.\n"
         "An Adams command file (.acf: a blank first line and file/model=NAME, or the dataset and output\n"
         "names on lines 1 and 2) runs its commands in order; its results go to NAME.csv (docs/mbsolve.md).\n"
         "\n"
         "Options:\n"
         "  --analysis initial|kinematic|static|quasi-static|dynamic|linear   analysis to run\n"
         "                       (default: model); quasi-static: a static equilibrium at each output\n"
         "                       time up to --end under the loads and motions of that time\n"
         "  --end T              end time [s] (default: the model's analysis settings)\n"
         "  --output-step DT     output interval [s] (default: the model's analysis settings)\n"
         "  --integrator gstiff|wstiff|hht|rkf45|constant_bdf|dstiff|abam   dynamic integrator\n"
         "                       (default: model); constant_bdf steps at the model's maximum step\n"
         "                       (else the output step); dstiff runs in I3\n"
         "  --formulation auto|i3|si2|dmbs  equations of motion: absolute coordinates as an index-3\n"
         "                       or stabilized index-2 DAE, DMBS joint coordinates, or auto: DMBS where\n"
         "                       it covers the model, else SI2 (default: model, whose default is auto)\n"
         "  --tol X              integration / Newton tolerance (default: model settings, 1e-6)\n"
         "  --max-frames N       most output frames a run may have (default 10000000)\n"
         "  --max-steps N        most integrator steps, also projected from the recent step size\n"
         "                       (default 10000000)\n"
         "  --min-step H         smallest integrator step [s] (default 1e-12)\n"
         "  --max-speed V        plausibility bound: fastest centre of mass [m/s] of a dynamic run\n"
         "                       (default 299792458, the speed of light)\n"
         "  --max-energy-error F plausibility bound: largest energy balance error of a dynamic run, as\n"
         "                       a fraction of its energy scale (default 10)\n"
         "  --out FILE.csv       write results: time, per part x..az, per joint fx..tz, requests\n"
         "  --derived            add derived columns: part angles and energies, marker motion, joint\n"
         "                       relative motion, motion effort and power (docs/mbsolve.md)\n"
         "  --allow-unsupported  import an Adams dataset although parts of it that change the physics\n"
         "                       cannot be imported (they are dropped, each with a warning)\n"
         "  --export-adm OUT.adm write the model as an Adams/Solver dataset and stop (no analysis)\n"
         "  --export-fmu OUT.fmu write the model's control plant as an FMI 2.0 Co-Simulation FMU and stop:\n"
         "                       inputs = PINPUT VARIABLEs, outputs = POUTPUT VARIABLEs, parameters =\n"
         "                       model parameters (docs/mbsolve.md, \"Co-simulation FMU\")\n"
         "  --state-matrices P   linear analysis: also the state matrices A, B, C, D and the eigenvalues\n"
         "                       of A, in P_A.csv ... P_D.csv, P_eigenvalues.csv and P.m (MATLAB)\n"
         "  --pinput NAME        the plant input (Adams PINPUT) whose VARIABLEs are u\n"
         "  --poutput NAME       the plant output (Adams POUTPUT) whose VARIABLEs are y\n"
         "  --quiet              no progress output (warnings are still printed)\n"
         "  --help               this text\n"
         "\n"
         "Exit status: 0 success, 1 analysis failed (message on stderr), 2 bad input or usage,\n"
         "130 / 143 interrupted by SIGINT (Ctrl-C) / SIGTERM: the frames so far are in the --out file,\n"
         "and FILE.partial says where the run stopped.\n"
         "A summary line on stderr gives steps, Newton iterations, Jacobian evaluations,\n"
         "factorizations and wall time.\n";
}

ParseResult parseCommandLine(int argc, char** argv)
{
  ParseResult result;
  SolveOptions& o = result.options;
  auto choice = [&](const std::string& flag, const std::string& value, const std::set<std::string>& allowed,
                    std::optional<std::string>& target) {
    if (allowed.count(value) == 0) {
      result.error = "invalid value '" + value + "' for " + flag;
      return;
    }
    target = value;
  };
  for (int i = 1; i < argc && result.error.empty(); ++i) {
    const std::string arg = argv[i];
    if (arg == "--help" || arg == "-h") {
      o.help = true;
      return result;
    }
    if (arg == "--quiet") {
      o.quiet = true;
      continue;
    }
    if (arg == "--derived") {
      o.derived = true;
      continue;
    }
    if (arg == "--allow-unsupported") {
      o.allowUnsupported = true;
      continue;
    }
    if (arg.rfind("--", 0) == 0) {
      if (i + 1 >= argc) {
        result.error = "missing value after " + arg;
        break;
      }
      const std::string value = argv[++i];
      double number = 0.0;
      if (arg == "--analysis") {
        choice(arg, value, {"initial", "kinematic", "static", "quasi-static", "dynamic", "linear"},
               o.analysis);
      } else if (arg == "--integrator") {
        choice(arg, value, {"gstiff", "wstiff", "hht", "rkf45", "constant_bdf", "dstiff", "abam"},
               o.integrator);
      } else if (arg == "--formulation") {
        choice(arg, value, {"auto", "i3", "si2", "dmbs"}, o.formulation);
      } else if (arg == "--out") {
        o.outPath = value;
      } else if (arg == "--export-adm") {
        o.exportAdmPath = value;
      } else if (arg == "--export-fmu") {
        o.exportFmuPath = value;
      } else if (arg == "--state-matrices") {
        o.stateMatricesPrefix = value;
      } else if (arg == "--pinput") {
        o.plantInput = value;
      } else if (arg == "--poutput") {
        o.plantOutput = value;
      } else if (arg == "--max-frames" || arg == "--max-steps") {
        if (!parseCount(value, number))
          result.error = "invalid value '" + value + "' for " + arg + " (a positive whole number)";
        else
          (arg == "--max-frames" ? o.maxFrames : o.maxSteps) = number;
      } else if (arg == "--end" || arg == "--output-step" || arg == "--tol" || arg == "--min-step" ||
                 arg == "--max-speed" || arg == "--max-energy-error") {
        if (!parsePositive(value, number)) {
          result.error = "invalid value '" + value + "' for " + arg + " (a positive finite number)";
        } else if (arg == "--max-speed") {
          o.maxSpeed = number;
        } else if (arg == "--max-energy-error") {
          o.maxEnergyError = number;
        } else if (arg == "--min-step") {
          o.minStep = number;
        } else if (arg == "--end") {
          o.endTime = number;
        } else if (arg == "--output-step") {
          o.outputStep = number;
        } else {
          o.tolerance = number;
        }
      } else {
        result.error = "unknown option " + arg;
      }
      continue;
    }
    if (!o.modelPath.empty()) {
      result.error = "more than one MODEL given ('" + o.modelPath + "' and '" + arg + "')";
      break;
    }
    o.modelPath = arg;
  }
  if (result.error.empty() && !o.help && o.modelPath.empty())
    result.error = "no MODEL given";
  if (result.error.empty() && !o.exportFmuPath.empty() && !o.exportAdmPath.empty())
    result.error = "--export-adm and --export-fmu: give one of them";
  if (result.error.empty() && (o.plantInput || o.plantOutput) && o.stateMatricesPrefix.empty())
    result.error = "--pinput and --poutput choose the state matrices' u and y: give --state-matrices too";
  return result;
}

}  // namespace mbs::app
