// Clearance joints: the constraint each kind keeps (forces/ClearanceKinds.hpp).
#include "forces/ClearanceKinds.hpp"

namespace mbs::solver::detail {

void substituteClearanceJoints(Model& model)
{
  for (Joint& j : model.joints) {
    if (!j.clearance)
      continue;
    const bool slider = j.clearance->sliderLength > 0.0;
    if (j.type == JointType::Revolute && !slider) {
      j.type = JointType::Planar;
    } else if (j.type == JointType::Spherical && !slider) {
      j.type = JointType::ContactOnly;
    } else if (j.type == JointType::Translational && slider) {
      // Turned copies of I and J: (x, y, z) -> (z, x, y), so the planar constraint's normal is the
      // joint's y, the sliding axis the copies' x and the clearance direction their y.
      Mat3 turn;
      turn << 0, 1, 0, 0, 0, 1, 1, 0, 0;
      for (int* marker : {&j.iMarker, &j.jMarker}) {
        if (*marker < 0 || *marker >= static_cast<int>(model.markers.size()))
          continue;  // System's validation names the bad index
        Marker turned = model.markers[*marker];
        turned.name += " (clearance frame)";
        turned.orientation = turned.orientation * turn;
        model.markers.push_back(turned);
        *marker = static_cast<int>(model.markers.size()) - 1;
      }
      j.type = JointType::Planar;
    }
  }
}

std::string clearanceKindProblem(const Joint& joint)
{
  const ClearanceParameters& p = *joint.clearance;
  const bool slider = p.sliderLength > 0.0;
  if (p.sliderLength < 0.0)
    return "the slider length must be positive";
  switch (joint.type) {
    case JointType::Planar:  // a substituted revolute or translational (or a planar given as such)
      break;
    case JointType::Revolute:
    case JointType::Spherical:
    case JointType::ContactOnly:
      if (slider)
        return "a slider length belongs to a translational clearance only";
      break;
    case JointType::Translational:
      if (!slider)
        return "a translational clearance needs a positive slider length";
      break;
    default:
      return "only a revolute, spherical or translational joint can have a clearance";
  }
  if (p.law == ClearanceLaw::Impact && !(p.maxDamping >= 0.0 && p.penetrationDepth > 0.0))
    return "the IMPACT law needs a maximum damping of at least 0 and a positive penetration depth";
  if (slider)
    return {};  // translational: its contacts are the slider's ends, no radius enters
  if (!(p.journalRadius > 0.0))
    return joint.type == JointType::Spherical || joint.type == JointType::ContactOnly
               ? "the ball radius must be positive"
               : "the journal radius must be positive";
  return {};
}

}  // namespace mbs::solver::detail
