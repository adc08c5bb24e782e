#pragma once
// Craig-Bampton reduction of a tetrahedral FE model (seed 003):
//  1. rigid spiders (RBE2) tie surface nodes to 6-DOF interface nodes at the hinge points;
//  2. fixed-interface normal modes (interface DOFs clamped) and constraint modes (static
//     response to unit interface displacements);
//  3. orthonormalization: the eigenproblem of the CB matrices gives decoupled modes, the 6
//     rigid-body modes being separated exactly from the elastic ones;
//  4. modal stress shapes (nodal sigma = D B phi, averaged) at the chosen nodes.
// Plane bodies (a Tri/Quad mesh, plane stress with a thickness) are reduced in their plane: 2 DOFs
// per FE node, 3 per interface node (u_x, u_y, theta_z), 3 rigid modes. The plane-stress model has
// no stiffness out of its plane, so the reduced body is rigid out of plane (its modes have no
// out-of-plane component; the floating frame carries out-of-plane motion) rather than singular:
// no spurious zero-frequency modes, exact in-plane results, and the interface shapes and modes are
// embedded in 3-D so the body is an ordinary flexible body for the solver.
#include <string>
#include <vector>

#include "mbs/mesh/FeMesh.hpp"
#include "mbs/mesh/Material.hpp"
#include "mbs/mesh/ReducedBody.hpp"
#include "mbs/mesh/StressRecovery.hpp"
#include "mbs/solver/Status.hpp"

namespace mbs::mesh {

struct InterfacePoint {
  std::string name;
  Eigen::Vector3d position = Eigen::Vector3d::Zero();
  double radius = 0.0;    // surface nodes within this distance of `position` join the spider ...
  std::string nodeGroup;  // ... or, if set, the nodes of this mesh group (e.g. "hole_1")
};

struct CraigBamptonOptions {
  int fixedInterfaceModes = 20;  // number of fixed-interface normal modes kept
  double dampingRatio = 0.01;    // modal damping ratio of every elastic mode
  // Nodes that get modal stress shapes (ReducedBody::stressShapes); the surface by default.
  StressNodes stressNodes = StressNodes::Surface;
  // Plane meshes only: thickness [m] of the plane-stress elements, and the mesh plane's axes in the
  // mesh coordinates (columns: in-plane x, in-plane y, normal; the mesher's x-y plane as placed in
  // the body). The nodes must lie in that plane; elements are counter-clockwise about the normal.
  double planeThickness = 0.0;
  Eigen::Matrix3d planeAxes = Eigen::Matrix3d::Identity();
};

class CraigBampton {
public:
  explicit CraigBampton(CraigBamptonOptions options = {}) : m_options(options) {}

  // Reduces the body `bodyName` meshed by `mesh`: tetrahedra (Tet4/Tet10), or plane elements
  // (Tri3/Tri6/Quad4/Quad8/Quad9) with options().planeThickness. Errors name the body and, when
  // relevant, the interface: spider without enough nodes, shared nodes, unrestrained body, ...
  solver::Status reduce(const std::string& bodyName, const FeMesh& mesh, const Material& material,
                        const std::vector<InterfacePoint>& interfaces, ReducedBody& out) const;

  const CraigBamptonOptions& options() const { return m_options; }

private:
  CraigBamptonOptions m_options;
};

}  // namespace mbs::mesh
