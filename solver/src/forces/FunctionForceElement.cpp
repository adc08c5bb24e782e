#include "forces/FunctionForceElement.hpp"

#include <numeric>

#include "forces/ForceLoads.hpp"
#include "forces/LoadReadingForces.hpp"
#include "loads/FiniteDifferences.hpp"

namespace mbs::solver {

Status FunctionForceElement::validate(const Model& model)
{
  for (const Force& f : model.forces) {
    if (!detail::isFunctionDriven(f))
      continue;
    if (const std::string problem = detail::forceMarkerProblem(model, f); !problem.empty())
      return Status::failure(StatusCode::BadInput, "force '" + f.name + "': " + problem, f.name);
    if (f.type == ForceType::SingleComponent && !f.functions[0])
      return Status::failure(StatusCode::BadInput, "force '" + f.name + "': no magnitude function", f.name);
  }
  return Status::success();
}

void FunctionForceElement::build(const Model& model, const loads::Host& host, loads::Elements& out)
{
  (void)host;
  // Those whose functions read solved loads are one λ-dependent element (LoadReadingForces.hpp).
  for (int k = 0; k < static_cast<int>(model.forces.size()); ++k)
    if (detail::isFunctionDriven(model.forces[k]) && !detail::readsLoads(model.forces[k]))
      out.push_back(std::make_unique<FunctionForceElement>(k, model.forces[k].name));
}

std::string FunctionForceElement::describe() const
{
  return "force '" + m_name + "'";
}

std::vector<int> FunctionForceElement::reads(const loads::Host& host) const
{
  // A user function may read any marker (DX, VX, … of other bodies): every coordinate.
  std::vector<int> all(static_cast<std::size_t>(host.numCoordinates()));
  std::iota(all.begin(), all.end(), 0);
  return all;
}

std::vector<int> FunctionForceElement::writes(const loads::Host& host) const
{
  return detail::forceColumns(host.model(), host.modalOffsets(), host.model().forces[m_force]);
}

void FunctionForceElement::addForces(const loads::Context& c, Vec& Q) const
{
  detail::addFunctionForce(c.host.model(), c.host.modalOffsets(), c.host.model().forces[m_force], c.t, c.q,
                           c.qd, Q);
}

std::vector<loads::WorkChannel> FunctionForceElement::workChannels() const
{
  return {{loads::WorkKind::Force, m_force, m_name}};
}

void FunctionForceElement::powers(const loads::Context& c, double* out) const
{
  out[0] = loads::forcePower(*this, c);
}

double FunctionForceElement::startStep(const loads::Context& c, loads::ElementHistory* history,
                                       double bound) const
{
  (void)history, (void)bound;
  return detail::functionContactStepLimit(c.host.model(), c.host.model().forces[m_force], c.t, c.q, c.qd);
}

void FunctionForceElement::output(const loads::Context& c, ResultFrame& frame) const
{
  frame.forces[static_cast<std::size_t>(m_force)] = detail::forceOutput(
      c.host.model(), c.host.modalOffsets(), c.host.model().forces[m_force], c.t, c.q, c.qd);
}

}  // namespace mbs::solver
