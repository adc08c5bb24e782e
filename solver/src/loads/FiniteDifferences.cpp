#include "loads/FiniteDifferences.hpp"

#include <algorithm>
#include <cmath>

namespace mbs::solver::loads {
namespace {

// A zero n-vector per thread: elements add into it and the caller clears the rows it read, so an
// element's evaluation costs its own work, not O(n).
Vec& scratch(int n)
{
  thread_local Vec v;
  if (v.size() != n)
    v = Vec::Zero(n);
  return v;
}

}  // namespace

void Element::addJacobians(const Context& c, const Jacobians& out) const
{
  if (out.dq || out.dqd)
    addForceDifferences(*this, c, reads(c.host), writes(c.host), out);
}

void addForceDifferences(const Element& element, const Context& c, const std::vector<int>& reads,
                         const std::vector<int>& writes, const Jacobians& out)
{
  const int n = static_cast<int>(c.q.size());
  Vec x = c.q, xd = c.qd;
  Vec fp = Vec::Zero(n), fm = Vec::Zero(n);
  for (int k : reads)
    for (int which = 0; which < 2; ++which) {
      Triplets* target = which == 0 ? out.dq : out.dqd;
      if (!target)
        continue;
      Vec& v = which == 0 ? x : xd;
      const double v0 = v[k], h = 1e-6 * std::max(1.0, std::abs(v0));
      v[k] = v0 + h;
      element.addForces({c.host, c.t, x, xd, c.lambda, c.history}, fp);
      v[k] = v0 - h;
      element.addForces({c.host, c.t, x, xd, c.lambda, c.history}, fm);
      v[k] = v0;
      for (int r : writes) {
        const double d = (fp[r] - fm[r]) / (2 * h);
        if (d != 0.0)
          target->emplace_back(r, k, d);
        fp[r] = fm[r] = 0.0;
      }
    }
}

double forcePower(const Element& element, const Context& c)
{
  Vec& Q = scratch(static_cast<int>(c.q.size()));
  element.addForces(c, Q);
  double p = 0.0;
  for (int r : element.writes(c.host)) {
    p += Q[r] * c.qd[r];
    Q[r] = 0.0;
  }
  return p;
}

}  // namespace mbs::solver::loads
