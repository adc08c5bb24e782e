#include "DataJson.hpp"

#include "CurveJson.hpp"

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
  if (const json* sensors = list(root, "sensors", errors)) {
    for (std::size_t k = 0; k < sensors->size(); ++k) {
      JsonReader rd((*sensors)[k], "/sensors/" + std::to_string(k), errors);
      if (!rd.isObject())
        continue;
      Sensor s;
      s.name = rd.string("name");
      s.function = rd.string("function");
      s.value = rd.number("value", 1.0, 0.0);
      s.error = rd.number("error", 1.0, 1e-3);
      const std::string compare = rd.string("compare", std::string("eq"));
      if (compare == "eq")
        s.compare = SensorCompare::Equal;
      else if (compare == "ge")
        s.compare = SensorCompare::GreaterEqual;
      else if (compare == "le")
        s.compare = SensorCompare::LessEqual;
      else
        rd.error("compare", "expected \"eq\", \"ge\" or \"le\", not '" + compare + "'");
      s.halt = rd.boolean("halt", false);
      s.stop = rd.boolean("return", false);
      s.print = rd.boolean("print", false);
      s.restart = rd.boolean("restart", false);
      s.stepSize = rd.number("step_size", 1.0, 0.0);
      s.evaluate = rd.string("evaluate", std::string());
      s.active = rd.boolean("active", true);
      s.description = rd.string("description", std::string());
      rd.finish();
      model.sensors.push_back(std::move(s));
    }
  }
  if (const json* diffs = list(root, "differentials", errors)) {
    for (std::size_t k = 0; k < diffs->size(); ++k) {
      JsonReader rd((*diffs)[k], "/differentials/" + std::to_string(k), errors);
      if (!rd.isObject())
        continue;
      DifferentialEquation d;
      d.name = rd.string("name");
      d.function = rd.string("function");
      d.initialValue = rd.number("ic", 1.0, 0.0);
      d.staticHold = rd.boolean("static_hold", false);
      d.implicit = rd.boolean("implicit", false);
      d.initialRate = rd.number("ic_rate", 1.0, 0.0);
      d.description = rd.string("description", std::string());
      rd.finish();
      model.differentials.push_back(std::move(d));
    }
  }
  for (const bool inputs : {true, false}) {
    const char* key = inputs ? "plant_inputs" : "plant_outputs";
    const json* ports = list(root, key, errors);
    for (std::size_t k = 0; ports && k < ports->size(); ++k) {
      JsonReader rd((*ports)[k], std::string("/") + key + "/" + std::to_string(k), errors);
      if (!rd.isObject())
        continue;
      PlantPort p;
      p.name = rd.string("name");
      if (const json* variables = rd.child("variables")) {
        bool strings = variables->is_array();
        for (std::size_t j = 0; strings && j < variables->size(); ++j)
          strings = (*variables)[j].is_string();
        if (!strings)
          rd.error("variables", "expected an array of VARIABLE names");
        else
          for (const auto& v : *variables)
            p.variables.push_back(v.get<std::string>());
      }
      p.description = rd.string("description", std::string());
      rd.finish();
      (inputs ? model.plantInputs : model.plantOutputs).push_back(std::move(p));
    }
  }
  if (const json* curves = list(root, "curves", errors)) {
    for (std::size_t k = 0; k < curves->size(); ++k) {
      JsonReader rd((*curves)[k], "/curves/" + std::to_string(k), errors);
      if (!rd.isObject())
        continue;
      DataCurve c;
      c.name = rd.string("name");
      c.shape = curveShapeFromJson(rd, 1.0);  // numbers as written, like a spline's
      c.description = rd.string("description", std::string());
      rd.finish();
      model.curves.push_back(std::move(c));
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
  if (!model.sensors.empty()) {
    json list = json::array();
    static const char* compares[] = {"eq", "ge", "le"};
    for (const Sensor& s : model.sensors) {
      json j = {{"name", s.name},
                {"function", s.function},
                {"value", s.value},
                {"error", s.error},
                {"compare", compares[int(s.compare)]}};
      for (const auto& [key, on] : {std::pair{"halt", s.halt}, std::pair{"return", s.stop},
                                    std::pair{"print", s.print}, std::pair{"restart", s.restart}})
        if (on)
          j[key] = true;
      if (s.stepSize > 0.0)
        j["step_size"] = s.stepSize;
      if (!s.evaluate.empty())
        j["evaluate"] = s.evaluate;
      if (!s.active)
        j["active"] = false;
      described(j, s.description);
      list.push_back(std::move(j));
    }
    root["sensors"] = list;
  }
  if (!model.differentials.empty()) {
    json list = json::array();
    for (const DifferentialEquation& d : model.differentials) {
      json j = {{"name", d.name}, {"function", d.function}};
      if (d.initialValue != 0.0)
        j["ic"] = d.initialValue;
      if (d.staticHold)
        j["static_hold"] = true;
      if (d.implicit)
        j["implicit"] = true;
      if (d.initialRate != 0.0)
        j["ic_rate"] = d.initialRate;
      described(j, d.description);
      list.push_back(std::move(j));
    }
    root["differentials"] = list;
  }
  for (const bool inputs : {true, false}) {
    const auto& ports = inputs ? model.plantInputs : model.plantOutputs;
    if (ports.empty())
      continue;
    json list = json::array();
    for (const PlantPort& p : ports) {
      json j = {{"name", p.name}, {"variables", p.variables}};
      described(j, p.description);
      list.push_back(std::move(j));
    }
    root[inputs ? "plant_inputs" : "plant_outputs"] = list;
  }
  if (!model.curves.empty()) {
    json list = json::array();
    for (const DataCurve& c : model.curves) {
      json j = {{"name", c.name}};
      curveShapeToJson(c.shape, j);
      described(j, c.description);
      list.push_back(std::move(j));
    }
    root["curves"] = list;
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
