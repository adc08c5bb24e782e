#include "mbs/core/Parameters.hpp"

#include <cmath>
#include <cstdio>
#include <set>

#include "mbs/core/Expression.hpp"
#include "mbs/core/Model.hpp"
#include "mbs/core/ModelFile.hpp"

namespace mbs::core {
namespace {

std::string upper(std::string_view s)
{
  std::string out(s);
  for (char& c : out)
    c = char(std::toupper(static_cast<unsigned char>(c)));
  return out;
}

template <class M, class P>
P* find(M& model, std::string_view name)
{
  const std::string wanted = upper(name);
  for (auto& p : model.parameters)
    if (upper(p.name) == wanted)
      return &p;
  return nullptr;
}

// The number at `field` of the entity's file form, or why there is none.
struct FieldValue {
  nlohmann::ordered_json entityJson;
  nlohmann::ordered_json::json_pointer pointer;
  std::string error;
};

FieldValue numericField(const Model& model, const ParameterBinding& b)
{
  FieldValue out;
  out.entityJson = toJson(model, b.entity);
  try {
    out.pointer = nlohmann::ordered_json::json_pointer(b.field);
  } catch (const nlohmann::ordered_json::exception&) {
    out.error = "'" + b.field + "' is not a field path (a JSON pointer such as /mass or /position/1)";
    return out;
  }
  if (b.field.empty() || !out.entityJson.contains(out.pointer) || !out.entityJson.at(out.pointer).is_number())
    out.error = "'" + model.entityName(b.entity) + "' has no numeric field '" + b.field + "'";
  return out;
}

}  // namespace

const Parameter* findParameter(const Model& model, std::string_view name)
{
  return find<const Model, const Parameter>(model, name);
}

Parameter* findParameter(Model& model, std::string_view name)
{
  return find<Model, Parameter>(model, name);
}

void bindParameters(ExpressionContext& context, const Model& model)
{
  context.parameter = [&model](std::string_view name) -> std::optional<double> {
    const Parameter* p = findParameter(model, name);
    return p ? std::optional<double>(p->value) : std::nullopt;
  };
}

std::string substituteParameters(const Model& model, std::string_view text)
{
  std::string out(text);
  for (const std::string& id : expressionIdentifiers(text)) {
    if (const Parameter* p = findParameter(model, id)) {
      char value[40];
      std::snprintf(value, sizeof value, "(%.17g)", p->value);
      out = renameIdentifier(out, id, value);
    }
  }
  return out;
}

ParameterValue evaluateParameterExpression(const Model& model, std::string_view expression)
{
  ExpressionContext ctx;
  ctx.allowMeasures = false;
  bindParameters(ctx, model);
  for (const std::string& id : expressionIdentifiers(expression))
    if (id == "TIME" || id == "MODE")
      return {std::nullopt,
              "'" + std::string(expression) + "' depends on " + id + " (a field needs a constant)"};
  auto compiled = Expression::compile(expression, ctx);
  if (!compiled.ok())
    return {std::nullopt, "'" + std::string(expression) + "': " + compiled.error->message + " (at position " +
                              std::to_string(compiled.error->position + 1) + ")"};
  const double v = compiled.expression->evaluate(0.0);
  if (!std::isfinite(v))
    return {std::nullopt, "'" + std::string(expression) + "' is not a finite number"};
  return {v, {}};
}

std::string bindingLabel(const Model& model, const ParameterBinding& binding)
{
  const std::string entity =
      binding.entity.kind == EntityKind::Model ? "model" : model.entityName(binding.entity);
  return entity + " " + binding.field;
}

const ParameterBinding* findBinding(const Model& model, const EntityRef& entity, std::string_view field)
{
  for (const auto& b : model.bindings)
    if (b.entity == entity && b.field == field)
      return &b;
  return nullptr;
}

Diagnostics applyBindings(Model& model)
{
  Diagnostics errors;
  for (std::size_t k = 0; k < model.bindings.size(); ++k) {
    const ParameterBinding b = model.bindings[k];
    if (b.entity.kind != EntityKind::Model && !model.contains(b.entity))
      continue;
    const std::string at = "/bindings/" + std::to_string(k);
    const std::string entity = model.entityName(b.entity);
    FieldValue field = numericField(model, b);
    if (!field.error.empty()) {
      errors.push_back({{}, 0, at + "/field", entity, field.error});
      continue;
    }
    const ParameterValue v = evaluateParameterExpression(model, b.expression);
    if (!v.value) {
      errors.push_back({{}, 0, at + "/expression", entity, bindingLabel(model, b) + ": " + v.error});
      continue;
    }
    if (field.entityJson.at(field.pointer).get<double>() == *v.value)
      continue;
    field.entityJson[field.pointer] = *v.value;
    Diagnostics problems;
    if (!entityFromJson(model, b.entity, field.entityJson, problems)) {
      for (auto& d : problems)
        errors.push_back(
            {{}, 0, at, entity, bindingLabel(model, b) + " = " + std::to_string(*v.value) + ": " + d.reason});
    }
  }
  return errors;
}

void validateParameters(const Model& model, Diagnostics& out)
{
  std::set<std::string> seen;
  for (std::size_t k = 0; k < model.parameters.size(); ++k) {
    const Parameter& p = model.parameters[k];
    const std::string at = "/parameters/" + std::to_string(k);
    if (!Model::isValidName(p.name))
      out.push_back(
          {{},
           0,
           at + "/name",
           p.name,
           "parameter name '" + p.name +
               "' is not valid (letters, digits and _, not starting with a digit, not a function name)"});
    else if (!seen.insert(upper(p.name)).second)
      out.push_back({{}, 0, at + "/name", p.name, "parameter name '" + p.name + "' is used twice"});
    else if (model.findEntity(p.name))
      out.push_back(
          {{}, 0, at + "/name", p.name, "parameter name '" + p.name + "' is also an entity's name"});
    if (!std::isfinite(p.value))
      out.push_back({{}, 0, at + "/value", p.name, "parameter '" + p.name + "' must be a finite number"});
  }
  std::set<std::pair<EntityRef, std::string>> bound;
  for (std::size_t k = 0; k < model.bindings.size(); ++k) {
    const ParameterBinding& b = model.bindings[k];
    if (b.entity.kind != EntityKind::Model && !model.contains(b.entity))
      continue;
    const std::string at = "/bindings/" + std::to_string(k);
    const std::string entity = model.entityName(b.entity);
    if (!bound.insert({b.entity, b.field}).second) {
      out.push_back({{}, 0, at, entity, bindingLabel(model, b) + " is bound twice"});
      continue;
    }
    if (const FieldValue f = numericField(model, b); !f.error.empty()) {
      out.push_back({{}, 0, at + "/field", entity, f.error});
      continue;
    }
    if (const ParameterValue v = evaluateParameterExpression(model, b.expression); !v.value)
      out.push_back({{}, 0, at + "/expression", entity, bindingLabel(model, b) + ": " + v.error});
  }
}

}  // namespace mbs::core
