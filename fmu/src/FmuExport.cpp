#include "mbs/fmu/FmuExport.hpp"

#include <cctype>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "Zip.hpp"
#include "mbs/core/ModelFile.hpp"
#include "mbs/fmu/CoSimulationPlant.hpp"

#ifndef MBS_FMU_INSTALL_RELATIVE
#define MBS_FMU_INSTALL_RELATIVE "../lib/mbstudio"
#endif

namespace mbs::fmu {

namespace fs = std::filesystem;

namespace {

// Text as an XML attribute value: the five markup characters escaped, control characters (which
// XML 1.0 does not allow) as spaces.
std::string xml(const std::string& text)
{
  std::string out;
  for (const char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&apos;";
        break;
      default:
        out += static_cast<unsigned char>(c) < 0x20 ? ' ' : c;
    }
  }
  return out;
}

std::string number(double v)
{
  char text[40];
  std::snprintf(text, sizeof text, "%.17g", v);
  return text;
}

std::optional<std::string> readFile(const std::string& path, std::string& content)
{
  std::ifstream in(path, std::ios::binary);
  if (!in)
    return "cannot read '" + path + "'";
  std::ostringstream buffer;
  buffer << in.rdbuf();
  if (in.bad())
    return "cannot read '" + path + "'";
  content = buffer.str();
  return std::nullopt;
}

}  // namespace

std::string modelIdentifierFor(const std::string& fmuPath)
{
  std::string id = fs::path(fmuPath).stem().string();
  for (char& c : id)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_')
      c = '_';
  if (id.empty() || std::isdigit(static_cast<unsigned char>(id[0])))
    id = "plant_" + id;
  return id;
}

std::string fmuGuid(const std::string& modelText)
{
  // Two FNV-1a hashes (different offset bases) of the text: 128 bits in the usual GUID layout.
  std::uint64_t a = 14695981039346656037ull, b = 0x84222325cbf29ce4ull;
  for (const char c : modelText) {
    a = (a ^ static_cast<unsigned char>(c)) * 1099511628211ull;
    b = (b ^ static_cast<unsigned char>(c)) * 1099511628211ull;
    b ^= b >> 29;
  }
  char text[40];
  std::snprintf(text, sizeof text, "{%08x-%04x-%04x-%04x-%012llx}", unsigned(a >> 32),
                unsigned((a >> 16) & 0xffff), unsigned(a & 0xffff), unsigned(b >> 48),
                static_cast<unsigned long long>(b & 0xffffffffffffull));
  return text;
}

std::string modelDescriptionXml(const core::Model& model, const PlantVariables& variables,
                                const std::string& modelIdentifier, const std::string& guid)
{
  std::ostringstream out;
  out << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      << "<fmiModelDescription fmiVersion=\"2.0\" modelName=\"" << xml(model.name) << "\" guid=\"" << guid
      << "\"\n  description=\""
      << xml("control plant '" + model.name + "' of mbstudio (PINPUT inputs, POUTPUT outputs)")
      << "\"\n  generationTool=\"mbstudio (mbsolve --export-fmu)\" variableNamingConvention=\"flat\" "
         "numberOfEventIndicators=\"0\">\n";
  // No rollback (no FMU state), no directional derivatives, inputs held constant over a step.
  out << "  <CoSimulation modelIdentifier=\"" << xml(modelIdentifier)
      << "\" canHandleVariableCommunicationStepSize=\"true\" canInterpolateInputs=\"false\"\n"
         "    maxOutputDerivativeOrder=\"0\" canRunAsynchronuously=\"false\" "
         "canBeInstantiatedOnlyOncePerProcess=\"false\"\n"
         "    canNotUseMemoryManagementFunctions=\"true\" canGetAndSetFMUstate=\"false\" "
         "canSerializeFMUstate=\"false\"\n"
         "    providesDirectionalDerivative=\"false\" needsExecutionTool=\"false\"/>\n";
  out << "  <LogCategories>\n"
         "    <Category name=\"logStatusError\" description=\"why a call failed\"/>\n"
         "    <Category name=\"logStatusWarning\" description=\"what the plant did not use or changed\"/>\n"
         "    <Category name=\"logStatusDiscard\" description=\"a SENSOR ended the run inside a step\"/>\n"
         "    <Category name=\"logAll\" description=\"initialization and every step\"/>\n"
         "  </LogCategories>\n";
  const int steps = std::max(model.analysis.outputSteps, 1);
  out << "  <DefaultExperiment startTime=\"0\" stopTime=\"" << number(model.analysis.endTime)
      << "\" stepSize=\"" << number(model.analysis.endTime / steps) << "\"/>\n";
  out << "  <ModelVariables>\n";
  std::vector<std::size_t> outputs;  // 1-based indices in ModelVariables
  for (std::size_t k = 0; k < variables.variables.size(); ++k) {
    const PlantVariable& v = variables.variables[k];
    out << "    <!-- index " << k + 1 << " -->\n"
        << "    <ScalarVariable name=\"" << xml(v.name) << "\" valueReference=\"" << v.valueReference
        << "\" description=\"" << xml(v.description) << "\"\n      ";
    switch (v.causality) {
      case Causality::Input:
        out << "causality=\"input\" variability=\"continuous\">\n      <Real start=\"" << number(v.start)
            << "\"/>\n";
        break;
      case Causality::Output:
        out << "causality=\"output\" variability=\"continuous\" initial=\"calculated\">\n      <Real/>\n";
        outputs.push_back(k + 1);
        break;
      case Causality::Parameter:
        // Fixed: a new value needs a new compile and new initial conditions, so parameters are set
        // before the end of initialization (FMI's "fixed"), not between steps ("tunable").
        out << "causality=\"parameter\" variability=\"fixed\" initial=\"exact\">\n      <Real start=\""
            << number(v.start) << "\"/>\n";
        break;
    }
    out << "    </ScalarVariable>\n";
  }
  out << "  </ModelVariables>\n  <ModelStructure>\n    <Outputs>\n";
  for (const std::size_t index : outputs)
    out << "      <Unknown index=\"" << index << "\"/>\n";
  out << "    </Outputs>\n    <InitialUnknowns>\n";
  for (const std::size_t index : outputs)
    out << "      <Unknown index=\"" << index << "\"/>\n";
  out << "    </InitialUnknowns>\n  </ModelStructure>\n</fmiModelDescription>\n";
  return out.str();
}

std::string locateFmuBinary(const std::string& executablePath)
{
  const fs::path dir = fs::path(executablePath).parent_path();
  for (const fs::path& candidate : {dir / kFmuBinaryName, dir / MBS_FMU_INSTALL_RELATIVE / kFmuBinaryName}) {
    std::error_code ec;
    if (fs::is_regular_file(candidate, ec))
      return fs::weakly_canonical(candidate, ec).string();
  }
  return {};
}

std::string exportFmu(const core::Model& model, const std::string& fmuPath, const FmuExportOptions& options)
{
  try {
    const PlantVariables variables = plantVariables(model);
    if (!variables.ok())
      return "cannot export an FMU: " + variables.error;
    // The FMU must start as it is: compiled and its initial conditions solved at the start values.
    CoSimulationPlant check(model, variables);
    if (const std::string error = check.initialize(); !error.empty())
      return "cannot export an FMU: " + error;
    if (options.binaryPath.empty())
      return std::string("cannot export an FMU: the FMU binary ") + kFmuBinaryName +
             " was not found (it is built with mbsolve and installed beside it; see docs/mbsolve.md)";
    std::string binary;
    if (const auto error = readFile(options.binaryPath, binary))
      return "cannot export an FMU: the FMU binary: " + *error;
    const std::string id = options.modelIdentifier.empty() ? modelIdentifierFor(fmuPath)
                                                           : modelIdentifierFor(options.modelIdentifier);
    const std::string modelText = core::modelToString(model);
    const std::string guid = fmuGuid(modelText);
    const std::string temporary = fmuPath + ".partial";
    if (const auto error = detail::writeZip(
            temporary, {{"modelDescription.xml", modelDescriptionXml(model, variables, id, guid)},
                        {"binaries/linux64/" + id + ".so", binary},
                        {std::string("resources/") + kFmuModelFile, modelText}})) {
      std::error_code ec;
      fs::remove(temporary, ec);
      return "cannot export an FMU: " + *error;
    }
    std::error_code ec;
    fs::rename(temporary, fmuPath, ec);
    if (ec) {
      fs::remove(temporary, ec);
      return "cannot export an FMU: cannot write '" + fmuPath + "': " + ec.message();
    }
    return {};
  } catch (const std::exception& e) {
    return std::string("cannot export an FMU: ") + e.what();
  }
}

}  // namespace mbs::fmu
