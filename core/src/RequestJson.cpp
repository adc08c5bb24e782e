#include "RequestJson.hpp"

#include "ExpressionUnits.hpp"

namespace mbs::core::detail {

using json = nlohmann::ordered_json;

json requestToJson(const Model& model, const Request& r)
{
  auto name = [&](MarkerId id) {  // empty for none (and for a marker removed since: refused on load)
    const Marker* m = id ? model.marker(id) : nullptr;
    return m ? m->name : std::string();
  };
  json j = {{"name", r.name}, {"type", toString(r.kind)}};
  if (r.kind == RequestKind::Functions) {
    j["functions"] = json::array();
    for (const auto& f : r.functions)
      j["functions"].push_back(f);
  } else {
    j["i_marker"] = name(r.iMarker);
    j["j_marker"] = name(r.jMarker);
    j["rm_marker"] = name(r.referenceMarker);
  }
  if (!r.comment.empty())
    j["comment"] = r.comment;
  return j;
}

void requestsFromJson(const json& root, const UnitSystem& u, const Resolver& resolve, Model& model,
                      Diagnostics& errors)
{
  const auto it = root.find("requests");
  if (it == root.end())
    return;
  if (!it->is_array()) {
    errors.push_back({{}, 0, "/requests", {}, "expected an array"});
    return;
  }
  for (std::size_t k = 0; k < it->size(); ++k) {
    JsonReader rd((*it)[k], "/requests/" + std::to_string(k), errors);
    if (!rd.isObject())
      continue;
    Request r;
    r.name = rd.string("name");
    const std::string type = rd.string("type");
    const auto kind = requestKindFromString(type);
    if (!kind) {
      rd.error("type", "unknown request type '" + type +
                           "' (displacement, velocity, acceleration, force, functions)");
      continue;
    }
    r.kind = *kind;
    if (r.kind == RequestKind::Functions) {
      const json* fs = rd.child("functions");
      if (fs && (!fs->is_array() || fs->size() > 8)) {
        rd.error("functions", "expected an array of at most 8 expressions (F1..F8)");
      } else if (fs) {
        for (std::size_t f = 0; f < fs->size(); ++f) {
          if (!(*fs)[f].is_string()) {
            rd.error("functions", "expected strings");
            break;
          }
          const std::string text = (*fs)[f].get<std::string>();
          r.functions[f] = text.empty() ? text : expressionToSI(text, u, 1.0);  // values stay in file units
        }
      }
    } else {
      r.iMarker = MarkerId(rd.reference("i_marker", EntityKind::Marker, resolve));
      r.jMarker = MarkerId(rd.reference("j_marker", EntityKind::Marker, resolve, true));
      r.referenceMarker = MarkerId(rd.reference("rm_marker", EntityKind::Marker, resolve, true));
    }
    r.comment = rd.string("comment", std::string());
    rd.finish();
    model.requests.push_back(std::move(r));
  }
}

}  // namespace mbs::core::detail
