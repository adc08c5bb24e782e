#include "Document.hpp"

#include <filesystem>
#include <fstream>

#include "Errors.hpp"
#include "JsonBridge.hpp"
#include "mbs/core/AdamsCommandFile.hpp"
#include "mbs/core/AdmExport.hpp"
#include "mbs/core/AdmImport.hpp"
#include "mbs/core/Compile.hpp"
#include "mbs/core/ModelFile.hpp"
#include "mbs/core/Parameters.hpp"
#include "mbs/core/Topology.hpp"
#include "mbs/core/TopologyRank.hpp"
#include "mbs/solver/Analysis.hpp"
#include "mbs/solver/Mobility.hpp"

namespace py = pybind11;

namespace mbs::python {
namespace {

std::string describe(const core::Model& model, const core::EntityRef& ref)
{
  if (ref.kind == core::EntityKind::Model)
    return "model '" + model.name + "'";
  return std::string(core::toString(ref.kind)) + " '" + model.entityName(ref) + "'";
}

const char* commandKind(core::AdamsCommand::Kind kind)
{
  switch (kind) {
    case core::AdamsCommand::Kind::Simulate:
      return "simulate";
    case core::AdamsCommand::Kind::Settings:
      return "settings";
    case core::AdamsCommand::Kind::Activate:
      return "activate";
    case core::AdamsCommand::Kind::Deactivate:
      return "deactivate";
    case core::AdamsCommand::Kind::Redefine:
      return "redefine";
    case core::AdamsCommand::Kind::Linear:
      return "linear";
    case core::AdamsCommand::Kind::Stop:
      return "stop";
  }
  return "?";
}

template <class T>
py::object optionalValue(const std::optional<T>& v)
{
  return v ? py::cast(*v) : py::none();
}

}  // namespace

core::EntityKind entityKind(const std::string& kind)
{
  static const std::pair<const char*, core::EntityKind> kinds[] = {
      {"model", core::EntityKind::Model},      {"part", core::EntityKind::Part},
      {"marker", core::EntityKind::Marker},    {"joint", core::EntityKind::Joint},
      {"motion", core::EntityKind::Motion},    {"force", core::EntityKind::Force},
      {"variable", core::EntityKind::Variable}};
  for (const auto& [name, value] : kinds)
    if (kind == name)
      return value;
  throw py::value_error("unknown entity kind '" + kind +
                        "' (model, part, marker, joint, motion, force, variable)");
}

Document::Document() = default;

Document::Document(core::Model model) : m_model(std::move(model)) {}

std::unique_ptr<Document> Document::load(const std::string& path, bool allowUnsupported)
{
  if (!std::filesystem::exists(path))
    throw DiagnosticsError("LoadError", "cannot load '" + path + "'", {{path, 0, {}, {}, "no such file"}});
  const std::string extension = std::filesystem::path(path).extension().string();
  core::AdmImportOptions options;
  options.allowUnsupported = allowUnsupported;
  std::unique_ptr<Document> doc;
  if (extension == ".adm") {
    core::AdmImportResult imported = core::importAdm(path, options);
    core::Diagnostics errors = imported.errors;
    if (!imported.ok() && errors.empty())
      errors = imported.dropped;
    throwIfAny("LoadError", "cannot import the Adams dataset '" + path + "'", errors);
    if (!imported.ok())
      throw DiagnosticsError("LoadError", "cannot import '" + path + "'", {{path, 0, {}, {}, "no model"}});
    doc = std::make_unique<Document>(std::move(*imported.model));
    doc->m_warnings = imported.warnings;
    if (allowUnsupported)
      doc->m_warnings.insert(doc->m_warnings.end(), imported.dropped.begin(), imported.dropped.end());
  } else if (extension == ".acf") {
    core::AdamsCommandFile acf = core::readAdamsCommandFile(path, options);
    core::Diagnostics errors = acf.dataset.errors;
    errors.insert(errors.end(), acf.errors.begin(), acf.errors.end());
    throwIfAny("LoadError", "cannot read the Adams command file '" + path + "'", errors);
    if (!acf.ok())
      throw DiagnosticsError("LoadError", "cannot read '" + path + "'", {{path, 0, {}, {}, "no dataset"}});
    // The model the first SIMULATE runs (core, as the GUI opens it: settings, redefinitions and
    // (de)activations before it applied); more SIMULATEs are a sequence run() refuses to guess.
    core::Diagnostics notes;
    doc = std::make_unique<Document>(core::modelForFirstSimulate(acf, notes));
    for (const auto* list : {&acf.dataset.warnings, &acf.warnings, &notes})
      doc->m_warnings.insert(doc->m_warnings.end(), list->begin(), list->end());
    int simulates = 0;
    for (const core::AdamsCommand& c : acf.commands) {
      if (c.kind == core::AdamsCommand::Kind::Stop)
        break;
      py::dict d;
      d["kind"] = commandKind(c.kind);
      d["line"] = c.line;
      d["label"] = c.label;
      if (c.kind == core::AdamsCommand::Kind::Simulate) {
        ++simulates;
        d["analysis"] = core::toString(c.analysis);
        d["end"] = optionalValue(c.end);
        d["duration"] = optionalValue(c.duration);
        d["output_step"] = optionalValue(c.outputStep);
        d["steps"] = optionalValue(c.steps);
      } else if (c.kind == core::AdamsCommand::Kind::Settings) {
        d["integrator"] = core::toString(c.settings.integrator);
      } else {
        py::list elements;
        for (const auto& ref : c.elements)
          elements.append(acf.dataset.model->entityName(ref));
        d["elements"] = elements;
      }
      doc->m_commands.append(d);
    }
    doc->m_multiStep = simulates > 1;
  } else {
    core::LoadResult loaded = core::loadModel(path);
    throwIfAny("LoadError", "cannot load the model '" + path + "'", loaded.errors);
    if (!loaded.ok())
      throw DiagnosticsError("LoadError", "cannot load '" + path + "'", {{path, 0, {}, {}, "no model"}});
    doc = std::make_unique<Document>(std::move(*loaded.model));
  }
  doc->m_source = path;
  return doc;
}

std::unique_ptr<Document> Document::fromString(const std::string& text, const std::string& name)
{
  core::LoadResult loaded = core::modelFromString(text, name);
  throwIfAny("LoadError", "cannot read the model", loaded.errors);
  if (!loaded.ok())
    throw DiagnosticsError("LoadError", "cannot read the model", {{name, 0, {}, {}, "no model"}});
  return std::make_unique<Document>(std::move(*loaded.model));
}

std::unique_ptr<Document> Document::copy() const
{
  auto doc = std::make_unique<Document>(m_model);
  doc->m_source = m_source;
  doc->m_warnings = m_warnings;
  doc->m_commands = m_commands;
  doc->m_multiStep = m_multiStep;
  return doc;
}

std::string Document::toString() const
{
  return core::modelToString(m_model);
}

void Document::save(const std::string& path)
{
  if (const auto error = core::saveModel(m_model, path))
    throw DiagnosticsError("ModelError", "cannot save the model to '" + path + "'", {*error});
  m_undo.setClean();
}

py::tuple Document::exportAdm() const
{
  const core::AdmExportResult exported = core::exportAdm(m_model);
  throwIfAny("ExportError", "the model cannot be written as an Adams dataset", exported.errors);
  return py::make_tuple(exported.text, toPython(exported.warnings));
}

core::EntityRef Document::resolve(const std::string& kind, const std::string& name) const
{
  const core::EntityKind k = entityKind(kind);
  if (k == core::EntityKind::Model)
    return {};
  const auto ref = m_model.findEntity(name);
  if (!ref || ref->kind != k)
    throw DiagnosticsError(
        "ModelError", "no " + kind + " named '" + name + "'",
        {{{}, 0, {}, name, std::string("the model has no ") + kind + " named '" + name + "'"}});
  return *ref;
}

void Document::push(std::unique_ptr<core::Command> command, const std::string& what)
{
  core::Diagnostics errors;
  if (!m_undo.push(std::move(command), &errors)) {
    if (errors.empty())
      errors.push_back({{}, 0, {}, {}, "refused"});
    throw DiagnosticsError("ModelError", what, errors);
  }
}

std::string Document::add(const std::string& kind, py::handle form)
{
  const core::EntityKind k = entityKind(kind);
  const nlohmann::ordered_json value = toJson(form);
  const std::string name = value.is_object() && value.contains("name") && value["name"].is_string()
                               ? value["name"].get<std::string>()
                               : std::string();
  const std::string what = "cannot add " + kind + (name.empty() ? std::string() : " '" + name + "'");
  core::Diagnostics errors;
  auto entity = core::entityFromFileForm(m_model, k, value, errors);
  for (auto& e : errors)
    if (e.entity.empty())
      e.entity = name;
  throwIfAny("ModelError", what, errors);
  auto command = std::make_unique<core::AddEntity>(std::move(*entity));
  core::AddEntity* added = command.get();
  push(std::move(command), what);
  return m_model.entityName(added->added());
}

void Document::remove(const std::string& kind, const std::string& name)
{
  const core::EntityRef ref = resolve(kind, name);
  push(std::make_unique<core::RemoveEntity>(ref), "cannot remove " + describe(m_model, ref));
}

void Document::set(const std::string& kind, const std::string& name, const std::string& pointer,
                   py::handle value)
{
  const core::EntityRef ref = resolve(kind, name);
  const std::string what = "cannot set " + pointer + " of " + describe(m_model, ref);
  push(std::make_unique<core::SetProperty>(ref, pointer, toJson(value)), what);
}

void Document::setParameter(const std::string& name, double value, std::optional<std::string> description)
{
  std::vector<core::Parameter> parameters = m_model.parameters;
  if (const core::Parameter* existing = core::findParameter(m_model, name)) {
    core::Parameter& p = parameters[std::size_t(existing - m_model.parameters.data())];
    p.value = value;
    if (description)
      p.description = *description;
  } else {
    parameters.push_back({name, value, description.value_or(std::string())});
  }
  push(std::make_unique<core::SetParameters>(std::move(parameters), m_model.bindings),
       "cannot set parameter '" + name + "'");
}

void Document::removeParameter(const std::string& name)
{
  const core::Parameter* existing = core::findParameter(m_model, name);
  if (!existing)
    throw DiagnosticsError("ModelError", "no parameter named '" + name + "'",
                           {{{}, 0, {}, name, "the model has no parameter named '" + name + "'"}});
  std::vector<core::Parameter> parameters = m_model.parameters;
  parameters.erase(parameters.begin() + (existing - m_model.parameters.data()));
  push(std::make_unique<core::SetParameters>(std::move(parameters), m_model.bindings),
       "cannot remove parameter '" + name + "'");
}

void Document::bind(const std::string& kind, const std::string& name, const std::string& field,
                    const std::string& expression)
{
  const core::EntityRef ref = resolve(kind, name);
  push(core::makeBindField(m_model, ref, field, expression),
       "cannot bind " + field + " of " + describe(m_model, ref) + " to '" + expression + "'");
}

void Document::addRequest(const std::string& name, const std::string& kind, const std::string& i,
                          const std::string& j, const std::string& reference,
                          const std::vector<std::string>& functions, const std::string& comment)
{
  const std::string what = "cannot add request '" + name + "'";
  core::Request r;
  r.name = name;
  const auto k = core::requestKindFromString(kind);
  if (!k)
    throw DiagnosticsError(
        "ModelError", what,
        {{{},
          0,
          "/kind",
          name,
          "unknown request kind '" + kind + "' (displacement, velocity, acceleration, force, functions)"}});
  r.kind = *k;
  auto marker = [&](const std::string& n, const char* field) {
    if (n.empty())
      return core::MarkerId();
    const core::MarkerId id = m_model.findMarker(n);
    if (!id)
      throw DiagnosticsError("ModelError", what, {{{}, 0, field, name, "no marker named '" + n + "'"}});
    return id;
  };
  r.iMarker = marker(i, "/i_marker");
  r.jMarker = marker(j, "/j_marker");
  r.referenceMarker = marker(reference, "/r_marker");
  if (functions.size() > 8)
    throw DiagnosticsError("ModelError", what,
                           {{{}, 0, "/functions", name, "a request has at most 8 functions"}});
  for (std::size_t k2 = 0; k2 < functions.size(); ++k2)
    r.functions[k2] = functions[k2];
  r.comment = comment;
  std::vector<core::Request> requests = m_model.requests;
  requests.push_back(std::move(r));
  push(std::make_unique<core::SetRequests>(std::move(requests)), what);
}

void Document::removeRequest(const std::string& name)
{
  std::vector<core::Request> requests;
  for (const core::Request& r : m_model.requests)
    if (r.name != name)
      requests.push_back(r);
  if (requests.size() == m_model.requests.size())
    throw DiagnosticsError("ModelError", "no request named '" + name + "'",
                           {{{}, 0, {}, name, "the model has no request named '" + name + "'"}});
  push(std::make_unique<core::SetRequests>(std::move(requests)), "cannot remove request '" + name + "'");
}

py::object Document::get(const std::string& kind, const std::string& name) const
{
  return fromJson(core::toJson(m_model, resolve(kind, name)));
}

std::vector<std::string> Document::names(const std::string& kind) const
{
  std::vector<std::string> out;
  auto collect = [&](const auto& entities) {
    for (const auto& e : entities)
      out.push_back(e.name);
  };
  switch (entityKind(kind)) {
    case core::EntityKind::Part:
      collect(m_model.parts());
      break;
    case core::EntityKind::Marker:
      collect(m_model.markers());
      break;
    case core::EntityKind::Joint:
      collect(m_model.joints());
      break;
    case core::EntityKind::Motion:
      collect(m_model.motions());
      break;
    case core::EntityKind::Force:
      collect(m_model.forces());
      break;
    case core::EntityKind::Variable:
      collect(m_model.variables());
      break;
    case core::EntityKind::Model:
      out.push_back(m_model.name);
      break;
  }
  return out;
}

py::list Document::parameters() const
{
  py::list out;
  for (const core::Parameter& p : m_model.parameters) {
    py::dict d;
    d["name"] = p.name;
    d["value"] = p.value;
    d["description"] = p.description;
    out.append(d);
  }
  return out;
}

py::list Document::bindings() const
{
  py::list out;
  for (const core::ParameterBinding& b : m_model.bindings) {
    py::dict d;
    d["kind"] = core::toString(b.entity.kind);
    d["entity"] = b.entity.kind == core::EntityKind::Model ? std::string() : m_model.entityName(b.entity);
    d["field"] = b.field;
    d["expression"] = b.expression;
    out.append(d);
  }
  return out;
}

py::list Document::requests() const
{
  py::list out;
  auto markerName = [&](core::MarkerId id) {
    return id ? m_model.entityName(core::EntityRef(id)) : std::string();
  };
  for (const core::Request& r : m_model.requests) {
    py::dict d;
    d["name"] = r.name;
    d["kind"] = core::toString(r.kind);
    d["i_marker"] = markerName(r.iMarker);
    d["j_marker"] = markerName(r.jMarker);
    d["r_marker"] = markerName(r.referenceMarker);
    py::list functions;
    for (const auto& f : r.functions)
      functions.append(f);
    d["functions"] = functions;
    d["comment"] = r.comment;
    out.append(d);
  }
  return out;
}

py::list Document::validate() const
{
  return toPython(m_model.validate());
}

py::object Document::topology() const
{
  core::TopologyReport report = core::analyzeTopology(m_model);
  core::Diagnostics notes;
  core::fillTopologyRank(m_model, report, &notes);
  nlohmann::json out = report.toJson(m_model);
  // Which equations are redundant, on the same basis as the rank count: the model without motions.
  nlohmann::json redundant = nlohmann::json::array();
  core::Model withoutMotions = m_model;
  for (const core::Motion& m : m_model.motions())
    withoutMotions.remove(core::EntityRef(m.id));
  const core::CompileResult compiled = core::compile(withoutMotions);
  if (compiled.ok && solver::validateModel(compiled.model).ok()) {
    const solver::MobilityReport mobility = solver::analyzeMobility(compiled.model);
    for (const auto& row : mobility.redundant)
      redundant.push_back({{"entity", row.entity}, {"description", row.description}});
  }
  out["redundant"] = redundant;
  nlohmann::json messages = nlohmann::json::array();
  for (const auto& d : notes)
    messages.push_back(d.toString());
  out["notes"] = messages;
  return fromJson(out);
}

}  // namespace mbs::python
