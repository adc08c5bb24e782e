#pragma once
// Undoable edits of the model's system elements (Build ▸ System Elements): the differential
// equations (Adams DIFF), the sensors (Adams SENSOR) and the splines (Adams SPLINE), replaced as one
// list each in one step.
#include <vector>

#include "mbs/core/Commands.hpp"
#include "mbs/core/DataElements.hpp"
#include "mbs/core/Sensor.hpp"
#include "mbs/core/SystemElements.hpp"

namespace mbs::core {

// Refused, model untouched, when the new lists bring validation problems the model did not have
// (a name used twice or by an entity, a function that does not compile, a value that is not finite):
// `errors` names each.
class SetSystemElements final : public Command {
public:
  SetSystemElements(std::vector<DifferentialEquation> differentials, std::vector<Sensor> sensors,
                    std::vector<Spline> splines)
      : m_differentials(std::move(differentials)),
        m_sensors(std::move(sensors)),
        m_splines(std::move(splines))
  {
  }
  bool redo(Model& model, Diagnostics& errors) override;
  void undo(Model& model) override;
  std::string text() const override { return "Set system elements"; }
  std::vector<ChangeEvent> changes(bool undone) const override;

private:
  std::vector<DifferentialEquation> m_differentials, m_differentialsBefore;
  std::vector<Sensor> m_sensors, m_sensorsBefore;
  std::vector<Spline> m_splines, m_splinesBefore;
};

}  // namespace mbs::core
