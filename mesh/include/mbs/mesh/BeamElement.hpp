#pragma once
// 3-D Euler-Bernoulli beam element (2 nodes x 6 DOFs: ux uy uz rx ry rz) with consistent mass,
// and a small beam-model assembly. Cheap and exact enough to verify the solid and CB results.
#include <string>
#include <vector>

#include <Eigen/Core>

#include "mbs/mesh/Material.hpp"
#include "mbs/solver/Status.hpp"
#include "mbs/solver/Types.hpp"

namespace mbs::mesh {

struct BeamSection {
  double area = 0.0;
  double Iy = 0.0;  // second moment about local y (bending in the local x-z plane)
  double Iz = 0.0;  // second moment about local z (bending in the local x-y plane)
  double J = 0.0;   // torsion constant

  // Rectangle of width b (local y) and height h (local z); Saint-Venant torsion constant.
  static BeamSection rectangle(double b, double h);
  static BeamSection circle(double radius);
};

using Matrix12d = Eigen::Matrix<double, 12, 12>;

// Element stiffness and consistent mass in global coordinates. Local x runs from a to b; local y
// is `up` made orthogonal to x. Bending rotary inertia is neglected (Euler-Bernoulli); torsional
// inertia uses the polar moment Iy + Iz.
void beamElementMatrices(const Eigen::Vector3d& a, const Eigen::Vector3d& b, const Eigen::Vector3d& up,
                         const BeamSection& section, const Material& material, Matrix12d& K, Matrix12d& M);

struct BeamModel {
  struct Element {
    int a = 0, b = 0;
    BeamSection section;
    Eigen::Vector3d up = Eigen::Vector3d::UnitZ();
  };
  Eigen::Matrix3Xd nodes;
  std::vector<Element> elements;
  Material material;

  // Straight beam from `start` to `end` split into `count` equal elements.
  static BeamModel straight(const Eigen::Vector3d& start, const Eigen::Vector3d& end, int count,
                            const BeamSection& section, const Material& material,
                            const Eigen::Vector3d& up = Eigen::Vector3d::UnitZ());
};

// Global K and M with 6 DOFs per node (6 i + {ux, uy, uz, rx, ry, rz}).
solver::Status assembleBeam(const BeamModel& model, solver::SparseMat& K, solver::SparseMat& M,
                            const std::string& bodyName = {});

}  // namespace mbs::mesh
