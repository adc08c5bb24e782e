#pragma once
// Craig-Bampton reduction of a tetrahedral FE model (seed 003):
//  1. rigid spiders (RBE2) tie surface nodes to 6-DOF interface nodes at the hinge points;
//  2. fixed-interface normal modes (interface DOFs clamped) and constraint modes (static
//     response to unit interface displacements);
//  3. orthonormalization: the eigenproblem of the CB matrices gives decoupled modes, the 6
//     rigid-body modes being separated exactly from the elastic ones;
//  4. modal stress shapes (nodal sigma = D B phi, averaged) at the chosen nodes.
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
};

class CraigBampton {
public:
  explicit CraigBampton(CraigBamptonOptions options = {}) : m_options(options) {}

  // Reduces the body `bodyName` meshed by `mesh` (Tet4/Tet10). Errors name the body and, when
  // relevant, the interface: spider without enough nodes, shared nodes, unrestrained body, ...
  solver::Status reduce(const std::string& bodyName, const FeMesh& mesh, const Material& material,
                        const std::vector<InterfacePoint>& interfaces, ReducedBody& out) const;

  const CraigBamptonOptions& options() const { return m_options; }

private:
  CraigBamptonOptions m_options;
};

}  // namespace mbs::mesh
