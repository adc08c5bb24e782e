#include "differentials/DifferentialElement.hpp"

#include <cmath>
#include <numeric>

#include "forces/ModelStateView.hpp"

namespace mbs::solver {

Status DifferentialElement::validate(const Model& model)
{
  for (const Differential& d : model.differentials) {
    const std::string who = "differential equation (DIFF) '" + d.name + "'";
    if (!d.function)
      return Status::failure(StatusCode::BadInput, who + " has no function", d.name);
    if (!std::isfinite(d.initialValue))
      return Status::failure(StatusCode::BadInput, who + ": the initial value (IC) is not a finite number",
                             d.name);
  }
  return Status::success();
}

void DifferentialElement::build(const Model& model, const loads::Host& host, loads::Elements& out)
{
  (void)host;
  for (std::size_t k = 0; k < model.differentials.size(); ++k)
    out.push_back(std::make_unique<DifferentialElement>(static_cast<int>(k), model.differentials[k].name));
}

std::string DifferentialElement::describe() const
{
  return "differential equation (DIFF) '" + m_name + "'";
}

std::vector<int> DifferentialElement::reads(const loads::Host& host) const
{
  // f may read any marker, any state and any VARIABLE: every coordinate.
  std::vector<int> all(static_cast<std::size_t>(host.numCoordinates()));
  std::iota(all.begin(), all.end(), 0);
  return all;
}

std::vector<int> DifferentialElement::writes(const loads::Host& host) const
{
  return {differentialCoordinate(host.model(), host.numCoordinates(), m_differential)};
}

void DifferentialElement::addForces(const loads::Context& c, Vec& Q) const
{
  const Model& model = c.host.model();
  const detail::ModelStateView view(model, c.t, c.q, c.qd);
  Q[differentialCoordinate(model, static_cast<int>(c.q.size()), m_differential)] +=
      model.differentials[std::size_t(m_differential)].function->evaluate(view);
}

}  // namespace mbs::solver
