#pragma once
// The co-simulation plant export (issue 31): a model with PINPUT and POUTPUT VARIABLEs as an FMI 2.0
// Co-Simulation FMU (docs/solver-notes.md, "Co-simulation FMU"; docs/adams-interop.md). The zip holds
//   modelDescription.xml                        the variables (PlantVariables.hpp) and capabilities
//   binaries/linux64/<modelIdentifier>.so       the FMU binary (target mbs_fmu_plant), copied
//   resources/model.mbs.json                    the model in native form, read by fmi2Instantiate
#include <string>

#include "mbs/core/Model.hpp"
#include "mbs/fmu/PlantVariables.hpp"

namespace mbs::fmu {

// The FMU binary's file name, in the build tree beside mbsolve and installed in
// <libdir>/mbstudio (locateFmuBinary finds it).
inline constexpr const char* kFmuBinaryName = "mbs_fmu_plant.so";
// The model's path inside the FMU's resources folder.
inline constexpr const char* kFmuModelFile = "model.mbs.json";

struct FmuExportOptions {
  std::string binaryPath;       // the FMU binary to copy into the archive (locateFmuBinary)
  std::string modelIdentifier;  // empty: from the output file's name (made a C identifier)
};

// Writes the FMU to `fmuPath` (aside and renamed: a failure leaves no half-written file). Refused,
// with the reason returned, when the model is no plant (PlantVariables), does not compile, its
// initial conditions have no solution at the start values, or the binary is missing.
std::string exportFmu(const core::Model& model, const std::string& fmuPath, const FmuExportOptions& options);

// The parts, for the exporter and the tests.
std::string modelIdentifierFor(const std::string& fmuPath);
// A GUID derived from the native model text: the binary recomputes it from the resources it reads,
// so an FMU whose resources were replaced is refused at fmi2Instantiate.
std::string fmuGuid(const std::string& modelText);
std::string modelDescriptionXml(const core::Model& model, const PlantVariables& variables,
                                const std::string& modelIdentifier, const std::string& guid);

// The FMU binary for the executable `executablePath` (mbsolve, mbstudio): beside it (build tree),
// then in its install location; empty when neither exists.
std::string locateFmuBinary(const std::string& executablePath);

}  // namespace mbs::fmu
