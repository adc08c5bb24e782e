#pragma once
// Notes on a model for mbsolve and the GUI: its degrees of freedom (the rank of the constraint
// Jacobian at the assembled position, as the topology check computes it) and the parts the initial
// assembly moved, with how far.
#include <optional>
#include <string>
#include <vector>

#include "mbs/core/Model.hpp"
#include "mbs/solver/Model.hpp"
#include "mbs/solver/Results.hpp"

namespace mbs::core {

// "the model has 2 degrees of freedom", "the model is kinematically determinate: its 1 degree of
// freedom is driven by a motion", ... with the redundant constraint equations named; nullopt if the
// model does not compile.
std::optional<std::string> degreesOfFreedomNote(const Model& model);

// One line per part the initial-condition analysis moved from where the model put it:
// "part 'crank' moved 0.0012 m and 3.4 deg by the initial assembly" (`by`: how it ends). `assembled`
// is the first frame of a run that assembled `model` (an initial-conditions, kinematic or dynamic
// analysis).
std::vector<std::string> assemblyMoveNotes(const solver::Model& model, const solver::ResultFrame& assembled,
                                           const std::string& by = "by the initial assembly");

}  // namespace mbs::core
