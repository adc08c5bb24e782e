#include "DataJson.hpp"

namespace mbs::core::detail {

using json = nlohmann::ordered_json;

namespace {

// A list of numbers at rd's `key`; an error names the key otherwise.
std::vector<double> numbers(JsonReader& rd, const char* key, bool required = true)
{
  std::vector<double> out;
  const json* list = rd.child(key, required);
  if (!list)
    return out;
  if (!list->is_array()) {
    rd.error(key, "expected an array of numbers");
    return out;
  }
  for (const auto& v : *list) {
    if (!v.is_number()) {
      rd.error(key, "expected an array of numbers");
      return {};
    }
    out.push_back(v.get<double>());
  }
  return out;
}

const json* list(const json& root, const char* key, Diagnostics& errors)
{
  const auto it = root.find(key);
  if (it == root.end())
    return nullptr;
  if (!it->is_array()) {
    errors.push_back({{}, 0, std::string("/") + key, {}, "expected an array"});
    return nullptr;
  }
  return &*it;
}

}  // namespace

void dataElementsFromJson(const json& root, Model& model, Diagnostics& errors)
{
  if (const json* splines = list(root, "splines", errors)) {
    for (std::size_t k = 0; k < splines->size(); ++k) {
      JsonReader rd((*splines)[k], "/splines/" + std::to_string(k), errors);
      if (!rd.isObject())
        continue;
      Spline s;
      s.name = rd.string("name");
      s.x = numbers(rd, "x");
      s.z = numbers(rd, "z", false);
      // "y": numbers for a curve, one array of numbers per z value for a family of curves.
      if (const json* y = rd.child("y")) {
        const bool rows = y->is_array() && !y->empty() && y->front().is_array();
        if (!y->is_array() || (rows != !s.z.empty() && !y->empty())) {
          rd.error("y", s.z.empty() ? "expected an array of numbers (a curve: no \"z\")"
                                    : "expected one array of numbers per z value");
        } else if (!rows) {
          json wrapper = {{"y", *y}};
          JsonReader inner(wrapper, rd.at(), errors);
          s.y.push_back(numbers(inner, "y"));
        } else {
          for (const auto& row : *y) {
            json wrapper = {{"y", row}};
            JsonReader inner(wrapper, rd.at(), errors);
            s.y.push_back(numbers(inner, "y"));
          }
        }
      }
      s.linearExtrapolate = rd.boolean("linear_extrapolate", false);
      s.description = rd.string("description", std::string());
      rd.finish();
      model.splines.push_back(std::move(s));
    }
  }
  if (const json* arrays = list(root, "arrays", errors)) {
    for (std::size_t k = 0; k < arrays->size(); ++k) {
      JsonReader rd((*arrays)[k], "/arrays/" + std::to_string(k), errors);
      if (!rd.isObject())
        continue;
      DataArray a;
      a.name = rd.string("name");
      a.values = numbers(rd, "values");
      a.description = rd.string("description", std::string());
      rd.finish();
      model.arrays.push_back(std::move(a));
    }
  }
  if (const json* matrices = list(root, "matrices", errors)) {
    for (std::size_t k = 0; k < matrices->size(); ++k) {
      JsonReader rd((*matrices)[k], "/matrices/" + std::to_string(k), errors);
      if (!rd.isObject())
        continue;
      DataMatrix m;
      m.name = rd.string("name");
      m.rows = rd.integer("rows");
      m.columns = rd.integer("columns");
      m.values = numbers(rd, "values");
      m.description = rd.string("description", std::string());
      rd.finish();
      model.matrices.push_back(std::move(m));
    }
  }
}

void dataElementsToJson(const Model& model, json& root)
{
  const auto described = [](json& j, const std::string& description) {
    if (!description.empty())
      j["description"] = description;
  };
  if (!model.splines.empty()) {
    json list = json::array();
    for (const Spline& s : model.splines) {
      json j = {{"name", s.name}, {"x", s.x}};
      if (s.z.empty()) {
        j["y"] = s.y.empty() ? json::array() : json(s.y.front());
      } else {
        j["z"] = s.z;
        j["y"] = s.y;
      }
      if (s.linearExtrapolate)
        j["linear_extrapolate"] = true;
      described(j, s.description);
      list.push_back(std::move(j));
    }
    root["splines"] = list;
  }
  if (!model.arrays.empty()) {
    json list = json::array();
    for (const DataArray& a : model.arrays) {
      json j = {{"name", a.name}, {"values", a.values}};
      described(j, a.description);
      list.push_back(std::move(j));
    }
    root["arrays"] = list;
  }
  if (!model.matrices.empty()) {
    json list = json::array();
    for (const DataMatrix& m : model.matrices) {
      json j = {{"name", m.name}, {"rows", m.rows}, {"columns", m.columns}, {"values", m.values}};
      described(j, m.description);
      list.push_back(std::move(j));
    }
    root["matrices"] = list;
  }
}

}  // namespace mbs::core::detail
