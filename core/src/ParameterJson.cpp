#include "ParameterJson.hpp"

namespace mbs::core::detail {

using json = nlohmann::ordered_json;

void parametersFromJson(const json& root, const Resolver& resolve, Model& model, Diagnostics& errors)
{
  auto array = [&](const char* key) -> const json* {
    const auto it = root.find(key);
    if (it == root.end())
      return nullptr;
    if (!it->is_array()) {
      errors.push_back({{}, 0, std::string("/") + key, {}, "expected an array"});
      return nullptr;
    }
    return &*it;
  };
  if (const json* list = array("parameters")) {
    for (std::size_t k = 0; k < list->size(); ++k) {
      JsonReader rd((*list)[k], "/parameters/" + std::to_string(k), errors);
      if (!rd.isObject())
        continue;
      Parameter p;
      p.name = rd.string("name");
      p.value = rd.number("value");
      p.description = rd.string("description", std::string());
      rd.finish();
      model.parameters.push_back(std::move(p));
    }
  }
  if (const json* list = array("bindings")) {
    for (std::size_t k = 0; k < list->size(); ++k) {
      const std::string at = "/bindings/" + std::to_string(k);
      JsonReader rd((*list)[k], at, errors);
      if (!rd.isObject())
        continue;
      ParameterBinding b;
      const json* entity = rd.child("entity");
      if (entity && !entity->is_null() && !(entity->is_string() && entity->get<std::string>().empty())) {
        const auto ref = entity->is_string() ? resolve(entity->get<std::string>()) : std::nullopt;
        if (!ref) {
          rd.error("entity", entity->is_string() ? "no entity named '" + entity->get<std::string>() + "'"
                                                 : "expected an entity name, \"\" or null (the model)");
          continue;
        }
        b.entity = *ref;
      }
      b.field = rd.string("field");
      b.expression = rd.string("expression");
      rd.finish();
      model.bindings.push_back(std::move(b));
    }
  }
}

void parametersToJson(const Model& model, json& root)
{
  if (model.parameters.empty() && model.bindings.empty())
    return;  // files without parameters stay as they were
  json parameters = json::array(), bindings = json::array();
  for (const Parameter& p : model.parameters) {
    json j = {{"name", p.name}, {"value", p.value}};
    if (!p.description.empty())
      j["description"] = p.description;
    parameters.push_back(std::move(j));
  }
  for (const ParameterBinding& b : model.bindings) {
    if (!model.contains(b.entity))
      continue;
    bindings.push_back(
        {{"entity", b.entity.kind == EntityKind::Model ? json(nullptr) : json(model.entityName(b.entity))},
         {"field", b.field},
         {"expression", b.expression}});
  }
  root["parameters"] = parameters;
  root["bindings"] = bindings;
}

}  // namespace mbs::core::detail
