#include "mbs/mesh/CadSurface.hpp"

#include <gmsh.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <stdexcept>
#include <vector>

#include "mbs/mesh/GmshSession.hpp"
#include "mbs/solver/Types.hpp"

namespace mbs::mesh {
namespace {

using solver::Status;
using solver::StatusCode;
using solver::Vec3;

Status failure(const std::string& path, const std::string& why)
{
  return Status::failure(StatusCode::BadInput, "'" + path + "': " + why);
}

struct Surface {
  std::vector<Vec3> nodes;  // metres
  std::vector<std::array<std::size_t, 3>> triangles;
};

// The boundary triangles Gmsh made, with their node coordinates scaled to metres.
Surface readSurface(double metresPerUnit)
{
  Surface s;
  std::vector<std::size_t> tags;
  std::vector<double> coordinates, parametric;
  gmsh::model::mesh::getNodes(tags, coordinates, parametric, -1, -1, false, false);
  std::map<std::size_t, std::size_t> index;
  for (std::size_t k = 0; k < tags.size(); ++k) {
    index[tags[k]] = s.nodes.size();
    s.nodes.emplace_back(coordinates[3 * k] * metresPerUnit, coordinates[3 * k + 1] * metresPerUnit,
                         coordinates[3 * k + 2] * metresPerUnit);
  }
  std::vector<std::size_t> elements, nodes;
  gmsh::model::mesh::getElementsByType(2, elements, nodes);  // 3-node triangles
  for (std::size_t k = 0; k + 2 < nodes.size(); k += 3)
    s.triangles.push_back({index.at(nodes[k]), index.at(nodes[k + 1]), index.at(nodes[k + 2])});
  return s;
}

// Turns the triangles to face out. Gmsh orients each OpenCASCADE face by its own parametrization, so
// neighbours may disagree: a flood fill over shared edges makes each connected surface consistent,
// and the sign of the volume it encloses turns it outward.
void orientOutward(Surface& s)
{
  const std::size_t n = s.triangles.size();
  std::map<std::pair<std::size_t, std::size_t>, std::vector<std::size_t>> edgeTriangles;
  for (std::size_t t = 0; t < n; ++t)
    for (int e = 0; e < 3; ++e) {
      const std::size_t a = s.triangles[t][e], b = s.triangles[t][(e + 1) % 3];
      edgeTriangles[{std::min(a, b), std::max(a, b)}].push_back(t);
    }
  // A neighbour agrees when it runs the shared edge the other way.
  const auto runs = [&](std::size_t t, std::size_t a, std::size_t b) {
    for (int e = 0; e < 3; ++e)
      if (s.triangles[t][e] == a && s.triangles[t][(e + 1) % 3] == b)
        return true;
    return false;
  };
  std::vector<char> seen(n, 0);
  for (std::size_t start = 0; start < n; ++start) {
    if (seen[start])
      continue;
    std::vector<std::size_t> component{start}, stack{start};
    seen[start] = 1;
    while (!stack.empty()) {
      const std::size_t t = stack.back();
      stack.pop_back();
      for (int e = 0; e < 3; ++e) {
        const std::size_t a = s.triangles[t][e], b = s.triangles[t][(e + 1) % 3];
        for (std::size_t u : edgeTriangles[{std::min(a, b), std::max(a, b)}]) {
          if (u == t || seen[u])
            continue;
          if (runs(u, a, b))  // the same direction: turn u
            std::swap(s.triangles[u][1], s.triangles[u][2]);
          seen[u] = 1;
          component.push_back(u);
          stack.push_back(u);
        }
      }
    }
    double volume = 0.0;
    for (std::size_t t : component) {
      const auto& f = s.triangles[t];
      volume += s.nodes[f[0]].dot(s.nodes[f[1]].cross(s.nodes[f[2]]));
    }
    if (volume < 0.0)
      for (std::size_t t : component)
        std::swap(s.triangles[t][1], s.triangles[t][2]);
  }
}

void writeStl(const Surface& s, const std::string& path, const std::string& name)
{
  std::ofstream out(path);
  if (!out)
    throw std::runtime_error("cannot write '" + path + "'");
  out.precision(12);
  out << "solid " << name << "\n";
  for (const auto& f : s.triangles) {
    const Vec3 &a = s.nodes[f[0]], &b = s.nodes[f[1]], &c = s.nodes[f[2]];
    Vec3 n = (b - a).cross(c - a);
    if (n.norm() > 0.0)
      n.normalize();
    out << "  facet normal " << n.x() << ' ' << n.y() << ' ' << n.z() << "\n    outer loop\n";
    for (const Vec3* p : {&a, &b, &c})
      out << "      vertex " << p->x() << ' ' << p->y() << ' ' << p->z() << "\n";
    out << "    endloop\n  endfacet\n";
  }
  out << "endsolid " << name << "\n";
  if (!out)
    throw std::runtime_error("cannot write '" + path + "'");
}

}  // namespace

Status writeCadSurfaceStl(const std::string& cadPath, const std::string& stlPath,
                          const CadSurfaceOptions& options)
{
  if (!(options.metresPerUnit > 0.0) || !std::isfinite(options.metresPerUnit))
    return failure(cadPath, "the length unit must be a positive number of metres");
  if (!std::filesystem::is_regular_file(cadPath))
    return failure(cadPath, "the file does not exist");
  GmshSession session("cad_surface");
  try {
    std::vector<std::pair<int, int>> imported;
    gmsh::model::occ::importShapes(cadPath, imported, true);
    gmsh::model::occ::synchronize();
    std::vector<std::pair<int, int>> volumes;
    gmsh::model::getEntities(volumes, 3);
    if (volumes.empty())
      return failure(cadPath, "the file holds no closed solid (a contact needs a volume, not a sheet)");
    double x0, y0, z0, x1, y1, z1;
    gmsh::model::getBoundingBox(-1, -1, x0, y0, z0, x1, y1, z1);
    const double diagonal = std::hypot(x1 - x0, y1 - y0, z1 - z0);
    const double h = options.maxEdge > 0.0 ? options.maxEdge / options.metresPerUnit : diagonal / 30.0;
    gmsh::option::setNumber("Mesh.MeshSizeMax", h);
    gmsh::option::setNumber("Mesh.MeshSizeFromCurvature", 24);  // elements per 2 pi on curved edges
    gmsh::model::mesh::generate(2);
    Surface surface = readSurface(options.metresPerUnit);
    if (surface.triangles.size() < 4)
      return failure(cadPath, "Gmsh made no surface triangles of it");
    orientOutward(surface);
    writeStl(surface, stlPath, std::filesystem::path(cadPath).stem().string());
  } catch (const std::string& e) {
    return failure(cadPath, "Gmsh failed: " + e);
  } catch (const std::exception& e) {
    const std::string gmshError = session.lastError();
    return failure(cadPath, std::string(e.what()) + (gmshError.empty() ? "" : " (Gmsh: " + gmshError + ")"));
  } catch (...) {
    return failure(cadPath, "Gmsh failed: " + session.lastError());
  }
  return Status::success();
}

}  // namespace mbs::mesh
