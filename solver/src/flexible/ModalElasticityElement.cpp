#include "flexible/ModalElasticityElement.hpp"

namespace mbs::solver {

Status ModalElasticityElement::validate(const Model& model)
{
  (void)model;  // the stiffness and damping matrices are checked with the body (FlexibleBodyData::problem)
  return Status::success();
}

void ModalElasticityElement::build(const Model& model, const loads::Host& host, loads::Elements& out)
{
  (void)host;
  for (int b = 0; b < static_cast<int>(model.bodies.size()); ++b) {
    const auto& flex = model.bodies[b].flexible;
    if (flex && flex->modeCount() > 0)
      out.push_back(
          std::make_unique<ModalElasticityElement>(b, model.bodies[b].name, flex->modalDamping.size() > 0));
  }
}

std::string ModalElasticityElement::describe() const
{
  return "flexible body '" + m_name + "' elastic forces";
}

std::vector<int> ModalElasticityElement::reads(const loads::Host& host) const
{
  std::vector<int> columns;
  const int o = host.modalOffset(m_body), m = host.model().bodies[m_body].flexible->modeCount();
  for (int k = 0; k < m; ++k)
    columns.push_back(o + k);
  return columns;
}

void ModalElasticityElement::addForces(const loads::Context& c, Vec& Q) const
{
  const FlexibleBodyData& flex = *c.host.model().bodies[m_body].flexible;
  const int o = c.host.modalOffset(m_body), m = flex.modeCount();
  Q.segment(o, m) -= flex.modalStiffness * c.q.segment(o, m);
  if (m_damped)
    Q.segment(o, m) -= flex.modalDamping * c.qd.segment(o, m);
}

void ModalElasticityElement::addJacobians(const loads::Context& c, const loads::Jacobians& out) const
{
  const FlexibleBodyData& flex = *c.host.model().bodies[m_body].flexible;
  const int o = c.host.modalOffset(m_body), m = flex.modeCount();
  for (int i = 0; i < m; ++i)
    for (int k = 0; k < m; ++k) {
      if (out.dq && flex.modalStiffness(i, k) != 0.0)
        out.dq->emplace_back(o + i, o + k, -flex.modalStiffness(i, k));
      if (out.dqd && m_damped && flex.modalDamping(i, k) != 0.0)
        out.dqd->emplace_back(o + i, o + k, -flex.modalDamping(i, k));
    }
}

std::vector<loads::WorkChannel> ModalElasticityElement::workChannels() const
{
  if (!m_damped)
    return {};
  return {{loads::WorkKind::MaterialDamping, m_body, m_name}};
}

void ModalElasticityElement::powers(const loads::Context& c, double* out) const
{
  const FlexibleBodyData& flex = *c.host.model().bodies[m_body].flexible;
  const Vec rate = c.qd.segment(c.host.modalOffset(m_body), flex.modeCount());
  out[0] = -rate.dot(flex.modalDamping * rate);
}

}  // namespace mbs::solver
