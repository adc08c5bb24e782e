#pragma once
// Adams command files (.acf), in the two forms Adams Solver reads (docs/adams-interop.md):
// - the classic header: line 1 names the dataset (.adm; the extension may be left out; relative to
//   the command file), line 2 the output name, then commands;
// - Adams/View's form: a blank first line (no dataset yet), then FILE/MODEL=NAME[, OUTPUT_PREFIX=]
//   loads NAME.adm beside the command file; the outputs are NAME.* (or the prefix's).
// Commands may be abbreviated, continued with '&' at a line's end or a comma at the next line's
// start, and commented with '!'. Read: SIMULATE/STATIC | KINEMATIC | DYNAMIC | TRANSIENT |
// INITIAL_CONDITIONS with END= or DURATION= and STEPS= or DTOUT=, INTEGRATOR/..., ACTIVATE/ and
// DEACTIVATE/ of joints, motions, forces and contacts (and of SENSORs the dataset has, which are
// never simulated), redefinitions of ACCGRAV, VARIABLE, MOTION, SFORCE, SPRINGDAMPER, GFORCE,
// VFORCE and VTORQUE, FILE/COMMAND= (commands read from another file), ENVIRONMENT/ (a warning),
// LINEAR/EIGENSOL and LINEAR/STATEMAT (after a SIMULATE/STATICS), STOP; the rest as
// docs/adams-interop.md says. mbsolve runs the commands in order.
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "mbs/core/AdmImport.hpp"

namespace mbs::core {

struct AdamsCommand {
  enum class Kind { Simulate, Settings, Activate, Deactivate, Redefine, Linear, Stop };
  Kind kind = Kind::Simulate;
  std::string file;  // the command file it was read from (FILE/COMMAND= reads others)
  int line = 0;
  std::string label;  // "SIMULATE", "DEACTIVATE/JOINT", "MOTION/3" ...: for messages
  // Simulate: the analysis and its span (end time or duration, in s) and output (steps or interval).
  AnalysisType analysis = AnalysisType::Dynamic;
  std::optional<double> end, duration, outputStep;
  std::optional<int> steps;
  // Settings (INTEGRATOR): the analysis settings from this command on.
  AnalysisSettings settings;
  // Activate / Deactivate: the elements, as imported, and the sensors (by name: not entities).
  std::vector<EntityRef> elements;
  std::vector<std::string> sensors;
  // Redefine: the whole dataset as it is from this command on (deactivated elements included), and
  // whether the constraints changed (a MOTION): the next simulation then assembles again.
  std::shared_ptr<const Model> model;
  bool constraintsChanged = false;
  // Linear (LINEAR/EIGENSOL, LINEAR/STATEMAT): what it computes, the plant input and output by the
  // model's names (empty: none) and the file the state matrices go to.
  bool eigenSolution = false, stateMatrices = false;
  std::string plantInput, plantOutput, matrixFile;
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

// `full` without the `inactive` elements and what depends on them (a motion on a deactivated joint,
// a coupler of it): the model a SIMULATE after DEACTIVATE runs.
// Sensors named in `inactiveSensors` are kept with active = false.
Model withoutInactive(const Model& full, const std::set<EntityRef>& inactive,
                      const std::set<std::string>& inactiveSensors = {});

// The model the first SIMULATE runs (the redefinitions and (de)activations before it applied, the
// INTEGRATOR settings before it and its own analysis type, span and output steps): what the GUI
// opens. `notes` gets what only mbsolve runs (further SIMULATEs and what comes between them).
Model modelForFirstSimulate(const AdamsCommandFile& acf, Diagnostics& notes);

}  // namespace mbs::core
