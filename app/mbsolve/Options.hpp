#pragma once
// Command line of mbsolve (the contract other tools rely on; see README and docs/mbsolve.md).
#include <optional>
#include <string>

namespace mbs::app {

struct SolveOptions {
  std::string modelPath;
  // Unset values come from the model's analysis settings.
  std::optional<std::string> analysis;  // initial | kinematic | static | dynamic | linear
  std::optional<double> endTime;
  std::optional<double> outputStep;
  std::optional<std::string> integrator;   // gstiff | wstiff | hht | rkf45 | constant_bdf | dstiff | abam
  std::optional<std::string> formulation;  // auto | i3 | si2 | dmbs
  std::optional<double> tolerance;
  // Work bounds (docs/mbsolve.md, "Limits"); unset = the solver's defaults.
  std::optional<double> maxFrames;  // output frames of a kinematic or dynamic run
  std::optional<double> maxSteps;   // integrator steps (accepted + rejected)
  std::optional<double> minStep;    // smallest integrator step [s]
  // Plausibility bounds of a dynamic run (AnalysisSettings::maxSpeed, maxEnergyError).
  std::optional<double> maxSpeed;
  std::optional<double> maxEnergyError;
  std::string outPath;   // CSV; empty = no file
  bool derived = false;  // --derived: append the derived columns (angles, energies, relative motion)
  bool quiet = false;
  bool allowUnsupported = false;
  std::string exportAdmPath;  // --export-adm: write the model as an Adams dataset instead of solving  //
                              // Adams import: drop what cannot be imported exactly (with warnings)
  std::string exportFmuPath;  // --export-fmu: write the control plant as an FMI 2.0 CS FMU instead of solving
  // Linear analysis: the state matrices' file prefix (empty: none) and the plant input and output
  // (by name) that give u and y.
  std::string stateMatricesPrefix;
  std::optional<std::string> plantInput, plantOutput;
  bool help = false;
};

struct ParseResult {
  SolveOptions options;
  std::string error;  // non-empty: usage error (exit code 2)
};

ParseResult parseCommandLine(int argc, char** argv);
const char* usageText();

}  // namespace mbs::app
