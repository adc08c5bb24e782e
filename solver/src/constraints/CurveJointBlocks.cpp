#include "constraints/CurveJointBlocks.hpp"

#include "constraints/ConstraintRows.hpp"
#include "constraints/CurveCurveRows.hpp"
#include "constraints/PointCurveRows.hpp"
#include "kinematics/SeedVars.hpp"

namespace mbs::solver::detail {
namespace {

constexpr int kVars = 16;  // two bodies' 7 coordinates, α and β

}  // namespace

int CurveJointBlocks::column(const ConstraintBlock& block, int k) const
{
  const Joint& j = m_model.joints[block.entity];
  if (k >= 14)
    return k - 14 < curveParameterCount(j.type) ? m_curveCoordinate[std::size_t(block.entity)] + (k - 14)
                                                : -1;
  const int body = m_model.markers[k < 7 ? j.iMarker : j.jMarker].body;
  return body == kGround ? -1 : 7 * body + k % 7;
}

template <class T>
void CurveJointBlocks::evaluate(const ConstraintBlock& block, const Vec& q, const Vec* qd, T* out) const
{
  const Joint& joint = m_model.joints[block.entity];
  const int a = m_curveCoordinate[std::size_t(block.entity)];
  std::array<BodyVars<T>, 2> vars;
  for (int s = 0; s < 2; ++s)
    vars[s] = seedBodyVars<T>(q, qd, m_model.markers[s == 0 ? joint.iMarker : joint.jMarker].body, 7 * s);
  const T alpha = seedScalar<T>(q[a], qd ? (*qd)[a] : 0.0, 14);
  if (joint.type == JointType::PointCurve) {
    pointCurveRows(m_model, joint, vars.data(), alpha, out);
    return;
  }
  const T beta = seedScalar<T>(q[a + 1], qd ? (*qd)[a + 1] : 0.0, 15);
  curveCurveRows(m_model, joint, vars.data(), alpha, beta, out);
}

void CurveJointBlocks::rows(const ConstraintBlock& block, const Vec& q, double* out) const
{
  evaluate<double>(block, q, nullptr, out);
}

void CurveJointBlocks::jacobian(const ConstraintBlock& block, const Vec& q, Triplets& triplets) const
{
  using J = Jet<kVars, false>;
  std::array<J, kMaxRows> r;
  evaluate(block, q, nullptr, r.data());
  for (int row = 0; row < block.rows; ++row)
    for (int k = 0; k < kVars; ++k) {
      const int c = column(block, k);
      if (c >= 0 && r[row].g[k] != 0.0)
        triplets.emplace_back(block.firstRow + row, c, r[row].g[k]);
    }
}

void CurveJointBlocks::hessianSum(const ConstraintBlock& block, const Vec& q, const Vec& lambda,
                                  Triplets& hessian, const Vec* v, Triplets* velocityRows) const
{
  using J = Jet<kVars, true>;
  std::vector<J> r(kMaxRows);
  evaluate(block, q, nullptr, r.data());
  std::array<int, kVars> col;
  Eigen::Matrix<double, kVars, 1> local = Eigen::Matrix<double, kVars, 1>::Zero();
  for (int k = 0; k < kVars; ++k) {
    col[std::size_t(k)] = column(block, k);
    if (v && col[std::size_t(k)] >= 0)
      local[k] = (*v)[col[std::size_t(k)]];
  }
  Eigen::Matrix<double, kVars, kVars> h = Eigen::Matrix<double, kVars, kVars>::Zero();
  for (int row = 0; row < block.rows; ++row) {
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

void CurveJointBlocks::gamma(const ConstraintBlock& block, const Vec& q, const Vec& qd, double* out) const
{
  std::array<Taylor2, kMaxRows> r;
  evaluate(block, q, &qd, r.data());
  for (int row = 0; row < block.rows; ++row)
    out[row] = -r[row].dd;
}

std::array<Eigen::Matrix<double, 7, 1>, 4> CurveJointBlocks::bodyForces(const ConstraintBlock& block,
                                                                        const Vec& q, const Vec& lambda) const
{
  using J = Jet<kVars, false>;
  std::array<J, kMaxRows> r;
  evaluate(block, q, nullptr, r.data());
  std::array<Eigen::Matrix<double, 7, 1>, 4> out;
  for (auto& o : out)
    o.setZero();
  for (int row = 0; row < block.rows; ++row)
    for (int s = 0; s < 2; ++s)
      out[std::size_t(s)] -= lambda[block.firstRow + row] * r[row].g.template segment<7>(7 * s);
  return out;
}

}  // namespace mbs::solver::detail
