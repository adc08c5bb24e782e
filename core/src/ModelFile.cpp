#include "mbs/core/ModelFile.hpp"

#include "mbs/core/AtomicFile.hpp"
#include "mbs/core/InputFile.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include "DataJson.hpp"
#include "EntityJson.hpp"
#include "JsonLimits.hpp"
#include "ParameterJson.hpp"
#include "RequestJson.hpp"

namespace mbs::core {

using json = nlohmann::ordered_json;
using namespace detail;

namespace {

constexpr const char* kFormat = "mbstudio-model";

json unitsJson()
{
  return {{"length", "m"}, {"mass", "kg"}, {"time", "s"}, {"force", "N"}, {"angle", "rad"}};
}

UnitSystem unitsFromJson(const json& j, Diagnostics& errors)
{
  UnitSystem u;
  JsonReader rd(j, "/units", errors);
  if (!rd.isObject()) {
    return u;
  }
  auto one = [&](const char* key, const char* fallback, auto lookup, double& factor, std::string& name) {
    name = rd.string(key, std::string(fallback));
    const auto f = lookup(name);
    if (!f) {
      rd.error(key, "unknown unit '" + name + "'");
    } else {
      factor = *f;
    }
  };
  one("length", "m", lengthUnit, u.length, u.lengthName);
  one("mass", "kg", massUnit, u.mass, u.massName);
  one("time", "s", timeUnit, u.time, u.timeName);
  one("force", "N", forceUnit, u.force, u.forceName);
  one("angle", "rad", angleUnit, u.angle, u.angleName);
  rd.finish();
  return u;
}

// "display_units": the name of a system with angles in degrees ("mmks", as files were written before
// units could be chosen one by one), else {"length": "mm", "mass": "g", "time": "ms", "force": "N",
// "angle": "rad"}.
json displayUnitsJson(const UnitSystem& u)
{
  std::string system = unitSystemName(u);
  if (system != "custom" && u.angleName == "deg") {
    std::transform(system.begin(), system.end(), system.begin(),
                   [](unsigned char c) { return std::tolower(c); });
    return system;
  }
  return {{"length", u.lengthName},
          {"mass", u.massName},
          {"time", u.timeName},
          {"force", u.forceName},
          {"angle", u.angleName}};
}

UnitSystem displayUnitsFromJson(const json& j, const std::string& at, Diagnostics& errors)
{
  const UnitSystem fallback = defaultDisplayUnits();
  if (j.is_string()) {
    auto u = unitSystem(j.get<std::string>());
    if (!u) {
      errors.push_back(
          {{}, 0, at, {}, "unknown unit system '" + j.get<std::string>() + "' (mks, mmks, cgs, ips, fps)"});
      return fallback;
    }
    u->angle = fallback.angle;
    u->angleName = fallback.angleName;
    return withShortNames(*u);
  }
  UnitSystem u = fallback;
  JsonReader rd(j, at, errors);
  if (!rd.isObject())
    return fallback;
  auto one = [&](const char* key, auto lookup, double& factor, std::string& name) {
    const std::string given = rd.string(key, name);
    if (const auto f = lookup(given)) {
      factor = *f;
      name = given;
    } else {
      rd.error(key, "unknown unit '" + given + "'");
    }
  };
  one("length", lengthUnit, u.length, u.lengthName);
  one("mass", massUnit, u.mass, u.massName);
  one("time", timeUnit, u.time, u.timeName);
  one("force", forceUnit, u.force, u.forceName);
  one("angle", angleUnit, u.angle, u.angleName);
  rd.finish();
  return withShortNames(u);
}

const char* kArrays[] = {"parts", "markers", "joints", "motions", "forces", "variables"};
const EntityKind kKinds[] = {EntityKind::Part,   EntityKind::Marker, EntityKind::Joint,
                             EntityKind::Motion, EntityKind::Force,  EntityKind::Variable};

// First pass: every entity's name -> (kind, id), so references may point forwards.
std::map<std::string, EntityRef> collectNames(const json& root, Diagnostics& errors)
{
  std::map<std::string, EntityRef> names;
  std::map<std::uint32_t, std::string> ids;
  for (int a = 0; a < 6; ++a) {
    auto it = root.find(kArrays[a]);
    if (it == root.end() || !it->is_array()) {
      continue;
    }
    for (std::size_t k = 0; k < it->size(); ++k) {
      const json& e = (*it)[k];
      const std::string at = std::string("/") + kArrays[a] + "/" + std::to_string(k);
      if (!e.is_object() || !e.contains("name") || !e["name"].is_string() || !e.contains("id") ||
          !e["id"].is_number_unsigned()) {
        continue;  // reported by the entity reader
      }
      std::string upper = e["name"].get<std::string>();
      for (auto& c : upper)
        c = char(std::toupper(static_cast<unsigned char>(c)));
      const auto id = e["id"].get<std::uint64_t>();
      if (id == 0 || id > 2000000000) {
        continue;
      }
      if (!names.emplace(upper, EntityRef(kKinds[a], std::uint32_t(id))).second) {
        errors.push_back(
            {{}, 0, at + "/name", e["name"], "duplicate name '" + e["name"].get<std::string>() + "'"});
      }
      if (!ids.emplace(std::uint32_t(id), at).second) {
        errors.push_back(
            {{}, 0, at + "/id", e["name"], "duplicate id " + std::to_string(id) + " (also " + ids[id] + ")"});
      }
    }
  }
  return names;
}

// Pretty printing for diffs: one field per line, short arrays of scalars on one line.
void write(const json& j, int indent, std::string& out)
{
  const std::string pad(std::size_t(indent) * 2, ' ');
  if (j.is_object()) {
    if (j.empty()) {
      out += "{}";
      return;
    }
    out += "{\n";
    std::size_t k = 0;
    for (const auto& [key, value] : j.items()) {
      out += pad + "  " + json(key).dump() + ": ";
      write(value, indent + 1, out);
      out += ++k < j.size() ? ",\n" : "\n";
    }
    out += pad + "}";
  } else if (j.is_array()) {
    const bool scalars = std::all_of(j.begin(), j.end(), [](const json& e) { return e.is_primitive(); });
    if (j.empty() || (scalars && j.size() <= 6)) {
      out += "[";
      for (std::size_t k = 0; k < j.size(); ++k) {
        out += (k ? ", " : "") + j[k].dump();
      }
      out += "]";
      return;
    }
    out += "[\n";
    for (std::size_t k = 0; k < j.size(); ++k) {
      out += pad + "  ";
      write(j[k], indent + 1, out);
      out += k + 1 < j.size() ? ",\n" : "\n";
    }
    out += pad + "]";
  } else {
    out += j.dump();
  }
}

int lineOf(const std::string& text, std::size_t byte)
{
  byte = std::min(byte, text.size());
  return 1 + int(std::count(text.begin(), text.begin() + long(byte), '\n'));
}

template <class T, class Reader>
void readArray(const json& root, const char* key, Model& model, Diagnostics& errors, Reader read,
               bool required = false)
{
  auto it = root.find(key);
  if (it == root.end()) {
    if (required) {
      errors.push_back({{}, 0, std::string("/") + key, {}, "missing field"});
    }
    return;
  }
  if (!it->is_array()) {
    errors.push_back({{}, 0, std::string("/") + key, {}, "expected an array"});
    return;
  }
  for (std::size_t k = 0; k < it->size(); ++k) {
    const std::string at = std::string("/") + key + "/" + std::to_string(k);
    const std::size_t before = errors.size();
    T entity;
    read((*it)[k], at, entity);
    if (errors.size() != before) {
      continue;
    }
    if constexpr (std::is_same_v<T, Part>) {
      if (entity.ground) {
        if (entity.id != kGroundId) {
          errors.push_back({{}, 0, at + "/id", entity.name, "the ground part must have id 1"});
        } else if (model.ground().name != "ground" || !model.isNameFree(entity.name, EntityRef(kGroundId))) {
          errors.push_back({{}, 0, at, entity.name, "only one ground part is allowed"});
        } else {
          model.part(kGroundId)->name = entity.name;
          model.part(kGroundId)->geometry = std::move(entity.geometry);  // floors, contact surfaces
        }
        continue;
      }
    }
    try {
      model.add(std::move(entity));
    } catch (const std::invalid_argument& e) {
      errors.push_back({{}, 0, at, {}, e.what()});
    }
  }
}

// Mesh files named relative to the model file are found from its folder (as an Adams deck's
// EXTERNAL files are), wherever mbstudio or mbsolve was started.
void resolveMeshPaths(Model& model, const std::string& file)
{
  const std::filesystem::path folder = std::filesystem::path(file).parent_path();
  const auto resolve = [&](std::string& path) {
    if (!path.empty() && std::filesystem::path(path).is_relative())
      path = (folder / path).lexically_normal().string();
  };
  std::vector<PartId> parts;
  for (const Part& p : model.parts())
    parts.push_back(p.id);
  for (PartId id : parts)
    for (Geometry& g : model.part(id)->geometry)
      if (g.kind == GeometryKind::MeshFile)
        resolve(g.path);
  std::vector<ForceId> forces;
  for (const Force& f : model.forces())
    forces.push_back(f.id);
  for (ForceId id : forces)
    if (Force* f = model.force(id); f->contact)
      for (auto* side : {&f->contact->iSolids, &f->contact->jSolids})
        for (ContactSolid& s : *side)
          if (s.kind == ContactSolidKind::MeshFile)
            resolve(s.path);
}

LoadResult parseModel(const std::string& text, const std::string& fileName)
{
  LoadResult result;
  auto fail = [&](Diagnostics errors) {
    for (auto& e : errors) {
      e.file = fileName;
    }
    result.errors = std::move(errors);
    return result;
  };
  if (auto limit = checkJsonLimits(text)) {
    return fail({*limit});
  }
  json root;
  try {
    root = json::parse(text);
  } catch (const json::parse_error& e) {
    return fail({{{}, lineOf(text, e.byte), {}, {}, std::string("JSON syntax error: ") + e.what()}});
  } catch (const json::exception& e) {  // any other limit of the parser
    return fail({{{}, 0, {}, {}, std::string("invalid JSON: ") + e.what()}});
  }
  Diagnostics errors;
  if (!root.is_object()) {
    return fail({{{}, 0, "/", {}, "expected a JSON object"}});
  }
  if (!root.contains("format") || root["format"] != kFormat) {
    return fail(
        {{{}, 0, "/format", {}, std::string("not an mbstudio model (format must be \"") + kFormat + "\")"}});
  }
  if (!root.contains("version") || !root["version"].is_number_integer()) {
    return fail({{{}, 0, "/version", {}, "missing or invalid version"}});
  }
  if (root["version"].get<long long>() > kModelFileVersion || root["version"].get<long long>() < 1) {
    return fail({{{},
                  0,
                  "/version",
                  {},
                  "unsupported version " + root["version"].dump() + " (this program reads up to " +
                      std::to_string(kModelFileVersion) + ")"}});
  }
  const UnitSystem u = root.contains("units") ? unitsFromJson(root["units"], errors) : UnitSystem::si();
  const auto names = collectNames(root, errors);
  const Resolver resolve = [&names](std::string_view n) -> std::optional<EntityRef> {
    std::string upper(n);
    for (auto& c : upper)
      c = char(std::toupper(static_cast<unsigned char>(c)));
    auto it = names.find(upper);
    return it == names.end() ? std::nullopt : std::optional<EntityRef>(it->second);
  };

  Model model;
  JsonReader top(root, "", errors);
  top.string("format");
  top.integer("version");
  top.child("units", false);
  model.name = top.string("name", std::string("model"));
  model.description = top.string("description", std::string());
  if (const auto* d = top.child("display_units", false))
    model.displayUnits = displayUnitsFromJson(*d, "/display_units", errors);
  model.gravity = top.vec3("gravity", u.acceleration(), Vec3::Zero());
  if (const auto* a = top.child("analysis", false)) {
    analysisFromJson(*a, "/analysis", u, model.analysis, errors);
  }
  for (const char* key : kArrays) {
    top.child(key, false);
  }
  top.child("requests", false);
  top.child("parameters", false);
  top.child("bindings", false);
  top.child("splines", false);
  top.child("arrays", false);
  top.child("curves", false);
  top.child("matrices", false);
  top.child("sensors", false);
  top.child("differentials", false);
  top.child("plant_inputs", false);
  top.child("plant_outputs", false);
  top.finish();
  if (!errors.empty()) {
    return fail(std::move(errors));
  }
  readArray<Part>(
      root, "parts", model, errors,
      [&](const json& j, const std::string& at, Part& p) { partFromJson(j, at, u, resolve, p, errors); },
      true);
  readArray<Marker>(root, "markers", model, errors, [&](const json& j, const std::string& at, Marker& m) {
    markerFromJson(j, at, u, resolve, m, errors);
  });
  readArray<Joint>(root, "joints", model, errors, [&](const json& j, const std::string& at, Joint& m) {
    jointFromJson(j, at, u, resolve, m, errors);
  });
  readArray<Motion>(root, "motions", model, errors, [&](const json& j, const std::string& at, Motion& m) {
    motionFromJson(j, at, u, resolve, m, errors);
  });
  readArray<Force>(root, "forces", model, errors, [&](const json& j, const std::string& at, Force& m) {
    forceFromJson(j, at, u, resolve, m, errors);
  });
  readArray<Variable>(
      root, "variables", model, errors,
      [&](const json& j, const std::string& at, Variable& m) { variableFromJson(j, at, u, m, errors); });
  requestsFromJson(root, u, resolve, model, errors);
  parametersFromJson(root, resolve, model, errors);
  dataElementsFromJson(root, model, errors);
  if (!errors.empty()) {
    return fail(std::move(errors));
  }
  if (auto unbound = applyBindings(model); !unbound.empty()) {  // bound fields hold their values
    return fail(std::move(unbound));
  }
  // The ground must be listed (a file without it is not ours or was truncated).
  bool groundListed = false;
  for (const auto& p : root["parts"]) {
    groundListed |= p.is_object() && p.value("ground", false);
  }
  if (!groundListed) {
    return fail({{{}, 0, "/parts", {}, "no ground part (a part with \"ground\": true and id 1)"}});
  }
  resolveMeshPaths(model, fileName);  // before validate() reads them
  auto problems = model.validate();
  if (!problems.empty()) {
    return fail(std::move(problems));
  }
  result.model = std::move(model);
  return result;
}

}  // namespace

LoadResult modelFromString(const std::string& text, const std::string& fileName)
{
  try {
    return parseModel(text, fileName);
  } catch (const nlohmann::ordered_json::exception& e) {
    // Every access is type-checked; this is a last line of defence against a half-read model.
    LoadResult r;
    r.errors.push_back({fileName, 0, {}, {}, std::string("invalid model file: ") + e.what()});
    return r;
  }
}

LoadResult loadModel(const std::string& path)
{
  std::string error;
  const auto text = readInputFile(path, error);
  if (!text) {
    LoadResult r;
    r.errors.push_back({path, 0, {}, {}, error});
    return r;
  }
  return modelFromString(*text, path);
}

std::string modelToString(const Model& model)
{
  json root = json::object();
  root["format"] = kFormat;
  root["version"] = kModelFileVersion;
  root["units"] = unitsJson();
  root["name"] = model.name;
  root["description"] = model.description;
  root["display_units"] = displayUnitsJson(model.displayUnits);
  root["gravity"] = json::array({model.gravity.x(), model.gravity.y(), model.gravity.z()});
  root["analysis"] = analysisToJson(model.analysis);
  json parts = json::array(), markers = json::array(), joints = json::array(), motions = json::array(),
       forces = json::array(), variables = json::array();
  for (const auto& p : model.parts())
    parts.push_back(partToJson(model, p));
  for (const auto& m : model.markers())
    markers.push_back(markerToJson(model, m));
  for (const auto& j : model.joints())
    joints.push_back(jointToJson(model, j));
  for (const auto& m : model.motions())
    motions.push_back(motionToJson(model, m));
  for (const auto& f : model.forces())
    forces.push_back(forceToJson(model, f));
  for (const auto& v : model.variables())
    variables.push_back(variableToJson(v));
  root["parts"] = parts;
  root["markers"] = markers;
  root["joints"] = joints;
  root["motions"] = motions;
  root["forces"] = forces;
  root["variables"] = variables;
  if (!model.requests.empty()) {  // files without requests stay as they were
    json requests = json::array();
    for (const auto& r : model.requests)
      requests.push_back(requestToJson(model, r));
    root["requests"] = requests;
  }
  parametersToJson(model, root);
  dataElementsToJson(model, root);
  std::string out;
  write(root, 0, out);
  return out + "\n";
}

std::optional<Diagnostic> saveModel(const Model& model, const std::string& path)
{
  // Written aside and renamed, so a failed write never destroys the previous file.
  if (const auto error = writeFileAtomically(path, modelToString(model)))
    return Diagnostic{path, 0, {}, {}, *error};
  return std::nullopt;
}

json toJson(const Model& model, const EntityRef& ref)
{
  switch (ref.kind) {
    case EntityKind::Model: {
      return {{"name", model.name},
              {"description", model.description},
              {"display_units", displayUnitsJson(model.displayUnits)},
              {"gravity", json::array({model.gravity.x(), model.gravity.y(), model.gravity.z()})},
              {"analysis", analysisToJson(model.analysis)}};
    }
    case EntityKind::Part:
      return model.part(PartId(ref.id)) ? partToJson(model, *model.part(PartId(ref.id))) : json();
    case EntityKind::Marker:
      return model.marker(MarkerId(ref.id)) ? markerToJson(model, *model.marker(MarkerId(ref.id))) : json();
    case EntityKind::Joint:
      return model.joint(JointId(ref.id)) ? jointToJson(model, *model.joint(JointId(ref.id))) : json();
    case EntityKind::Motion:
      return model.motion(MotionId(ref.id)) ? motionToJson(model, *model.motion(MotionId(ref.id))) : json();
    case EntityKind::Force:
      return model.force(ForceId(ref.id)) ? forceToJson(model, *model.force(ForceId(ref.id))) : json();
    case EntityKind::Variable:
      return model.variable(VariableId(ref.id)) ? variableToJson(*model.variable(VariableId(ref.id)))
                                                : json();
  }
  return {};
}

bool entityFromJson(Model& model, const EntityRef& ref, const json& value, Diagnostics& errors,
                    const std::string& at)
{
  const UnitSystem u;
  const Resolver resolve = [&model](std::string_view n) { return model.findEntity(n); };
  const std::size_t before = errors.size();
  auto checkIdentity = [&](std::uint32_t id, const std::string& name) {
    if (id != ref.id) {
      errors.push_back({{}, 0, at + "/id", name, "the id of an entity cannot change"});
    }
  };
  switch (ref.kind) {
    case EntityKind::Model: {
      JsonReader rd(value, at, errors);
      if (!rd.isObject())
        return false;
      // Parse into temporaries; assign only when everything is valid.
      const std::string name = rd.string("name");
      const std::string description = rd.string("description", std::string());
      UnitSystem units = model.displayUnits;
      if (const auto* d = rd.child("display_units", false))
        units = displayUnitsFromJson(*d, at + "/display_units", errors);
      const Vec3 gravity = rd.vec3("gravity");
      AnalysisSettings analysis = model.analysis;
      if (const auto* a = rd.child("analysis", false))
        analysisFromJson(*a, at + "/analysis", u, analysis, errors);
      rd.finish();
      if (errors.size() != before)
        return false;
      model.name = name;
      model.description = description;
      model.displayUnits = units;
      model.gravity = gravity;
      model.analysis = analysis;
      return true;
    }
    case EntityKind::Part: {
      Part p;
      partFromJson(value, at, u, resolve, p, errors);
      checkIdentity(p.id.value, p.name);
      if (p.ground != (ref.id == kGroundId.value))
        errors.push_back({{}, 0, at + "/ground", p.name, "ground flag cannot change"});
      if (errors.size() != before || !model.part(p.id))
        return false;
      *model.part(p.id) = std::move(p);
      return true;
    }
    case EntityKind::Marker: {
      Marker m;
      markerFromJson(value, at, u, resolve, m, errors);
      checkIdentity(m.id.value, m.name);
      if (errors.size() != before || !model.marker(m.id))
        return false;
      *model.marker(m.id) = std::move(m);
      return true;
    }
    case EntityKind::Joint: {
      Joint j;
      jointFromJson(value, at, u, resolve, j, errors);
      checkIdentity(j.id.value, j.name);
      if (errors.size() != before || !model.joint(j.id))
        return false;
      *model.joint(j.id) = std::move(j);
      return true;
    }
    case EntityKind::Motion: {
      Motion m;
      motionFromJson(value, at, u, resolve, m, errors);
      checkIdentity(m.id.value, m.name);
      if (errors.size() != before || !model.motion(m.id))
        return false;
      *model.motion(m.id) = std::move(m);
      return true;
    }
    case EntityKind::Force: {
      Force f;
      forceFromJson(value, at, u, resolve, f, errors);
      checkIdentity(f.id.value, f.name);
      if (errors.size() != before || !model.force(f.id))
        return false;
      *model.force(f.id) = std::move(f);
      return true;
    }
    case EntityKind::Variable: {
      Variable v;
      variableFromJson(value, at, u, v, errors);
      checkIdentity(v.id.value, v.name);
      if (errors.size() != before || !model.variable(v.id))
        return false;
      *model.variable(v.id) = std::move(v);
      return true;
    }
  }
  return false;
}

}  // namespace mbs::core
