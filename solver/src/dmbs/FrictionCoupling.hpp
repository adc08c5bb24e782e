#pragma once
// Joint friction in joint coordinates. In the absolute formulation a friction element reads its
// joint's reaction from the multipliers λ (loads::Host::jointReaction) and the integrators solve
// friction and λ together in their Newton iterations. The DMBS tree has no multipliers for its
// tree joints: their reactions follow from the Newton–Euler equations of the bodies outboard of
// the joint once v̇ is known, and the cut joints' from their multipliers μ. Friction loads depend
// on the reactions and the reactions on v̇ (which the friction loads change), so both are solved
// together in every evaluation of v̇ — never one evaluation late:
//
// For fixed (t, q, v), v̇ and every reaction are affine in the friction wrenches W (one wrench per
// friction joint, on I's body at the I marker and its opposite on J's body): the tree's forward
// dynamics and the cut equations' multiplier solve are linear in the applied loads. So one solve
// without friction gives (v̇₀, R₀), and the tree's response to a unit wrench in each of the 6k
// components (k friction joints; the articulated inertias and G M⁻¹ Gᵀ already factored, one
// O(N) pass each) gives the columns of D = ∂v̇/∂W and C = ∂R/∂W exactly. What remains is the
// small nonlinear system R = R₀ + C W(R), W(R) the friction law of each joint at its reaction
// (the elements' own code, through a Host whose "multipliers" are the reactions), solved by
// Newton with I − C ∂W/∂R (∂W/∂R block diagonal, central differences of the cheap law) to
// 1e-12 relative; then v̇ = v̇₀ + D W(R). A fixed-point iteration would cost one tree solve per
// iteration and diverge where C ∂W/∂R has a gain above one (long lever arms on short bearings);
// Newton converges quadratically where the law is smooth, whatever that gain. When it does not
// converge (in 30 iterations) the evaluation fails with a message naming the joint.
#include <memory>
#include <string>
#include <vector>

#include "dmbs/Topology.hpp"
#include "dmbs/TreeDynamics.hpp"
#include "loads/LoadElement.hpp"

namespace mbs::solver {
class System;
}

namespace mbs::solver::dmbs {

class JointSpaceEquations;

// The friction joints' reactions as the "multipliers" the friction elements read: 6 per friction
// joint, [force; torque] on I's body at the I marker, ground frame (as System::jointReaction).
class ReactionHost final : public loads::Host {
public:
  ReactionHost(const System& system, const std::vector<int>& frictionJoints);
  const Model& model() const override { return m_model; }
  int numCoordinates() const override { return m_coordinates; }
  int numConstraints() const override { return 6 * m_count; }
  int modalOffset(int) const override { return -1; }
  const std::vector<int>& modalOffsets() const override { return m_modal; }
  loads::RowRange jointRows(int joint) const override;
  Reaction jointReaction(int joint, const Vec& q, const Vec& reactions) const override;
  Reaction motionReaction(int motion, const Vec& q, const Vec& lambda) const override;

private:
  const Model& m_model;
  int m_coordinates, m_count;
  std::vector<int> m_slot;  // per joint of the model: its friction slot, −1 if none
  std::vector<int> m_modal;
};

class FrictionCoupling {
public:
  FrictionCoupling(const System& system, const Topology& topology);

  // Whether an element limits the step that ends at a breakaway (stiction deformation > 0).
  bool limitsSteps() const { return m_stiction; }
  // v̇ at (t, q, v) with the friction loads consistent with the reactions. The equations have run
  // the kinematics and their applied wrenches (without friction) at (t, q, v). False (failure()
  // says why) when the Newton iteration did not converge.
  bool solve(JointSpaceEquations& eq, double t, const Vec& q, const Vec& v, Vec& vd);
  const std::string& failure() const { return m_failure; }
  // The friction's generalized forces (absolute coordinates) of the last successful solve.
  const Vec& generalizedForces() const { return m_generalized; }

private:
  struct FrictionJoint {
    std::size_t element = 0;  // index into System::loadElements (its history slot)
    const loads::Element* law = nullptr;
    int joint = -1, bodyI = kGround, bodyJ = kGround, iMarker = -1;
    int childBody = -1;  // tree joint: the child of its mobilizer; −1 for a cut joint
    std::string name;
  };

  // The friction wrench [n; F] about the I marker point P_k of joint k at the reactions R (all
  // joints'), from its element (history slot of the run, if any).
  Vec6 frictionWrench(const JointSpaceEquations& eq, int k, double t, const Vec& reactions);
  // The friction joints' reactions for joint accelerations vd and multipliers mu under `loads`
  // (per body, about its CM, besides the cut equations'): rest = true for a linear response (no
  // velocity terms, body accelerations from vd alone).
  void reactions(const JointSpaceEquations& eq, const Vec& vd, const Vec& mu, const std::vector<Vec6>& loads,
                 bool rest, Vec& out);

  const System& m_system;
  ReactionHost m_host;
  std::vector<FrictionJoint> m_joints;
  bool m_stiction = false;
  std::string m_failure;
  Vec m_generalized, m_scratch;
  // per solve
  std::vector<Vec3> m_points;  // I marker origins
  std::vector<Vec6> m_loads, m_accel, m_transmitted, m_unitLoads;
  Mat m_c, m_d;
};

}  // namespace mbs::solver::dmbs
