#pragma once
// Qt-free undoable model changes. A command is applied with redo() and reverted with undo();
// UndoStack owns them. Commands remember ids, so redo restores the very same entities.
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <variant>
#include <vector>

#include "mbs/core/Diagnostics.hpp"
#include "mbs/core/Model.hpp"

namespace mbs::core {

enum class ChangeKind { Added, Removed, Modified, Reset };

struct ChangeEvent {
  ChangeKind kind = ChangeKind::Modified;
  std::vector<EntityRef> entities;
};

class Command {
public:
  virtual ~Command() = default;
  // Applies the change; returns false (model untouched, `errors` filled) if it cannot.
  virtual bool redo(Model& model, Diagnostics& errors) = 0;
  virtual void undo(Model& model) = 0;
  virtual std::string text() const = 0;
  // Folds `next` into this command (a drag becomes one step); true if merged.
  virtual bool mergeWith(const Command& next) { return false; }
  // What the last redo/undo changed (for notifications).
  virtual std::vector<ChangeEvent> changes(bool undone) const = 0;
};

using AnyEntity = std::variant<Part, Marker, Joint, Motion, Force, Variable>;
EntityRef refOf(const AnyEntity& e);

// A new entity read from its file form (docs/file-format.md, what toJson writes; SI), references
// resolved by name in `model`: what scripts (the Python API) hand to AddEntity. "id" may be left
// out: the entity then gets a fresh id when the command is applied. nullopt with `errors` naming
// the field and the entity when the form is invalid.
std::optional<AnyEntity> entityFromFileForm(const Model& model, EntityKind kind,
                                            const nlohmann::ordered_json& value, Diagnostics& errors);

// Adds an entity (id and name assigned on first redo if empty, then kept).
class AddEntity : public Command {
public:
  explicit AddEntity(AnyEntity entity) : m_entity(std::move(entity)) {}
  bool redo(Model& model, Diagnostics& errors) override;
  void undo(Model& model) override;
  std::string text() const override;
  std::vector<ChangeEvent> changes(bool undone) const override;
  EntityRef added() const { return refOf(m_entity); }

private:
  AnyEntity m_entity;
};

// Typed forms the GUI uses.
class AddPart final : public AddEntity {
public:
  explicit AddPart(Part p) : AddEntity(std::move(p)) {}
};
class AddMarker final : public AddEntity {
public:
  explicit AddMarker(Marker m) : AddEntity(std::move(m)) {}
};
class AddJoint final : public AddEntity {
public:
  explicit AddJoint(Joint j) : AddEntity(std::move(j)) {}
};
class AddMotion final : public AddEntity {
public:
  explicit AddMotion(Motion m) : AddEntity(std::move(m)) {}
};
class AddForce final : public AddEntity {
public:
  explicit AddForce(Force f) : AddEntity(std::move(f)) {}
};
class AddVariable final : public AddEntity {
public:
  explicit AddVariable(Variable v) : AddEntity(std::move(v)) {}
};

inline std::unique_ptr<Command> makeAddPart(Part p)
{
  return std::make_unique<AddPart>(std::move(p));
}
inline std::unique_ptr<Command> makeAddMarker(Marker m)
{
  return std::make_unique<AddMarker>(std::move(m));
}
inline std::unique_ptr<Command> makeAddJoint(Joint j)
{
  return std::make_unique<AddJoint>(std::move(j));
}

// Removes an entity and everything that depends on it; undo restores them with the same ids.
// A part whose CM marker is removed gets its CM cleared (restored on undo).
class RemoveEntity final : public Command {
public:
  explicit RemoveEntity(EntityRef ref) : m_ref(ref) {}
  bool redo(Model& model, Diagnostics& errors) override;
  void undo(Model& model) override;
  std::string text() const override;
  std::vector<ChangeEvent> changes(bool undone) const override;

private:
  void dropBrokenRequests(Model& model);

  EntityRef m_ref;
  std::vector<AnyEntity> m_removed;
  std::vector<Part> m_partsBefore;        // parts whose CM marker was cleared
  std::vector<Request> m_requestsBefore;  // the requests, if some referred to removed markers
};

// Sets one property of an entity (or of the model: EntityRef{}), addressed by a JSON pointer into
// the entity's file form ("/mass", "/inertia/ixx", "/position", "/name", "/gravity"), in SI.
// Consecutive sets of the same entity + property merge into one undo step.
class SetProperty final : public Command {
public:
  SetProperty(EntityRef ref, std::string property, nlohmann::ordered_json value)
      : m_ref(ref), m_property(std::move(property)), m_value(std::move(value))
  {
  }
  bool redo(Model& model, Diagnostics& errors) override;
  void undo(Model& model) override;
  std::string text() const override;
  bool mergeWith(const Command& next) override;
  std::vector<ChangeEvent> changes(bool undone) const override;

private:
  EntityRef m_ref;
  std::string m_property;
  nlohmann::ordered_json m_value;
  nlohmann::ordered_json m_before;  // the whole entity before the first set
  bool m_haveBefore = false;
};

// Replaces the model's output requests (Build > Output Requests): one undo step for the list.
// Refused, model untouched, when a request is invalid (name, markers, functions).
class SetRequests final : public Command {
public:
  explicit SetRequests(std::vector<Request> requests) : m_requests(std::move(requests)) {}
  bool redo(Model& model, Diagnostics& errors) override;
  void undo(Model& model) override { model.requests = m_before; }
  std::string text() const override { return "Set output requests"; }
  std::vector<ChangeEvent> changes(bool undone) const override;

private:
  std::vector<Request> m_requests, m_before;
};

// Replaces the model's parameters and bindings (the parameter table) as one undo step and writes
// the new values into the bound fields. Refused, model untouched, when a binding does not evaluate
// (the message names the entity and field) or the model would get new validation problems.
// Consecutive value changes of the same parameters merge into one step (a spin box drag).
class SetParameters final : public Command {
public:
  SetParameters(std::vector<Parameter> parameters, std::vector<ParameterBinding> bindings)
      : m_parameters(std::move(parameters)), m_bindings(std::move(bindings))
  {
  }
  bool redo(Model& model, Diagnostics& errors) override;
  void undo(Model& model) override;
  std::string text() const override { return "Set parameters"; }
  bool mergeWith(const Command& next) override;
  std::vector<ChangeEvent> changes(bool undone) const override;

private:
  std::vector<Parameter> m_parameters, m_parametersBefore;
  std::vector<ParameterBinding> m_bindings, m_bindingsBefore;
  // The file form of every entity bound before or after, as it was (undo writes it back).
  std::vector<std::pair<EntityRef, nlohmann::ordered_json>> m_entitiesBefore;
};

// The parameter table with one value changed / one field bound (empty expression: unbound).
std::unique_ptr<SetParameters> makeSetParameterValue(const Model& model, std::string_view name, double value);
std::unique_ptr<SetParameters> makeBindField(const Model& model, EntityRef entity, std::string field,
                                             std::string expression);

// Several commands as one step ("pick two points -> markers + revolute joint").
class Macro final : public Command {
public:
  explicit Macro(std::string text) : m_text(std::move(text)) {}
  void add(std::unique_ptr<Command> command) { m_commands.push_back(std::move(command)); }
  bool redo(Model& model, Diagnostics& errors) override;
  void undo(Model& model) override;
  std::string text() const override { return m_text; }
  std::vector<ChangeEvent> changes(bool undone) const override;
  bool empty() const { return m_commands.empty(); }

private:
  std::string m_text;
  std::vector<std::unique_ptr<Command>> m_commands;
};

}  // namespace mbs::core
