#pragma once
// How System turns a joint with clearance into the constraint it keeps plus a contact force
// (docs/solver-notes.md, "Clearance joints"):
//   revolute      -> Planar (axes parallel, pin in the bearing plane) + pin-in-hole contact;
//   translational -> Planar on markers turned so that their z is the joint's y (motion in J's xz
//                    plane: sliding along z, clearance along x) + contacts of the slider's ends;
//   spherical     -> ContactOnly (no equations) + ball-in-socket contact in 3-D.
#include <string>

#include "mbs/solver/Model.hpp"

namespace mbs::solver::detail {

// Rewrites every joint with a clearance in `model` (adds the turned markers a translational one
// needs). A joint whose settings do not fit is left as it is for clearanceKindProblem to name.
void substituteClearanceJoints(Model& model);

// After substituteClearanceJoints: what is wrong with the joint type or the kind's own settings
// (empty: nothing). The settings every kind shares are checked by System.
std::string clearanceKindProblem(const Joint& joint);

}  // namespace mbs::solver::detail
