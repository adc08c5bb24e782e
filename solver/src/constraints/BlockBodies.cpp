#include "constraints/ConstraintRows.hpp"

namespace mbs::solver::detail {

BlockBodies blockBodies(const Model& model, const ConstraintBlock& block)
{
  BlockBodies b;
  auto markerBody = [&](int marker) { return model.markers[marker].body; };
  if (block.kind == ConstraintKind::Normalization) {
    b.count = 1;
    b.body[0] = block.entity;
  } else if (block.kind == ConstraintKind::Motion) {
    const Motion& m = model.motions[block.entity];
    b.count = 2;
    b.body = {markerBody(m.iMarker), markerBody(m.jMarker), kGround, kGround};
  } else {
    const Joint& j = model.joints[block.entity];
    if (j.type == JointType::Coupler) {
      b.count = 4;
      for (int k = 0; k < 2; ++k) {
        const Joint& cj = model.joints[j.coupledJoints[k]];
        b.body[2 * k] = markerBody(cj.iMarker);
        b.body[2 * k + 1] = markerBody(cj.jMarker);
      }
    } else {
      b.count = 2;
      b.body = {markerBody(j.iMarker), markerBody(j.jMarker), kGround, kGround};
    }
  }
  return b;
}

}  // namespace mbs::solver::detail
