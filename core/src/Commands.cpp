#include "mbs/core/Commands.hpp"

#include <algorithm>
#include <set>

#include "mbs/core/ModelFile.hpp"

namespace mbs::core {
namespace {

std::optional<AnyEntity> copyOf(const Model& m, const EntityRef& r)
{
  switch (r.kind) {
    case EntityKind::Part:
      if (auto* p = m.part(PartId(r.id)))
        return AnyEntity(*p);
      break;
    case EntityKind::Marker:
      if (auto* p = m.marker(MarkerId(r.id)))
        return AnyEntity(*p);
      break;
    case EntityKind::Joint:
      if (auto* p = m.joint(JointId(r.id)))
        return AnyEntity(*p);
      break;
    case EntityKind::Motion:
      if (auto* p = m.motion(MotionId(r.id)))
        return AnyEntity(*p);
      break;
    case EntityKind::Force:
      if (auto* p = m.force(ForceId(r.id)))
        return AnyEntity(*p);
      break;
    case EntityKind::Variable:
      if (auto* p = m.variable(VariableId(r.id)))
        return AnyEntity(*p);
      break;
    case EntityKind::Model:
      break;
  }
  return std::nullopt;
}

// The change may not add validation problems (an edit never makes the model worse).
bool checkNotWorse(const Model& model, std::size_t problemsBefore, Diagnostics& errors)
{
  auto after = model.validate();
  if (after.size() <= problemsBefore) {
    return true;
  }
  errors.insert(errors.end(), after.begin(), after.end());
  return false;
}

}  // namespace

EntityRef refOf(const AnyEntity& e)
{
  return std::visit([](const auto& x) { return EntityRef(x.id); }, e);
}

bool AddEntity::redo(Model& model, Diagnostics& errors)
{
  const std::size_t before = model.validate().size();
  try {
    std::visit(
        [&](auto& e) {
          e.id = model.add(e);
          e.name = model.entityName(EntityRef(e.id));
        },
        m_entity);
  } catch (const std::invalid_argument& ex) {
    errors.push_back({{}, 0, "/name", std::visit([](const auto& e) { return e.name; }, m_entity), ex.what()});
    return false;
  }
  if (!checkNotWorse(model, before, errors)) {
    model.remove(refOf(m_entity));
    return false;
  }
  return true;
}

void AddEntity::undo(Model& model)
{
  model.remove(refOf(m_entity));
}

std::string AddEntity::text() const
{
  return std::string("Add ") + toString(refOf(m_entity).kind) + " " +
         std::visit([](const auto& e) { return e.name; }, m_entity);
}

std::vector<ChangeEvent> AddEntity::changes(bool undone) const
{
  return {{undone ? ChangeKind::Removed : ChangeKind::Added, {refOf(m_entity)}}};
}

bool RemoveEntity::redo(Model& model, Diagnostics& errors)
{
  if (m_ref.kind == EntityKind::Model || (m_ref.kind == EntityKind::Part && m_ref.id == kGroundId.value)) {
    errors.push_back({{}, 0, {}, model.entityName(m_ref), "the ground and the model cannot be removed"});
    return false;
  }
  if (!model.contains(m_ref)) {
    errors.push_back(
        {{}, 0, {}, {}, std::string("no ") + toString(m_ref.kind) + " with id " + std::to_string(m_ref.id)});
    return false;
  }
  std::vector<EntityRef> refs{m_ref};
  const auto deps = model.dependentsOf(m_ref);
  refs.insert(refs.end(), deps.begin(), deps.end());
  m_removed.clear();
  m_partsBefore.clear();
  for (const auto& r : refs) {
    m_removed.push_back(*copyOf(model, r));
  }
  for (const Part& p : model.parts()) {
    if (p.cmMarker && std::find(refs.begin(), refs.end(), EntityRef(p.cmMarker)) != refs.end() &&
        std::find(refs.begin(), refs.end(), EntityRef(p.id)) == refs.end()) {
      m_partsBefore.push_back(p);
    }
  }
  for (const Part& p : m_partsBefore) {
    model.part(p.id)->cmMarker = MarkerId{};
  }
  for (const auto& r : refs) {
    model.remove(r);
  }
  dropBrokenRequests(model);
  return true;
}

void RemoveEntity::undo(Model& model)
{
  // Parts before markers before joints...: the variant index follows that order.
  auto restored = m_removed;
  std::stable_sort(restored.begin(), restored.end(),
                   [](const AnyEntity& a, const AnyEntity& b) { return a.index() < b.index(); });
  for (auto& e : restored) {
    std::visit([&](auto& x) { model.add(x); }, e);
  }
  for (const Part& p : m_partsBefore) {
    *model.part(p.id) = p;
  }
  if (!m_requestsBefore.empty())
    model.requests = m_requestsBefore;
}

// Requests are outputs, not entities: one that measured a removed marker goes with it (undo
// brings it back), rather than leaving a model that no longer validates.
void RemoveEntity::dropBrokenRequests(Model& model)
{
  m_requestsBefore.clear();
  std::set<std::size_t> broken;
  for (const Diagnostic& d : model.validate())
    if (d.field.rfind("/requests/", 0) == 0)
      broken.insert(std::stoul(d.field.substr(std::string("/requests/").size())));
  if (broken.empty())
    return;
  m_requestsBefore = model.requests;
  std::vector<Request> kept;
  for (std::size_t k = 0; k < model.requests.size(); ++k)
    if (!broken.count(k))
      kept.push_back(model.requests[k]);
  model.requests = std::move(kept);
}

std::string RemoveEntity::text() const
{
  return std::string("Remove ") + toString(m_ref.kind);
}

std::vector<ChangeEvent> RemoveEntity::changes(bool undone) const
{
  ChangeEvent e{undone ? ChangeKind::Added : ChangeKind::Removed, {}};
  for (const auto& r : m_removed)
    e.entities.push_back(refOf(r));
  std::vector<ChangeEvent> out{e};
  if (!m_partsBefore.empty()) {
    ChangeEvent m{ChangeKind::Modified, {}};
    for (const auto& p : m_partsBefore)
      m.entities.push_back(EntityRef(p.id));
    out.push_back(m);
  }
  if (!m_requestsBefore.empty())
    out.push_back(ChangeEvent{ChangeKind::Modified, {EntityRef{}}});
  return out;
}

bool SetRequests::redo(Model& model, Diagnostics& errors)
{
  m_before = model.requests;
  model.requests = m_requests;
  Diagnostics problems;
  for (Diagnostic& d : model.validate())
    if (d.field.rfind("/requests", 0) == 0)
      problems.push_back(std::move(d));
  if (problems.empty())
    return true;
  model.requests = m_before;
  errors.insert(errors.end(), problems.begin(), problems.end());
  return false;
}

std::vector<ChangeEvent> SetRequests::changes(bool) const
{
  return {ChangeEvent{ChangeKind::Modified, {EntityRef{}}}};
}

bool SetProperty::redo(Model& model, Diagnostics& errors)
{
  if (!model.contains(m_ref)) {
    errors.push_back({{},
                      0,
                      m_property,
                      {},
                      std::string("no ") + toString(m_ref.kind) + " with id " + std::to_string(m_ref.id)});
    return false;
  }
  nlohmann::ordered_json current = toJson(model, m_ref);
  if (!m_haveBefore) {
    m_before = current;
  }
  nlohmann::ordered_json patched = current;
  try {
    patched[nlohmann::ordered_json::json_pointer(m_property)] = m_value;
  } catch (const nlohmann::ordered_json::exception& e) {
    errors.push_back(
        {{}, 0, m_property, model.entityName(m_ref), std::string("invalid property path: ") + e.what()});
    return false;
  }
  if (m_ref.kind != EntityKind::Model && patched.contains("name") && patched["name"].is_string() &&
      !model.isNameFree(patched["name"].get<std::string>(), m_ref)) {
    errors.push_back({{},
                      0,
                      "/name",
                      model.entityName(m_ref),
                      "name '" + patched["name"].get<std::string>() + "' is already used"});
    return false;
  }
  for (const ParameterBinding& b : model.bindings) {  // a bound field follows its parameters only
    if (b.entity != m_ref)
      continue;
    const nlohmann::ordered_json::json_pointer pointer(b.field);
    if (patched.contains(pointer) && current.contains(pointer) &&
        patched.at(pointer) != current.at(pointer)) {
      errors.push_back({{},
                        0,
                        b.field,
                        model.entityName(m_ref),
                        bindingLabel(model, b) + " is computed from parameters (" + b.expression +
                            "): change the parameters or unbind the field"});
      return false;
    }
  }
  const std::size_t problems = model.validate().size();
  if (!entityFromJson(model, m_ref, patched, errors)) {
    return false;
  }
  if (!checkNotWorse(model, problems, errors)) {
    entityFromJson(model, m_ref, current, errors);
    return false;
  }
  m_haveBefore = true;
  return true;
}

void SetProperty::undo(Model& model)
{
  Diagnostics ignored;
  entityFromJson(model, m_ref, m_before, ignored);
}

std::string SetProperty::text() const
{
  // The empty pointer sets the whole entity (a joint's type with the parameters it needs).
  const auto first = m_property.find_first_not_of('/');
  return first == std::string::npos ? std::string("Set properties") : "Set " + m_property.substr(first);
}

bool SetProperty::mergeWith(const Command& next)
{
  const auto* s = dynamic_cast<const SetProperty*>(&next);
  if (!s || s->m_ref != m_ref || s->m_property != m_property) {
    return false;
  }
  m_value = s->m_value;
  return true;
}

std::vector<ChangeEvent> SetProperty::changes(bool) const
{
  return {{ChangeKind::Modified, {m_ref}}};
}

bool SetParameters::redo(Model& model, Diagnostics& errors)
{
  m_parametersBefore = model.parameters;
  m_bindingsBefore = model.bindings;
  m_entitiesBefore.clear();
  std::set<EntityRef> touched;
  for (const auto* list : {&m_bindingsBefore, &m_bindings})
    for (const ParameterBinding& b : *list)
      if (model.contains(b.entity) && touched.insert(b.entity).second)
        m_entitiesBefore.emplace_back(b.entity, toJson(model, b.entity));
  const std::size_t problems = model.validate().size();
  model.parameters = m_parameters;
  model.bindings = m_bindings;
  Diagnostics failed = applyBindings(model);
  if (failed.empty() && checkNotWorse(model, problems, failed))
    return true;
  undo(model);
  errors.insert(errors.end(), failed.begin(), failed.end());
  return false;
}

void SetParameters::undo(Model& model)
{
  model.parameters = m_parametersBefore;
  model.bindings = m_bindingsBefore;
  Diagnostics ignored;
  for (const auto& [ref, json] : m_entitiesBefore)
    entityFromJson(model, ref, json, ignored);
}

bool SetParameters::mergeWith(const Command& next)
{
  const auto* s = dynamic_cast<const SetParameters*>(&next);
  if (!s || s->m_bindings != m_bindings || s->m_parameters.size() != m_parameters.size())
    return false;
  for (std::size_t k = 0; k < m_parameters.size(); ++k)
    if (s->m_parameters[k].name != m_parameters[k].name)
      return false;
  m_parameters = s->m_parameters;
  return true;
}

std::vector<ChangeEvent> SetParameters::changes(bool) const
{
  ChangeEvent e{ChangeKind::Modified, {EntityRef{}}};
  for (const auto& [ref, json] : m_entitiesBefore)
    if (ref.kind != EntityKind::Model)
      e.entities.push_back(ref);
  return {e};
}

std::unique_ptr<SetParameters> makeSetParameterValue(const Model& model, std::string_view name, double value)
{
  std::vector<Parameter> parameters = model.parameters;
  for (Parameter& p : parameters)
    if (findParameter(model, name) == &model.parameters[std::size_t(&p - parameters.data())])
      p.value = value;
  return std::make_unique<SetParameters>(std::move(parameters), model.bindings);
}

std::unique_ptr<SetParameters> makeBindField(const Model& model, EntityRef entity, std::string field,
                                             std::string expression)
{
  std::vector<ParameterBinding> bindings;
  bool replaced = false;
  for (const ParameterBinding& b : model.bindings) {
    if (b.entity == entity && b.field == field) {
      replaced = true;
      if (!expression.empty())
        bindings.push_back({entity, field, expression});
    } else {
      bindings.push_back(b);
    }
  }
  if (!replaced && !expression.empty())
    bindings.push_back({entity, std::move(field), std::move(expression)});
  return std::make_unique<SetParameters>(model.parameters, std::move(bindings));
}

bool Macro::redo(Model& model, Diagnostics& errors)
{
  for (std::size_t k = 0; k < m_commands.size(); ++k) {
    if (!m_commands[k]->redo(model, errors)) {
      for (std::size_t u = k; u-- > 0;) {
        m_commands[u]->undo(model);
      }
      return false;
    }
  }
  return true;
}

void Macro::undo(Model& model)
{
  for (std::size_t u = m_commands.size(); u-- > 0;) {
    m_commands[u]->undo(model);
  }
}

std::vector<ChangeEvent> Macro::changes(bool undone) const
{
  std::vector<ChangeEvent> out;
  for (const auto& c : m_commands) {
    auto e = c->changes(undone);
    out.insert(out.end(), e.begin(), e.end());
  }
  return out;
}

}  // namespace mbs::core
