#pragma once
// The "splines", "arrays", "curves" and "matrices" lists of the model file (docs/file-format.md).
#include <nlohmann/json.hpp>

#include "JsonReader.hpp"
#include "mbs/core/Model.hpp"

namespace mbs::core::detail {

// Reads the three lists (absent = none) into `model`.
void dataElementsFromJson(const nlohmann::ordered_json& root, Model& model, Diagnostics& errors);
// Adds the lists that are not empty to `root` (files without data stay as they were).
void dataElementsToJson(const Model& model, nlohmann::ordered_json& root);

}  // namespace mbs::core::detail
