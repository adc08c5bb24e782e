#include "GmshGeometry.hpp"

#include <gmsh.h>

#include <cmath>
#include <stdexcept>

namespace mbs::mesh::detail {

namespace {

constexpr double kTol = 1e-7;

// Entities of dimension `dim` lying inside the box (min, max) enlarged by a relative tolerance.
DimTags entitiesIn(int dim, double x0, double y0, double z0, double x1, double y1, double z1)
{
  const double eps = kTol * (1.0 + std::abs(x1 - x0) + std::abs(y1 - y0) + std::abs(z1 - z0));
  DimTags out;
  gmsh::model::getEntitiesInBoundingBox(x0 - eps, y0 - eps, z0 - eps, x1 + eps, y1 + eps, z1 + eps, out, dim);
  return out;
}

// Profile of a link (slot with rounded ends, optional holes) as an OCC surface at z = z0.
int linkProfile(const Solid& s, double z0)
{
  const double r = 0.5 * s.width;
  const int rect = gmsh::model::occ::addRectangle(0.0, -r, z0, s.length, s.width);
  const int d1 = gmsh::model::occ::addDisk(0.0, 0.0, z0, r, r);
  const int d2 = gmsh::model::occ::addDisk(s.length, 0.0, z0, r, r);
  DimTags fused, ignored;
  std::vector<DimTags> map;
  gmsh::model::occ::fuse({{2, rect}}, {{2, d1}, {2, d2}}, fused, map);
  if (s.holeDiameter > 0.0) {
    const double rh = 0.5 * s.holeDiameter;
    const int h1 = gmsh::model::occ::addDisk(0.0, 0.0, z0, rh, rh);
    const int h2 = gmsh::model::occ::addDisk(s.length, 0.0, z0, rh, rh);
    DimTags cut;
    gmsh::model::occ::cut(fused, {{2, h1}, {2, h2}}, cut, map);
    fused = cut;
  }
  if (fused.size() != 1)
    throw std::runtime_error("link profile did not give a single surface");
  return fused.front().second;
}

}  // namespace

EntityGroups buildSolid(const Solid& s)
{
  EntityGroups groups;
  switch (s.kind) {
    case SolidKind::Box: {
      const double hx = 0.5 * s.sizeX, hy = 0.5 * s.sizeY, hz = 0.5 * s.sizeZ;
      gmsh::model::occ::addBox(-hx, -hy, -hz, s.sizeX, s.sizeY, s.sizeZ);
      gmsh::model::occ::synchronize();
      groups["xmin"] = entitiesIn(2, -hx, -hy, -hz, -hx, hy, hz);
      groups["xmax"] = entitiesIn(2, hx, -hy, -hz, hx, hy, hz);
      break;
    }
    case SolidKind::Cylinder: {
      const double h = 0.5 * s.length, r = s.radius;
      gmsh::model::occ::addCylinder(0.0, 0.0, -h, 0.0, 0.0, s.length, r);
      gmsh::model::occ::synchronize();
      groups["bottom"] = entitiesIn(2, -r, -r, -h, r, r, -h);
      groups["top"] = entitiesIn(2, -r, -r, h, r, r, h);
      break;
    }
    case SolidKind::Sphere:
      gmsh::model::occ::addSphere(0.0, 0.0, 0.0, s.radius);
      gmsh::model::occ::synchronize();
      break;
    case SolidKind::Bar: {
      const double hy = 0.5 * s.width, hz = 0.5 * s.thickness;
      gmsh::model::occ::addBox(0.0, -hy, -hz, s.length, s.width, s.thickness);
      gmsh::model::occ::synchronize();
      groups["end_x0"] = entitiesIn(2, 0.0, -hy, -hz, 0.0, hy, hz);
      groups["end_x1"] = entitiesIn(2, s.length, -hy, -hz, s.length, hy, hz);
      break;
    }
    case SolidKind::Link: {
      const double hz = 0.5 * s.thickness;
      const int surface = linkProfile(s, -hz);
      DimTags extruded;
      gmsh::model::occ::extrude({{2, surface}}, 0.0, 0.0, s.thickness, extruded);
      gmsh::model::occ::synchronize();
      if (s.holeDiameter > 0.0) {
        const double rh = 0.5 * s.holeDiameter;
        groups["hole_1"] = entitiesIn(2, -rh, -rh, -hz, rh, rh, hz);
        groups["hole_2"] = entitiesIn(2, s.length - rh, -rh, -hz, s.length + rh, rh, hz);
      }
      break;
    }
    case SolidKind::StepFile: {
      DimTags imported;
      gmsh::model::occ::importShapes(s.path, imported, true);
      gmsh::model::occ::synchronize();
      DimTags volumes;
      gmsh::model::getEntities(volumes, 3);
      if (volumes.empty())
        throw std::runtime_error("the file contains no solid volume");
      break;
    }
    case SolidKind::StlFile: {
      gmsh::merge(s.path);
      DimTags surfaces;
      gmsh::model::getEntities(surfaces, 2);
      if (surfaces.empty())
        throw std::runtime_error("the file contains no surface triangles");
      gmsh::model::mesh::removeDuplicateNodes();
      std::vector<int> tags;
      for (const auto& [dim, tag] : surfaces)
        tags.push_back(tag);
      // The STL triangles are kept as the boundary mesh; only the volume is meshed.
      const int loop = gmsh::model::geo::addSurfaceLoop(tags);
      gmsh::model::geo::addVolume({loop});
      gmsh::model::geo::synchronize();
      break;
    }
  }
  return groups;
}

EntityGroups buildProfile(const Solid& s)
{
  EntityGroups groups;
  switch (s.kind) {
    case SolidKind::Box:
      gmsh::model::occ::addRectangle(-0.5 * s.sizeX, -0.5 * s.sizeY, 0.0, s.sizeX, s.sizeY);
      gmsh::model::occ::synchronize();
      groups["xmin"] = entitiesIn(1, -0.5 * s.sizeX, -0.5 * s.sizeY, 0, -0.5 * s.sizeX, 0.5 * s.sizeY, 0);
      groups["xmax"] = entitiesIn(1, 0.5 * s.sizeX, -0.5 * s.sizeY, 0, 0.5 * s.sizeX, 0.5 * s.sizeY, 0);
      break;
    case SolidKind::Bar:
      gmsh::model::occ::addRectangle(0.0, -0.5 * s.width, 0.0, s.length, s.width);
      gmsh::model::occ::synchronize();
      groups["end_x0"] = entitiesIn(1, 0.0, -0.5 * s.width, 0, 0.0, 0.5 * s.width, 0);
      groups["end_x1"] = entitiesIn(1, s.length, -0.5 * s.width, 0, s.length, 0.5 * s.width, 0);
      break;
    case SolidKind::Cylinder:
    case SolidKind::Sphere:
      gmsh::model::occ::addDisk(0.0, 0.0, 0.0, s.radius, s.radius);
      gmsh::model::occ::synchronize();
      break;
    case SolidKind::Link: {
      linkProfile(s, 0.0);
      gmsh::model::occ::synchronize();
      if (s.holeDiameter > 0.0) {
        const double rh = 0.5 * s.holeDiameter;
        groups["hole_1"] = entitiesIn(1, -rh, -rh, 0.0, rh, rh, 0.0);
        groups["hole_2"] = entitiesIn(1, s.length - rh, -rh, 0.0, s.length + rh, rh, 0.0);
      }
      break;
    }
    case SolidKind::StepFile:
    case SolidKind::StlFile:
      throw std::runtime_error("imported solids have no planar profile; mesh them in 3-D");
  }
  return groups;
}

double modelDiagonal()
{
  double x0, y0, z0, x1, y1, z1;
  gmsh::model::getBoundingBox(-1, -1, x0, y0, z0, x1, y1, z1);
  return std::sqrt((x1 - x0) * (x1 - x0) + (y1 - y0) * (y1 - y0) + (z1 - z0) * (z1 - z0));
}

}  // namespace mbs::mesh::detail
