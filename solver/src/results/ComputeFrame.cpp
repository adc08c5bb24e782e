#include "results/ComputeFrame.hpp"

#include "friction/Stiction.hpp"

namespace mbs::solver {

ResultFrame computeFrame(const System& system, const State& state)
{
  const Model& model = system.model();
  ResultFrame frame;
  frame.state = state;
  for (int b = 0; b < static_cast<int>(model.bodies.size()); ++b)
    frame.bodies.push_back(system.bodyOutput(b, state.q, state.qd, state.qdd));
  for (int j = 0; j < static_cast<int>(model.joints.size()); ++j)
    frame.joints.push_back(system.jointReaction(j, state.q, state.lambda));
  for (int m = 0; m < static_cast<int>(model.motions.size()); ++m)
    frame.motions.push_back(system.motionReaction(m, state.q, state.lambda));
  for (int f = 0; f < static_cast<int>(model.forces.size()); ++f)
    frame.forces.push_back(system.forceOutput(f, state.t, state.q, state.qd, &state.lambda));
  for (int j : system.frictionJoints())
    frame.friction.push_back(
        state.stictionStart.size() > 0
            ? detail::stictionOutput(system, j, state.stictionStart, state.q, state.lambda)
            : system.frictionOutput(j, state.t, state.q, state.qd, state.lambda));
  for (int j : system.clearanceJoints())
    frame.clearance.push_back(system.clearanceOutput(j, state.q, state.qd));
  for (int k = 0; k < system.numSolidContacts(); ++k)
    frame.contacts.push_back(system.solidContactOutput(k, state.q, state.qd));
  for (int b = 0; b < system.numBodies(); ++b)
    if (system.modalOffset(b) >= 0)
      frame.modal.push_back(state.q.segment(system.modalOffset(b), system.modeCount(b)));
  return frame;
}

}  // namespace mbs::solver
