#include "mbs/core/SystemElementCommands.hpp"

#include <set>

namespace mbs::core {

bool SetSystemElements::redo(Model& model, Diagnostics& errors)
{
  // The problems the model has already (an imported deck's own) do not refuse the edit.
  std::set<std::string> before;
  for (const Diagnostic& d : model.validate())
    before.insert(d.toString());
  m_differentialsBefore = model.differentials;
  m_sensorsBefore = model.sensors;
  m_splinesBefore = model.splines;
  model.differentials = m_differentials;
  model.sensors = m_sensors;
  model.splines = m_splines;
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
  model.differentials = m_differentialsBefore;
  model.sensors = m_sensorsBefore;
  model.splines = m_splinesBefore;
}

std::vector<ChangeEvent> SetSystemElements::changes(bool) const
{
  return {ChangeEvent{ChangeKind::Modified, {EntityRef{}}}};
}

}  // namespace mbs::core
