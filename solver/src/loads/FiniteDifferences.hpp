#pragma once
// The one difference fallback of load elements (loads::Element::addJacobians) and the power of an
// element from its generalized forces.
#include <vector>

#include "loads/LoadElement.hpp"

namespace mbs::solver::loads {

// Central differences of element.addForces at c over the coordinates `reads` (positions into
// out.dq, rates into out.dqd, each when requested), reading back the rows `writes`. The step is
// 1e-6·max(1, |x|): the forces are smooth at that scale and round-off stays near 1e-10 relative.
void addForceDifferences(const Element& element, const Context& c, const std::vector<int>& reads,
                         const std::vector<int>& writes, const Jacobians& out);

// Q_e·q̇ of the element's forces at c, summed over the rows it writes.
double forcePower(const Element& element, const Context& c);

}  // namespace mbs::solver::loads
