#pragma once
// Generalized forces of the model's force elements alone (no gravity, no quadratic-velocity term)
// on rigid bodies' r–p coordinates, for formulations that evaluate forces on body states (DMBS):
// per body Q_r = F and Q_p = 2 Eᵀ n (n = moment about the CM), so n = ½ E Q_p.
#include "mbs/solver/Model.hpp"

namespace mbs::solver::detail {

void elementForces(const Model& model, double t, const Vec& q, const Vec& qd, Vec& Q);

}  // namespace mbs::solver::detail
