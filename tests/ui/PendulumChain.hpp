#pragma once
// The pendulum chain of the large-model GUI test and benchmark (tests/ui/LargeModelTest.cpp,
// tests/bench/ui/bench_animation_large.cpp): one builder, so both measure the same model.
#include <string>

#include "mbs/core/Model.hpp"

namespace mbs::test {

// n links of length 0.1 m hanging along x, each on a revolute joint (axis z) at its left end.
inline core::Model pendulumChain(int n)
{
  core::Model model;
  model.gravity = core::Vec3(0, -9.81, 0);
  core::PartId previous = model.ground().id;
  core::Vec3 previousLocal = core::Vec3::Zero();
  const double length = 0.1;
  for (int k = 0; k < n; ++k) {
    core::Part part;
    part.name = "link_" + std::to_string(k + 1);
    part.position = core::Vec3(k * length, 0, 0);
    core::Geometry g;
    g.kind = core::GeometryKind::Link;
    g.point1 = core::Vec3::Zero();
    g.point2 = core::Vec3(length, 0, 0);
    g.radius = 0.01;
    part.geometry.push_back(g);
    part.mass = 0.1;
    const core::PartId id = model.add(part);
    core::Marker i;
    i.name = part.name + "_i";
    i.part = id;
    const core::MarkerId iId = model.add(i);
    core::Marker j;
    j.name = part.name + "_j";
    j.part = previous;
    j.position = previousLocal;
    const core::MarkerId jId = model.add(j);
    core::Joint joint;
    joint.name = "pin_" + std::to_string(k + 1);
    joint.kind = core::JointKind::Revolute;
    joint.iMarker = iId;
    joint.jMarker = jId;
    model.add(joint);
    previous = id;
    previousLocal = core::Vec3(length, 0, 0);
  }
  return model;
}

}  // namespace mbs::test
