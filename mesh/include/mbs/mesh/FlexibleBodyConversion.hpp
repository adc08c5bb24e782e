#pragma once
// mesh::ReducedBody → solver::FlexibleBodyData: the elastic modes only (the floating frame carries
// the rigid motion) with the frame moved to the undeformed centre of mass, as the solver expects.
#include "mbs/mesh/FeMesh.hpp"
#include "mbs/mesh/ReducedBody.hpp"
#include "mbs/solver/FlexibleBody.hpp"

namespace mbs::mesh {

// `modes`: indices of the elastic modes to keep (empty: all elastic modes). `nodes` (3 x N, the FE
// mesh nodes, optional) enables nodal displacement recovery in the results, and with it the body's
// modal stress shapes (if the reduction computed them) are copied for stress recovery.
solver::FlexibleBodyData toFlexibleBodyData(const ReducedBody& body, std::vector<int> modes = {},
                                            const Eigen::Matrix3Xd* nodes = nullptr);
// The same from the body's FE mesh: its nodes (as above) and its surface triangles, which the GUI
// draws (deformed and coloured) as the body's shape.
solver::FlexibleBodyData toFlexibleBodyData(const ReducedBody& body, std::vector<int> modes,
                                            const FeMesh& mesh);

}  // namespace mbs::mesh
