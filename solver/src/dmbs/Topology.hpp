#pragma once
// The DMBS spanning tree (seed 001, "多体动力学程序切断铰的处理方法"): ground is the root; a
// breadth-first search from it makes the first joint that reaches a body its tree joint, so each
// closed loop is cut at the joint found last. The user's constraint elements (Joint::
// constraintElement, DMBS manual §2.4.2) are cut first: the search never takes them. Among the
// joints leaving one body, those driven by a motion and those with more equations are taken first,
// so the cut joints are the ones with the simplest constraint sets (a spherical joint before a
// revolute one). Joint types that cannot be tree joints (joint primitives) are always cut; a body
// with no path to ground hangs on a 6-DOF free joint. Elements the formulation does not cover are
// refused, naming them.
#include <vector>

#include "dmbs/Mobilizer.hpp"
#include "mbs/solver/DmbsTree.hpp"
#include "mbs/solver/Status.hpp"

namespace mbs::solver::dmbs {

struct Topology {
  std::vector<Mobilizer> mobilizers;  // parents before children
  std::vector<int> bodyMobilizer;     // per body: its tree joint
  std::vector<int> jointMobilizer;    // per model joint: its tree joint, −1 if cut
  std::vector<int> cutJoints;         // model joints closing loops, ascending
  std::vector<CutReason> cutReasons;  // why each of cutJoints is cut
  int nq = 0, nv = 0;
};

// Builds the tree; BadInput naming the entity (and suggesting SI2) for what DMBS does not cover:
// flexible bodies, joints with friction, screw, coupler and constant-velocity joints; BadInput
// naming the joint if a constraint element leaves no spanning tree. Joints with clearance must
// already be replaced by what they keep (System's model is: forces/ClearanceKinds.hpp), so that
// a revolute joint with clearance is a planar tree joint and its contact a load.
Status buildTopology(const Model& model, Topology& topology);

// The model as System sees it: each joint with clearance replaced by the constraint it keeps.
Model withClearanceSubstituted(const Model& model);

// The tree alone (no check of what DMBS covers).
Status buildTree(const Model& model, Topology& topology);

}  // namespace mbs::solver::dmbs
