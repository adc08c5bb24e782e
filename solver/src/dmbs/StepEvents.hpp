#pragma once
// What in a model can change its loads within a step without the joint coordinates telling: the
// DMBS run then bounds its steps by the output step (DmbsAnalysis.cpp) and poses the bodies at each
// step's start for the elements' step limits (JointSpaceEquations::startStep).
#include "mbs/solver/Model.hpp"

namespace mbs::solver::dmbs {

// Contacts between solids and clearance joints: stiff, short-lived loads.
inline bool hasContacts(const Model& model)
{
  bool contacts = !model.contacts.empty();
  for (const Joint& j : model.joints)
    contacts = contacts || j.clearance.has_value();
  return contacts;
}

// Forces given by functions (IMPACT, BISTOP, a STEP in time, …).
inline bool hasFunctionForces(const Model& model)
{
  for (const Force& f : model.forces)
    for (const auto& function : f.functions)
      if (function)
        return true;
  return false;
}

}  // namespace mbs::solver::dmbs
