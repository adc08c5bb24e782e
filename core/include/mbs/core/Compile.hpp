#pragma once
// compile(): the editable Model -> the solver's flat, immutable Model (SI, CM frames, indices),
// plus the id <-> index maps the GUI and mbsolve use to read results back.
//
// Conventions: every non-ground part becomes a body whose frame is its CM marker frame (the part
// frame when there is no CM marker); markers are re-expressed in that frame; ground markers stay
// in the ground frame. Joint motions act on the joint's I/J markers along z (translation) or
// about z (rotation). Velocity and acceleration motions are integrated in time into displacement
// functions (adaptive Gauss-Kronrod 7/15 quadrature per 0.05 s interval, cumulative values cached).
// Gear and rack-pinion become solver Coupler joints: x(joints[1]) = ratio * x(joints[0]);
// their I/J markers are those of the first coupled joint.
#include <unordered_map>
#include <vector>

#include "mbs/core/Diagnostics.hpp"
#include "mbs/core/Model.hpp"
#include "mbs/solver/Model.hpp"
#include "mbs/solver/Plant.hpp"

namespace mbs::core {

struct IndexMap {
  std::unordered_map<PartId, int> bodies;  // ground -> solver::kGround
  std::unordered_map<MarkerId, int> markers;
  std::unordered_map<JointId, int> joints;
  std::unordered_map<ForceId, int> forces;
  std::unordered_map<MotionId, int> motions;
  std::unordered_map<ForceId, int> contacts;  // ForceKind::Contact -> solver::Model::contacts
  // Reverse maps: solver index -> id.
  std::vector<PartId> bodyIds;
  std::vector<MarkerId> markerIds;
  std::vector<JointId> jointIds;
  std::vector<ForceId> forceIds;
  std::vector<MotionId> motionIds;
  std::vector<ForceId> contactIds;
  // FE beam parts (FeBeam.hpp) -> their node bodies, node 0 first (bodyIds holds an invalid id for
  // the nodes after the first).
  std::unordered_map<PartId, std::vector<int>> feNodes;

  int body(PartId id) const;  // -2 if absent (kGround is -1)
  int marker(MarkerId id) const;
  int joint(JointId id) const;
  int force(ForceId id) const;
  int motion(MotionId id) const;
  int contact(ForceId id) const;  // -2 if absent
};

// Element k (0-based) of FE beam part `part` between its node bodies in `map`, as compile() makes
// it (named "<part>.element<k+1>"); plots read its section loads (mbs/solver/BeamSections.hpp).
solver::BeamElement feBeamElement(const Part& part, int k, const IndexMap& map);

struct CompileResult {
  mbs::solver::Model model;
  IndexMap map;
  Diagnostics diagnostics;  // errors when !ok, otherwise warnings
  bool ok = false;
  // Model::plantInputs / plantOutputs in order, for the linear analysis's state matrices
  // (solver/Plant.hpp). An input holds its VARIABLE in the compiled model's functions.
  std::vector<mbs::solver::PlantPort> plantInputs, plantOutputs;
};

CompileResult compile(const Model& model);

// A displacement function x(t) from a motion expression (exposed for tests and the GUI plots).
// Fails (nullptr + error in `diagnostics`) if the expression does not compile.
std::shared_ptr<const mbs::solver::TimeFunction> motionFunction(const Motion& motion,
                                                                Diagnostics& diagnostics);
// The same with the model's names bound (VARVAL of VARIABLEs that depend on TIME only).
struct ExpressionContext;
std::shared_ptr<const mbs::solver::TimeFunction> motionFunction(const Motion& motion,
                                                                Diagnostics& diagnostics,
                                                                const ExpressionContext& context);

}  // namespace mbs::core
