#pragma once
// Topology of the part/joint graph: components, spanning tree from ground, independent loops
// with a suggested cut joint each, Gruebler-Kutzbach DOF, and structural problems. The rank-based
// counts come from the solver later (rankDof / redundantEquations stay empty until filled).
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "mbs/core/Model.hpp"

namespace mbs::core {

struct TopologyLoop {
  std::vector<JointId> joints;  // the joints around the loop (tree path + the cut joint)
  JointId suggestedCut;
};

// A force element that holds two parts in all six directions (BEAM, BUSHING, FIELD; an NFORCE
// joins each of its I markers' parts to its J marker's): not a joint, but the parts it joins are
// connected (a Flexible Link's segments hang on their beams).
struct ElasticLink {
  ForceId force;
  PartId a, b;
};

struct TopologyIssue {
  enum class Kind { PartNotGrounded, JointMissingMarker, JointSamePart, MarkerOnNoPart, CouplerMissingJoint };
  Kind kind;
  EntityRef entity;
  std::string message;
};

struct TopologyReport {
  int movingParts = 0;
  int components = 0;                               // connected components including the ground's
  std::vector<std::vector<PartId>> componentParts;  // [0] is the ground's component
  std::vector<JointId> treeJoints;                  // spanning tree (from ground, breadth first)
  std::vector<TopologyLoop> loops;                  // independent closed loops (joints - parts + components)
  std::vector<ElasticLink> elasticLinks;            // the force elements that connect parts
  std::vector<PartId>
      elasticallyHeld;          // parts off the ground's joint component that elastic links connect to ground
  int constraintEquations = 0;  // joints, primitives and couplers
  int motionEquations = 0;
  int spatialDof = 0;            // 6 n - sum(equations), without motions
  std::optional<int> planarDof;  // 3 n - sum(planar equations) if all joints act in one plane
  int dof = 0;                   // planarDof if planar, else spatialDof (without motions)
  int dofWithMotions = 0;
  std::optional<int> rankDof;             // from the solver (rank of the constraint Jacobian)
  std::optional<int> redundantEquations;  // from the solver
  std::vector<TopologyIssue> issues;

  nlohmann::json toJson(const Model& model) const;
};

// preferredCuts: joints the user wants cut (kept out of the spanning tree where possible).
TopologyReport analyzeTopology(const Model& model, const std::vector<JointId>& preferredCuts = {});

}  // namespace mbs::core
