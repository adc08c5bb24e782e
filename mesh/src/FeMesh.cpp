#include "mbs/mesh/FeMesh.hpp"

#include <algorithm>

namespace mbs::mesh {

const char* toString(ElementType type)
{
  switch (type) {
    case ElementType::Tri3:
      return "Tri3";
    case ElementType::Tri6:
      return "Tri6";
    case ElementType::Quad4:
      return "Quad4";
    case ElementType::Quad8:
      return "Quad8";
    case ElementType::Quad9:
      return "Quad9";
    case ElementType::Tet4:
      return "Tet4";
    case ElementType::Tet10:
      return "Tet10";
  }
  return "unknown";
}

int nodesPerElement(ElementType type)
{
  switch (type) {
    case ElementType::Tri3:
      return 3;
    case ElementType::Tri6:
      return 6;
    case ElementType::Quad4:
      return 4;
    case ElementType::Quad8:
      return 8;
    case ElementType::Quad9:
      return 9;
    case ElementType::Tet4:
      return 4;
    case ElementType::Tet10:
      return 10;
  }
  return 0;
}

int dimension(ElementType type)
{
  return (type == ElementType::Tet4 || type == ElementType::Tet10) ? 3 : 2;
}

int FeMesh::elementCount() const
{
  int n = 0;
  for (const auto& b : blocks)
    n += b.count();
  return n;
}

int FeMesh::order() const
{
  int order = 0;
  for (const auto& b : blocks) {
    const bool quadratic = b.type == ElementType::Tri6 || b.type == ElementType::Quad8 ||
                           b.type == ElementType::Quad9 || b.type == ElementType::Tet10;
    order = std::max(order, quadratic ? 2 : 1);
  }
  return order;
}

std::vector<int> FeMesh::surfaceNodes() const
{
  std::vector<int> out;
  out.reserve(surfaceTriangles.size() * 3);
  for (const auto& t : surfaceTriangles)
    out.insert(out.end(), {t[0], t[1], t[2]});
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

}  // namespace mbs::mesh
