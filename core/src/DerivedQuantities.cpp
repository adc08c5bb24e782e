#include "mbs/core/DerivedQuantities.hpp"

#include <algorithm>
#include <cmath>

namespace mbs::core::derived {
namespace {

// The CM marker's pose in its part frame (identity without a CM marker).
void cmInPart(const Model& model, const Part& part, Vec3& position, Mat3& rotation)
{
  position = Vec3::Zero();
  rotation = Mat3::Identity();
  if (const Marker* cm = model.marker(part.cmMarker)) {
    position = cm->position;
    rotation = cm->localOrientation().value_or(Mat3::Identity());
  }
}

}  // namespace

BodyFrame markerFrame(const Model& model, const IndexMap& map, MarkerId id)
{
  BodyFrame frame;
  const Marker* marker = model.marker(id);
  if (!marker)
    return frame;
  const Mat3 local = marker->localOrientation().value_or(Mat3::Identity());
  const Part* part = model.part(marker->part);
  const int body = map.body(marker->part);
  if (!part || body < 0) {  // on ground: the part frame is the ground frame
    frame.origin =
        part ? Vec3(part->position + model.partRotation(part->id) * marker->position) : marker->position;
    frame.rotation = part ? Mat3(model.partRotation(part->id) * local) : local;
    return frame;
  }
  if (part->feBeam) {  // on the node it follows (FeBeam.hpp), node axes = part axes
    const int node = part->feBeam->nodeOf(marker->interfaceNode, marker->position);
    const auto nodes = map.feNodes.find(part->id);
    frame.body = nodes == map.feNodes.end() ? body : nodes->second[std::size_t(node)];
    frame.origin = marker->position - part->feBeam->nodePosition(node);
    frame.rotation = local;
    return frame;
  }
  Vec3 cmPosition;
  Mat3 cmRotation;
  cmInPart(model, *part, cmPosition, cmRotation);
  frame.body = body;
  frame.origin = cmRotation.transpose() * (marker->position - cmPosition);
  frame.rotation = cmRotation.transpose() * local;
  return frame;
}

BodyFrame partFrame(const Model& model, const IndexMap& map, PartId id)
{
  BodyFrame frame;
  const Part* part = model.part(id);
  const int body = map.body(id);
  if (!part || body < 0)
    return frame;
  Vec3 cmPosition;
  Mat3 cmRotation;
  cmInPart(model, *part, cmPosition, cmRotation);
  frame.body = body;
  frame.origin = -(cmRotation.transpose() * cmPosition);
  frame.rotation = cmRotation.transpose();
  return frame;
}

FrameMotion motionOf(const solver::ResultFrame& frame, const BodyFrame& at)
{
  FrameMotion m;
  if (at.body < 0 || at.body >= static_cast<int>(frame.bodies.size())) {
    m.position = at.origin;
    m.rotation = at.rotation;
    return m;
  }
  const solver::BodyOutput& b = frame.bodies[at.body];
  const Mat3 r = b.orientation.normalized().toRotationMatrix();
  const Vec3 arm = r * at.origin;  // CM to the point, ground axes
  const Vec3& w = b.angularVelocity;
  const Vec3& a = b.angularAcceleration;
  m.position = b.position + arm;
  m.velocity = b.velocity + w.cross(arm);
  m.acceleration = b.acceleration + a.cross(arm) + w.cross(w.cross(arm));
  m.rotation = r * at.rotation;
  m.angularVelocity = w;
  m.angularAcceleration = a;
  return m;
}

Vec3 euler313(const Mat3& r)
{
  const double theta = std::acos(std::clamp(r(2, 2), -1.0, 1.0));
  if (std::abs(std::sin(theta)) < 1e-12)  // ψ and φ turn about the same axis: all of it in ψ
    return {std::atan2(r(1, 0), r(0, 0)), theta, 0.0};
  return {std::atan2(r(0, 2), -r(1, 2)), theta, std::atan2(r(2, 0), r(2, 1))};
}

Vec3 bryant(const Mat3& r)
{
  const double beta = std::asin(std::clamp(r(0, 2), -1.0, 1.0));
  if (std::abs(std::cos(beta)) < 1e-12)  // gimbal lock: α and γ about the same axis
    return {std::atan2(r(2, 1), r(1, 1)), beta, 0.0};
  return {std::atan2(-r(1, 2), r(2, 2)), beta, std::atan2(-r(0, 1), r(0, 0))};
}

RelativeMotion relativeMotion(const FrameMotion& i, const FrameMotion& j)
{
  RelativeMotion rel;
  const Mat3 jt = j.rotation.transpose();
  const Vec3 d = i.position - j.position;
  rel.displacement = jt * d;
  // Rate of the displacement as seen in J's (moving) axes.
  rel.velocity = jt * (i.velocity - j.velocity - j.angularVelocity.cross(d));
  const Vec3 ix = jt * i.rotation.col(0);
  rel.angleZ = std::atan2(ix.y(), ix.x());
  rel.angularVelocity = jt * (i.angularVelocity - j.angularVelocity);
  return rel;
}

std::vector<BodyMass> bodyMasses(const Model& model, const IndexMap& map)
{
  std::vector<BodyMass> masses;
  for (const Part& part : model.parts()) {
    const int body = map.body(part.id);
    if (part.ground || body < 0)
      continue;
    if (const auto nodes = map.feNodes.find(part.id); part.feBeam && nodes != map.feNodes.end()) {
      for (std::size_t k = 0; k < nodes->second.size(); ++k)
        masses.push_back({nodes->second[k], part.feBeam->nodeMass(int(k)), part.feBeam->nodeInertia(int(k))});
      continue;
    }
    masses.push_back({body, part.mass, part.inertia.matrix()});
  }
  return masses;
}

double kineticEnergy(const solver::ResultFrame& frame, const BodyMass& m)
{
  if (m.body < 0 || m.body >= static_cast<int>(frame.bodies.size()))
    return 0.0;
  const solver::BodyOutput& b = frame.bodies[m.body];
  const Vec3 w = b.orientation.normalized().toRotationMatrix().transpose() * b.angularVelocity;
  return 0.5 * m.mass * b.velocity.squaredNorm() + 0.5 * w.dot(m.inertia * w);
}

double potentialEnergy(const solver::ResultFrame& frame, const BodyMass& m, const Vec3& gravity)
{
  if (m.body < 0 || m.body >= static_cast<int>(frame.bodies.size()))
    return 0.0;
  return -m.mass * gravity.dot(frame.bodies[m.body].position);
}

double drivingEffort(const solver::Reaction& reaction, const FrameMotion& j, int axis)
{
  const Vec3 along = j.rotation.col(axis % 3);
  return axis >= 3 ? reaction.torque.dot(along) : reaction.force.dot(along);
}

double drivingPower(const solver::Reaction& reaction, const FrameMotion& i, const FrameMotion& j)
{
  const RelativeMotion rel = relativeMotion(i, j);
  return reaction.force.dot(j.rotation * rel.velocity) +
         reaction.torque.dot(j.rotation * rel.angularVelocity);
}

}  // namespace mbs::core::derived

namespace mbs::core {

DerivedOutputs::DerivedOutputs(const Model& model, const IndexMap& map) : m_gravity(model.gravity)
{
  auto add = [this](const std::string& entity, std::initializer_list<const char*> names) {
    for (const char* name : names)
      m_columns.push_back(entity + "." + name);
  };
  m_masses = derived::bodyMasses(model, map);
  for (std::size_t b = 0; b < map.bodyIds.size(); ++b) {
    const Part* part = model.part(map.bodyIds[b]);
    if (!part)  // an FE beam's node after the first: its mass counts in the model's energies only
      continue;
    PartColumns columns{derived::partFrame(model, map, map.bodyIds[b]), {}};
    for (const derived::BodyMass& m : m_masses)
      if (m.body == static_cast<int>(b))
        columns.mass = m;
    m_parts.push_back(columns);
    add(part->name, {"psi", "theta", "phi", "alpha", "beta", "gamma", "kinetic_energy", "potential_energy"});
  }
  for (const Marker& marker : model.markers())
    if (map.body(marker.part) >= 0) {
      m_markers.push_back(derived::markerFrame(model, map, marker.id));
      add(marker.name, {"x", "y", "z", "vx", "vy", "vz", "ax", "ay", "az"});
    }
  for (std::size_t k = 0; k < map.jointIds.size(); ++k)
    if (const Joint* joint = model.joint(map.jointIds[k])) {
      m_joints.push_back({static_cast<int>(k), derived::markerFrame(model, map, joint->iMarker),
                          derived::markerFrame(model, map, joint->jMarker)});
      add(joint->name, {"dx", "dy", "dz", "vx", "vy", "vz", "angle_z", "wx", "wy", "wz"});
    }
  for (std::size_t k = 0; k < map.motionIds.size(); ++k)
    if (const Motion* motion = model.motion(map.motionIds[k])) {
      // A joint motion drives the joint's I marker relative to its J marker.
      const Joint* joint = model.joint(motion->joint);
      const MarkerId i = joint ? joint->iMarker : motion->iMarker,
                     j = joint ? joint->jMarker : motion->jMarker;
      m_motions.push_back({static_cast<int>(k), derived::markerFrame(model, map, i),
                           derived::markerFrame(model, map, j), static_cast<int>(motion->axis)});
      add(motion->name, {"effort", "power"});
    }
  add("model", {"kinetic_energy", "potential_energy", "total_energy"});
}

std::vector<double> DerivedOutputs::evaluate(const solver::ResultFrame& frame) const
{
  std::vector<double> out;
  out.reserve(m_columns.size());
  auto push = [&out](const Vec3& v) { out.insert(out.end(), {v.x(), v.y(), v.z()}); };
  for (const PartColumns& part : m_parts) {
    const Mat3 r = derived::motionOf(frame, part.frame).rotation;
    push(derived::euler313(r));
    push(derived::bryant(r));
    out.push_back(derived::kineticEnergy(frame, part.mass));
    out.push_back(derived::potentialEnergy(frame, part.mass, m_gravity));
  }
  for (const derived::BodyFrame& marker : m_markers) {
    const derived::FrameMotion m = derived::motionOf(frame, marker);
    push(m.position);
    push(m.velocity);
    push(m.acceleration);
  }
  for (const PairColumns& joint : m_joints) {
    const derived::RelativeMotion rel =
        derived::relativeMotion(derived::motionOf(frame, joint.i), derived::motionOf(frame, joint.j));
    push(rel.displacement);
    push(rel.velocity);
    out.push_back(rel.angleZ);
    push(rel.angularVelocity);
  }
  for (const PairColumns& motion : m_motions) {
    const solver::Reaction reaction = motion.index < static_cast<int>(frame.motions.size())
                                          ? frame.motions[motion.index]
                                          : solver::Reaction{};
    const derived::FrameMotion i = derived::motionOf(frame, motion.i), j = derived::motionOf(frame, motion.j);
    out.push_back(derived::drivingEffort(reaction, j, motion.axis));
    out.push_back(derived::drivingPower(reaction, i, j));
  }
  double kinetic = 0.0, potential = 0.0;
  for (const derived::BodyMass& m : m_masses) {
    kinetic += derived::kineticEnergy(frame, m);
    potential += derived::potentialEnergy(frame, m, m_gravity);
  }
  out.insert(out.end(), {kinetic, potential, kinetic + potential});
  return out;
}

}  // namespace mbs::core
