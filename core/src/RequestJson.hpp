#pragma once
// JSON form of output requests (the "requests" array of the native file; docs/file-format.md).
#include <nlohmann/json.hpp>

#include "JsonReader.hpp"
#include "mbs/core/Model.hpp"
#include "mbs/core/Units.hpp"

namespace mbs::core::detail {

nlohmann::ordered_json requestToJson(const Model& model, const Request& request);
// Reads the "requests" array of `root` (absent: none) into model.requests.
void requestsFromJson(const nlohmann::ordered_json& root, const UnitSystem& u, const Resolver& resolve,
                      Model& model, Diagnostics& errors);

}  // namespace mbs::core::detail
