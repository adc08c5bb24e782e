#include "results/ComputeFrame.hpp"

#include "differentials/DifferentialElement.hpp"
#include "forces/ModelStateView.hpp"
#include "friction/Stiction.hpp"

namespace mbs::solver {

ResultFrame computeFrame(const System& system, const State& state, const loads::History* history)
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
  system.loadOutputs(state.t, state.q, state.qd, state.lambda, history, frame);
  // Static equilibrium: the friction of joints with stiction is their creep since the start.
  if (state.stictionStart.size() > 0)
    for (std::size_t k = 0; k < system.frictionJoints().size(); ++k)
      frame.friction[k] = detail::stictionOutput(system, system.frictionJoints()[k], state.stictionStart,
                                                 state.q, state.lambda);
  for (int b = 0; b < system.numBodies(); ++b)
    if (system.modalOffset(b) >= 0)
      frame.modal.push_back(state.q.segment(system.modalOffset(b), system.modeCount(b)));
  // First-order states: x is its coordinate's velocity, ẋ its function at this state (DIF1 exactly
  // as the equations have it, also where the frame's accelerations were not solved).
  const int nd = system.numDifferentials();
  if (nd > 0 && state.qd.size() == system.numCoordinates()) {
    frame.differentials = state.qd.segment(system.differentialOffset(), nd);
    frame.differentialRates.resize(nd);
    const detail::ModelStateView view(model, state.t, state.q, state.qd);
    for (int k = 0; k < nd; ++k)
      frame.differentialRates[k] = DifferentialElement::rate(model, k, view);  // (IMPLICIT: F's root)
  }
  std::vector<int> curves;  // ResultLayout::curveParameters' coordinates
  for (std::size_t j = 0; j < system.curveCoordinates().size(); ++j)
    for (int k = 0; k < curveParameterCount(model.joints[j].type); ++k)
      curves.push_back(system.curveCoordinates()[j] + k);
  if (!curves.empty() && state.q.size() == system.numCoordinates() && state.qd.size() == state.q.size()) {
    frame.curveParameters.resize(Eigen::Index(curves.size()));
    frame.curveRates.resize(Eigen::Index(curves.size()));
    for (std::size_t k = 0; k < curves.size(); ++k) {
      frame.curveParameters[Eigen::Index(k)] = state.q[curves[k]];
      frame.curveRates[Eigen::Index(k)] = state.qd[curves[k]];
    }
  }
  return frame;
}

}  // namespace mbs::solver
