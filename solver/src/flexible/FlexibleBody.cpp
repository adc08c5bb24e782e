#include "mbs/solver/FlexibleBody.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include <Eigen/Eigenvalues>

namespace mbs::solver {
namespace {

bool square(const Mat& a, int m)
{
  return a.rows() == m && a.cols() == m;
}

bool same(const Mat& a, const Mat& b)
{
  return a.rows() == b.rows() && a.cols() == b.cols() && a == b;
}

}  // namespace

double vonMisesStress(const Vec6& s)
{
  const double dxy = s[0] - s[1], dyz = s[1] - s[2], dzx = s[2] - s[0];
  const double shear = s[3] * s[3] + s[4] * s[4] + s[5] * s[5];
  return std::sqrt(std::max(0.0, 0.5 * (dxy * dxy + dyz * dyz + dzx * dzx) + 3.0 * shear));
}

double maxPrincipalStress(const Vec6& s)
{
  Mat3 t;
  t << s[0], s[5], s[4], s[5], s[1], s[3], s[4], s[3], s[2];
  return Eigen::SelfAdjointEigenSolver<Mat3>(t, Eigen::EigenvaluesOnly).eigenvalues()[2];
}

Vec6 FlexibleBodyData::nodalStress(int k, const Vec& eta) const
{
  return nodalStressShapes.middleRows<6>(6 * k) * eta;
}

Vec FlexibleBodyData::vonMisesStresses(const Vec& eta) const
{
  if (!hasStress() || eta.size() != nodalStressShapes.cols())
    return {};
  const Vec all = nodalStressShapes * eta;
  Vec out(all.size() / 6);
  for (Eigen::Index k = 0; k < out.size(); ++k)
    out[k] = vonMisesStress(all.segment<6>(6 * k));
  return out;
}

double FlexibleBodyData::maxVonMisesStress(const Vec& eta) const
{
  const Vec v = vonMisesStresses(eta);
  return v.size() ? v.maxCoeff() : 0.0;
}

double FlexibleBodyData::maxPrincipalStress(const Vec& eta) const
{
  if (!hasStress() || eta.size() != nodalStressShapes.cols())
    return 0.0;
  const Vec all = nodalStressShapes * eta;
  double max = -std::numeric_limits<double>::infinity();
  for (Eigen::Index k = 0; k < all.size() / 6; ++k)
    max = std::max(max, solver::maxPrincipalStress(all.segment<6>(6 * k)));
  return all.size() ? max : 0.0;
}

bool FlexibleInterface::operator==(const FlexibleInterface& o) const
{
  return name == o.name && position == o.position && same(shapes, o.shapes);
}

bool FlexibleBodyData::operator==(const FlexibleBodyData& o) const
{
  bool equal = same(modalMass, o.modalMass) && same(modalStiffness, o.modalStiffness) &&
               same(modalDamping, o.modalDamping) && mass == o.mass && firstMoment == o.firstMoment &&
               secondMoment == o.secondMoment && same(modalFirstMoment, o.modalFirstMoment) &&
               interfaces == o.interfaces && same(nodes, o.nodes) && same(nodalShapes, o.nodalShapes) &&
               stressNodes == o.stressNodes && same(nodalStressShapes, o.nodalStressShapes) &&
               surfaceTriangles == o.surfaceTriangles && modeInfo == o.modeInfo &&
               nodeOutputs == o.nodeOutputs;
  for (int i = 0; i < 9 && equal; ++i)
    equal = same(Ibar[i], o.Ibar[i]) && same(Sbar[i], o.Sbar[i]);
  return equal;
}

Mat modalDampingFromRatios(const Mat& modalMass, const Mat& modalStiffness, const Vec& ratios)
{
  Vec c = Vec::Zero(ratios.size());
  for (Eigen::Index i = 0; i < ratios.size() && i < modalMass.rows() && i < modalStiffness.rows(); ++i)
    if (modalMass(i, i) > 0.0)
      c[i] = 2.0 * ratios[i] * std::sqrt(std::max(modalStiffness(i, i), 0.0) / modalMass(i, i)) *
             modalMass(i, i);
  return c.asDiagonal();
}

Vec FlexibleBodyData::dampingRatios() const
{
  Vec z(modeInfo.size());
  for (std::size_t i = 0; i < modeInfo.size(); ++i)
    z[static_cast<Eigen::Index>(i)] = modeInfo[i].dampingRatio;
  return z;
}

Mat FlexibleBodyData::nodeOutputShapes(int k) const
{
  const FlexibleNodeOutput& out = nodeOutputs[static_cast<std::size_t>(k)];
  Mat shape = nodalShapes.middleRows(3 * out.node, 3);
  if (out.hasChord()) {
    const Vec3 a = nodes.col(out.chordFrom), b = nodes.col(out.chordTo), x = nodes.col(out.node);
    const double s = (x - a).dot(b - a) / (b - a).squaredNorm();
    shape -= (1.0 - s) * nodalShapes.middleRows(3 * out.chordFrom, 3) +
             s * nodalShapes.middleRows(3 * out.chordTo, 3);
  }
  return shape;
}

std::string FlexibleBodyData::problem() const
{
  const int m = modeCount();
  if (!(mass > 0.0))
    return "mass must be positive";
  if (m == 0)
    return "no elastic modes";
  if (!square(modalMass, m) || !square(modalStiffness, m) || !square(modalDamping, m))
    return "modal mass, stiffness and damping must all be " + std::to_string(m) + " x " + std::to_string(m);
  if (modalFirstMoment.rows() != 3 || modalFirstMoment.cols() != m)
    return "modal first moment must be 3 x " + std::to_string(m);
  for (int i = 0; i < 9; ++i)
    if (Ibar[i].rows() != 1 || Ibar[i].cols() != m || !square(Sbar[i], m))
      return "inertia invariant I-bar/S-bar " + std::to_string(i) + " has the wrong size";
  if ((modalStiffness - modalStiffness.transpose()).norm() > 1e-9 * (1.0 + modalStiffness.norm()))
    return "modal stiffness is not symmetric";
  for (const FlexibleInterface& node : interfaces)
    if (node.shapes.rows() != 6 || node.shapes.cols() != m)
      return "interface '" + node.name + "': shapes must be 6 x " + std::to_string(m);
  if (nodalShapes.size() != 0 && (nodalShapes.cols() != m || nodalShapes.rows() != 3 * nodes.cols()))
    return "nodal shapes must be 3N x " + std::to_string(m) + " for the N nodes";
  if (hasStress() || !stressNodes.empty()) {
    if (nodalStressShapes.cols() != m ||
        nodalStressShapes.rows() != 6 * static_cast<Eigen::Index>(stressNodes.size()))
      return "nodal stress shapes must be 6 x " + std::to_string(m) + " per stress node";
    for (int n : stressNodes)
      if (n < 0 || n >= nodes.cols())
        return "stress node " + std::to_string(n) + " is not one of the " + std::to_string(nodes.cols()) +
               " nodes";
  }
  for (const auto& t : surfaceTriangles)
    for (int n : t)
      if (n < 0 || n >= nodes.cols())
        return "surface triangle node " + std::to_string(n) + " is not one of the " +
               std::to_string(nodes.cols()) + " nodes";
  if (!modeInfo.empty()) {
    if (static_cast<int>(modeInfo.size()) != m)
      return "the mode list has " + std::to_string(modeInfo.size()) + " entries for " + std::to_string(m) +
             " modes";
    for (std::size_t i = 0; i < modeInfo.size(); ++i)
      if (!(modeInfo[i].dampingRatio >= 0.0 && std::isfinite(modeInfo[i].dampingRatio)))
        return "mode " + std::to_string(modeInfo[i].number) + ": the damping ratio must be a number >= 0";
  }
  const int nodeCount = static_cast<int>(nodes.cols());
  for (std::size_t k = 0; k < nodeOutputs.size(); ++k) {
    const FlexibleNodeOutput& out = nodeOutputs[k];
    const std::string what = "node output '" + out.name + "'";
    if (out.name.empty())
      return "node output " + std::to_string(k + 1) + " has no name";
    for (std::size_t j = 0; j < k; ++j)
      if (nodeOutputs[j].name == out.name)
        return what + " is defined twice";
    if (nodalShapes.size() == 0)
      return what + ": the body has no FE nodes (nodes and nodal shapes)";
    auto badNode = [&](int n) { return n < 0 || n >= nodeCount; };
    if (badNode(out.node))
      return what + ": node " + std::to_string(out.node) + " is not one of the " + std::to_string(nodeCount) +
             " nodes";
    if ((out.chordFrom < 0) != (out.chordTo < 0))
      return what + ": a chord needs both end nodes";
    if (out.hasChord()) {
      if (badNode(out.chordFrom) || badNode(out.chordTo))
        return what + ": chord nodes must be among the " + std::to_string(nodeCount) + " nodes";
      if ((nodes.col(out.chordFrom) - nodes.col(out.chordTo)).norm() == 0.0)
        return what + ": the chord's end nodes coincide";
    }
  }
  const Mat3 inertia = secondMoment.trace() * Mat3::Identity() - secondMoment;
  if (!(inertia.diagonal().minCoeff() > 0.0))
    return "undeformed inertia must be positive (rotary inertia about every axis)";
  return {};
}

}  // namespace mbs::solver
