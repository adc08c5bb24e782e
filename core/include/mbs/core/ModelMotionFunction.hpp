#pragma once
// A motion's displacement function with the model's names bound, as the model compiles it: VARVAL
// of the model's VARIABLEs (those that depend on TIME only, as Adams requires of motions) and the
// model's parameters. For the GUI's motion dialog and plots.
#include <memory>

#include "mbs/core/Compile.hpp"

namespace mbs::core {

std::shared_ptr<const mbs::solver::TimeFunction> motionFunction(const Motion& motion, const Model& model,
                                                                Diagnostics& diagnostics);

}  // namespace mbs::core
