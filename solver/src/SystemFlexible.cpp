// System members for flexible bodies: the FFR mass block and inertia forces of one body placed at its
// rigid coordinates 7 b .. 7 b + 6 and its modal coordinates.
#include <cmath>

#include "System.hpp"
#include "flexible/FlexibleInertia.hpp"

namespace mbs::solver {
namespace {

// Global index of local coordinate k (0..6 rigid, 7.. modal) of a flexible body.
int globalIndex(int body, int modalOffset, int k)
{
  return k < 7 ? 7 * body + k : modalOffset + k - 7;
}

}  // namespace

Vec System::nodalDisplacements(int body, const Vec& q) const
{
  const auto& flex = m_model.bodies[body].flexible;
  if (!flex || flex->nodalShapes.size() == 0)
    return {};
  return flex->nodalShapes * q.segment(m_modalOffset[body], flex->modeCount());
}

void System::addFlexibleMass(int body, const Vec& q, Triplets& triplets) const
{
  const FlexibleBodyData& flex = *m_model.bodies[body].flexible;
  const int m = flex.modeCount(), o = m_modalOffset[body];
  const Mat mass = detail::flexibleMass(flex, q.segment<4>(7 * body + 3), q.segment(o, m));
  for (int i = 0; i < 7 + m; ++i)
    for (int j = 0; j < 7 + m; ++j)
      if (mass(i, j) != 0.0)
        triplets.emplace_back(globalIndex(body, o, i), globalIndex(body, o, j), mass(i, j));
}

void System::addFlexibleForces(int body, const Vec& q, const Vec& qd, Vec& Q) const
{
  const FlexibleBodyData& flex = *m_model.bodies[body].flexible;
  const int m = flex.modeCount(), o = m_modalOffset[body];
  const Vec f = detail::flexibleInertiaForces(flex, m_model.gravity, q.segment<4>(7 * body + 3),
                                              qd.segment<4>(7 * body + 3), q.segment(o, m), qd.segment(o, m));
  for (int k = 0; k < 7 + m; ++k)
    Q[globalIndex(body, o, k)] += f[k];
}

void System::addFlexibleForceJacobians(int body, const Vec& q, const Vec& qd, Triplets& dQdq,
                                       Triplets& dQdqd) const
{
  const FlexibleBodyData& flex = *m_model.bodies[body].flexible;
  const int m = flex.modeCount(), o = m_modalOffset[body], n = 7 + m;
  // The forces depend on (p, η) and (ṗ, η̇) only; local vectors x = (q, q̇) of the body.
  Vec x(n), xd(n);
  for (int k = 0; k < n; ++k)
    x[k] = q[globalIndex(body, o, k)], xd[k] = qd[globalIndex(body, o, k)];
  auto eval = [&](const Vec& a, const Vec& ad) {
    return detail::flexibleInertiaForces(flex, m_model.gravity, a.segment<4>(3), ad.segment<4>(3), a.tail(m),
                                         ad.tail(m));
  };
  for (int which = 0; which < 2; ++which) {
    for (int k = 3; k < n; ++k) {
      Vec a = x, ad = xd;
      Vec& v = which == 0 ? a : ad;
      const double h = 1e-6 * std::max(1.0, std::abs(v[k]));
      v[k] += h;
      const Vec fp = eval(a, ad);
      v[k] -= 2.0 * h;
      const Vec fm = eval(a, ad);
      const Vec d = (fp - fm) / (2.0 * h);
      for (int r = 0; r < n; ++r)
        if (d[r] != 0.0)
          (which == 0 ? dQdq : dQdqd).emplace_back(globalIndex(body, o, r), globalIndex(body, o, k), d[r]);
    }
  }
}

}  // namespace mbs::solver
