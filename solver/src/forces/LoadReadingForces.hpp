#pragma once
// Force elements whose functions read solved loads (Adams' JOINT(), MOTION(), SFORCE(), FX() ...):
// in Adams an algebraic loop solved by the corrector together with the equations of motion. Here
// they are reaction forces of the Dae (Dae::reactionForces): every Newton iterate evaluates them
// with the loads of its multipliers λ, and their Jacobians (∂/∂λ, ∂/∂q, ∂/∂q̇, by differences) enter
// the Newton matrix, so at convergence forces, reactions and accelerations are consistent.
#include "forces/ForceElements.hpp"
#include "mbs/solver/Functions.hpp"
#include "mbs/solver/LoadReadingFunction.hpp"
#include "mbs/solver/Model.hpp"

namespace mbs::solver::detail {

inline bool readsLoads(const Force& force)
{
  for (const auto& fn : force.functions)
    if (const auto* reads = dynamic_cast<const LoadReadingFunction*>(fn.get()); reads && reads->readsLoads())
      return true;
  return false;
}

// The load of a function-driven force (SFORCE, GFORCE, VFORCE, VTORQUE), its functions evaluated
// at `view`: on I's body at I (the reaction, when it has one, opposite on J's body).
Load<double> functionLoad(const Model& model, const Force& force, const StateView& view);
// Adds such a load's generalized forces (rigid and flexible markers) to Q.
void applyFunctionLoad(const Model& model, const std::vector<int>& modalOffset, const Force& force,
                       const Load<double>& load, const Vec& q, const Vec& qd, Vec& Q);

}  // namespace mbs::solver::detail
