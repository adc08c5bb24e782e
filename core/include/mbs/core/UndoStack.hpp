#pragma once
// The undo/redo history of one model, with a Qt-free observer list for change notifications.
#include <functional>
#include <memory>
#include <vector>

#include "mbs/core/Commands.hpp"

namespace mbs::core {

class UndoStack {
public:
  using Listener = std::function<void(const ChangeEvent&)>;

  explicit UndoStack(Model& model) : m_model(model) {}

  // Applies the command and records it (merging with the previous one when allowed). Returns
  // false with `errors` if the command could not be applied (nothing recorded).
  bool push(std::unique_ptr<Command> command, Diagnostics* errors = nullptr);
  bool undo();
  bool redo();
  bool canUndo() const { return m_index > 0; }
  bool canRedo() const { return m_index < m_commands.size(); }
  std::string undoText() const;
  std::string redoText() const;
  std::size_t size() const { return m_commands.size(); }
  std::size_t index() const { return m_index; }
  void clear();

  // Clean state: the state last saved.
  void setClean()
  {
    m_clean = m_index;
    m_cleanValid = true;
  }
  bool isClean() const { return m_cleanValid && m_clean == m_index; }

  // Observers (the GUI); returns a token for unsubscribe.
  int subscribe(Listener listener);
  void unsubscribe(int token);
  // Tells observers the whole model was replaced (file loaded) and clears the history.
  void notifyReset();

  Model& model() { return m_model; }

private:
  void notify(const std::vector<ChangeEvent>& events);

  Model& m_model;
  std::vector<std::unique_ptr<Command>> m_commands;
  std::size_t m_index = 0;
  std::size_t m_clean = 0;
  bool m_cleanValid = true;
  bool m_mergeable = true;  // false right after undo/redo/clean so a new set starts a new step
  std::vector<std::pair<int, Listener>> m_listeners;
  int m_nextToken = 1;
};

}  // namespace mbs::core
