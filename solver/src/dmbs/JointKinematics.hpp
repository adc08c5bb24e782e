#pragma once
// Kinematic analysis in the DMBS joint coordinates: a zero-DOF (fully driven) tree whose motion
// and cut-joint equations, as many as the tree has rates, fix its coordinates at every time.
// Positions by Newton on Φ(q, t) = 0 with the joint-space Jacobian G (the increment Δ is in the
// rates and mapped to the coordinates through the joints' q̇ = Q(q) v, quaternions renormalized),
// velocities from G v = −Φ_t. Accelerations follow from the stabilized acceleration solve of
// JointSpaceEquations: with G square and regular, G v̇ = −bias − 2c₁Φ̇ − c₂²Φ has the one solution
// G v̇ = −bias at the solved state, whatever the forces.
#include "dmbs/JointSpaceEquations.hpp"
#include "mbs/solver/Status.hpp"

namespace mbs::solver::dmbs {

struct JointKinematicsOptions {
  double positionTolerance = 1e-10;  // max |Φ| (as the absolute kinematic analysis)
  int maxIterations = 25;
};

// BadInput naming the model when the active equations leave degrees of freedom in the tree.
Status checkZeroDof(const JointSpaceEquations& equations, const std::string& modelName);

// Solves Φ(q, t) = 0 from q (its starting guess) and then G v = −Φ_t.
Status solveJointKinematics(JointSpaceEquations& equations, double t, Vec& q, Vec& v,
                            const JointKinematicsOptions& options = {});

}  // namespace mbs::solver::dmbs
