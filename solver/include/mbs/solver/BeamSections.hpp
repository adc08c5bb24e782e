#pragma once
// Section loads of an FE beam element (Model::beamElements; docs/solver-notes.md, "FE beams") from
// its two node bodies' states, e.g. a result frame's BodyOutputs: the co-rotational deformations
// the solver loads the nodes with, so plots read the same beam the run integrated.
#include "mbs/solver/Model.hpp"
#include "mbs/solver/Outputs.hpp"

namespace mbs::solver {

// Resultants in the element's axes (x along the chord A→B): axial force N, shear forces Vy, Vz
// [N], then torque T and bending moments My, Mz [N·m], elastic plus damping. They act on the face
// of the cut whose outward normal is +x (what the beam beyond the section does to the beam before
// it): tension, and the moment that bends a cantilever under a tip load, are positive there. The
// element carries no mass, so its two ends differ only by the moment of the shear over its length.
struct BeamSectionLoads {
  Vec6 atA = Vec6::Zero(), atB = Vec6::Zero();
};
BeamSectionLoads beamSectionLoads(const BeamElement& element, const BodyOutput& nodeA,
                                  const BodyOutput& nodeB);

}  // namespace mbs::solver
