#pragma once
// Turning a revolute, spherical or translational joint into a clearance joint and back, in the joint's file
// form (the JSON a core::SetProperty with the empty pointer writes in one undo step). Shared by the property
// editor and Build ▸ Joint friction, so both give a new clearance the same starting values.
#include <nlohmann/json.hpp>

namespace mbs::ui::clearance {

// The joint with a clearance: 0.5 mm, journal or ball radius from its friction's pin radius (10 mm
// without one; a translational slider's length from twice its half length, 100 mm without one), steel-like K
// = 1e10 N/m^1.5, n = 1.5, e = 0.9. A joint friction is removed in the same step (the solver refuses both:
// the clearance has its own friction) and its μ carried over.
nlohmann::ordered_json withClearance(nlohmann::ordered_json joint);
// The joint as an ideal pin again: the clearance object removed.
nlohmann::ordered_json withoutClearance(nlohmann::ordered_json joint);

}  // namespace mbs::ui::clearance
