#include "PartSolid.hpp"

#include <QObject>

#include "mbs/core/Rotation.hpp"

namespace mbs::ui {

using core::Mat3;
using core::Vec3;

bool partSolidOf(const core::Part& part, mesh::Solid& solid, Mat3& rotation, Vec3& position, QString& error)
{
  for (const core::Geometry& g : part.geometry) {
    rotation = core::euler313ToMatrix(g.orientation);
    position = g.position;
    switch (g.kind) {
      case core::GeometryKind::Box:
        solid = mesh::Solid::box(part.name, g.size.x(), g.size.y(), g.size.z());
        return true;
      case core::GeometryKind::Cylinder:
        solid = mesh::Solid::cylinder(part.name, g.radius, g.length);
        return true;
      case core::GeometryKind::Sphere:
        solid = mesh::Solid::sphere(part.name, g.radius);
        return true;
      case core::GeometryKind::Link: {
        const Vec3 axis = g.point2 - g.point1;
        const auto frame = core::frameFromAxes(axis, std::nullopt);
        if (!frame)
          continue;
        rotation = *frame;
        position = 0.5 * (g.point1 + g.point2);
        solid = mesh::Solid::cylinder(part.name, g.radius, axis.norm());
        return true;
      }
      case core::GeometryKind::MeshFile: {
        const QString path = QString::fromStdString(g.path);
        if (path.endsWith(".stl", Qt::CaseInsensitive))
          solid = mesh::Solid::stlFile(part.name, g.path);
        else
          solid = mesh::Solid::stepFile(part.name, g.path);
        return true;
      }
    }
  }
  error = QObject::tr("part '%1' has no solid geometry to mesh").arg(QString::fromStdString(part.name));
  return false;
}

double partCrossSection(const core::Part& part)
{
  for (const core::Geometry& g : part.geometry) {
    switch (g.kind) {
      case core::GeometryKind::Box:
        return g.size.minCoeff();
      case core::GeometryKind::Cylinder:
      case core::GeometryKind::Link:
      case core::GeometryKind::Sphere:
        return 2.0 * g.radius;
      default:
        break;
    }
  }
  return 0.02;
}

}  // namespace mbs::ui
