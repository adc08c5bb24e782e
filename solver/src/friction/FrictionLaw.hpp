#pragma once
// Coefficient of friction as a function of the sliding speed (Adams' FRICTION law, regularized).
#include "mbs/solver/Model.hpp"

namespace mbs::solver::detail {

// μ(w) for a sliding speed w ≥ 0: a cubic STEP from 0 at w = 0 to μ_s at the stiction transition
// velocity v_s (the "stick" branch, a stiff viscous law so that integrators see no discontinuity),
// then a STEP from μ_s to μ_d between v_s and factor·v_s; with the Stribeck option the fall from
// μ_s to μ_d is μ_d + (μ_s − μ_d)·exp(−((w − v_s)/v_str)²) instead.
double frictionCoefficient(const FrictionParameters& p, double speed);

// Sticking = sliding slower than the stiction transition velocity.
bool isSticking(const FrictionParameters& p, double speed);

}  // namespace mbs::solver::detail
