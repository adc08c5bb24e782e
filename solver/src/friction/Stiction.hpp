#pragma once
// Stiction in static equilibrium (Adams MAX_STICTION_DEFORMATION). At rest the friction law gives
// no force (it is a function of the sliding speed), so statics reads each friction joint's creep
// since the start of the analysis as a speed: δ·v_s/δ_max. The friction then rises from 0 to
// μ_s·N while the joint creeps δ_max and holds it there if μ_s·N is enough; if not, the joint
// slips and there is no static equilibrium. Joints with δ_max = 0 have no static friction.
#include "mbs/solver/System.hpp"

namespace mbs::solver::detail {

bool hasStiction(const Model& model);

// Q_s(q, λ): generalized stiction forces at q for the creep since q0.
void stictionForces(const System& system, const Vec& q0, const Vec& q, const Vec& lambda, Vec& Q);

// The friction outputs of joint `joint` at q for the creep since q0 (frictionOutput when the joint
// has no stiction deformation).
FrictionOutput stictionOutput(const System& system, int joint, const Vec& q0, const Vec& q,
                              const Vec& lambda);

// ∂Q_s/∂q (n × n) and ∂Q_s/∂λ (n × m), central differences over each friction joint's two bodies
// and its own multiplier rows (a statics solve is done once, and the law is a cheap scalar).
void stictionJacobians(const System& system, const Vec& q0, const Vec& q, const Vec& lambda, SparseMat& dQdq,
                       SparseMat& dQdLambda);

}  // namespace mbs::solver::detail
