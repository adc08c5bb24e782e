#pragma once
// compile() of FE beam parts (mbs/core/FeBeam.hpp): node bodies, markers on nodes, elements.
#include "mbs/core/Compile.hpp"

namespace mbs::core::detail {

// Appends the node bodies of FE part p (node 0's is the part's body in map.bodies; all of them in
// map.feNodes).
void addFeBeamNodes(const Part& p, solver::Model& sm, IndexMap& map);
// Places a marker of FE part p on the node body it follows (position and axes in that node's frame).
void placeOnFeNode(const Part& p, const Marker& m, const IndexMap& map, solver::Marker& out);
// Appends the co-rotational elements of every FE part.
void addFeBeamElements(const Model& model, solver::Model& sm, const IndexMap& map);

}  // namespace mbs::core::detail
