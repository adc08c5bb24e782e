#pragma once
// The force laws of a solid contact at one point, as Adams' CONTACT defines them
// (docs/solver-notes.md, "Solid contact"): the normal force of IMPACT or POISSON and the friction
// coefficient of Adams' contact friction law.
#include "mbs/solver/SolidContact.hpp"

namespace mbs::solver::contact {

// Adams' STEP(x, x0, h0, x1, h1): a cubic from h0 to h1 over [x0, x1], constant outside.
double step(double x, double x0, double h0, double x1, double h1);

// The normal force (≥ 0) at penetration δ > 0 approaching at δ̇ (positive: moving in).
double normalForce(const SolidContact& c, double delta, double deltaRate);

// The friction coefficient at the slip speed w ≥ 0 (Adams' law):
//   w ≤ v_s        μ = −STEP(w, −v_s, μ_s, v_s, −μ_s)   (0 at rest, μ_s at v_s)
//   v_s < w < v_d  μ = STEP(w, v_s, μ_s, v_d, μ_d)
//   w ≥ v_d        μ = μ_d
// DYNAMICS_ONLY: μ = −STEP(w, −v_d, μ_d, v_d, −μ_d) up to v_d, μ_d beyond; OFF: 0.
double frictionCoefficient(const SolidContact& c, double w);

// The penetration the step control lets a contact begin with (docs/solver-notes.md).
double onsetDepth(const SolidContact& c, double sizeScale);

}  // namespace mbs::solver::contact
