#pragma once
// Expressions written in a file's units, rewritten to SI. The model holds SI values, so an
// expression read from a file in mm (say) must read TIME and the measure functions in the file's
// units and return its value in SI: TIME -> (TIME/kt), DX(...) -> (DX(...)/kl), ..., and the whole
// multiplied by the output's factor. Angles are radians in every unit system (as in Adams, where
// FUNCTION expressions are always in radians; degrees are written with the D suffix).
#include <string>
#include <string_view>

#include "mbs/core/Units.hpp"

namespace mbs::core {

// `outputFactor` converts the expression's value from file units to SI (1 for VARIABLEs, whose
// values stay in the file's units because their readers convert them). SI input is returned as is.
std::string expressionToSI(std::string_view text, const UnitSystem& units, double outputFactor);

}  // namespace mbs::core
