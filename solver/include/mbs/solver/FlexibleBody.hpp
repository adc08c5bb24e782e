#pragma once
// Modal data of a flexible body in the floating frame of reference (FFR, Shabana ch. 5): the
// elastic modes only (the reference frame carries the rigid motion), the inertia invariants with
// the reference frame at the undeformed centre of mass, and the 6 x m shapes of the interface
// nodes that markers follow. SI units. Produced by mbs::mesh (Craig-Bampton) or by hand.
#include <array>
#include <string>
#include <vector>

#include "mbs/solver/Types.hpp"

namespace mbs::solver {

// Stress in Voigt order xx, yy, zz, yz, xz, xy [Pa].
using Vec6 = Eigen::Matrix<double, 6, 1>;

// Von Mises equivalent stress sqrt(3 J2) of a Voigt stress vector [Pa].
double vonMisesStress(const Vec6& s);
// Largest principal stress (largest eigenvalue of the stress tensor) [Pa].
double maxPrincipalStress(const Vec6& s);

struct FlexibleInterface {
  std::string name;
  Vec3 position = Vec3::Zero();  // undeformed, body (CM) frame
  Mat shapes;                    // 6 x m: translation (3) and small rotation (3) per mode
  bool operator==(const FlexibleInterface&) const;
};

// What the user chose a kept mode as (the Make Flexible mode table, docs/flexible-bodies.md): its
// number in the reduction's orthonormalized mode list (1-based, rigid modes first), its type
// ("bending", "axial", "torsion", "boundary"), its strain-energy share under unit interface loads
// and its modal (material) damping ratio ζ. Informational except ζ, which defines modalDamping.
struct FlexibleModeInfo {
  int number = 0;
  std::string type;
  double energyShare = 0.0;
  double dampingRatio = 0.0;
  bool operator==(const FlexibleModeInfo&) const = default;
};

// A displacement output of one FE node (index into `nodes`): its elastic displacement S η in the
// body frame, or, with a chord (two other nodes a, b), its displacement relative to the chord
// through their displaced positions (the node's undeformed projection on a-b interpolates them),
// e.g. a rod's mid-point deflection. CSV columns <body>.<name>.dx, .dy, .dz.
struct FlexibleNodeOutput {
  std::string name;
  int node = 0;
  int chordFrom = -1, chordTo = -1;  // both −1: relative to the body frame
  bool hasChord() const { return chordFrom >= 0; }
  bool operator==(const FlexibleNodeOutput&) const = default;
};

// The modal damping matrix diag(2 ζ_i ω_i) of unit-mass modes, ω_i² = K_ii / M_ii.
Mat modalDampingFromRatios(const Mat& modalMass, const Mat& modalStiffness, const Vec& ratios);

struct FlexibleBodyData {
  // Elastic modal matrices (m x m).
  Mat modalMass, modalStiffness, modalDamping;
  // Inertia invariants over the body volume, u = x + S(x) eta, S_k = row k of S:
  double mass = 0.0;
  Vec3 firstMoment = Vec3::Zero();   // int rho x (zero when the frame is at the CM)
  Mat3 secondMoment = Mat3::Zero();  // int rho x x^T
  Mat modalFirstMoment;              // S-bar = int rho S (3 x m)
  std::array<Mat, 9> Ibar;           // [3k+l] int rho x_k S_l (1 x m)
  std::array<Mat, 9> Sbar;           // [3k+l] int rho S_k^T S_l (m x m)
  std::vector<FlexibleInterface> interfaces;
  // Optional, for result recovery only: undeformed nodes (3 x N) and nodal shapes (3N x m).
  Mat nodes, nodalShapes;
  // Optional modal stress shapes for stress recovery (linear superposition sigma = sum_k eta_k S_k):
  // the nodes (indices into `nodes`) that carry them and, per such node, the 6 Voigt components
  // (xx, yy, zz, yz, xz, xy; axes of the body frame) in Pa per unit modal coordinate
  // (6 stressNodes.size() x m).
  std::vector<int> stressNodes;
  Mat nodalStressShapes;
  // Optional, for drawing only: the outward-facing triangles of the FE mesh's surface (indices into
  // `nodes`; a solid's boundary faces, a plane mesh's elements), so the GUI draws the real shape
  // (holes, concave corners) rather than the nodes' convex hull.
  std::vector<std::array<int, 3>> surfaceTriangles;
  // Optional: the kept modes as chosen (one per mode, or empty for data made without the table);
  // when present, modalDamping = modalDampingFromRatios(modalMass, modalStiffness, ζ).
  std::vector<FlexibleModeInfo> modeInfo;
  // Optional nodal displacement outputs (need `nodes` and `nodalShapes`).
  std::vector<FlexibleNodeOutput> nodeOutputs;

  int modeCount() const { return static_cast<int>(modalStiffness.rows()); }
  bool hasStress() const { return nodalStressShapes.size() != 0; }
  // Stress tensor (Voigt) at stress node k (index into stressNodes) for modal coordinates eta.
  Vec6 nodalStress(int k, const Vec& eta) const;
  // Von Mises stress at every stress node (stressNodes order) for eta; empty without stress shapes.
  Vec vonMisesStresses(const Vec& eta) const;
  // Largest von Mises / largest principal stress over the stress nodes (0 without stress shapes).
  double maxVonMisesStress(const Vec& eta) const;
  double maxPrincipalStress(const Vec& eta) const;
  // Damping ratios of modeInfo as a vector (m; empty without modeInfo).
  Vec dampingRatios() const;
  // 3 x m map from η to the displacement of output k (nodeOutputs), body frame.
  Mat nodeOutputShapes(int k) const;
  // Empty string when consistent, else what is wrong (sizes, mass, symmetry).
  std::string problem() const;
  // Exact equality (sizes and every value), for model comparison and file round trips.
  bool operator==(const FlexibleBodyData&) const;
};

}  // namespace mbs::solver
