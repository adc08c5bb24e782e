#include "forces/SpringDamperElement.hpp"

#include "flexible/FlexibleForces.hpp"
#include "forces/ForceLoads.hpp"
#include "loads/FiniteDifferences.hpp"

namespace mbs::solver {

Status SpringDamperElement::validate(const Model& model)
{
  for (const Force& f : model.forces) {
    if (detail::isFunctionDriven(f) || f.type == ForceType::MultiPoint)  // MultiPointForceElement
      continue;
    if (const std::string problem = detail::forceMarkerProblem(model, f); !problem.empty())
      return Status::failure(StatusCode::BadInput, "force '" + f.name + "': " + problem, f.name);
    const bool linearField = f.type == ForceType::Beam || f.type == ForceType::Field;
    if (linearField && !(f.field.stiffness.allFinite() && f.field.damping.allFinite() &&
                         f.field.reference.allFinite() && f.field.preload.allFinite()))
      return Status::failure(
          StatusCode::BadInput,
          "force '" + f.name + "': its stiffness, damping, reference or preload is not finite", f.name);
  }
  return Status::success();
}

void SpringDamperElement::build(const Model& model, const loads::Host& host, loads::Elements& out)
{
  (void)host;
  for (int k = 0; k < static_cast<int>(model.forces.size()); ++k)
    if (!detail::isFunctionDriven(model.forces[k]) && model.forces[k].type != ForceType::MultiPoint)
      out.push_back(std::make_unique<SpringDamperElement>(k, model.forces[k].name));
}

std::string SpringDamperElement::describe() const
{
  return "force '" + m_name + "'";
}

std::vector<int> SpringDamperElement::reads(const loads::Host& host) const
{
  return detail::forceColumns(host.model(), host.modalOffsets(), host.model().forces[m_force]);
}

void SpringDamperElement::addForces(const loads::Context& c, Vec& Q) const
{
  detail::addSpringDamper(c.host.model(), c.host.modalOffsets(), c.host.model().forces[m_force], c.q, c.qd,
                          Q);
}

void SpringDamperElement::addJacobians(const loads::Context& c, const loads::Jacobians& out) const
{
  const Model& model = c.host.model();
  const Force& f = model.forces[m_force];
  if (detail::forceOnFlexibleMarker(model, f) || !out.dq || !out.dqd) {
    loads::Element::addJacobians(c, out);  // differences over both bodies' 7 + modal coordinates
    return;
  }
  detail::addRigidSpringDamperJacobians(model, f, c.q, c.qd, *out.dq, *out.dqd);
}

std::vector<loads::WorkChannel> SpringDamperElement::workChannels() const
{
  return {{loads::WorkKind::Force, m_force, m_name}};
}

void SpringDamperElement::powers(const loads::Context& c, double* out) const
{
  out[0] = loads::forcePower(*this, c);
}

void SpringDamperElement::output(const loads::Context& c, ResultFrame& frame) const
{
  frame.forces[static_cast<std::size_t>(m_force)] = detail::forceOutput(
      c.host.model(), c.host.modalOffsets(), c.host.model().forces[m_force], c.t, c.q, c.qd);
}

}  // namespace mbs::solver
