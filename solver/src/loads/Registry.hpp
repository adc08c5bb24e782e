#pragma once
// The families of load elements (loads/LoadElement.hpp) and the two things done with them: check a
// model, build a System's elements.
#include <vector>

#include "loads/LoadElement.hpp"

namespace mbs::solver::loads {

// Every family, in the order their elements are summed.
const std::vector<Family>& families();

// The first bad input of any family, naming the entity.
Status validate(const Model& model);

// All elements of the model, family by family.
Elements build(const Model& model, const Host& host);

}  // namespace mbs::solver::loads
