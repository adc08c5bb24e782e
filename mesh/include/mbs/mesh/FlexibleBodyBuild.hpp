#pragma once
// Make Flexible without a GUI: mesh a part's solid with Gmsh, put the nodes in the flexible body's
// frame (the part's CM frame) and, when asked, reduce the mesh by Craig-Bampton and rank the modes.
// The GUI's Make Flexible dialog runs it on a worker thread; a batch tool can call it directly.
#include <Eigen/Dense>
#include <string>
#include <vector>

#include "mbs/mesh/CraigBampton.hpp"
#include "mbs/mesh/FeMesh.hpp"
#include "mbs/mesh/Material.hpp"
#include "mbs/mesh/MeshGenerator.hpp"
#include "mbs/mesh/ModeTable.hpp"
#include "mbs/mesh/ReducedBody.hpp"
#include "mbs/mesh/Solid.hpp"
#include "mbs/solver/Status.hpp"

namespace mbs::mesh {

struct FlexibleBodyRequest {
  std::string partName;
  Solid solid;
  Eigen::Matrix3d solidRotation = Eigen::Matrix3d::Identity();  // solid frame in the part frame
  Eigen::Vector3d solidPosition = Eigen::Vector3d::Zero();
  Eigen::Matrix3d cmRotation = Eigen::Matrix3d::Identity();  // CM frame (the body's frame) in the part frame
  Eigen::Vector3d cmPosition = Eigen::Vector3d::Zero();
  MeshOptions options;
  bool planar = false;     // a plane body: the solid is a profile meshed in 2-D
  double thickness = 0.0;  // plane body [m]
  bool reduce = false;     // false: mesh only
  Material material;
  std::vector<InterfacePoint> interfacePoints;  // in the CM frame
  int fixedModes = 10;                          // fixed-interface normal modes of the Craig-Bampton basis
  int keep = 6;                                 // the lowest elastic modes kept at first
  double damping = 0.01;
};

struct FlexibleBodyBuild {
  solver::Status status;
  FeMesh fe;                   // nodes in the CM frame
  Eigen::Matrix3Xd partNodes;  // the same nodes in the part frame (for drawing)
  ReducedBody body;            // (reduce)
  std::vector<ModeRow> rows;   // the mode table: type and energy share of every mode
  std::vector<int> kept;       // indices of the initially kept elastic modes in `body`
};

FlexibleBodyBuild buildFlexibleBody(const FlexibleBodyRequest& request);

}  // namespace mbs::mesh
