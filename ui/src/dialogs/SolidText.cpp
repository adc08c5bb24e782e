#include "SolidText.hpp"

#include <QCoreApplication>
#include <QFileInfo>

namespace mbs::ui {
namespace {

QString tr(const char* text)
{
  return QCoreApplication::translate("SolidText", text);
}

QString length(double metres)
{
  return QString::number(metres, 'g', 4);
}

}  // namespace

QString solidText(const core::Geometry& g, int k)
{
  const QString n = QString::number(k + 1);
  switch (g.kind) {
    case core::GeometryKind::Box:
      return tr("box %1 (%2 × %3 × %4 m)").arg(n, length(g.size.x()), length(g.size.y()), length(g.size.z()));
    case core::GeometryKind::Cylinder:
      return tr("cylinder %1 (r %2 m, length %3 m)").arg(n, length(g.radius), length(g.length));
    case core::GeometryKind::Sphere:
      return tr("sphere %1 (r %2 m)").arg(n, length(g.radius));
    case core::GeometryKind::Link:
      return tr("link %1 (r %2 m)").arg(n, length(g.radius));
    case core::GeometryKind::MeshFile:
      return tr("mesh %1 (%2)").arg(n, QFileInfo(QString::fromStdString(g.path)).fileName());
  }
  return n;
}

std::optional<core::ContactSolid> contactSolidOf(const core::Part& part, int k, QString& why)
{
  const core::Geometry& g = part.geometry.at(k);
  core::ContactSolid s;
  s.position = g.position;
  s.orientation = g.orientation;
  switch (g.kind) {
    case core::GeometryKind::Box:
      s.kind = core::ContactSolidKind::Box;
      s.size = g.size;
      break;
    case core::GeometryKind::Cylinder:
      s.kind = core::ContactSolidKind::Cylinder;
      s.radius = g.radius;
      s.length = g.length;
      break;
    case core::GeometryKind::Sphere:
      s.kind = core::ContactSolidKind::Sphere;
      s.radius = g.radius;
      break;
    case core::GeometryKind::Link:
      why =
          tr("a link is a bar drawn between two points, not a closed solid; give the part a box, cylinder "
             "or sphere to touch with");
      return std::nullopt;
    case core::GeometryKind::MeshFile: {
      const QString suffix = QFileInfo(QString::fromStdString(g.path)).suffix().toLower();
      if (suffix != "stl" && suffix != "obj") {
        why = tr("only STL and OBJ surfaces can touch; '%1' is not one").arg(QString::fromStdString(g.path));
        return std::nullopt;
      }
      s.kind = core::ContactSolidKind::MeshFile;
      s.path = g.path;
      s.scale = 1.0;  // the view draws the file's numbers as metres too
      break;
    }
  }
  s.name = part.name + "." + core::toString(g.kind) + std::to_string(k + 1);
  return s;
}

}  // namespace mbs::ui
