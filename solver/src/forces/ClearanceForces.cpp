// System: the pin-in-hole contacts of revolute joints with radial clearance, their exact Jacobians,
// step control onto contact onset and their outputs. docs/solver-notes.md, "Clearance joints".
#include <algorithm>
#include <cmath>
#include <limits>

#include "forces/ClearanceContact.hpp"
#include "mbs/solver/System.hpp"

namespace mbs::solver {
namespace {

using detail::BodyVars;
using detail::Jet;

double plain(double v, int)
{
  return v;
}

// Below this approach speed the damping term would blow up (a contact entered at rest, e.g. a pin
// starting on the bearing wall); the law is then nearly elastic, which is what it means there.
constexpr double kMinImpactSpeed = 1e-3;  // [m/s]

// Step onto contact: at most this fraction of the clearance into the wall (at the present rate).
constexpr double kOnsetDepth = 0.01;

void addBody(Vec& Q, int body, const double* q7)
{
  if (body != kGround)
    for (int k = 0; k < 7; ++k)
      Q[7 * body + k] += q7[k];
}

}  // namespace

void System::addClearanceForces(const Vec& q, const Vec& qd, Vec& Q) const
{
  for (size_t k = 0; k < m_clearanceJoints.size(); ++k) {
    const Joint& j = m_model.joints[m_clearanceJoints[k]];
    const int bi = m_model.markers[j.iMarker].body, bj = m_model.markers[j.jMarker].body;
    const auto vi = detail::bodyVars<double>(q, &qd, bi, plain, plain);
    const auto vj = detail::bodyVars<double>(q, &qd, bj, plain, plain);
    const auto c = detail::clearanceContact(m_model, j, std::max(m_impactSpeed[k], kMinImpactSpeed), vi, vj);
    if (!(c.penetration > 0.0))
      continue;
    std::array<double, 7> qi{}, qj{};
    detail::addLoad(vi, 1.0, c.load, qi.data());
    detail::addLoad(vj, -1.0, c.load, qj.data());
    addBody(Q, bi, qi.data());
    addBody(Q, bj, qj.data());
  }
}

// Exact derivatives w.r.t. (q_I, q_J) = vars 0..13 and (q̇_I, q̇_J) = vars 14..27; δ̇⁻ is held.
void System::addClearanceJacobians(const Vec& q, const Vec& qd, Triplets& dQdq, Triplets& dQdqd) const
{
  using J = Jet<28, false>;
  for (size_t k = 0; k < m_clearanceJoints.size(); ++k) {
    const Joint& j = m_model.joints[m_clearanceJoints[k]];
    const std::array<int, 2> bodies{m_model.markers[j.iMarker].body, m_model.markers[j.jMarker].body};
    std::array<BodyVars<J>, 2> vars;
    for (int s = 0; s < 2; ++s)
      vars[s] = detail::bodyVars<J>(
          q, &qd, bodies[s], [s](double v, int i) { return J::variable(v, 7 * s + i); },
          [s](double v, int i) { return J::variable(v, 14 + 7 * s + i); });
    const auto c =
        detail::clearanceContact(m_model, j, std::max(m_impactSpeed[k], kMinImpactSpeed), vars[0], vars[1]);
    if (!(c.penetration.v > 0.0))
      continue;
    for (int s = 0; s < 2; ++s) {
      if (bodies[s] == kGround)
        continue;
      std::array<J, 7> q7{};
      detail::addLoad(vars[s], s == 0 ? 1.0 : -1.0, c.load, q7.data());
      for (int r = 0; r < 7; ++r)
        for (int col = 0; col < 2; ++col) {
          if (bodies[col] == kGround)
            continue;
          for (int i = 0; i < 7; ++i) {
            const double dq = q7[r].g[7 * col + i], dqd = q7[r].g[14 + 7 * col + i];
            if (dq != 0.0)
              dQdq.emplace_back(7 * bodies[s] + r, 7 * bodies[col] + i, dq);
            if (dqd != 0.0)
              dQdqd.emplace_back(7 * bodies[s] + r, 7 * bodies[col] + i, dqd);
          }
        }
    }
  }
}

// Called with each step's accepted starting state: a free pin records its approach speed (the δ̇⁻
// of the contact it is about to make), and an approaching pin limits the step so that it enters
// the wall at most kOnsetDepth·c deep at its present rate (like IMPACT's ramp depth).
double System::clearanceStepLimit(const Vec& q, const Vec& qd) const
{
  double limit = std::numeric_limits<double>::infinity();
  for (size_t k = 0; k < m_clearanceJoints.size(); ++k) {
    const Joint& j = m_model.joints[m_clearanceJoints[k]];
    const auto vi = detail::bodyVars<double>(q, &qd, m_model.markers[j.iMarker].body, plain, plain);
    const auto vj = detail::bodyVars<double>(q, &qd, m_model.markers[j.jMarker].body, plain, plain);
    const auto c = detail::clearanceContact(m_model, j, kMinImpactSpeed, vi, vj);
    if (c.penetration > 0.0)
      continue;
    m_impactSpeed[k] = std::max(c.rate, 0.0);
    if (c.rate > 0.0)
      limit = std::min(limit, (kOnsetDepth * j.clearance->clearance - c.penetration) / c.rate);
  }
  return limit;
}

ClearanceOutput System::clearanceOutput(int joint, const Vec& q, const Vec& qd) const
{
  const auto it = std::find(m_clearanceJoints.begin(), m_clearanceJoints.end(), joint);
  const size_t k = static_cast<size_t>(it - m_clearanceJoints.begin());
  const Joint& j = m_model.joints.at(joint);
  const auto vi = detail::bodyVars<double>(q, &qd, m_model.markers[j.iMarker].body, plain, plain);
  const auto vj = detail::bodyVars<double>(q, &qd, m_model.markers[j.jMarker].body, plain, plain);
  const double speed = k < m_impactSpeed.size() ? m_impactSpeed[k] : 0.0;
  const auto c = detail::clearanceContact(m_model, j, std::max(speed, kMinImpactSpeed), vi, vj);
  ClearanceOutput out;
  out.contact = c.penetration > 0.0;
  if (out.contact)
    out.force = detail::values(c.load.force);
  out.normalForce = c.normalForce;
  out.frictionForce = c.frictionForce;
  out.penetration = c.penetration;
  out.eccentricityX = c.ex;
  out.eccentricityY = c.ey;
  return out;
}

}  // namespace mbs::solver
