#include "mbs/core/Geometry.hpp"

#include <numbers>

namespace mbs::core {

std::optional<MassProperties> massProperties(const Geometry& g)
{
  if (!(g.density > 0.0)) {
    return std::nullopt;
  }
  MassProperties mp;
  Mat3 local = Mat3::Zero();  // about the shape centre, shape axes
  Mat3 rotation = euler313ToMatrix(g.orientation);
  mp.centre = g.position;
  constexpr double pi = std::numbers::pi;
  switch (g.kind) {
    case GeometryKind::Box: {
      const Vec3& s = g.size;
      mp.mass = g.density * s.x() * s.y() * s.z();
      local.diagonal() << s.y() * s.y() + s.z() * s.z(), s.x() * s.x() + s.z() * s.z(),
          s.x() * s.x() + s.y() * s.y();
      local *= mp.mass / 12.0;
      break;
    }
    case GeometryKind::Cylinder:
    case GeometryKind::Link: {
      double length = g.length;
      if (g.kind == GeometryKind::Link) {
        // A bar of circular section between the two points.
        const Vec3 axis = g.point2 - g.point1;
        length = axis.norm();
        if (!(length > 0.0)) {
          return std::nullopt;
        }
        mp.centre = 0.5 * (g.point1 + g.point2);
        rotation = *frameFromAxes(axis, std::nullopt);
      }
      const double r2 = g.radius * g.radius;
      mp.mass = g.density * pi * r2 * length;
      const double transverse = mp.mass * (3.0 * r2 + length * length) / 12.0;
      local.diagonal() << transverse, transverse, 0.5 * mp.mass * r2;
      break;
    }
    case GeometryKind::Sphere: {
      const double r = g.radius;
      mp.mass = g.density * 4.0 / 3.0 * pi * r * r * r;
      local.diagonal().setConstant(0.4 * mp.mass * r * r);
      break;
    }
    case GeometryKind::MeshFile:
      return std::nullopt;
  }
  mp.inertia = rotation * local * rotation.transpose();
  return mp;
}

std::optional<MassProperties> combine(const std::optional<MassProperties>& a, const MassProperties& b)
{
  if (!a) {
    return b;
  }
  MassProperties out;
  out.mass = a->mass + b.mass;
  out.centre = (a->mass * a->centre + b.mass * b.centre) / out.mass;
  auto shift = [&](const MassProperties& p) -> Mat3 {
    const Vec3 d = p.centre - out.centre;
    return p.inertia + p.mass * (d.squaredNorm() * Mat3::Identity() - d * d.transpose());
  };
  out.inertia = shift(*a) + shift(b);
  return out;
}

}  // namespace mbs::core
