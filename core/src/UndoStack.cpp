#include "mbs/core/UndoStack.hpp"

#include <algorithm>

namespace mbs::core {

bool UndoStack::push(std::unique_ptr<Command> command, Diagnostics* errors)
{
  Diagnostics local;
  if (!command->redo(m_model, errors ? *errors : local)) {
    return false;
  }
  const auto events = command->changes(false);
  m_commands.resize(m_index);  // drop the redo tail
  if (m_cleanValid && m_clean > m_index) {
    m_cleanValid = false;
  }
  const bool merged = m_mergeable && m_index > 0 && !(isClean()) && m_commands.back()->mergeWith(*command);
  if (!merged) {
    m_commands.push_back(std::move(command));
    ++m_index;
  }
  m_mergeable = true;
  notify(events);
  return true;
}

bool UndoStack::undo()
{
  if (!canUndo()) {
    return false;
  }
  auto& c = m_commands[--m_index];
  c->undo(m_model);
  m_mergeable = false;
  notify(c->changes(true));
  return true;
}

bool UndoStack::redo()
{
  if (!canRedo()) {
    return false;
  }
  auto& c = m_commands[m_index++];
  Diagnostics ignored;
  c->redo(m_model, ignored);
  m_mergeable = false;
  notify(c->changes(false));
  return true;
}

std::string UndoStack::undoText() const
{
  return canUndo() ? m_commands[m_index - 1]->text() : std::string();
}
std::string UndoStack::redoText() const
{
  return canRedo() ? m_commands[m_index]->text() : std::string();
}

void UndoStack::clear()
{
  m_commands.clear();
  m_index = 0;
  m_clean = 0;
  m_cleanValid = true;
}

int UndoStack::subscribe(Listener listener)
{
  m_listeners.emplace_back(m_nextToken, std::move(listener));
  return m_nextToken++;
}

void UndoStack::unsubscribe(int token)
{
  std::erase_if(m_listeners, [token](const auto& l) { return l.first == token; });
}

void UndoStack::notifyReset()
{
  clear();
  notify({{ChangeKind::Reset, {}}});
}

void UndoStack::notify(const std::vector<ChangeEvent>& events)
{
  const auto listeners = m_listeners;  // a listener may unsubscribe while notified
  for (const auto& e : events) {
    for (const auto& [token, l] : listeners) {
      l(e);
    }
  }
}

}  // namespace mbs::core
