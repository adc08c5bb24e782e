#pragma once
// Adams command files (.acf): the first line names the dataset (.adm; the extension may be left
// out; relative to the command file), the second the output name; then commands. Read: SIMULATE/
// STATIC | KINEMATIC | DYNAMIC | TRANSIENT | INITIAL_CONDITIONS with END= or DURATION= and STEPS=
// or DTOUT=, INTEGRATOR/..., ACTIVATE/ and DEACTIVATE/ of joints, motions and forces, STOP; the
// rest as docs/adams-interop.md says (output and settings commands: warnings; commands that would
// redefine the model: refused unless allowUnsupported). mbsolve runs the commands in order.
#include <optional>
#include <string>
#include <vector>

#include "mbs/core/AdmImport.hpp"

namespace mbs::core {

struct AdamsCommand {
  enum class Kind { Simulate, Settings, Activate, Deactivate, Stop };
  Kind kind = Kind::Simulate;
  int line = 0;
  std::string label;  // "SIMULATE", "DEACTIVATE/JOINT" ...: for messages
  // Simulate: the analysis and its span (end time or duration, in s) and output (steps or interval).
  AnalysisType analysis = AnalysisType::Dynamic;
  std::optional<double> end, duration, outputStep;
  std::optional<int> steps;
  // Settings (INTEGRATOR): the analysis settings from this command on.
  AnalysisSettings settings;
  // Activate / Deactivate: the elements, as imported.
  std::vector<EntityRef> elements;
};

struct AdamsCommandFile {
  std::string datasetPath;  // as resolved
  std::string outputName;   // results go to <outputName>.csv
  AdmImportResult dataset;
  std::vector<AdamsCommand> commands;
  Diagnostics warnings, errors, dropped;  // of the commands (the dataset's are in `dataset`)
  bool ok() const { return dataset.ok() && errors.empty(); }
};

AdamsCommandFile readAdamsCommandFile(const std::string& path, AdmImportOptions options = {});

}  // namespace mbs::core
