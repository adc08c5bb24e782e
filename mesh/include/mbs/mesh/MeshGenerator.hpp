#pragma once
// Meshing of solids with the Gmsh SDK: 3-D tetrahedra (order 1 or 2) and planar profiles.
#include "mbs/mesh/FeMesh.hpp"
#include "mbs/mesh/Solid.hpp"
#include "mbs/solver/Status.hpp"

namespace mbs::mesh {

struct MeshOptions {
  double elementSize = 0.0;  // target edge length; 0 = 1/10 of the solid's bounding-box diagonal
  double minElementSize = 0.0;
  int order = 2;                // 1 (Tet4/Tri3/Quad4) or 2 (Tet10/Tri6/Quad8)
  bool quadrilaterals = false;  // planar only: recombine triangles into quads
  bool optimize = true;         // Gmsh's tetrahedron optimiser (Netgen is not in Debian's Gmsh)
  double maxElements = 2e6;     // refuse element sizes that would exceed this estimated count
};

class MeshGenerator {
public:
  explicit MeshGenerator(MeshOptions options = {}) : m_options(options) {}

  // Tetrahedral mesh of the solid. Fills `out` or returns a status naming the solid and the reason.
  solver::Status mesh3d(const Solid& solid, FeMesh& out) const;
  // Planar mesh (z = 0) of the solid's profile in its x-y plane: box/bar -> rectangle, link -> slot
  // with holes, cylinder/sphere -> disc. Imported solids have no planar profile (error).
  solver::Status meshPlanar(const Solid& solid, FeMesh& out) const;

  const MeshOptions& options() const { return m_options; }

private:
  MeshOptions m_options;
};

// Quality report of a mesh (computed from the nodes, independent of Gmsh).
MeshQuality computeQuality(const FeMesh& mesh);

}  // namespace mbs::mesh
