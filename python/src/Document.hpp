#pragma once
// The model a Python script holds: a core::Model edited only through the core commands the GUI
// uses (AddEntity, RemoveEntity, SetProperty, SetParameters, SetRequests) on an undo stack, so
// every edit gets the same validation and the same errors naming the entity.
#include <pybind11/pybind11.h>

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "mbs/core/Commands.hpp"
#include "mbs/core/Model.hpp"
#include "mbs/core/UndoStack.hpp"

namespace mbs::python {

class Document {
public:
  Document();
  explicit Document(core::Model model);
  Document(const Document&) = delete;  // the undo stack refers to m_model
  Document& operator=(const Document&) = delete;

  // Native model (.mbs.json), Adams dataset (.adm) or command file (.acf: the model its first
  // SIMULATE runs, core::modelForFirstSimulate, with the commands in commands()). Throws LoadError naming
  // file, line and reason.
  static std::unique_ptr<Document> load(const std::string& path, bool allowUnsupported);
  static std::unique_ptr<Document> fromString(const std::string& text, const std::string& name);
  std::unique_ptr<Document> copy() const;

  const core::Model& model() const { return m_model; }
  const std::string& source() const { return m_source; }
  const core::Diagnostics& warnings() const { return m_warnings; }
  pybind11::list commands() const { return m_commands; }
  // The command file has more than one SIMULATE (the model is the first one's).
  bool multiStepCommands() const { return m_multiStep; }

  std::string toString() const;
  void save(const std::string& path);
  // The Adams dataset text and its warnings; throws ExportError with what Adams cannot express.
  pybind11::tuple exportAdm() const;

  // Edits (each one undo step; refused with ModelError, model untouched).
  std::string add(const std::string& kind, pybind11::handle form);
  void remove(const std::string& kind, const std::string& name);
  void set(const std::string& kind, const std::string& name, const std::string& pointer,
           pybind11::handle value);
  void setParameter(const std::string& name, double value, std::optional<std::string> description);
  void removeParameter(const std::string& name);
  void bind(const std::string& kind, const std::string& name, const std::string& field,
            const std::string& expression);
  void addRequest(const std::string& name, const std::string& kind, const std::string& i,
                  const std::string& j, const std::string& reference,
                  const std::vector<std::string>& functions, const std::string& comment);
  void removeRequest(const std::string& name);
  bool undo() { return m_undo.undo(); }
  bool redo() { return m_undo.redo(); }

  // Reading.
  pybind11::object get(const std::string& kind, const std::string& name) const;
  std::vector<std::string> names(const std::string& kind) const;
  pybind11::list parameters() const;
  pybind11::list bindings() const;
  pybind11::list requests() const;
  pybind11::list validate() const;
  // Gruebler count, spanning tree, loops, and from the solver the rank DOF and the redundant
  // equations (with the joint or motion each belongs to).
  pybind11::object topology() const;

  core::EntityRef resolve(const std::string& kind, const std::string& name) const;
  // Applies a command on the undo stack; throws ModelError (`what` + the diagnostics) if refused.
  void push(std::unique_ptr<core::Command> command, const std::string& what);

private:
  core::Model m_model;
  core::UndoStack m_undo{m_model};
  std::string m_source;
  core::Diagnostics m_warnings;
  pybind11::list m_commands;
  bool m_multiStep = false;
};

// "part" -> EntityKind::Part ...; throws ValueError for an unknown kind.
core::EntityKind entityKind(const std::string& kind);

}  // namespace mbs::python
