#include "constraints/PointCurveRows.hpp"

#include "constraints/ConstraintRows.hpp"

namespace mbs::solver::detail {
namespace {

constexpr int kVars = 15;  // two bodies' 7 coordinates and α

}  // namespace

int PointCurveBlocks::column(const ConstraintBlock& block, int k) const
{
  if (k == 14)
    return m_curveCoordinate[std::size_t(block.entity)];
  const Joint& j = m_model.joints[block.entity];
  const int body = m_model.markers[k < 7 ? j.iMarker : j.jMarker].body;
  return body == kGround ? -1 : 7 * body + k % 7;
}

template <class T>
void PointCurveBlocks::evaluate(const ConstraintBlock& block, const Vec& q, const Vec* qd, T* out) const
{
  const Joint& joint = m_model.joints[block.entity];
  const int a = m_curveCoordinate[std::size_t(block.entity)];
  std::array<BodyVars<T>, 2> vars;
  T alpha;
  for (int s = 0; s < 2; ++s) {
    const int body = m_model.markers[s == 0 ? joint.iMarker : joint.jMarker].body;
    if constexpr (std::is_same_v<T, Taylor2>) {
      vars[s] = directionalVars(q, *qd, body);
    } else {
      vars[s] = bodyVars<T>(
          q, nullptr, body,
          [s](double v, int k) {
            if constexpr (std::is_same_v<T, double>)
              return v;
            else
              return T::variable(v, 7 * s + k);
          },
          [](double v, int) { return T(v); });
    }
  }
  if constexpr (std::is_same_v<T, Taylor2>)
    alpha = Taylor2(q[a], (*qd)[a], 0.0);
  else if constexpr (std::is_same_v<T, double>)
    alpha = q[a];
  else
    alpha = T::variable(q[a], 14);
  pointCurveRows(m_model, joint, vars.data(), alpha, out);
}

void PointCurveBlocks::rows(const ConstraintBlock& block, const Vec& q, double* out) const
{
  evaluate<double>(block, q, nullptr, out);
}

void PointCurveBlocks::jacobian(const ConstraintBlock& block, const Vec& q, Triplets& triplets) const
{
  using J = Jet<kVars, false>;
  std::array<J, 3> r;
  evaluate(block, q, nullptr, r.data());
  for (int row = 0; row < 3; ++row)
    for (int k = 0; k < kVars; ++k) {
      const int c = column(block, k);
      if (c >= 0 && r[row].g[k] != 0.0)
        triplets.emplace_back(block.firstRow + row, c, r[row].g[k]);
    }
}

void PointCurveBlocks::hessianSum(const ConstraintBlock& block, const Vec& q, const Vec& lambda,
                                  Triplets& hessian, const Vec* v, Triplets* velocityRows) const
{
  using J = Jet<kVars, true>;
  std::vector<J> r(3);
  evaluate(block, q, nullptr, r.data());
  std::array<int, kVars> col;
  Eigen::Matrix<double, kVars, 1> local = Eigen::Matrix<double, kVars, 1>::Zero();
  for (int k = 0; k < kVars; ++k) {
    col[std::size_t(k)] = column(block, k);
    if (v && col[std::size_t(k)] >= 0)
      local[k] = (*v)[col[std::size_t(k)]];
  }
  Eigen::Matrix<double, kVars, kVars> h = Eigen::Matrix<double, kVars, kVars>::Zero();
  for (int row = 0; row < 3; ++row) {
    h += lambda[block.firstRow + row] * r[row].H;
    if (velocityRows) {
      const Eigen::Matrix<double, kVars, 1> hv = r[row].H * local;
      for (int k = 0; k < kVars; ++k)
        if (col[std::size_t(k)] >= 0 && hv[k] != 0.0)
          velocityRows->emplace_back(block.firstRow + row, col[std::size_t(k)], hv[k]);
    }
  }
  for (int a = 0; a < kVars; ++a)
    for (int b = 0; b < kVars; ++b)
      if (col[std::size_t(a)] >= 0 && col[std::size_t(b)] >= 0 && h(a, b) != 0.0)
        hessian.emplace_back(col[std::size_t(a)], col[std::size_t(b)], h(a, b));
}

void PointCurveBlocks::gamma(const ConstraintBlock& block, const Vec& q, const Vec& qd, double* out) const
{
  std::array<Taylor2, 3> r;
  evaluate(block, q, &qd, r.data());
  for (int row = 0; row < 3; ++row)
    out[row] = -r[row].dd;
}

std::array<Eigen::Matrix<double, 7, 1>, 4> PointCurveBlocks::bodyForces(const ConstraintBlock& block,
                                                                        const Vec& q, const Vec& lambda) const
{
  using J = Jet<kVars, false>;
  std::array<J, 3> r;
  evaluate(block, q, nullptr, r.data());
  std::array<Eigen::Matrix<double, 7, 1>, 4> out;
  for (auto& o : out)
    o.setZero();
  for (int row = 0; row < 3; ++row)
    for (int s = 0; s < 2; ++s)
      out[std::size_t(s)] -= lambda[block.firstRow + row] * r[row].g.template segment<7>(7 * s);
  return out;
}

}  // namespace mbs::solver::detail
