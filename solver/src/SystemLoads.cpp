// System's forces: the bodies' weight and the quadratic-velocity term of the r–p equations
// (8 Ġᵀ J' Ġ p; flexible bodies: their FFR inertia forces), plus the sum of the load elements
// (loads/LoadElement.hpp) with a run's history or none. Weight and inertia stay here, not in an
// element: they belong to the coordinates the System chose (another formulation has its own) and
// are part of the mass model, as M is.
#include <algorithm>
#include <limits>
#include <stdexcept>
#include <string>

#include "System.hpp"
#include "kinematics/Jet.hpp"

namespace mbs::solver {
namespace {

using detail::Jet;

// 8 Ġᵀ J' Ġ p for one body, with Ġ = G(ṗ).
template <class T>
std::array<T, 4> quadraticVelocityForce(const std::array<T, 4>& p, const std::array<T, 4>& pd, const Mat3& j)
{
  const auto cross = [](const std::array<T, 3>& a, const std::array<T, 3>& b) {
    return std::array<T, 3>{a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
  };
  const std::array<T, 3> e{p[1], p[2], p[3]}, ed{pd[1], pd[2], pd[3]};
  const std::array<T, 3> c = cross(ed, e);
  std::array<T, 3> gp;  // Ġ p
  for (int i = 0; i < 3; ++i)
    gp[i] = ed[i] * p[0] * -1.0 + e[i] * pd[0] - c[i];
  std::array<T, 3> w;
  for (int i = 0; i < 3; ++i)
    w[i] = gp[0] * j(i, 0) + gp[1] * j(i, 1) + gp[2] * j(i, 2);
  const std::array<T, 3> cw = cross(ed, w);
  const T dotEdW = ed[0] * w[0] + ed[1] * w[1] + ed[2] * w[2];
  return {dotEdW * -8.0, (cw[0] + w[0] * pd[0]) * 8.0, (cw[1] + w[1] * pd[0]) * 8.0,
          (cw[2] + w[2] * pd[0]) * 8.0};
}

void toMatrix(int rows, int cols, const Triplets& t, SparseMat& out)
{
  out.resize(rows, cols);
  out.setFromTriplets(t.begin(), t.end());
}

}  // namespace

loads::Context System::context(std::size_t k, double t, const Vec& q, const Vec& qd, const Vec* lambda,
                               const loads::History* history) const
{
  return {*this, t, q, qd, lambda, history ? history->slot(k) : nullptr};
}

loads::RowRange System::jointRows(int joint) const
{
  // Blocks: one normalization row per body, then one block per joint in model order.
  const std::size_t index = static_cast<std::size_t>(numBodies() + joint);
  if (joint >= 0 && index < m_blocks.size() && m_blocks[index].kind == ConstraintKind::Joint &&
      m_blocks[index].entity == joint)
    return {m_blocks[index].firstRow, m_blocks[index].rows};
  throw std::out_of_range("System::jointRows: joint " + std::to_string(joint));
}

void System::forces(double t, const Vec& q, const Vec& qd, Vec& Q) const
{
  forces(t, q, qd, Q, nullptr);
}

void System::forceJacobians(double t, const Vec& q, const Vec& qd, SparseMat& dQdq, SparseMat& dQdqd) const
{
  forceJacobians(t, q, qd, dQdq, dQdqd, nullptr);
}

void System::forces(double t, const Vec& q, const Vec& qd, Vec& Q, const loads::History* history) const
{
  Q.setZero(numCoordinates());
  for (int b = 0; b < numBodies(); ++b) {
    const Body& body = m_model.bodies[b];
    if (body.flexible) {
      addFlexibleForces(b, q, qd, Q);
      continue;
    }
    Q.segment<3>(7 * b) += body.mass * m_model.gravity;
    std::array<double, 4> p, pd;
    for (int k = 0; k < 4; ++k)
      p[k] = q[7 * b + 3 + k], pd[k] = qd[7 * b + 3 + k];
    const auto qv = quadraticVelocityForce(p, pd, body.inertia);
    for (int k = 0; k < 4; ++k)
      Q[7 * b + 3 + k] += qv[k];
  }
  for (std::size_t k : m_stateLoads)
    m_loads[k]->addForces(context(k, t, q, qd, nullptr, history), Q);
}

void System::elementForces(double t, const Vec& q, const Vec& qd, Vec& Q, const loads::History* history) const
{
  Q.setZero(numCoordinates());
  for (std::size_t k : m_stateLoads)
    m_loads[k]->addForces(context(k, t, q, qd, nullptr, history), Q);
}

void System::forceJacobians(double t, const Vec& q, const Vec& qd, SparseMat& dQdq, SparseMat& dQdqd,
                            const loads::History* history) const
{
  const int n = numCoordinates();
  Triplets tq, tqd;
  auto put = [](Triplets& trip, int row, int col, double v) {
    if (v != 0.0)
      trip.emplace_back(row, col, v);
  };
  // Quadratic-velocity term: exact derivatives w.r.t. p (vars 0..3) and ṗ (vars 4..7).
  for (int b = 0; b < numBodies(); ++b) {
    if (m_model.bodies[b].flexible) {
      addFlexibleForceJacobians(b, q, qd, tq, tqd);
      continue;
    }
    using J = Jet<8, false>;
    std::array<J, 4> p, pd;
    for (int k = 0; k < 4; ++k) {
      p[k] = J::variable(q[7 * b + 3 + k], k);
      pd[k] = J::variable(qd[7 * b + 3 + k], 4 + k);
    }
    const auto qv = quadraticVelocityForce(p, pd, m_model.bodies[b].inertia);
    for (int r = 0; r < 4; ++r)
      for (int k = 0; k < 4; ++k) {
        put(tq, 7 * b + 3 + r, 7 * b + 3 + k, qv[r].g[k]);
        put(tqd, 7 * b + 3 + r, 7 * b + 3 + k, qv[r].g[4 + k]);
      }
  }
  const loads::Jacobians out{&tq, &tqd, nullptr};
  for (std::size_t k : m_stateLoads)
    m_loads[k]->addJacobians(context(k, t, q, qd, nullptr, history), out);
  toMatrix(n, n, tq, dQdq);
  toMatrix(n, n, tqd, dQdqd);
}

void System::reactionForces(double t, const Vec& q, const Vec& qd, const Vec& lambda, Vec& Q,
                            const loads::History* history) const
{
  Q.setZero(numCoordinates());
  for (std::size_t k : m_multiplierLoads)
    m_loads[k]->addForces(context(k, t, q, qd, &lambda, history), Q);
}

void System::reactionForceJacobians(double t, const Vec& q, const Vec& qd, const Vec& lambda,
                                    SparseMat& dQdLambda, SparseMat& dQdqd,
                                    const loads::History* history) const
{
  Triplets tl, tv;
  const loads::Jacobians out{nullptr, &tv, &tl};
  for (std::size_t k : m_multiplierLoads)
    m_loads[k]->addJacobians(context(k, t, q, qd, &lambda, history), out);
  toMatrix(numCoordinates(), numConstraints(), tl, dQdLambda);
  toMatrix(numCoordinates(), numCoordinates(), tv, dQdqd);
}

void System::reactionForcePositionJacobian(double t, const Vec& q, const Vec& qd, const Vec& lambda,
                                           SparseMat& dQdq, const loads::History* history) const
{
  Triplets tq;
  const loads::Jacobians out{&tq, nullptr, nullptr};
  for (std::size_t k : m_multiplierLoads)
    m_loads[k]->addJacobians(context(k, t, q, qd, &lambda, history), out);
  toMatrix(numCoordinates(), numCoordinates(), tq, dQdq);
}

loads::History System::startLoadHistory(double t, const Vec& q) const
{
  loads::History history;
  history.slots.reserve(m_loads.size());
  for (const auto& element : m_loads)
    history.slots.push_back(element->startHistory(*this, t, q));
  return history;
}

void System::acceptLoadStep(double t, const Vec& q, loads::History& history) const
{
  for (std::size_t k = 0; k < m_loads.size() && k < history.slots.size(); ++k)
    if (history.slots[k])
      m_loads[k]->acceptStep(*this, t, q, *history.slots[k]);
}

double System::startStep(double t, const Vec& q, const Vec& qd, loads::History* history) const
{
  double delays = std::numeric_limits<double>::infinity();
  if (history) {  // the accepted state a step starts from: the delayed signals' next point
    delays = history->signals.takeStepLimit();
    history->signals.record(model(), t, q, qd);
  }
  double limit = std::numeric_limits<double>::infinity();
  for (std::size_t k = 0; k < m_loads.size(); ++k) {
    loads::ElementHistory* slot = history ? history->slot(k) : nullptr;
    limit = std::min(limit, m_loads[k]->startStep({*this, t, q, qd, nullptr, slot}, slot, limit));
  }
  return std::min(limit, delays);
}

double System::endStepLimit(double t, const Vec& q, const Vec& qd, const loads::History* history) const
{
  double limit = std::numeric_limits<double>::infinity();
  for (std::size_t k = 0; k < m_loads.size(); ++k)
    limit = std::min(limit, m_loads[k]->endStepLimit(context(k, t, q, qd, nullptr, history)));
  return limit;
}

void System::loadOutputs(double t, const Vec& q, const Vec& qd, const Vec& lambda,
                         const loads::History* history, ResultFrame& frame) const
{
  loadOutputs(t, q, qd, &lambda, history, frame);
}

void System::loadOutputs(double t, const Vec& q, const Vec& qd, const Vec* lambda,
                         const loads::History* history, ResultFrame& frame) const
{
  frame.forces.assign(m_model.forces.size(), ForceOutput{});
  frame.friction.assign(m_frictionJoints.size(), FrictionOutput{});
  frame.clearance.assign(m_clearanceJoints.size(), ClearanceOutput{});
  frame.contacts.assign(m_model.contacts.size(), SolidContactOutput{});
  for (std::size_t k = 0; k < m_loads.size(); ++k)
    m_loads[k]->output(context(k, t, q, qd, lambda, history), frame);
}

bool System::hasRestingReactionForces() const
{
  return std::any_of(m_multiplierLoads.begin(), m_multiplierLoads.end(),
                     [&](std::size_t k) { return m_loads[k]->loadsAtRest(); });
}

void System::addRestingReactionForces(double t, const Vec& q, const Vec& lambda, Vec& Q) const
{
  const Vec qd = Vec::Zero(numCoordinates());
  for (std::size_t k : m_multiplierLoads)
    if (m_loads[k]->loadsAtRest())
      m_loads[k]->addForces(context(k, t, q, qd, &lambda, nullptr), Q);
}

void System::addRestingReactionJacobians(double t, const Vec& q, const Vec& lambda, Triplets* dQdLambda,
                                         Triplets* dQdq) const
{
  const Vec qd = Vec::Zero(numCoordinates());
  const loads::Jacobians out{dQdq, nullptr, dQdLambda};
  for (std::size_t k : m_multiplierLoads)
    if (m_loads[k]->loadsAtRest())
      m_loads[k]->addJacobians(context(k, t, q, qd, &lambda, nullptr), out);
}

std::vector<loads::WorkChannel> System::workChannels() const
{
  std::vector<loads::WorkChannel> channels;
  for (const auto& element : m_loads)
    for (loads::WorkChannel& c : element->workChannels())
      channels.push_back(std::move(c));
  return channels;
}

void System::loadPowers(double t, const Vec& q, const Vec& qd, const Vec& lambda,
                        const loads::History* history, double* out) const
{
  for (std::size_t k = 0; k < m_loads.size(); ++k) {
    const int channels = m_channelCount[k];
    if (channels == 0)
      continue;
    m_loads[k]->powers(context(k, t, q, qd, &lambda, history), out);
    out += channels;
  }
}

ForceOutput System::forceOutput(int force, double t, const Vec& q, const Vec& qd, const Vec* lambda) const
{
  ResultFrame frame;
  loadOutputs(t, q, qd, lambda, nullptr, frame);
  return frame.forces.at(static_cast<std::size_t>(force));
}

FrictionOutput System::frictionOutput(int joint, const Vec& q, const Vec& qd, const Vec& lambda) const
{
  const auto it = std::find(m_frictionJoints.begin(), m_frictionJoints.end(), joint);
  if (it == m_frictionJoints.end())
    return {};
  ResultFrame frame;
  loadOutputs(0.0, q, qd, lambda, nullptr, frame);
  return frame.friction[static_cast<std::size_t>(it - m_frictionJoints.begin())];
}

ClearanceOutput System::clearanceOutput(int joint, const Vec& q, const Vec& qd) const
{
  const auto it = std::find(m_clearanceJoints.begin(), m_clearanceJoints.end(), joint);
  if (it == m_clearanceJoints.end())
    return {};
  ResultFrame frame;
  loadOutputs(0.0, q, qd, Vec::Zero(numConstraints()), nullptr, frame);
  return frame.clearance[static_cast<std::size_t>(it - m_clearanceJoints.begin())];
}

}  // namespace mbs::solver
