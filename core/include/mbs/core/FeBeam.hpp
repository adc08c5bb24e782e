#pragma once
// A part that is a large-deformation FE beam (Adams FE_PART, TYPE=3DBEAM; docs/flexible-bodies.md,
// "FE beams"): a straight beam along the part frame's x axis from its origin, cut into `elements`
// equal co-rotational elements (solver BeamElement). compile() makes each node a body of its own
// (CM frame = the node, axes = the part's) with the lumped mass ρ A h and rotary inertia ρ h (J,
// Iyy, Izz) of its share h of the length (half at the ends); the part's own mass, inertia and CM
// marker are not used. Node 0's body is the part's (its results are the part's); node k ≥ 1 is the
// body "<part>.node<k>". A marker on the part follows one node (Marker::interfaceNode, Adams'
// FE_NODE: −1 = the node nearest to it along x) rigidly, at its offset from that node.
#include <optional>
#include <string>

#include "mbs/core/BeamSections.hpp"
#include "mbs/core/Ids.hpp"
#include "mbs/core/Rotation.hpp"

namespace mbs::core {

struct FeBeam {
  double length = 1.0;  // [m] along the part frame's x
  int elements = 10;
  // Section (in the part's y–z plane).
  double area = 0.0;         // [m²]
  double iyy = 0.0;          // second moment about y [m⁴]
  double izz = 0.0;          // second moment about z [m⁴]
  double torsion = 0.0;      // torsional constant J [m⁴]
  double shearRatioY = 0.0;  // A / A_shear in y (Adams ASY; 0: no shear deflection)
  double shearRatioZ = 0.0;  // A / A_shear in z (Adams ASZ)
  // Material.
  double youngsModulus = 0.0;  // E [Pa]
  double shearModulus = 0.0;   // G [Pa]
  double density = 0.0;        // ρ [kg/m³]
  // Stiffness-proportional damping: damping matrix = damping · K [s] (as BEAM's CRATIO).
  double damping = 0.0;
  bool operator==(const FeBeam&) const = default;

  double elementLength() const { return length / elements; }
  // Node k's position in the part frame.
  Vec3 nodePosition(int k) const { return Vec3(k * elementLength(), 0.0, 0.0); }
  // Lumped mass and rotary inertia (node axes = part axes) of node k.
  double nodeMass(int k) const;
  Mat3 nodeInertia(int k) const;
  // The node a marker at `position` (part frame) with interfaceNode `node` follows.
  int nodeOf(int node, const Vec3& position) const;
  // What is wrong with the data (empty: nothing).
  std::string problem() const;
};

// Sets the section's area, second moments, torsion constant and shear area ratios (the closed
// forms of Build ▸ Flexible Link's sections, mbs/core/BeamSections.hpp).
void applySection(FeBeam& beam, const SectionProperties& section);

}  // namespace mbs::core
