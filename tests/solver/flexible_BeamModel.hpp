#pragma once
// An analytic flexible body for the FFR tests: a uniform Euler-Bernoulli beam along x from −L/2
// to L/2 (frame at its CM), bending in the x-y plane, discretized with Hermite cubic elements
// (DOFs v, θz per node). Its free-free elastic modes (mass-normalized) and the inertia invariants
// are integrated exactly over the centreline (4-point Gauss); the cross-section only adds rotary
// inertia to the undeformed second moment.
#include <Eigen/Eigenvalues>
#include <cmath>
#include <memory>
#include <numbers>

#include "mbs/solver/FlexibleBody.hpp"
#include "mbs/solver/Model.hpp"

namespace mbs::solver::test {

struct BeamProperties {
  double length = 1.0;
  double width = 0.02, height = 0.02;  // section: height along y (bending direction)
  double youngsModulus = 210e9, density = 7850.0;
  int elements = 10;
  int modes = -1;  // elastic modes kept (−1: all)
  // false: the lowest free-free modes; true: a Craig-Bampton basis for the root (node 0) as the
  // interface — `modes` clamped-root modes plus the root's constraint (here rigid) modes,
  // orthonormalized — which spans the cantilever's modes exactly.
  bool craigBamptonRoot = false;
  double dampingRatio = 0.0;
  // true: the modes of the beam clamped at its root (node 0) instead: no rigid modes; the body's
  // frame must then be held fixed (the clamp), e.g. by a fixed joint on the floating frame.
  bool clampedRoot = false;

  double area() const { return width * height; }
  double bendingInertia() const { return width * std::pow(height, 3) / 12.0; }  // about z
  double massPerLength() const { return density * area(); }
  double mass() const { return massPerLength() * length; }
  double ei() const { return youngsModulus * bendingInertia(); }
  // Clamped-free natural frequency of mode i (β L = 1.8751, 4.6941, 7.8548, ...) [Hz].
  double cantileverHz(int i) const
  {
    static const double betaL[] = {1.875104068711961, 4.694091132974175, 7.854757438237613,
                                   10.99554073487547};
    return betaL[i] * betaL[i] / (2.0 * std::numbers::pi * length * length) *
           std::sqrt(ei() / massPerLength());
  }
  double nodeX(int node) const { return -0.5 * length + length * node / elements; }
};

// Hermite shape functions on ξ ∈ [0, 1] of an element of length le: (v_a, θ_a, v_b, θ_b).
inline Eigen::Vector4d hermite(double xi, double le)
{
  return {1 - 3 * xi * xi + 2 * xi * xi * xi, le * (xi - 2 * xi * xi + xi * xi * xi),
          3 * xi * xi - 2 * xi * xi * xi, le * (-xi * xi + xi * xi * xi)};
}

inline std::shared_ptr<FlexibleBodyData> makeBeam(const BeamProperties& p)
{
  const int nodes = p.elements + 1, dofs = 2 * nodes;
  const double le = p.length / p.elements, ei = p.ei(), rhoA = p.massPerLength();
  Eigen::Matrix4d ke, me;
  ke << 12, 6 * le, -12, 6 * le, 6 * le, 4 * le * le, -6 * le, 2 * le * le, -12, -6 * le, 12, -6 * le, 6 * le,
      2 * le * le, -6 * le, 4 * le * le;
  ke *= ei / std::pow(le, 3);
  me << 156, 22 * le, 54, -13 * le, 22 * le, 4 * le * le, 13 * le, -3 * le * le, 54, 13 * le, 156, -22 * le,
      -13 * le, -3 * le * le, -22 * le, 4 * le * le;
  me *= rhoA * le / 420.0;
  Mat k = Mat::Zero(dofs, dofs), m = Mat::Zero(dofs, dofs);
  for (int e = 0; e < p.elements; ++e) {
    k.block<4, 4>(2 * e, 2 * e) += ke;
    m.block<4, 4>(2 * e, 2 * e) += me;
  }
  const int count = p.modes < 0 ? dofs - 2 : p.modes;
  Mat basis = Mat::Identity(dofs, dofs);
  const int rigid = p.clampedRoot ? 0 : 2;
  if (p.clampedRoot) {
    basis = Mat::Zero(dofs, dofs - 2);
    basis.bottomRows(dofs - 2).setIdentity();
  } else if (p.craigBamptonRoot) {
    Eigen::GeneralizedSelfAdjointEigenSolver<Mat> clamped(k.bottomRightCorner(dofs - 2, dofs - 2),
                                                          m.bottomRightCorner(dofs - 2, dofs - 2));
    basis = Mat::Zero(dofs, 2 + count);
    for (int n = 0; n <= p.elements; ++n) {
      basis(2 * n, 0) = 1.0;                      // rigid translation in y
      basis(2 * n, 1) = p.nodeX(n) - p.nodeX(0);  // rigid rotation about the root
      basis(2 * n + 1, 1) = 1.0;
    }
    basis.bottomRightCorner(dofs - 2, count) = clamped.eigenvectors().leftCols(count);
  }
  Eigen::GeneralizedSelfAdjointEigenSolver<Mat> eig(basis.transpose() * k * basis,
                                                    basis.transpose() * m * basis);
  const Mat phi = basis * eig.eigenvectors().middleCols(rigid, count);  // skip the rigid modes
  const Vec omega2 = eig.eigenvalues().segment(rigid, count);

  auto body = std::make_shared<FlexibleBodyData>();
  body->modalMass = Mat::Identity(count, count);
  body->modalStiffness = omega2.asDiagonal();
  body->modalDamping = (2.0 * p.dampingRatio * omega2.cwiseSqrt()).asDiagonal();
  body->mass = p.mass();
  // Section rotary inertia only out of the bending plane (z): gives the rotation about x an inertia
  // without adding rotary inertia (Rayleigh beam) to the in-plane rotation.
  body->secondMoment.diagonal() << rhoA * std::pow(p.length, 3) / 12.0, 0.0,
      p.density * p.length * p.height * std::pow(p.width, 3) / 12.0;
  body->modalFirstMoment = Mat::Zero(3, count);
  for (int i = 0; i < 9; ++i) {
    body->Ibar[i] = Mat::Zero(1, count);
    body->Sbar[i] = Mat::Zero(count, count);
  }
  // Centreline integrals: S has only its y row, S_y(x) = Σ N_a(x) Φ_a.
  const double gx[] = {0.0694318442029737, 0.3300094782075719, 0.6699905217924281, 0.9305681557970263};
  const double gw[] = {0.1739274225687269, 0.3260725774312731, 0.3260725774312731, 0.1739274225687269};
  for (int e = 0; e < p.elements; ++e)
    for (int g = 0; g < 4; ++g) {
      const double x = p.nodeX(e) + gx[g] * le, w = rhoA * le * gw[g];
      const Mat sy = hermite(gx[g], le).transpose() * phi.middleRows(2 * e, 4);  // 1 × m
      body->modalFirstMoment.row(1) += w * sy;
      body->Ibar[0 * 3 + 1] += w * x * sy;
      body->Sbar[1 * 3 + 1] += w * sy.transpose() * sy;
    }
  body->nodes = Mat::Zero(3, nodes);
  body->nodalShapes = Mat::Zero(3 * nodes, count);
  for (int n = 0; n < nodes; ++n) {
    body->nodes(0, n) = p.nodeX(n);
    body->nodalShapes.row(3 * n + 1) = phi.row(2 * n);
    FlexibleInterface node;
    node.name = "node" + std::to_string(n);
    node.position = Vec3(p.nodeX(n), 0, 0);
    node.shapes = Mat::Zero(6, count);
    node.shapes.row(1) = phi.row(2 * n);      // v
    node.shapes.row(5) = phi.row(2 * n + 1);  // θz
    body->interfaces.push_back(node);
  }
  return body;
}

// A flexible Body carrying `data` (frame at the CM, placed at `position`).
inline Body flexibleBody(const std::string& name, std::shared_ptr<const FlexibleBodyData> data,
                         const Vec3& position = Vec3::Zero())
{
  Body b;
  b.name = name;
  b.mass = data->mass;
  b.position = position;
  b.flexible = std::move(data);
  return b;
}

// A marker on a flexible body following interface node `node`.
inline int addNodeMarker(Model& m, const std::string& name, int body, int node,
                         const Mat3& orientation = Mat3::Identity())
{
  Marker mk;
  mk.name = name;
  mk.body = body;
  mk.position = m.bodies[body].flexible->interfaces[node].position;
  mk.orientation = orientation;
  mk.interfaceNode = node;
  m.markers.push_back(mk);
  return static_cast<int>(m.markers.size()) - 1;
}

// The beam clamped to ground at its left end (x = −L/2, node 0) by a fixed joint.
inline Model cantilever(const BeamProperties& p, const Vec3& gravity)
{
  Model m;
  m.gravity = gravity;
  m.bodies.push_back(flexibleBody("beam", makeBeam(p)));
  const int root = addNodeMarker(m, "beam_root", 0, 0);
  Marker ground;
  ground.name = "ground_root";
  ground.body = kGround;
  ground.position = Vec3(-0.5 * p.length, 0, 0);
  m.markers.push_back(ground);
  Joint clamp;
  clamp.name = "clamp";
  clamp.type = JointType::Fixed;
  clamp.iMarker = root;
  clamp.jMarker = static_cast<int>(m.markers.size()) - 1;
  m.joints.push_back(clamp);
  return m;
}

}  // namespace mbs::solver::test
