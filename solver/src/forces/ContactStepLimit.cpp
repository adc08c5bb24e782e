// System::contactStepLimit: step control onto contacts of user force functions (Adams IMPACT and
// BISTOP in SFORCE/GFORCE expressions), of clearance joints and of contacts between solids.
// docs/solver-notes.md, "Impacts".
#include <cmath>
#include <limits>

#include "System.hpp"
#include "forces/LoadReadingForces.hpp"
#include "forces/ModelStateView.hpp"

namespace mbs::solver {

double System::contactStepLimit(double t, const Vec& q, const Vec& qd) const
{
  double limit = clearanceStepLimit(q, qd);  // clearance joints (forces/ClearanceForces.cpp)
  std::vector<ContactSample> samples;
  const detail::ModelStateView view(m_model, t, q, qd);
  for (const Force& f : m_model.forces) {
    // A function that also reads solved loads needs the multipliers, which this view lacks: its
    // contacts are left to the error control.
    if (detail::readsLoads(f))
      continue;
    for (const auto& function : f.functions) {
      if (!function || !function->hasContacts())
        continue;
      function->contacts(view, samples);
      for (const ContactSample& c : samples) {
        // Free and approaching: reach the stop and go at most the ramp depth d into it (at the
        // present rate; a contact that is already touching is left to the error control).
        if (!(c.penetration < 0.0) || !(c.rate > 0.0) || !(c.rampDepth > 0.0))
          continue;
        limit = std::min(limit, (c.rampDepth - c.penetration) / c.rate);
      }
    }
  }
  return std::min(limit, solidContactStepLimit(q, qd, limit));  // contact/SystemContacts.cpp
}

}  // namespace mbs::solver
