#pragma once
// Result of a Craig-Bampton reduction: what a flexible body carries into the dynamics
// (floating frame of reference) and what the GUI draws.
#include <string>
#include <vector>

#include <Eigen/Core>

#include "mbs/mesh/InertiaInvariants.hpp"
#include "mbs/solver/Types.hpp"

namespace mbs::mesh {

// A 6-DOF interface node (hinge point / marker) tied to surface nodes by a rigid spider.
struct InterfaceNode {
  std::string name;
  Eigen::Vector3d position = Eigen::Vector3d::Zero();
  std::vector<int> spiderNodes;  // FE nodes moving rigidly with the interface node
  solver::Mat shapes;            // 6 x m: translation (3) and rotation (3) of the node in each mode
};

struct ReducedBody {
  std::string name;
  int fixedInterfaceModeCount = 0;  // size of the Craig-Bampton basis: normal modes ...
  int constraintModeCount = 0;      // ... plus 6 (plane bodies: 3) constraint modes per interface node
  int rigidModeCount = 0;           // the first modes are rigid-body modes (frequency 0; 6, plane: 3)
  solver::Vec fixedInterfaceFrequenciesHz;

  // Orthonormalized modes, ascending frequency.
  solver::Vec eigenvalues;  // omega^2 [rad^2/s^2]
  solver::Vec frequenciesHz;
  solver::Mat modalMass;       // m x m, identity up to round-off
  solver::Mat modalStiffness;  // m x m, diag(omega^2)
  solver::Vec dampingRatios;   // modal damping ratio per mode (0 for rigid modes)
  solver::Mat modeShapes;      // 3N x m nodal displacements, node-major (FE mesh node order)
  // Modal stress shapes (StressRecovery.hpp): the FE nodes that carry them and 6 Voigt components
  // (xx, yy, zz, yz, xz, xy) per such node and mode [Pa per unit modal coordinate]; empty when the
  // reduction recovered no stresses.
  std::vector<int> stressNodes;
  solver::Mat stressShapes;  // 6 |stressNodes| x m
  std::vector<InterfaceNode> interfaces;
  InertiaInvariants invariants;

  // Craig-Bampton matrices (coordinates: fixed-interface modal amplitudes, then interface DOFs)
  // and the map from orthonormalized modal coordinates to them: x_cb = cbToModal * q.
  solver::Mat cbMass, cbStiffness, cbToModal;

  int modeCount() const { return static_cast<int>(frequenciesHz.size()); }
  // Indices of the elastic modes (all modes after the rigid ones).
  std::vector<int> elasticModes() const;
  // Modal damping matrix diag(2 zeta omega) for unit modal masses.
  solver::Mat modalDamping() const;
  // Nodal displacements (3N) for modal coordinates q (m).
  solver::Vec recoverDisplacements(const solver::Vec& q) const;
  // The body restricted to the given modes (strictly ascending indices, e.g. the user's selection
  // or elasticModes()); rigid modes stay first.
  ReducedBody selectModes(const std::vector<int>& modes) const;
};

}  // namespace mbs::mesh
