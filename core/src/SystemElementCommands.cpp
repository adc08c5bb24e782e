#include "mbs/core/SystemElementCommands.hpp"

#include <set>

namespace mbs::core {

SystemElementLists SystemElementLists::of(const Model& model)
{
  return {model.differentials, model.sensors,     model.splines,     model.arrays,
          model.matrices,      model.plantInputs, model.plantOutputs};
}

void SystemElementLists::applyTo(Model& model) const
{
  model.differentials = differentials;
  model.sensors = sensors;
  model.splines = splines;
  model.arrays = arrays;
  model.matrices = matrices;
  model.plantInputs = plantInputs;
  model.plantOutputs = plantOutputs;
}

bool SetSystemElements::redo(Model& model, Diagnostics& errors)
{
  // The problems the model has already (an imported deck's own) do not refuse the edit.
  std::set<std::string> before;
  for (const Diagnostic& d : model.validate())
    before.insert(d.toString());
  m_before = SystemElementLists::of(model);
  if (m_partial) {
    m_lists.arrays = model.arrays;
    m_lists.matrices = model.matrices;
    m_lists.plantInputs = model.plantInputs;
    m_lists.plantOutputs = model.plantOutputs;
  }
  m_lists.applyTo(model);
  Diagnostics problems;
  for (Diagnostic& d : model.validate())
    if (!before.count(d.toString()))
      problems.push_back(std::move(d));
  if (problems.empty())
    return true;
  undo(model);
  errors.insert(errors.end(), problems.begin(), problems.end());
  return false;
}

void SetSystemElements::undo(Model& model)
{
  m_before.applyTo(model);
}

std::vector<ChangeEvent> SetSystemElements::changes(bool) const
{
  return {ChangeEvent{ChangeKind::Modified, {EntityRef{}}}};
}

}  // namespace mbs::core
