#pragma once
// Reads one JSON object of the model file: typed fields with unit conversion, references by
// name, and an error for every missing, mistyped or unknown field (JSON-pointer located).
#include <functional>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

#include "mbs/core/Diagnostics.hpp"
#include "mbs/core/Ids.hpp"
#include "mbs/core/Rotation.hpp"

namespace mbs::core::detail {

using Resolver = std::function<std::optional<EntityRef>(std::string_view)>;

class JsonReader {
public:
  JsonReader(const nlohmann::ordered_json& object, std::string at, Diagnostics& errors,
             std::string entity = {});

  bool isObject() const { return m_ok; }
  bool has(const char* key) const;
  double number(const char* key, double scale = 1.0, std::optional<double> fallback = std::nullopt);
  int integer(const char* key, std::optional<int> fallback = std::nullopt);
  bool boolean(const char* key, std::optional<bool> fallback = std::nullopt);
  std::string string(const char* key, std::optional<std::string> fallback = std::nullopt);
  Vec3 vec3(const char* key, double scale = 1.0, std::optional<Vec3> fallback = std::nullopt);
  std::array<bool, 3> bool3(const char* key, std::array<bool, 3> fallback);
  // An array of scales.size() finite numbers, entry k times scales[k]; absent: zeros, or an error
  // when `required`.
  std::vector<double> numbers(const char* key, const std::vector<double>& scales, bool required);
  // A reference by name to an entity of `kind`; empty / null / absent allowed if `optional`.
  std::uint32_t reference(const char* key, EntityKind kind, const Resolver& resolve, bool optional = false);
  const nlohmann::ordered_json* child(const char* key, bool required = true);  // marks the key used
  void error(const std::string& key, const std::string& reason);
  // Reports keys that were never read.
  void finish();
  const std::string& at() const { return m_at; }

private:
  const nlohmann::ordered_json* get(const char* key, bool required);
  const nlohmann::ordered_json& m_obj;
  std::string m_at;
  Diagnostics& m_errors;
  std::string m_entity;
  std::set<std::string> m_used;
  bool m_ok = true;
};

}  // namespace mbs::core::detail
