#pragma once
// The undoable edit that makes a part flexible (Make Flexible in the GUI, make_flexible in Python):
// the flexible record with its modal data (its file form), the part's mass, and the interface
// markers moved onto their nodes (other markers of the part stay on the floating frame).
#include <memory>
#include <string>
#include <vector>

#include "mbs/core/Commands.hpp"
#include "mbs/core/Model.hpp"
#include "mbs/solver/FlexibleBody.hpp"

namespace mbs::core {

// `interfaceMarkers[k]` is attached to interface node k of `data`. The initial modal values of an
// earlier flexible record are dropped: they belong to the modes the new ones replace.
std::unique_ptr<Command> makeFlexibleCommand(const Model& model, PartId part,
                                             std::shared_ptr<const solver::FlexibleBodyData> data,
                                             const std::vector<MarkerId>& interfaceMarkers);

}  // namespace mbs::core
