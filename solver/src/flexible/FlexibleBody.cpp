#include "mbs/solver/FlexibleBody.hpp"

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

bool FlexibleInterface::operator==(const FlexibleInterface& o) const
{
  return name == o.name && position == o.position && same(shapes, o.shapes);
}

bool FlexibleBodyData::operator==(const FlexibleBodyData& o) const
{
  bool equal = same(modalMass, o.modalMass) && same(modalStiffness, o.modalStiffness) &&
               same(modalDamping, o.modalDamping) && mass == o.mass && firstMoment == o.firstMoment &&
               secondMoment == o.secondMoment && same(modalFirstMoment, o.modalFirstMoment) &&
               interfaces == o.interfaces && same(nodes, o.nodes) && same(nodalShapes, o.nodalShapes);
  for (int i = 0; i < 9 && equal; ++i)
    equal = same(Ibar[i], o.Ibar[i]) && same(Sbar[i], o.Sbar[i]);
  return equal;
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
  const Mat3 inertia = secondMoment.trace() * Mat3::Identity() - secondMoment;
  if (!(inertia.diagonal().minCoeff() > 0.0))
    return "undeformed inertia must be positive (rotary inertia about every axis)";
  return {};
}

}  // namespace mbs::solver
