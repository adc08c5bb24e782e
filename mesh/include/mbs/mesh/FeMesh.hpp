#pragma once
// Plain finite-element mesh handed from the mesher to the FE code, the GUI and the model file.
#include <map>
#include <string>
#include <vector>

#include <Eigen/Core>

namespace mbs::mesh {

enum class ElementType { Tri3, Tri6, Quad4, Quad8, Quad9, Tet4, Tet10 };

const char* toString(ElementType type);
int nodesPerElement(ElementType type);
int dimension(ElementType type);

// Elements of one type; node numbering follows Gmsh (corner nodes first, then edge nodes:
// Tet10 edges 0-1, 1-2, 2-0, 3-0, 3-2, 3-1; Tri6 edges 0-1, 1-2, 2-0).
struct ElementBlock {
  ElementType type = ElementType::Tet4;
  std::vector<int> connectivity;  // nodesPerElement(type) node indices per element, 0-based
  int count() const { return static_cast<int>(connectivity.size()) / nodesPerElement(type); }
  const int* element(int e) const { return connectivity.data() + e * nodesPerElement(type); }
};

struct MeshQuality {
  int nodeCount = 0;
  std::map<ElementType, int> elementCounts;
  double minGamma = 0.0;  // 3 r_in / r_circ of the corner simplex (Gmsh's gamma, 1 = regular)
  double meanGamma = 0.0;
  double minScaledJacobian =
      0.0;                   // min over quadrature points of det J / det J(corner simplex); < 0 = inverted
  int poorElementCount = 0;  // gamma < 0.1
};

struct FeMesh {
  Eigen::Matrix3Xd nodes;  // node coordinates (planar meshes: z = 0)
  std::vector<ElementBlock> blocks;
  // Boundary triangles (linear; second-order faces are split in four) for drawing, outward normals.
  std::vector<Eigen::Vector3i> surfaceTriangles;
  // Node indices of named groups (e.g. "hole_1", "end_x0"), sorted.
  std::map<std::string, std::vector<int>> nodeGroups;
  MeshQuality quality;

  int nodeCount() const { return static_cast<int>(nodes.cols()); }
  int elementCount() const;
  int order() const;  // 1 or 2 (0 when empty)
  // Sorted indices of the nodes on surfaceTriangles.
  std::vector<int> surfaceNodes() const;
};

}  // namespace mbs::mesh
