#pragma once
// JSON form of each entity (native file format, SI on output). Readers resolve references by
// name and convert from the file's units.
#include <nlohmann/json.hpp>

#include "JsonReader.hpp"
#include "mbs/core/AnalysisSettings.hpp"
#include "mbs/core/Model.hpp"
#include "mbs/core/Units.hpp"

namespace mbs::core::detail {

using json = nlohmann::ordered_json;

json partToJson(const Model& m, const Part& p);
json markerToJson(const Model& m, const Marker& k);
json jointToJson(const Model& m, const Joint& j);
json motionToJson(const Model& m, const Motion& k);
json forceToJson(const Model& m, const Force& f);
json variableToJson(const Variable& v);
json analysisToJson(const AnalysisSettings& a);

// Each reader fills `out` (id and name included) from `j`; errors go to `errors`.
void partFromJson(const json& j, const std::string& at, const UnitSystem& u, const Resolver& r, Part& out,
                  Diagnostics& errors);
void markerFromJson(const json& j, const std::string& at, const UnitSystem& u, const Resolver& r, Marker& out,
                    Diagnostics& errors);
void jointFromJson(const json& j, const std::string& at, const UnitSystem& u, const Resolver& r, Joint& out,
                   Diagnostics& errors);
void motionFromJson(const json& j, const std::string& at, const UnitSystem& u, const Resolver& r, Motion& out,
                    Diagnostics& errors);
void forceFromJson(const json& j, const std::string& at, const UnitSystem& u, const Resolver& r, Force& out,
                   Diagnostics& errors);
void variableFromJson(const json& j, const std::string& at, const UnitSystem& u, Variable& out,
                      Diagnostics& errors);
void analysisFromJson(const json& j, const std::string& at, const UnitSystem& u, AnalysisSettings& out,
                      Diagnostics& errors);

}  // namespace mbs::core::detail
