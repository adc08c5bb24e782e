#pragma once
// Model parameters (design variables): named numbers a study or the user changes, read by bare
// name in expressions ("2*crank_length") and bound to numeric fields ("the mass of 'crank' is
// 2*m0"). A bound field always holds the value of its expression: changing a parameter re-evaluates
// every binding (applyBindings), and a binding whose expression does not evaluate is refused naming
// the field. Parameters and bound values are SI (docs/file-format.md, "parameters").
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "mbs/core/Diagnostics.hpp"
#include "mbs/core/Ids.hpp"

namespace mbs::core {

class Model;
struct ExpressionContext;

struct Parameter {
  std::string name;  // a valid model name, unique among parameters and entities (ignoring case)
  double value = 0.0;
  std::string description;
  bool operator==(const Parameter&) const = default;
};

// A numeric field computed from parameters. `field` is a JSON pointer into the entity's file form,
// as SetProperty takes it: "/mass", "/inertia/ixx", "/position/1", "/friction/mu_dynamic",
// "/stiffness"; EntityRef{} is the model itself ("/gravity/1", "/analysis/end_time").
struct ParameterBinding {
  EntityRef entity;
  std::string field;
  std::string expression;
  bool operator==(const ParameterBinding&) const = default;
};

const Parameter* findParameter(const Model& model, std::string_view name);  // case-insensitive
Parameter* findParameter(Model& model, std::string_view name);

// Makes bare parameter names in `context` read as their values.
void bindParameters(ExpressionContext& context, const Model& model);

// `text` with each parameter name replaced by its value ("(0.25)"), for consumers that have no
// parameters (motion functions, Adams export).
std::string substituteParameters(const Model& model, std::string_view text);

// The value of an expression of parameters and constants (no TIME, no measures), or the reason it
// has none.
struct ParameterValue {
  std::optional<double> value;
  std::string error;
};
ParameterValue evaluateParameterExpression(const Model& model, std::string_view expression);

// "crank /mass" (the model itself: "model /gravity/1"), for messages and tables.
std::string bindingLabel(const Model& model, const ParameterBinding& binding);
// The binding of that field, if any (bindings of removed entities count as absent elsewhere).
const ParameterBinding* findBinding(const Model& model, const EntityRef& entity, std::string_view field);

// Writes the value of every binding into its field. Bindings of entities no longer in the model are
// skipped (a removed entity that undo brings back gets its binding again). On error the model may
// be partly updated: callers that must not leave it so keep a copy (SetParameters does).
Diagnostics applyBindings(Model& model);

// Names, values and bindings: what Model::validate() reports about parameters.
void validateParameters(const Model& model, Diagnostics& out);

}  // namespace mbs::core
