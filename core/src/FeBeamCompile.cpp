#include "FeBeamCompile.hpp"

#include "mbs/core/Rotation.hpp"

namespace mbs::core::detail {

namespace sv = mbs::solver;

void addFeBeamNodes(const Part& p, sv::Model& sm, IndexMap& map)
{
  const FeBeam& beam = *p.feBeam;
  const Mat3 rp = euler313ToMatrix(p.orientation);
  std::vector<int>& nodes = map.feNodes[p.id];
  for (int k = 0; k <= beam.elements; ++k) {
    sv::Body b;
    b.name = k == 0 ? p.name : p.name + ".node" + std::to_string(k);
    b.mass = beam.nodeMass(k);
    b.inertia = beam.nodeInertia(k);
    const Vec3 offset = rp * beam.nodePosition(k);
    b.position = p.position + offset;
    b.orientation = sv::Quat(rp).normalized();
    // The part's initial motion is a rigid one of the whole beam about its origin (node 0).
    b.velocity = p.velocity + p.angularVelocity.cross(offset);
    b.angularVelocity = p.angularVelocity;
    if (k == 0) {
      b.positionExact = p.positionExact;
      b.orientationExact = p.orientationExact;
      b.velocityExact = p.velocityExact;
      b.angularVelocityExact = p.angularVelocityExact;
      map.bodies[p.id] = int(sm.bodies.size());
      map.bodyIds.push_back(p.id);
    } else {
      map.bodyIds.push_back(PartId());  // not a part of its own
    }
    nodes.push_back(int(sm.bodies.size()));
    sm.bodies.push_back(std::move(b));
  }
}

void placeOnFeNode(const Part& p, const Marker& m, const IndexMap& map, sv::Marker& out)
{
  const FeBeam& beam = *p.feBeam;
  const int node = beam.nodeOf(m.interfaceNode, m.position);
  out.body = map.feNodes.at(p.id)[std::size_t(node)];
  out.position = m.position - beam.nodePosition(node);  // node axes are the part's
  out.orientation = *m.localOrientation();
  out.interfaceNode = -1;
}

void addFeBeamElements(const Model& model, sv::Model& sm, const IndexMap& map)
{
  for (const Part& p : model.parts())
    if (p.feBeam && !p.ground)
      for (int k = 0; k < p.feBeam->elements; ++k)
        sm.beamElements.push_back(feBeamElement(p, k, map));
}

}  // namespace mbs::core::detail

namespace mbs::core {

solver::BeamElement feBeamElement(const Part& p, int k, const IndexMap& map)
{
  const FeBeam& beam = *p.feBeam;
  const std::vector<int>& nodes = map.feNodes.at(p.id);
  solver::BeamElement e;
  e.name = p.name + ".element" + std::to_string(k + 1);
  e.bodyA = nodes[std::size_t(k)];
  e.bodyB = nodes[std::size_t(k + 1)];
  // axesA = axesB = identity: the nodes' axes are the part's, x along the beam.
  e.section.length = beam.elementLength();
  e.section.area = beam.area;
  e.section.ixx = beam.torsion;
  e.section.iyy = beam.iyy;
  e.section.izz = beam.izz;
  e.section.youngsModulus = beam.youngsModulus;
  e.section.shearModulus = beam.shearModulus;
  e.section.shearAreaRatioY = beam.shearRatioY;
  e.section.shearAreaRatioZ = beam.shearRatioZ;
  e.damping = beam.damping;
  return e;
}

}  // namespace mbs::core
