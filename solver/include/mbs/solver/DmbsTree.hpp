#pragma once
// The spanning tree the DMBS (joint-coordinate) formulation builds for a model: which joints it
// cuts and why. The topology graph shows it before a run; a DMBS run reports it in its notes.
#include <string>
#include <vector>

#include "mbs/solver/Model.hpp"
#include "mbs/solver/Status.hpp"

namespace mbs::solver {

enum class CutReason {
  ConstraintElement,  // the user marked the joint as a constraint element (DMBS manual §2.4.2)
  ClosesLoop,         // chosen by DMBS: the breadth-first tree reached both parts another way
  NeverTreeJoint,     // a joint primitive (inline, in-plane, orientation, ...): always cut
};

struct CutJoint {
  int joint = -1;  // index into Model::joints
  CutReason reason = CutReason::ClosesLoop;
};

struct DmbsTree {
  // BadInput naming the joint when a constraint element leaves no spanning tree (see
  // core's validation); the cut set is then empty.
  Status status;
  std::vector<int> treeJoints;  // model joints in the tree, parents before children
  std::vector<CutJoint> cuts;   // ascending joint index
};

// The tree and cut set DMBS would use for `model` (whether DMBS can run the model at all — friction,
// flexible bodies, screw joints — is the run's concern). The model must be valid (validateModel).
DmbsTree dmbsTree(const Model& model);

// "cut joints: 'pin_c' (constraint element, marked by the user), 'pin_d' (closes a loop, chosen
// automatically)", or "no cut joints (the model is a tree)".
std::string describeCuts(const Model& model, const std::vector<CutJoint>& cuts);

}  // namespace mbs::solver
