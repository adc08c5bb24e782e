#pragma once
// Assembly-branch changes of a kinematic run (issue 29). Newton at each output time starts from
// the previous solution extrapolated with its velocity; through a singular position (the flat
// position of a parallelogram four-bar, where the parallelogram and crossed assemblies meet) it
// may converge on another assembly, and the run then follows it. On the same branch the
// velocities are smooth: the trapezoidal prediction q̇(t) ≈ q̇(t−h) + h/2 (q̈(t−h) + q̈(t)) is
// accurate to O(h³); after a change of branch it is off by the order of the velocities themselves.
#include <optional>
#include <string>

#include "System.hpp"
#include "mbs/solver/State.hpp"

namespace mbs::solver {

// Fed the frames of a run in order. A frame whose velocities miss the prediction from the last
// trusted frame is held as suspect: at the singular position itself the velocities are not
// defined (Φ_q is singular) though the run stays on its branch. The change is reported only when
// the next frame misses the prediction from the trusted frame too, once per change.
class BranchTracker {
public:
  explicit BranchTracker(const System& system) : m_system(system) {}
  // A warning naming the times, the parts whose velocities jumped and the joints on them.
  std::optional<std::string> next(const State& frame);
  // A suspect frame left at the end of the run (its change could not be confirmed).
  std::optional<std::string> finish();

private:
  const System& m_system;
  std::optional<State> m_trusted, m_suspect;
};

}  // namespace mbs::solver
