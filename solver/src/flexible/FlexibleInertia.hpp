#pragma once
// Mass matrix and generalized forces of one flexible body in the floating frame of reference, in
// the System's coordinates (r, p, η) of that body (7 + m). Derived from the virtual work of the
// inertia forces ∫ρ aᵀ δu with u = x + S η, a = r̈ + A(ω̄̇ × u + ω̄ × (ω̄ × u) + 2 ω̄ × S η̇ + S η̈),
// δu = δr + A(δπ̄ × u + S δη), and δπ̄ = 2 G δp (Ġ ṗ = 0, so ω̄̇ = 2 G p̈).
#include "mbs/solver/FlexibleBody.hpp"

namespace mbs::solver::detail {

Mat flexibleMass(const FlexibleBodyData& body, const Vec4& p, const Vec& eta);

// Gravity and quadratic-velocity inertia forces (the elastic and damping forces are the load
// element flexible/ModalElasticityElement).
Vec flexibleInertiaForces(const FlexibleBodyData& body, const Vec3& gravity, const Vec4& p, const Vec4& pd,
                          const Vec& eta, const Vec& etaRate);

}  // namespace mbs::solver::detail
