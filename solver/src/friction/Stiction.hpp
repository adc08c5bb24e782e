#pragma once
// Stiction in static equilibrium (Adams MAX_STICTION_DEFORMATION). At rest the friction law gives
// no force (it is a function of the sliding speed), so statics reads each friction joint's creep
// since the start of the analysis as a speed: δ·v_s/δ_max. The friction then rises from 0 to
// μ_s·N while the joint creeps δ_max and holds it there if μ_s·N is enough; if not, the joint
// slips and there is no static equilibrium. Joints with δ_max = 0 have no static friction.
#include "friction/JointFriction.hpp"
#include "loads/LoadElement.hpp"

namespace mbs::solver {

// Where a joint's stiction bristles are undeformed (dynamic stiction, below).
struct StictionAnchor {
  Vec3 position = Vec3::Zero();      // I's origin in J's axes
  Mat3 rotation = Mat3::Identity();  // I's axes in J's axes
};

}  // namespace mbs::solver

namespace mbs::solver::detail {

bool hasStiction(const Model& model);

// Q_s(q, λ): generalized stiction forces at q for the creep since q0.
void stictionForces(const loads::Host& system, const Vec& q0, const Vec& q, const Vec& lambda, Vec& Q);

// The friction outputs of joint `joint` at q for the creep since q0 (frictionOutput when the joint
// has no stiction deformation).
FrictionOutput stictionOutput(const loads::Host& system, int joint, const Vec& q0, const Vec& q,
                              const Vec& lambda);

// ∂Q_s/∂q (n × n) and ∂Q_s/∂λ (n × m), central differences over each friction joint's two bodies
// and its own multiplier rows (a statics solve is done once, and the law is a cheap scalar).
void stictionJacobians(const loads::Host& system, const Vec& q0, const Vec& q, const Vec& lambda,
                       SparseMat& dQdq, SparseMat& dQdLambda);

// Stiction in dynamics (bristle / elasto-plastic model with Adams' MAX_STICTION_DEFORMATION δ_max):
// each joint with δ_max > 0 carries an anchor, the relative pose where its bristles are undeformed.
// The bristle deflection z is the joint's relative displacement from the anchor (rotations as R·θ
// at the pin radius; translational joints by translation only), held to |z| ≤ δ_max by moving the
// anchor after each accepted step (return mapping). The friction law reads the speed
// v + z·v_s/δ_max, the same reading of the creep as statics: at rest the friction is a bristle
// spring rising to μ_s·N at |z| = δ_max, moving it adds the law's stick damping, and once the
// bristles are saturated the joint slides with μ(|v| + v_s) → μ_d.
bool holdsDynamically(const Joint& joint);

struct Bristle {
  Vec3 translation = Vec3::Zero();  // deflection, J's axes, |z| ≤ δ_max
  Vec3 rotation = Vec3::Zero();     // rotation vector, J's axes
  double deflection = 0.0;          // |z| = √(|translation|² + R²|rotation|²) before saturation
  bool saturated = false;           // |z| reached δ_max: the joint slips
};
Bristle bristle(const Model& model, const Joint& joint, const Vec& q, const StictionAnchor& anchor);
StictionAnchor anchorAt(const Model& model, const Joint& joint, const Vec& q);
// The anchor after a step that ended at q (moved so that |z| = δ_max when saturated).
StictionAnchor slideAnchor(const Model& model, const Joint& joint, const Vec& q,
                           const StictionAnchor& anchor);
// The motion the friction law reads: the relative velocity plus z·v_s/δ_max.
JointMotion bristleMotion(const Model& model, const Joint& joint, const Vec& q, const Vec& qd,
                          const StictionAnchor& anchor);
// Past the static peak of the friction law at (q, q̇): the speed it reads exceeds v_s or the
// bristles are saturated. From a held anchor this is a breakaway.
bool pastStaticPeak(const Model& model, const Joint& joint, const Vec& q, const Vec& qd,
                    const StictionAnchor& anchor);
// The friction outputs with the bristles: power and sliding speed from the true relative motion,
// stick = bristles not saturated.
FrictionOutput bristleOutput(const loads::Host& system, int joint, const Vec& q, const Vec& qd,
                             const Vec& lambda, const StictionAnchor& anchor);

}  // namespace mbs::solver::detail
