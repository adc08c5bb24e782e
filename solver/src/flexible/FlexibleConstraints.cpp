#include "flexible/FlexibleConstraints.hpp"

#include "constraints/ConstraintRows.hpp"
#include "kinematics/SeedVars.hpp"

namespace mbs::solver::detail {
namespace {

constexpr int kSlotVars = 13;
constexpr int kVars = 2 * kSlotVars;  // couplers on flexible markers are rejected by validate

const FlexibleInterface* interfaceOf(const Model& model, int marker)
{
  if (marker < 0)
    return nullptr;
  const Marker& mk = model.markers[marker];
  if (mk.body == kGround || mk.interfaceNode < 0)
    return nullptr;
  const auto& flex = model.bodies[mk.body].flexible;
  if (!flex)
    return nullptr;
  return &flex->interfaces[mk.interfaceNode];
}

}  // namespace

std::array<int, 4> blockMarkers(const Model& model, const ConstraintBlock& block)
{
  if (block.kind == ConstraintKind::Motion) {
    const Motion& m = model.motions[block.entity];
    return {m.iMarker, m.jMarker, -1, -1};
  }
  if (block.kind != ConstraintKind::Joint)
    return {-1, -1, -1, -1};
  const Joint& j = model.joints[block.entity];
  if (j.type != JointType::Coupler)
    return {j.iMarker, j.jMarker, -1, -1};
  const Joint &a = model.joints[j.coupledJoints[0]], &b = model.joints[j.coupledJoints[1]];
  return {a.iMarker, a.jMarker, b.iMarker, b.jMarker};
}

bool FlexibleBlocks::involves(const Model& model, const ConstraintBlock& block)
{
  for (int marker : blockMarkers(model, block))
    if (interfaceOf(model, marker))
      return true;
  return false;
}

FlexibleBlocks::Map FlexibleBlocks::localToGlobal(const ConstraintBlock& block) const
{
  const BlockBodies bb = blockBodies(m_model, block);
  const auto markers = blockMarkers(m_model, block);
  Map map;
  std::vector<std::array<int, 2>> entries;  // (local row, column slot) pairs with weights below
  std::vector<double> weights;
  auto column = [&](int global) {
    for (int c = 0; c < static_cast<int>(map.columns.size()); ++c)
      if (map.columns[c] == global)
        return c;
    map.columns.push_back(global);
    return static_cast<int>(map.columns.size()) - 1;
  };
  for (int s = 0; s < bb.count; ++s) {
    if (bb.body[s] == kGround)
      continue;
    for (int k = 0; k < 7; ++k) {
      entries.push_back({kSlotVars * s + k, column(7 * bb.body[s] + k)});
      weights.push_back(1.0);
    }
    if (const FlexibleInterface* node = interfaceOf(m_model, markers[s]))
      for (int i = 0; i < node->shapes.cols(); ++i) {
        const int c = column(m_modalOffset[bb.body[s]] + i);
        for (int k = 0; k < 6; ++k) {
          entries.push_back({kSlotVars * s + 7 + k, c});
          weights.push_back(node->shapes(k, i));
        }
      }
  }
  map.t = Mat::Zero(kVars, static_cast<int>(map.columns.size()));
  for (size_t e = 0; e < entries.size(); ++e)
    map.t(entries[e][0], entries[e][1]) += weights[e];
  return map;
}

// Seeds each slot (jets: variables 13 s + k) and evaluates the rows; qd (Taylor2 only) gives the
// direction of the second derivative.
template <class T>
void FlexibleBlocks::evaluate(const ConstraintBlock& block, const Vec& q, const Vec* qd, double t,
                              T* out) const
{
  const BlockBodies bb = blockBodies(m_model, block);
  const auto markers = blockMarkers(m_model, block);
  std::array<BodyVars<T>, 2> vars;
  std::array<std::array<T, 6>, 2> w;
  for (int s = 0; s < bb.count; ++s) {
    const int body = bb.body[s];
    vars[s] = seedBodyVars<T>(q, qd, body, kSlotVars * s);
    const FlexibleInterface* node = interfaceOf(m_model, markers[s]);
    if (!node)
      continue;
    const int m = static_cast<int>(node->shapes.cols());
    const Vec value = node->shapes * q.segment(m_modalOffset[body], m);
    for (int k = 0; k < 6; ++k) {
      const double rate = qd ? node->shapes.row(k).dot(qd->segment(m_modalOffset[body], m)) : 0.0;
      w[s][k] = seedScalar<T>(value[k], rate, kSlotVars * s + 7 + k);
    }
    vars[s].deformation = &w[s];
  }
  blockRows(m_model, block, vars.data(), t, out);
}

void FlexibleBlocks::rows(const ConstraintBlock& block, const Vec& q, double t, double* out) const
{
  evaluate<double>(block, q, nullptr, t, out);
}

void FlexibleBlocks::jacobian(const ConstraintBlock& block, const Vec& q, double t, Triplets& triplets) const
{
  using J = Jet<kVars, false>;
  std::array<J, 6> r;
  evaluate(block, q, nullptr, t, r.data());
  const Map map = localToGlobal(block);
  for (int row = 0; row < block.rows; ++row) {
    const Vec g = map.t.transpose() * r[row].g;
    for (int c = 0; c < g.size(); ++c)
      if (g[c] != 0.0)
        triplets.emplace_back(block.firstRow + row, map.columns[c], g[c]);
  }
}

void FlexibleBlocks::hessianSum(const ConstraintBlock& block, const Vec& q, double t, const Vec& lambda,
                                Triplets& triplets) const
{
  using J = Jet<kVars, true>;
  std::vector<J> r(6);
  evaluate(block, q, nullptr, t, r.data());
  Eigen::Matrix<double, kVars, kVars> h = Eigen::Matrix<double, kVars, kVars>::Zero();
  for (int row = 0; row < block.rows; ++row)
    h += lambda[block.firstRow + row] * r[row].H;
  const Map map = localToGlobal(block);
  const Mat hg = map.t.transpose() * h * map.t;
  for (int a = 0; a < hg.rows(); ++a)
    for (int b = 0; b < hg.cols(); ++b)
      if (hg(a, b) != 0.0)
        triplets.emplace_back(map.columns[a], map.columns[b], hg(a, b));
}

void FlexibleBlocks::gamma(const ConstraintBlock& block, const Vec& q, const Vec& qd, double t,
                           double* out) const
{
  std::array<Taylor2, 6> r;
  evaluate(block, q, &qd, t, r.data());
  for (int row = 0; row < block.rows; ++row)
    out[row] = -r[row].dd;
}

std::array<Eigen::Matrix<double, 7, 1>, 4> FlexibleBlocks::bodyForces(const ConstraintBlock& block,
                                                                      const Vec& q, const Vec& lambda) const
{
  using J = Jet<kVars, false>;
  std::array<J, 6> r;
  evaluate(block, q, nullptr, 0.0, r.data());
  std::array<Eigen::Matrix<double, 7, 1>, 4> out;
  for (auto& o : out)
    o.setZero();
  for (int row = 0; row < block.rows; ++row)
    for (int s = 0; s < 2; ++s)
      out[s] -= lambda[block.firstRow + row] * r[row].g.template segment<7>(kSlotVars * s);
  return out;
}

}  // namespace mbs::solver::detail
