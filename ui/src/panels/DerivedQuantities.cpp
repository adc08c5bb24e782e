#include "DerivedQuantities.hpp"

#include <algorithm>
#include <cmath>

namespace mbs::ui::derived {
namespace {

// The CM marker's pose in its part frame (identity without a CM marker).
void cmInPart(const core::Model& model, const core::Part& part, core::Vec3& position, core::Mat3& rotation)
{
  position = core::Vec3::Zero();
  rotation = core::Mat3::Identity();
  if (const core::Marker* cm = model.marker(part.cmMarker)) {
    position = cm->position;
    rotation = cm->localOrientation().value_or(core::Mat3::Identity());
  }
}

}  // namespace

BodyFrame markerFrame(const core::Model& model, const core::IndexMap& map, core::MarkerId id)
{
  BodyFrame frame;
  const core::Marker* marker = model.marker(id);
  if (!marker)
    return frame;
  const core::Mat3 local = marker->localOrientation().value_or(core::Mat3::Identity());
  const core::Part* part = model.part(marker->part);
  const int body = map.body(marker->part);
  if (!part || body < 0) {  // on ground: the part frame is the ground frame
    frame.origin = part ? core::Vec3(part->position + model.partRotation(part->id) * marker->position)
                        : marker->position;
    frame.rotation = part ? core::Mat3(model.partRotation(part->id) * local) : local;
    return frame;
  }
  core::Vec3 cmPosition;
  core::Mat3 cmRotation;
  cmInPart(model, *part, cmPosition, cmRotation);
  frame.body = body;
  frame.origin = cmRotation.transpose() * (marker->position - cmPosition);
  frame.rotation = cmRotation.transpose() * local;
  return frame;
}

BodyFrame partFrame(const core::Model& model, const core::IndexMap& map, core::PartId id)
{
  BodyFrame frame;
  const core::Part* part = model.part(id);
  const int body = map.body(id);
  if (!part || body < 0)
    return frame;
  core::Vec3 cmPosition;
  core::Mat3 cmRotation;
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
  const core::Mat3 r = b.orientation.normalized().toRotationMatrix();
  const core::Vec3 arm = r * at.origin;  // CM to the point, ground axes
  const core::Vec3& w = b.angularVelocity;
  const core::Vec3& a = b.angularAcceleration;
  m.position = b.position + arm;
  m.velocity = b.velocity + w.cross(arm);
  m.acceleration = b.acceleration + a.cross(arm) + w.cross(w.cross(arm));
  m.rotation = r * at.rotation;
  m.angularVelocity = w;
  m.angularAcceleration = a;
  return m;
}

core::Vec3 euler313(const core::Mat3& r)
{
  const double theta = std::acos(std::clamp(r(2, 2), -1.0, 1.0));
  if (std::abs(std::sin(theta)) < 1e-12)  // ψ and φ turn about the same axis: all of it in ψ
    return {std::atan2(r(1, 0), r(0, 0)), theta, 0.0};
  return {std::atan2(r(0, 2), -r(1, 2)), theta, std::atan2(r(2, 0), r(2, 1))};
}

core::Vec3 bryant(const core::Mat3& r)
{
  const double beta = std::asin(std::clamp(r(0, 2), -1.0, 1.0));
  if (std::abs(std::cos(beta)) < 1e-12)  // gimbal lock: α and γ about the same axis
    return {std::atan2(r(2, 1), r(1, 1)), beta, 0.0};
  return {std::atan2(-r(1, 2), r(2, 2)), beta, std::atan2(-r(0, 1), r(0, 0))};
}

RelativeMotion relativeMotion(const FrameMotion& i, const FrameMotion& j)
{
  RelativeMotion rel;
  const core::Mat3 jt = j.rotation.transpose();
  const core::Vec3 d = i.position - j.position;
  rel.displacement = jt * d;
  // Rate of the displacement as seen in J's (moving) axes.
  rel.velocity = jt * (i.velocity - j.velocity - j.angularVelocity.cross(d));
  const core::Vec3 ix = jt * i.rotation.col(0);
  rel.angleZ = std::atan2(ix.y(), ix.x());
  rel.angularVelocity = jt * (i.angularVelocity - j.angularVelocity);
  return rel;
}

std::vector<BodyMass> bodyMasses(const core::Model& model, const core::IndexMap& map)
{
  std::vector<BodyMass> masses;
  for (const core::Part& part : model.parts()) {
    const int body = map.body(part.id);
    if (part.ground || body < 0)
      continue;
    masses.push_back({body, part.mass, part.inertia.matrix()});
  }
  return masses;
}

double kineticEnergy(const solver::ResultFrame& frame, const BodyMass& m)
{
  if (m.body < 0 || m.body >= static_cast<int>(frame.bodies.size()))
    return 0.0;
  const solver::BodyOutput& b = frame.bodies[m.body];
  const core::Vec3 w = b.orientation.normalized().toRotationMatrix().transpose() * b.angularVelocity;
  return 0.5 * m.mass * b.velocity.squaredNorm() + 0.5 * w.dot(m.inertia * w);
}

double potentialEnergy(const solver::ResultFrame& frame, const BodyMass& m, const core::Vec3& gravity)
{
  if (m.body < 0 || m.body >= static_cast<int>(frame.bodies.size()))
    return 0.0;
  return -m.mass * gravity.dot(frame.bodies[m.body].position);
}

}  // namespace mbs::ui::derived
