#include "mbs/mesh/MeshGenerator.hpp"

#include <gmsh.h>

#include <cmath>
#include <stdexcept>

#include "GmshGeometry.hpp"
#include "GmshMeshReader.hpp"
#include "mbs/mesh/GmshSession.hpp"

namespace mbs::mesh {

using solver::Status;
using solver::StatusCode;

namespace {

Status failure(const Solid& solid, const std::string& why)
{
  return Status::failure(StatusCode::BadInput,
                         "solid '" + solid.name + "' (" + toString(solid.kind) + "): " + why, solid.name);
}

Status checkOptions(const Solid& solid, const MeshOptions& o)
{
  if (o.order != 1 && o.order != 2)
    return failure(solid, "element order must be 1 or 2, not " + std::to_string(o.order));
  if (!std::isfinite(o.elementSize) || o.elementSize < 0.0 || !std::isfinite(o.minElementSize) ||
      o.minElementSize < 0.0)
    return failure(solid, "element sizes must be finite and non-negative");
  if (o.elementSize > 0.0 && o.minElementSize > o.elementSize)
    return failure(solid, "minimum element size exceeds the element size");
  return Status::success();
}

// Sets the size options (in model units) and refuses sizes that would give an enormous mesh.
void applySize(const MeshOptions& o, double scale, int dim)
{
  double x0, y0, z0, x1, y1, z1;
  gmsh::model::getBoundingBox(-1, -1, x0, y0, z0, x1, y1, z1);
  const double diagonal = detail::modelDiagonal();
  const double h = o.elementSize > 0.0 ? o.elementSize / scale : 0.1 * diagonal;
  const double extent = dim == 3 ? (x1 - x0) * (y1 - y0) * (z1 - z0) : (x1 - x0) * (y1 - y0);
  const double estimate = (dim == 3 ? 6.0 : 2.0) * extent / std::pow(h, dim);
  if (estimate > o.maxElements)
    throw std::runtime_error("element size " + std::to_string(h * scale) + " would give about " +
                             std::to_string(static_cast<long long>(estimate)) + " elements (limit " +
                             std::to_string(static_cast<long long>(o.maxElements)) + ")");
  gmsh::option::setNumber("Mesh.MeshSizeMax", h);
  gmsh::option::setNumber("Mesh.MeshSizeMin", o.minElementSize / scale);
  gmsh::option::setNumber("Mesh.MeshSizeFromCurvature", 12);  // elements per 2 pi on curved edges
  gmsh::option::setNumber("Mesh.SecondOrderLinear", 0);       // edge nodes on the true geometry
}

// Runs `work` and turns Gmsh's exceptions (std::string) and ours into a status.
template <typename Work>
Status guarded(const Solid& solid, GmshSession& session, Work&& work)
{
  try {
    work();
  } catch (const std::string& e) {
    return failure(solid, "Gmsh failed: " + e);
  } catch (const std::exception& e) {
    const std::string gmshError = session.lastError();
    return failure(solid, std::string(e.what()) + (gmshError.empty() ? "" : " (Gmsh: " + gmshError + ")"));
  } catch (...) {
    return failure(solid, "Gmsh failed: " + session.lastError());
  }
  return Status::success();
}

Status finish(const Solid& solid, FeMesh& out)
{
  out.quality = computeQuality(out);
  if (out.quality.minScaledJacobian <= 0.0)
    return failure(solid, "the mesh has inverted elements (min scaled Jacobian " +
                              std::to_string(out.quality.minScaledJacobian) +
                              "); use a smaller element size or order 1");
  return Status::success();
}

}  // namespace

Status MeshGenerator::mesh3d(const Solid& solid, FeMesh& out) const
{
  if (Status s = solid.validate(); !s.ok())
    return s;
  if (Status s = checkOptions(solid, m_options); !s.ok())
    return s;
  GmshSession session("solid_" + solid.name);
  const bool imported = solid.kind == SolidKind::StepFile || solid.kind == SolidKind::StlFile;
  const double scale = imported ? solid.importScale : 1.0;
  FeMesh mesh;
  Status s = guarded(solid, session, [&] {
    const detail::EntityGroups groups = detail::buildSolid(solid);
    applySize(m_options, scale, 3);
    gmsh::option::setNumber("Mesh.Optimize", m_options.optimize ? 1 : 0);
    gmsh::model::mesh::generate(3);
    if (m_options.order == 2)
      gmsh::model::mesh::setOrder(2);
    mesh = detail::readGmshMesh(3, groups, scale);
  });
  if (!s.ok())
    return s;
  out = std::move(mesh);
  return finish(solid, out);
}

Status MeshGenerator::meshPlanar(const Solid& solid, FeMesh& out) const
{
  if (Status s = solid.validate(); !s.ok())
    return s;
  if (Status s = checkOptions(solid, m_options); !s.ok())
    return s;
  GmshSession session("profile_" + solid.name);
  FeMesh mesh;
  Status s = guarded(solid, session, [&] {
    const detail::EntityGroups groups = detail::buildProfile(solid);
    applySize(m_options, 1.0, 2);
    if (m_options.quadrilaterals) {
      gmsh::option::setNumber("Mesh.RecombineAll", 1);
      gmsh::option::setNumber("Mesh.Algorithm", 6);              // frontal-Delaunay (8 crashes in Gmsh 4.8)
      gmsh::option::setNumber("Mesh.SecondOrderIncomplete", 1);  // Quad8 rather than Quad9
    }
    gmsh::model::mesh::generate(2);
    if (m_options.order == 2)
      gmsh::model::mesh::setOrder(2);
    mesh = detail::readGmshMesh(2, groups, 1.0);
  });
  if (!s.ok())
    return s;
  out = std::move(mesh);
  return finish(solid, out);
}

}  // namespace mbs::mesh
