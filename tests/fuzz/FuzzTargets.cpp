#include "FuzzTargets.hpp"

#include <cmath>

#include "System.hpp"
#include "analysis/InitialConditions.hpp"
#include "mbs/core/AdmImport.hpp"
#include "mbs/core/Compile.hpp"
#include "mbs/core/Expression.hpp"
#include "mbs/core/ModelFile.hpp"

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

std::string expression(std::string_view input)
{
  core::ExpressionContext timeOnly;
  timeOnly.allowMeasures = false;
  core::ExpressionContext measures;
  measures.marker = [](std::string_view name) -> std::optional<int> {
    return name == "M1" ? std::optional(0) : (name == "M2" ? std::optional(1) : std::nullopt);
  };
  for (const auto* context : {&timeOnly, &measures}) {
    const auto compiled = core::Expression::compile(input, *context);
    if (!compiled.ok()) {
      if (!compiled.error || compiled.error->message.empty())
        return "an expression was refused without a message";
      if (compiled.error->position < 0 || compiled.error->position > static_cast<int>(input.size()))
        return "an expression error outside the text: position " + std::to_string(compiled.error->position);
      continue;
    }
    for (double t : {0.0, 0.5, -1.0, 1e6})
      compiled.expression->evaluate(t);  // any value, NaN included, is the model's; a crash is not
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

const std::vector<Target>& targets()
{
  static const std::vector<Target> all{{"adm_import", admImport},
                                       {"model_file", modelFile},
                                       {"expression", expression},
                                       {"initial_conditions", initialConditions}};
  return all;
}

}  // namespace mbs::fuzz
