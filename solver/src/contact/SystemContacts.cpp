// System's side of the contacts between solids: each contact is a self-contained load element
// (contact/SolidContactElement.hpp); System adds their forces, Jacobians, powers, step limits and
// outputs at one spot each.
#include <algorithm>
#include <cmath>
#include <limits>

#include "System.hpp"
#include "contact/ContactLaw.hpp"

namespace mbs::solver {

namespace contact {

std::string contactProblem(const Model& model, const SolidContact& c)
{
  const int nb = static_cast<int>(model.bodies.size());
  for (int body : {c.iBody, c.jBody}) {
    if (body < kGround || body >= nb)
      return "body index out of range";
    if (body != kGround && model.bodies[body].flexible)
      return "contact on the flexible body '" + model.bodies[body].name +
             "' is not supported (its solids would not deform with it)";
  }
  if (c.iBody == c.jBody)
    return "both sides are on the same body";
  if (c.iShapes.empty() || c.jShapes.empty())
    return "each side needs at least one solid";
  for (const auto* side : {&c.iShapes, &c.jShapes})
    for (const ContactShape& s : *side)
      if (const std::string why = shapeProblem(s); !why.empty())
        return "solid '" + s.name + "': " + why;
  for (const ContactShape& a : c.iShapes)
    for (const ContactShape& b : c.jShapes)
      if (a.kind == ContactShapeKind::Plane && b.kind == ContactShapeKind::Plane)
        return "a plane against a plane ('" + a.name + "', '" + b.name + "') has no contact points";
  const auto finite = [](double v) { return std::isfinite(v); };
  if (c.law == ContactNormalLaw::Impact) {
    if (!(finite(c.stiffness) && c.stiffness >= 0.0 && finite(c.exponent) && c.exponent >= 1.0 &&
          finite(c.damping) && c.damping >= 0.0 && finite(c.dmax) && c.dmax > 0.0))
      return "IMPACT needs STIFFNESS ≥ 0, EXPONENT ≥ 1, DAMPING ≥ 0 and DMAX > 0";
  } else if (!(finite(c.penalty) && c.penalty > 0.0 && c.restitution >= 0.0 && c.restitution <= 1.0 &&
               c.normalTransitionVelocity > 0.0 && finite(c.normalTransitionVelocity))) {
    return "POISSON needs PENALTY > 0, 0 ≤ RESTITUTION_COEFFICIENT ≤ 1 and a normal transition velocity > 0";
  }
  if (c.friction == ContactFrictionMode::On &&
      !(c.muStatic >= 0.0 && c.muDynamic >= 0.0 && finite(c.muStatic) && finite(c.muDynamic) &&
        c.stictionVelocity > 0.0 && c.frictionVelocity > c.stictionVelocity && finite(c.frictionVelocity)))
    return "friction needs MU_STATIC, MU_DYNAMIC ≥ 0 and FRICTION_TRANSITION_VELOCITY > "
           "STICTION_TRANSITION_VELOCITY > 0";
  if (c.friction == ContactFrictionMode::DynamicsOnly &&
      !(c.muDynamic >= 0.0 && finite(c.muDynamic) && c.frictionVelocity > 0.0 && finite(c.frictionVelocity)))
    return "friction needs MU_DYNAMIC ≥ 0 and FRICTION_TRANSITION_VELOCITY > 0";
  return "";
}

}  // namespace contact

void System::addSolidContactForces(const Vec& q, const Vec& qd, Vec& Q) const
{
  for (const auto& c : m_solidContacts)
    c.addForces(q, qd, Q);
}

void System::addSolidContactJacobians(const Vec& q, const Vec& qd, Triplets& dQdq, Triplets& dQdqd) const
{
  for (const auto& c : m_solidContacts)
    c.addJacobians(q, qd, dQdq, dQdqd);
}

double System::solidContactStepLimit(const Vec& q, const Vec& qd, double bound) const
{
  double limit = bound;
  for (const auto& c : m_solidContacts)
    limit = std::min(limit, c.stepLimit(q, qd, limit));
  return limit;
}

SolidContactOutput System::solidContactOutput(int contact, const Vec& q, const Vec& qd) const
{
  return m_solidContacts[static_cast<std::size_t>(contact)].output(q, qd);
}

void System::solidContactPowers(const Vec& q, const Vec& qd, Vec& normal, Vec& friction) const
{
  const auto n = static_cast<Eigen::Index>(m_solidContacts.size());
  normal.setZero(n);
  friction.setZero(n);
  for (Eigen::Index k = 0; k < n; ++k)
    m_solidContacts[static_cast<std::size_t>(k)].powers(q, qd, normal[k], friction[k]);
}

}  // namespace mbs::solver
