#pragma once
// The generalized forces of one force element on rigid or flexible markers (double only), shared by
// the load elements (SpringDamperElement, FunctionForceElement), which the DMBS formulation also
// evaluates on its body states (System::elementForces).
#include <string>
#include <vector>

#include "forces/ForceElements.hpp"
#include "mbs/solver/Outputs.hpp"

namespace mbs::solver::detail {

// SFORCE and GFORCE: driven by user functions.
inline bool isFunctionDriven(const Force& f)
{
  return f.type == ForceType::SingleComponent || f.type == ForceType::General;
}

inline int markerBody(const Model& m, int marker)
{
  return marker < 0 ? kGround : m.markers[marker].body;
}

// The load of a function-driven force (SFORCE, GFORCE, VFORCE, VTORQUE), its functions evaluated
// at `view`: on I's body at I (the reaction, when it has one, opposite on J's body).
Load<double> functionLoad(const Model& model, const Force& force, const StateView& view);
// modalOffset: first modal coordinate per body (−1 rigid), as loads::Host::modalOffsets.
// Adds such a load's generalized forces (rigid and flexible markers) to Q.
void applyFunctionLoad(const Model& model, const std::vector<int>& modalOffset, const Force& force,
                       Load<double> load, const Vec& q, const Vec& qd, Vec& Q);
// The same with the functions evaluated at (t, q, q̇).
void addFunctionForce(const Model& model, const std::vector<int>& modalOffset, const Force& f, double t,
                      const Vec& q, const Vec& qd, Vec& Q);
void addSpringDamper(const Model& model, const std::vector<int>& modalOffset, const Force& f, const Vec& q,
                     const Vec& qd, Vec& Q);
// Exact dQ/dq and dQ/dq̇ of a spring-damper or bushing between rigid bodies (jets).
void addRigidSpringDamperJacobians(const Model& model, const Force& f, const Vec& q, const Vec& qd,
                                   Triplets& tq, Triplets& tqd);
// The coordinates of the force's two bodies (7 each, plus the modal ones of flexible bodies).
std::vector<int> forceColumns(const Model& model, const std::vector<int>& modalOffset, const Force& f);
// `f` must be an entry of model.forces (an NFORCE entry is found by its place there).
ForceOutput forceOutput(const Model& model, const std::vector<int>& modalOffset, const Force& f, double t,
                        const Vec& q, const Vec& qd);
// IMPACT/BISTOP contacts inside the force's functions: the longest step from (t, q, q̇) that enters
// a free, approaching contact at most its ramp depth deep (Dae::contactStepLimit).
double functionContactStepLimit(const Model& model, const Force& f, double t, const Vec& q, const Vec& qd);
// Why a force's markers cannot be used ("" when they can): I, J and reference marker indices.
std::string forceMarkerProblem(const Model& model, const Force& f);

}  // namespace mbs::solver::detail
