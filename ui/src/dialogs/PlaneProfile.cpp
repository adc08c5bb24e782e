#include "PlaneProfile.hpp"

#include <QObject>
#include <cmath>

#include "mbs/core/Rotation.hpp"

namespace mbs::ui {

using core::Mat3;
using core::Vec3;

namespace {

constexpr double kParallel = 1e-6;  // |cos| tolerance of "normal to" / "in" the plane

QString planeName(ProfilePlane plane)
{
  switch (plane) {
    case ProfilePlane::XY:
      return "XY";
    case ProfilePlane::YZ:
      return "YZ";
    case ProfilePlane::ZX:
      return "ZX";
  }
  return {};
}

Vec3 planeNormal(ProfilePlane plane)
{
  return Vec3::Unit(plane == ProfilePlane::XY ? 2 : (plane == ProfilePlane::YZ ? 0 : 1));
}

}  // namespace

bool planeProfileOf(const core::Part& part, ProfilePlane plane, PlaneProfile& out, QString& error)
{
  const QString name = QString::fromStdString(part.name);
  if (part.geometry.empty()) {
    error = QObject::tr("part '%1' has no geometry to take a plane profile from").arg(name);
    return false;
  }
  const core::Geometry& g = part.geometry.front();
  const Vec3 n = planeNormal(plane);
  const Mat3 R = core::euler313ToMatrix(g.orientation);
  switch (g.kind) {
    case core::GeometryKind::Box: {
      for (int k = 0; k < 3; ++k) {
        if (std::abs(std::abs(R.col(k).dot(n)) - 1.0) > kParallel)
          continue;
        // Profile axes: the box's other two edges, right-handed with the edge k as normal.
        const int a = (k + 1) % 3, b = (k + 2) % 3;
        out.rotation.col(0) = R.col(a);
        out.rotation.col(1) = R.col(b);
        out.rotation.col(2) = R.col(k);
        out.position = g.position;
        out.thickness = g.size[k];
        out.inPlaneSize = std::min(g.size[a], g.size[b]);
        out.solid = mesh::Solid::box(part.name, g.size[a], g.size[b], g.size[k]);
        return true;
      }
      error = QObject::tr(
                  "part '%1': no edge of its box is normal to the %2 plane, so the box is not "
                  "an extrusion of a profile in that plane")
                  .arg(name, planeName(plane));
      return false;
    }
    case core::GeometryKind::Cylinder:
      if (std::abs(std::abs(R.col(2).dot(n)) - 1.0) > kParallel) {
        error = QObject::tr(
                    "part '%1': its cylinder's axis is not normal to the %2 plane (a cylinder is "
                    "an extruded disc only along its axis)")
                    .arg(name, planeName(plane));
        return false;
      }
      out.rotation = R;
      out.position = g.position;
      out.thickness = g.length;
      out.inPlaneSize = 2.0 * g.radius;
      out.solid = mesh::Solid::cylinder(part.name, g.radius, g.length);
      return true;
    case core::GeometryKind::Link: {
      const Vec3 axis = g.point2 - g.point1;
      const double length = axis.norm();
      if (!(length > 0.0) || std::abs(axis.dot(n)) > kParallel * length) {
        error = QObject::tr("part '%1': its link does not lie in the %2 plane").arg(name, planeName(plane));
        return false;
      }
      // Normal = the plane's normal, in-plane x along the link.
      out.rotation.col(0) = axis / length;
      out.rotation.col(2) = n;
      out.rotation.col(1) = n.cross(out.rotation.col(0));
      out.position = g.point1;
      out.thickness = 2.0 * g.radius;
      out.inPlaneSize = 2.0 * g.radius;
      out.solid = mesh::Solid::link(part.name, length, 2.0 * g.radius, 2.0 * g.radius, 0.0);
      return true;
    }
    case core::GeometryKind::Sphere:
      error = QObject::tr(
                  "part '%1': a sphere is not an extrusion of a plane profile; make it a solid "
                  "body")
                  .arg(name);
      return false;
    case core::GeometryKind::MeshFile:
      error = QObject::tr("part '%1': an imported mesh has no plane profile to mesh; make it a solid body")
                  .arg(name);
      return false;
  }
  error = QObject::tr("part '%1' has no geometry to take a plane profile from").arg(name);
  return false;
}

}  // namespace mbs::ui
