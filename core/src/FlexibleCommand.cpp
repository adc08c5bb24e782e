#include "mbs/core/FlexibleCommand.hpp"

#include <algorithm>

#include "mbs/core/ModelFile.hpp"

namespace mbs::core {

std::unique_ptr<Command> makeFlexibleCommand(const Model& model, PartId part,
                                             std::shared_ptr<const solver::FlexibleBodyData> data,
                                             const std::vector<MarkerId>& interfaceMarkers)
{
  const Part& p = *model.part(part);
  // The file form of the new record, through a copy of the model (the record's JSON is written by
  // the model file's own writer, so the edit is the same text a saved file has).
  Model copy = model;
  FlexibleRecord& record = copy.part(part)->flexible;
  record.data = data;
  record.initialModal.resize(0);
  record.initialModalVelocity.resize(0);
  const nlohmann::ordered_json flexible = toJson(copy, EntityRef(part))["flexible"];
  auto macro = std::make_unique<Macro>("Make '" + p.name + "' flexible");
  macro->add(std::make_unique<SetProperty>(EntityRef(part), "/flexible", flexible));
  macro->add(std::make_unique<SetProperty>(EntityRef(part), "/mass", data->mass));
  for (MarkerId m : model.markersOf(part)) {
    const auto it = std::find(interfaceMarkers.begin(), interfaceMarkers.end(), m);
    const int node = it == interfaceMarkers.end() ? -1 : static_cast<int>(it - interfaceMarkers.begin());
    if (node != model.marker(m)->interfaceNode)
      macro->add(std::make_unique<SetProperty>(EntityRef(m), "/interface_node", node));
  }
  return macro;
}

}  // namespace mbs::core
