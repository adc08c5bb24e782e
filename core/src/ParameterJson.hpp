#pragma once
// The "parameters" and "bindings" arrays of the model file (docs/file-format.md).
#include <nlohmann/json.hpp>

#include "JsonReader.hpp"
#include "mbs/core/Model.hpp"

namespace mbs::core::detail {

// Reads both arrays (absent = none) into `model`; bindings name their entity ("" / null: the model).
void parametersFromJson(const nlohmann::ordered_json& root, const Resolver& resolve, Model& model,
                        Diagnostics& errors);
// Adds the arrays to `root` when the model has parameters; bindings of removed entities are dropped.
void parametersToJson(const Model& model, nlohmann::ordered_json& root);

}  // namespace mbs::core::detail
