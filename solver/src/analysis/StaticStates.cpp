#include "analysis/StaticStates.hpp"

namespace mbs::solver::detail {

StaticStates::StaticStates(const System& system, const State& state)
    : m_offset(system.differentialOffset()), m_count(system.firstOrderStates())
{
  const int n = system.numCoordinates();
  const Vec& from = state.qd.size() == n ? state.qd : system.initialVelocities();
  m_start = from.segment(m_offset, m_count);
  for (int k = 0; k < m_count; ++k)
    m_held.push_back(system.model().differentials[std::size_t(k)].staticHold);
}

Vec StaticStates::velocities(int n, const Vec& x) const
{
  Vec v = Vec::Zero(n);
  v.segment(m_offset, m_count) = x;
  return v;
}

void StaticStates::clearHeldRows(Vec& residual) const
{
  for (int k = 0; k < m_count; ++k)
    if (m_held[std::size_t(k)])
      residual[m_offset + k] = 0.0;
}

void StaticStates::adaptTangent(const SparseMat& dQdqd, SparseMat& k) const
{
  if (m_count == 0)
    return;
  const int n = static_cast<int>(k.rows());
  const auto held = [&](Eigen::Index i) { return isState(int(i)) && m_held[std::size_t(i - m_offset)]; };
  Triplets t;
  for (int col = 0; col < k.outerSize(); ++col)
    for (SparseMat::InnerIterator it(k, col); it; ++it)
      if (!held(it.row()) && !held(it.col()))
        t.emplace_back(int(it.row()), int(it.col()), it.value());
  for (int col = m_offset; col < m_offset + m_count; ++col) {
    if (held(col)) {
      t.emplace_back(col, col, 1.0);
      continue;
    }
    for (SparseMat::InnerIterator it(dQdqd, col); it; ++it)
      if (!held(it.row()))
        t.emplace_back(int(it.row()), col, -it.value());
  }
  k.resize(n, n);
  k.setFromTriplets(t.begin(), t.end());
}

void StaticStates::applyStep(const Vec& q, const Vec& dq, double step, Vec& qNew, const Vec& x,
                             Vec& xNew) const
{
  qNew = q + step * dq;
  qNew.segment(m_offset, m_count) = q.segment(m_offset, m_count);
  xNew = x + step * dq.segment(m_offset, m_count);
}

}  // namespace mbs::solver::detail
