#pragma once
// The table a user chooses flexible-body modes from (Adams Flex / RecurDyn RFlex style): every
// orthonormalized Craig-Bampton mode with its frequency, an automatic type and an energy measure.
//
// Type (docs/flexible-bodies.md, "Choosing modes"):
//  - rigid: one of the rigid-body modes (zero frequency) the orthonormalization separates;
//  - boundary: one of the nb − r highest elastic modes (nb constraint modes, r rigid modes). The
//    low orthonormalized modes are the free body's modes, built mainly from the fixed-interface
//    modes, one for each of the nf fixed-interface modes (interlacing: clamping the nb interface
//    DOFs gives the fixed-interface problem); the nb − r modes left over have no fixed-interface
//    counterpart and lie at the top of the spectrum, made of constraint-mode content (the
//    "boundary vibration modes" of seed 003: 6 for a rod with two interface nodes, 0 with one);
//  - bending / axial / torsion: else, by the largest of three displacement measures along the
//    body's principal axis (its longest direction): the nodes are cut into slices along the axis
//    and each slice's mean axial displacement (axial), mean transverse displacement (bending) and
//    best-fit rotation about the axis (torsion) are summed over the nodes.
// Energy: each elastic mode's share of the strain energy of the body's static deformation under
// unit loads at its interface nodes, with inertia relief (the loads balanced by the body's own
// inertia, as joint loads on a moving body are). For a load F in CB coordinates the elastic
// response is Σ_i (φ_iᵀF / ω_i²) φ_i with strain energy Σ_i (φ_iᵀF)² / ω_i²; the share of mode i
// is averaged over the unit force and moment components of every interface node. Shares of the
// elastic modes sum to 1 (rigid modes: 0).
#include <string>
#include <vector>

#include <Eigen/Core>

#include "mbs/mesh/ReducedBody.hpp"

namespace mbs::mesh {

enum class ModeType { Rigid, Bending, Axial, Torsion, Boundary };

const char* toString(ModeType type);  // "rigid", "bending", "axial", "torsion", "boundary"
bool modeTypeFromString(const std::string& text, ModeType& out);

struct ModeRow {
  int index = 0;  // into the ReducedBody's modes (0-based; rigid modes first)
  double frequencyHz = 0.0;
  ModeType type = ModeType::Rigid;
  double energyShare = 0.0;  // strain-energy share under unit interface loads, [0, 1]
};

// One row per mode of `body`; `nodes` are the FE nodes (3 x N, the mode shapes' node order) that
// define the principal axis and the slices.
std::vector<ModeRow> modeTable(const ReducedBody& body, const Eigen::Matrix3Xd& nodes);

// Elastic modes (indices into the body) of the lowest `count` by frequency.
std::vector<int> lowestModes(const std::vector<ModeRow>& rows, int count);
// Elastic modes whose energy share is at least `threshold` (0..1), ascending index.
std::vector<int> modesAboveEnergy(const std::vector<ModeRow>& rows, double threshold);

}  // namespace mbs::mesh
