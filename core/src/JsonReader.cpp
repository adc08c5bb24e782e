#include "JsonReader.hpp"

#include <cmath>

namespace mbs::core::detail {

JsonReader::JsonReader(const nlohmann::ordered_json& object, std::string at, Diagnostics& errors,
                       std::string entity)
    : m_obj(object), m_at(std::move(at)), m_errors(errors), m_entity(std::move(entity))
{
  if (!m_obj.is_object()) {
    m_errors.push_back({{}, 0, m_at.empty() ? "/" : m_at, m_entity, "expected an object"});
    m_ok = false;
  }
}

void JsonReader::error(const std::string& key, const std::string& reason)
{
  m_errors.push_back({{}, 0, m_at + "/" + key, m_entity, reason});
}

bool JsonReader::has(const char* key) const
{
  return m_ok && m_obj.contains(key);
}

const nlohmann::ordered_json* JsonReader::get(const char* key, bool required)
{
  if (!m_ok) {
    return nullptr;
  }
  m_used.insert(key);
  auto it = m_obj.find(key);
  if (it == m_obj.end()) {
    if (required) {
      error(key, "missing field");
    }
    return nullptr;
  }
  return &*it;
}

const nlohmann::ordered_json* JsonReader::child(const char* key, bool required)
{
  return get(key, required);
}

double JsonReader::number(const char* key, double scale, std::optional<double> fallback)
{
  const auto* v = get(key, !fallback);
  if (!v) {
    return fallback.value_or(0.0);
  }
  if (!v->is_number() || !std::isfinite(v->get<double>())) {
    error(key, "expected a finite number");
    return fallback.value_or(0.0);
  }
  return v->get<double>() * scale;
}

int JsonReader::integer(const char* key, std::optional<int> fallback)
{
  const auto* v = get(key, !fallback);
  if (!v) {
    return fallback.value_or(0);
  }
  if (!v->is_number_integer() || v->get<long long>() < 0 || v->get<long long>() > 2000000000) {
    error(key, "expected a non-negative integer");
    return fallback.value_or(0);
  }
  return v->get<int>();
}

bool JsonReader::boolean(const char* key, std::optional<bool> fallback)
{
  const auto* v = get(key, !fallback);
  if (!v) {
    return fallback.value_or(false);
  }
  if (!v->is_boolean()) {
    error(key, "expected true or false");
    return fallback.value_or(false);
  }
  return v->get<bool>();
}

std::string JsonReader::string(const char* key, std::optional<std::string> fallback)
{
  const auto* v = get(key, !fallback);
  if (!v) {
    return fallback.value_or(std::string());
  }
  if (!v->is_string()) {
    error(key, "expected a string");
    return fallback.value_or(std::string());
  }
  return v->get<std::string>();
}

Vec3 JsonReader::vec3(const char* key, double scale, std::optional<Vec3> fallback)
{
  const auto* v = get(key, !fallback);
  if (!v) {
    return fallback.value_or(Vec3::Zero());
  }
  if (!v->is_array() || v->size() != 3 || !(*v)[0].is_number() || !(*v)[1].is_number() ||
      !(*v)[2].is_number()) {
    error(key, "expected an array of 3 numbers");
    return fallback.value_or(Vec3::Zero());
  }
  Vec3 out((*v)[0].get<double>(), (*v)[1].get<double>(), (*v)[2].get<double>());
  if (!out.allFinite()) {
    error(key, "expected finite numbers");
  }
  return out * scale;
}

std::vector<double> JsonReader::numbers(const char* key, const std::vector<double>& scales, bool required)
{
  std::vector<double> out(scales.size(), 0.0);
  const auto* v = get(key, required);
  if (!v) {
    return out;
  }
  if (!v->is_array() || v->size() != scales.size()) {
    error(key, "expected an array of " + std::to_string(scales.size()) + " numbers");
    return out;
  }
  for (std::size_t k = 0; k < scales.size(); ++k) {
    if (!(*v)[k].is_number() || !std::isfinite((*v)[k].get<double>())) {
      error(key, "expected finite numbers");
      return std::vector<double>(scales.size(), 0.0);
    }
    out[k] = (*v)[k].get<double>() * scales[k];
  }
  return out;
}

std::array<bool, 3> JsonReader::bool3(const char* key, std::array<bool, 3> fallback)
{
  const auto* v = get(key, false);
  if (!v) {
    return fallback;
  }
  if (!v->is_array() || v->size() != 3 || !(*v)[0].is_boolean() || !(*v)[1].is_boolean() ||
      !(*v)[2].is_boolean()) {
    error(key, "expected an array of 3 booleans");
    return fallback;
  }
  return {(*v)[0].get<bool>(), (*v)[1].get<bool>(), (*v)[2].get<bool>()};
}

std::uint32_t JsonReader::reference(const char* key, EntityKind kind, const Resolver& resolve, bool optional)
{
  const auto* v = get(key, !optional);
  if (!v || v->is_null() || (optional && v->is_string() && v->get<std::string>().empty())) {
    return 0;
  }
  if (!v->is_string()) {
    error(key, std::string("expected the name of a ") + toString(kind));
    return 0;
  }
  const auto name = v->get<std::string>();
  const auto ref = resolve(name);
  if (!ref || ref->kind != kind) {
    error(key, std::string("unknown ") + toString(kind) + " '" + name + "'");
    return 0;
  }
  return ref->id;
}

void JsonReader::finish()
{
  if (!m_ok) {
    return;
  }
  for (const auto& [key, value] : m_obj.items()) {
    if (!m_used.count(key)) {
      error(key, "unknown field '" + key + "'");
    }
  }
}

}  // namespace mbs::core::detail
