#pragma once
// Undoable edits of the model's system elements (Build ▸ System Elements): the differential
// equations (Adams DIFF, also the states of a TFSISO or LSE), the sensors (Adams SENSOR), the splines
// (Adams SPLINE), the arrays and matrices (ARRAY, MATRIX) and the plant inputs and outputs (PINPUT,
// POUTPUT), replaced as one list each in one step.
#include <vector>

#include "mbs/core/Commands.hpp"
#include "mbs/core/DataElements.hpp"
#include "mbs/core/Plant.hpp"
#include "mbs/core/Sensor.hpp"
#include "mbs/core/SystemElements.hpp"

namespace mbs::core {

// Every list the command replaces.
struct SystemElementLists {
  std::vector<DifferentialEquation> differentials;
  std::vector<Sensor> sensors;
  std::vector<Spline> splines;
  std::vector<DataArray> arrays;
  std::vector<DataMatrix> matrices;
  std::vector<PlantPort> plantInputs, plantOutputs;
  static SystemElementLists of(const Model& model);
  void applyTo(Model& model) const;
  bool operator==(const SystemElementLists&) const = default;
};

// Refused, model untouched, when the new lists bring validation problems the model did not have
// (a name used twice or by an entity, a function that does not compile, a value that is not finite):
// `errors` names each.
class SetSystemElements final : public Command {
public:
  // The three lists; the arrays, matrices and plant ports stay as the model has them.
  SetSystemElements(std::vector<DifferentialEquation> differentials, std::vector<Sensor> sensors,
                    std::vector<Spline> splines)
      : m_partial(true)
  {
    m_lists.differentials = std::move(differentials);
    m_lists.sensors = std::move(sensors);
    m_lists.splines = std::move(splines);
  }
  // Every list.
  explicit SetSystemElements(SystemElementLists lists) : m_lists(std::move(lists)) {}
  bool redo(Model& model, Diagnostics& errors) override;
  void undo(Model& model) override;
  std::string text() const override { return "Set system elements"; }
  std::vector<ChangeEvent> changes(bool undone) const override;

private:
  SystemElementLists m_lists, m_before;
  bool m_partial = false;  // the three-list form: the others taken from the model at redo
};

}  // namespace mbs::core
