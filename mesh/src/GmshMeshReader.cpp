#include "GmshMeshReader.hpp"

#include <gmsh.h>

#include <algorithm>
#include <array>
#include <stdexcept>
#include <unordered_map>

#include <Eigen/Geometry>

namespace mbs::mesh::detail {

namespace {

bool fromGmshType(int gmshType, ElementType& type)
{
  switch (gmshType) {
    case 2:
      type = ElementType::Tri3;
      return true;
    case 3:
      type = ElementType::Quad4;
      return true;
    case 4:
      type = ElementType::Tet4;
      return true;
    case 9:
      type = ElementType::Tri6;
      return true;
    case 10:
      type = ElementType::Quad9;
      return true;
    case 11:
      type = ElementType::Tet10;
      return true;
    case 16:
      type = ElementType::Quad8;
      return true;
    default:
      return false;
  }
}

// Local edge-node index of the Tet10 edge (i, j), Gmsh numbering.
int tet10EdgeNode(int i, int j)
{
  static constexpr std::array<std::array<int, 4>, 4> table{{
      {-1, 4, 6, 7},
      {4, -1, 5, 9},
      {6, 5, -1, 8},
      {7, 9, 8, -1},
  }};
  return table[i][j];
}

double tetVolume6(const Eigen::Matrix3Xd& x, const int* n)
{
  const Eigen::Vector3d a = x.col(n[1]) - x.col(n[0]);
  const Eigen::Vector3d b = x.col(n[2]) - x.col(n[0]);
  const Eigen::Vector3d c = x.col(n[3]) - x.col(n[0]);
  return a.cross(b).dot(c);
}

double triArea2(const Eigen::Matrix3Xd& x, const int* n)
{
  const Eigen::Vector3d a = x.col(n[1]) - x.col(n[0]);
  const Eigen::Vector3d b = x.col(n[2]) - x.col(n[0]);
  return a.x() * b.y() - a.y() * b.x();
}

// Makes every element positively oriented (tets: positive volume; planar: counter-clockwise).
void orient(FeMesh& mesh)
{
  for (auto& block : mesh.blocks) {
    const int nen = nodesPerElement(block.type);
    for (int e = 0; e < block.count(); ++e) {
      int* n = block.connectivity.data() + e * nen;
      switch (block.type) {
        case ElementType::Tet4:
        case ElementType::Tet10:
          if (tetVolume6(mesh.nodes, n) < 0.0) {
            std::swap(n[1], n[2]);
            if (block.type == ElementType::Tet10) {
              std::swap(n[4], n[6]);  // edges 0-1 <-> 0-2
              std::swap(n[8], n[9]);  // edges 3-2 <-> 3-1
            }
          }
          break;
        case ElementType::Tri3:
        case ElementType::Tri6:
          if (triArea2(mesh.nodes, n) < 0.0) {
            std::swap(n[1], n[2]);
            if (block.type == ElementType::Tri6)
              std::swap(n[3], n[5]);
          }
          break;
        case ElementType::Quad4:
        case ElementType::Quad8:
        case ElementType::Quad9:
          if (triArea2(mesh.nodes, n) < 0.0) {
            std::swap(n[1], n[3]);
            if (block.type != ElementType::Quad4) {
              std::swap(n[4], n[7]);  // edges 0-1 <-> 3-0
              std::swap(n[5], n[6]);  // edges 1-2 <-> 2-3
            }
          }
          break;
      }
    }
  }
}

void addSurfaceOfTets(FeMesh& mesh)
{
  // Outward faces of a positively oriented tet (corner indices).
  static constexpr std::array<std::array<int, 3>, 4> faces{{{0, 2, 1}, {0, 1, 3}, {1, 2, 3}, {0, 3, 2}}};
  struct Face {
    std::array<int, 3> key;
    int block, element, face;
  };
  std::vector<Face> all;
  for (int b = 0; b < static_cast<int>(mesh.blocks.size()); ++b) {
    const auto& block = mesh.blocks[b];
    if (dimension(block.type) != 3)
      continue;
    for (int e = 0; e < block.count(); ++e) {
      const int* n = block.element(e);
      for (int f = 0; f < 4; ++f) {
        std::array<int, 3> key{n[faces[f][0]], n[faces[f][1]], n[faces[f][2]]};
        std::sort(key.begin(), key.end());
        all.push_back({key, b, e, f});
      }
    }
  }
  std::sort(all.begin(), all.end(), [](const Face& a, const Face& b) { return a.key < b.key; });
  for (std::size_t i = 0; i < all.size();) {
    std::size_t j = i + 1;
    while (j < all.size() && all[j].key == all[i].key)
      ++j;
    if (j - i == 1) {
      const auto& block = mesh.blocks[all[i].block];
      const int* n = block.element(all[i].element);
      const auto& c = faces[all[i].face];
      if (block.type == ElementType::Tet4) {
        mesh.surfaceTriangles.emplace_back(n[c[0]], n[c[1]], n[c[2]]);
      } else {
        const int m01 = n[tet10EdgeNode(c[0], c[1])];
        const int m12 = n[tet10EdgeNode(c[1], c[2])];
        const int m20 = n[tet10EdgeNode(c[2], c[0])];
        mesh.surfaceTriangles.emplace_back(n[c[0]], m01, m20);
        mesh.surfaceTriangles.emplace_back(m01, n[c[1]], m12);
        mesh.surfaceTriangles.emplace_back(m20, m12, n[c[2]]);
        mesh.surfaceTriangles.emplace_back(m01, m12, m20);
      }
    }
    i = j;
  }
}

void addSurfaceOfPlanar(FeMesh& mesh)
{
  for (const auto& block : mesh.blocks) {
    for (int e = 0; e < block.count(); ++e) {
      const int* n = block.element(e);
      switch (block.type) {
        case ElementType::Tri3:
          mesh.surfaceTriangles.emplace_back(n[0], n[1], n[2]);
          break;
        case ElementType::Tri6:
          mesh.surfaceTriangles.emplace_back(n[0], n[3], n[5]);
          mesh.surfaceTriangles.emplace_back(n[3], n[1], n[4]);
          mesh.surfaceTriangles.emplace_back(n[5], n[4], n[2]);
          mesh.surfaceTriangles.emplace_back(n[3], n[4], n[5]);
          break;
        case ElementType::Quad4:
        case ElementType::Quad8:
        case ElementType::Quad9:
          mesh.surfaceTriangles.emplace_back(n[0], n[1], n[2]);
          mesh.surfaceTriangles.emplace_back(n[0], n[2], n[3]);
          break;
        default:
          break;
      }
    }
  }
}

}  // namespace

FeMesh readGmshMesh(int dim, const EntityGroups& groups, double scale)
{
  std::vector<int> types;
  std::vector<std::vector<std::size_t>> elementTags, elementNodes;
  gmsh::model::mesh::getElements(types, elementTags, elementNodes, dim, -1);

  FeMesh mesh;
  std::unordered_map<std::size_t, int> index;  // Gmsh node tag -> compact index
  std::vector<std::size_t> usedTags;
  for (std::size_t t = 0; t < types.size(); ++t) {
    ElementBlock block;
    if (!fromGmshType(types[t], block.type))
      throw std::runtime_error("unsupported Gmsh element type " + std::to_string(types[t]));
    block.connectivity.reserve(elementNodes[t].size());
    for (std::size_t tag : elementNodes[t]) {
      auto [it, inserted] = index.emplace(tag, static_cast<int>(usedTags.size()));
      if (inserted)
        usedTags.push_back(tag);
      block.connectivity.push_back(it->second);
    }
    if (block.count() > 0)
      mesh.blocks.push_back(std::move(block));
  }
  if (mesh.blocks.empty())
    throw std::runtime_error("Gmsh produced no elements of dimension " + std::to_string(dim));

  std::vector<std::size_t> nodeTags;
  std::vector<double> coords, parametric;
  gmsh::model::mesh::getNodes(nodeTags, coords, parametric, -1, -1, true, false);
  mesh.nodes.resize(3, static_cast<Eigen::Index>(usedTags.size()));
  std::vector<bool> found(usedTags.size(), false);
  for (std::size_t k = 0; k < nodeTags.size(); ++k) {
    auto it = index.find(nodeTags[k]);
    if (it == index.end())
      continue;
    mesh.nodes.col(it->second) = scale * Eigen::Vector3d(coords[3 * k], coords[3 * k + 1], coords[3 * k + 2]);
    found[it->second] = true;
  }
  if (std::find(found.begin(), found.end(), false) != found.end())
    throw std::runtime_error("Gmsh returned elements that reference unknown nodes");

  orient(mesh);
  if (dim == 3)
    addSurfaceOfTets(mesh);
  else
    addSurfaceOfPlanar(mesh);

  for (const auto& [name, dimTags] : groups) {
    std::vector<int> nodes;
    for (const auto& [d, tag] : dimTags) {
      std::vector<std::size_t> tags;
      std::vector<double> xyz, uvw;
      gmsh::model::mesh::getNodes(tags, xyz, uvw, d, tag, true, false);
      for (std::size_t t : tags) {
        auto it = index.find(t);
        if (it != index.end())
          nodes.push_back(it->second);
      }
    }
    std::sort(nodes.begin(), nodes.end());
    nodes.erase(std::unique(nodes.begin(), nodes.end()), nodes.end());
    if (!nodes.empty())
      mesh.nodeGroups[name] = std::move(nodes);
  }
  return mesh;
}

}  // namespace mbs::mesh::detail
