#include "FuzzTargets.hpp"

#include <unistd.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <memory>
#include <optional>
#include <vector>

#include "System.hpp"
#include "analysis/InitialConditions.hpp"
#include "mbs/core/AdamsCommandFile.hpp"
#include "mbs/core/AdmImport.hpp"
#include "mbs/core/Compile.hpp"
#include "mbs/core/Expression.hpp"
#include "mbs/core/ModelFile.hpp"
#include "mbs/core/Study.hpp"

namespace mbs::fuzz {
namespace {

// Every error says why, and where: a line of the file or a field (JSON pointer or statement).
std::string unlocated(const core::Diagnostics& errors, bool needErrors)
{
  if (needErrors && errors.empty())
    return "the input was refused without an error";
  for (const auto& e : errors) {
    if (e.reason.empty())
      return "an error without a reason: " + e.toString();
    if (e.line <= 0 && e.field.empty())
      return "an error without a line or field: " + e.toString();
  }
  return {};
}

// load → save → load → save: both saves identical.
std::string roundTrip(const core::Model& model)
{
  const std::string saved = core::modelToString(model);
  const auto reloaded = core::modelFromString(saved, "saved.mbs.json");
  if (!reloaded.ok())
    return "a saved model does not load again: " + reloaded.errors.front().toString();
  if (core::modelToString(*reloaded.model) != saved)
    return "a saved model loads as a different model";
  return {};
}

// A folder of this process for the targets that read files (command files name their dataset).
std::filesystem::path scratchFolder()
{
  static const std::filesystem::path folder = [] {
    std::filesystem::path p =
        std::filesystem::temp_directory_path() / ("mbs-fuzz-" + std::to_string(::getpid()));
    std::filesystem::create_directories(p);
    return p;
  }();
  return folder;
}

void writeFile(const std::filesystem::path& path, std::string_view text)
{
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(text.data(), static_cast<std::streamsize>(text.size()));
}

// The dataset every fuzzed command file can name (as "pendulum" or "pendulum.adm").
constexpr std::string_view kPendulumDeck = R"(ADAMS/View model name: pendulum
UNITS/, FORCE = NEWTON, MASS = KILOGRAM, LENGTH = METER, TIME = SECOND
PART/1, GROUND
MARKER/101, PART = 1
PART/2, MASS = 1, CM = 201, IP = 1E-3, 1E-3, 1E-3
MARKER/201, PART = 2, QP = 1, 0, 0
MARKER/202, PART = 2, QP = 0, 0, 0
JOINT/1, REVOLUTE, I = 202, J = 101
MOTION/1, JOINT = 1, FUNCTION = 0.1*TIME
SFORCE/1, ROTATIONAL, I = 202, J = 101, FUNCTION = -AZ(202, 101)
ACCGRAV/, JGRAV = -9.80665
END
)";

std::string jsonString(std::string_view text)
{
  std::string out = "\"";
  for (const char c : text) {
    const auto u = static_cast<unsigned char>(c);
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (u < 0x20) {
      static const char* hex = "0123456789abcdef";
      out += "\\u00";
      out += hex[u >> 4];
      out += hex[u & 15];
    } else {
      out += c;
    }
  }
  return out + "\"";
}

}  // namespace

std::string admImport(std::string_view input)
{
  const auto result = core::importAdmFromString(std::string(input), "fuzz.adm");
  if (auto problem = unlocated(result.errors, !result.ok()); !problem.empty())
    return problem;
  return result.ok() ? roundTrip(*result.model) : std::string();
}

std::string modelFile(std::string_view input)
{
  const auto result = core::modelFromString(std::string(input), "fuzz.mbs.json");
  if (auto problem = unlocated(result.errors, !result.ok()); !problem.empty())
    return problem;
  return result.ok() ? roundTrip(*result.model) : std::string();
}

// Two markers and their loads; any other marker or element index is a defect (at() throws, which
// the fuzzer reports as a crash): a name of another kind must never reach the state as an index.
class TwoMarkers : public solver::StateView {
public:
  double time() const override { return 0.5; }
  solver::Vec3 position(int m) const override { return at(m); }
  solver::Mat3 orientation(int m) const override
  {
    at(m);
    return solver::Mat3::Identity();
  }
  solver::Vec3 velocity(int m) const override { return at(m); }
  solver::Vec3 angularVelocity(int m) const override { return at(m); }
  solver::Vec3 acceleration(int m) const override { return at(m); }
  solver::Vec3 angularAcceleration(int m) const override { return at(m); }
  std::optional<solver::ElementLoad> elementLoad(solver::LoadElement, int index, bool) const override
  {
    return solver::ElementLoad{m_points.at(std::size_t(index)), m_points.at(std::size_t(index))};
  }
  std::optional<solver::ElementLoad> markerLoad(int i, int j) const override
  {
    return solver::ElementLoad{at(i), at(j)};
  }

private:
  solver::Vec3 at(int m) const
  {
    return m == solver::kGround ? solver::Vec3::Zero() : m_points.at(std::size_t(m));
  }
  std::vector<solver::Vec3> m_points{solver::Vec3(1, 2, 3), solver::Vec3(-1, 0.5, 2)};
};

std::string expression(std::string_view input)
{
  core::ExpressionContext timeOnly;
  timeOnly.allowMeasures = false;
  core::ExpressionContext measures;
  measures.marker = [](std::string_view name) -> std::optional<int> {
    return name == "M1" ? std::optional(0) : (name == "M2" ? std::optional(1) : std::nullopt);
  };
  // A parameter, a VARIABLE and an element beside the markers: PA = 1e9, as an index far out of
  // bounds; V1 reads M1; J1 is element 0.
  measures.parameter = [](std::string_view name) -> std::optional<double> {
    return name == "PA" ? std::optional(1e9) : std::nullopt;
  };
  auto variables = std::make_shared<core::VariableTable>(1);
  measures.variable = [](std::string_view name) -> std::optional<int> {
    return name == "V1" ? std::optional(0) : std::nullopt;
  };
  measures.element = [](std::string_view, std::string_view name, std::string&) -> std::optional<int> {
    return name == "J1" ? std::optional(0) : std::nullopt;
  };
  {
    core::ExpressionContext stored = measures;
    stored.variables = variables;
    stored.storedInVariables = true;
    (*variables)[0] = core::Expression::compile("DX(M1, M2) + PA*1e-9", stored).expression;
  }
  measures.variables = variables;
  const TwoMarkers state;
  for (const auto* context : {&timeOnly, &measures}) {
    const auto compiled = core::Expression::compile(input, *context);
    if (!compiled.ok()) {
      if (!compiled.error || compiled.error->message.empty())
        return "an expression was refused without a message";
      if (compiled.error->position < 0 || compiled.error->position > static_cast<int>(input.size()))
        return "an expression error outside the text: position " + std::to_string(compiled.error->position);
      continue;
    }
    for (double t : {0.0, 0.5, -1.0, 1e6}) {
      compiled.expression->evaluate(t);  // any value, NaN included, is the model's; a crash is not
      compiled.expression->evaluate(t, &state);
    }
  }
  const auto rewritten = core::rewriteIdArguments(
      input, [](long id) { return id == 1 ? std::optional<std::string>("M1") : std::nullopt; },
      [](long) { return std::optional<std::string>("V1"); });
  if (rewritten.error && rewritten.error->message.empty())
    return "an id rewrite was refused without a message";
  return {};
}

std::string initialConditions(std::string_view input)
{
  const auto start = input.find_first_not_of(" \t\r\n");
  const bool native = start != std::string_view::npos && input[start] == '{';
  std::optional<core::Model> model;
  if (native) {
    model = core::modelFromString(std::string(input), "fuzz.mbs.json").model;
  } else {
    model = core::importAdmFromString(std::string(input), "fuzz.adm").model;
  }
  if (!model)
    return {};  // the loaders' own targets check their errors
  core::CompileResult compiled = core::compile(*model);
  if (!compiled.ok) {
    for (const auto& d : compiled.diagnostics)
      if (!d.reason.empty() && !(d.entity.empty() && d.field.empty() && d.line <= 0))
        return {};
    return "compile refused a model without naming an entity and a reason";
  }
  if (!solver::System::validate(compiled.model).ok())
    return {};
  const solver::System system(std::move(compiled.model));
  solver::State state;
  const solver::Status status = solver::solveInitialConditions(system, state);
  if (!status.ok() && status.message.empty())
    return "the initial-condition analysis failed without a message";
  if (status.ok() && !(state.q.allFinite() && state.qd.allFinite()))
    return "the initial-condition analysis succeeded with non-finite coordinates";
  return {};
}

std::string commandFile(std::string_view input)
{
  const std::filesystem::path folder = scratchFolder();
  writeFile(folder / "pendulum.adm", kPendulumDeck);
  writeFile(folder / "fuzz.acf", input);
  const core::AdamsCommandFile acf = core::readAdamsCommandFile((folder / "fuzz.acf").string());
  if (!acf.ok() && acf.errors.empty() && acf.dataset.errors.empty())
    return "the command file was refused without an error";
  for (const core::Diagnostics* errors : {&acf.errors, &acf.dataset.errors})
    if (auto problem = unlocated(*errors, false); !problem.empty())
      return problem;
  for (const core::AdamsCommand& c : acf.commands) {
    if (c.line <= 0)
      return "a command without its line: " + c.label;
    for (const std::optional<double>& v : {c.end, c.duration, c.outputStep})
      if (v && std::isnan(*v))
        return "a command read as NaN: " + c.label + " (line " + std::to_string(c.line) + ")";
  }
  return {};
}

std::string studyFile(std::string_view input)
{
  const std::string file = (scratchFolder() / "fuzz.study.json").string();
  const core::StudyLoad load = core::studyFromString(std::string(input), file);
  if (auto problem = unlocated(load.errors, !load.ok()); !problem.empty())
    return problem;
  if (!load.ok())
    return {};
  const std::string text = core::studyToString(*load.study, load.study->modelPath);
  const core::StudyLoad again = core::studyFromString(text, file);
  if (!again.ok())
    return "a study written back does not read again: " + again.errors.front().toString();
  if (core::studyToString(*again.study, again.study->modelPath) != text)
    return "a study written back reads as a different study";
  return {};
}

std::string modelExpression(std::string_view input)
{
  // A pendulum with parameters L and k0, a VARIABLE, markers on ground and on the bob; the input is
  // the function of a second VARIABLE and of a force that reads it.
  const std::string function = jsonString(input);
  const std::string text = R"json({"format": "mbstudio-model", "version": 1,
 "units": {"length": "m", "mass": "kg", "time": "s", "force": "N", "angle": "rad"},
 "name": "fuzz_expression", "gravity": [0, -9.81, 0],
 "parts": [{"id": 1, "name": "ground", "ground": true},
  {"id": 2, "name": "bob", "mass": 1, "cm_marker": "bob_cm",
   "inertia": {"ixx": 1e-3, "iyy": 1e-3, "izz": 1e-3, "ixy": 0, "ixz": 0, "iyz": 0},
   "position": [1, 0, 0], "orientation": [0, 0, 0]}],
 "markers": [{"id": 3, "name": "pivot", "part": "ground", "position": [0, 0, 0]},
  {"id": 4, "name": "bob_cm", "part": "bob", "position": [0, 0, 0]},
  {"id": 5, "name": "bob_pivot", "part": "bob", "position": [-1, 0, 0]}],
 "joints": [{"id": 6, "name": "pin", "type": "revolute", "i_marker": "bob_pivot", "j_marker": "pivot"}],
 "motions": [],
 "variables": [{"id": 7, "name": "swing", "function": "AZ(bob_pivot, pivot) + L*0"},
  {"id": 8, "name": "fuzzed", "function": )json" +
                           function + R"json(}],
 "forces": [{"id": 9, "name": "push", "type": "single_torque", "i_marker": "bob_pivot", "j_marker": "pivot",
   "action_only": false, "function": )json" +
                           function + R"json(},
  {"id": 10, "name": "read", "type": "single_force", "i_marker": "bob_cm", "j_marker": "pivot",
   "action_only": false, "function": "VARVAL(fuzzed) - k0*DX(bob_cm, pivot)"}],
 "parameters": [{"name": "L", "value": 1.0}, {"name": "k0", "value": 2.0}]
})json";
  const auto loaded = core::modelFromString(text, "fuzz.mbs.json");
  if (auto problem = unlocated(loaded.errors, !loaded.ok()); !problem.empty())
    return problem;
  if (!loaded.ok())
    return {};
  core::CompileResult compiled = core::compile(*loaded.model);
  if (!compiled.ok) {
    for (const auto& d : compiled.diagnostics)
      if (!d.reason.empty() && !(d.entity.empty() && d.field.empty() && d.line <= 0))
        return {};
    return "compile refused an expression without naming an entity and a reason";
  }
  if (!solver::System::validate(compiled.model).ok())
    return {};
  const solver::System system(std::move(compiled.model));
  solver::State state;
  const solver::Status status = solver::solveInitialConditions(system, state);
  if (!status.ok() && status.message.empty())
    return "the initial-condition analysis failed without a message";
  const solver::Vec q = status.ok() ? state.q : system.initialPositions();
  const solver::Vec qd = status.ok() ? state.qd : solver::Vec::Zero(q.size());
  solver::Vec forces;
  for (double t : {0.0, 0.5, 1e6})
    system.forces(t, q, qd, forces);  // any value, NaN included, is the model's; a crash is not
  return {};
}

const std::vector<Target>& targets()
{
  static const std::vector<Target> all{{"adm_import", admImport},
                                       {"model_file", modelFile},
                                       {"expression", expression},
                                       {"initial_conditions", initialConditions},
                                       {"command_file", commandFile},
                                       {"study_file", studyFile},
                                       {"model_expression", modelExpression}};
  return all;
}

}  // namespace mbs::fuzz
