#pragma once
// A compiled Model as a DAE: absolute body coordinates, 7 per body (CM position r and Euler
// parameters p = e0..e3, normalized by one constraint per body), constraint equations of every
// joint and motion, the mass, and the bodies' own weight and inertia forces. Everything else that
// loads the bodies is a load element (loads/LoadElement.hpp) in the System's list: force elements,
// joint friction, clearance contacts, flexible bodies' elastic forces. Analyses and integrators use
// it through Dae plus the output functions below; a dynamic run evaluates it with its own
// loads::History through HistoryDae (dynamics/HistoryDae.hpp).
#include <array>
#include <string>
#include <vector>

#include "Dae.hpp"
#include "constraints/ConstraintBlock.hpp"
#include "loads/LoadElement.hpp"
#include "mbs/solver/Model.hpp"
#include "mbs/solver/Outputs.hpp"
#include "mbs/solver/Status.hpp"

namespace mbs::solver {

class System final : public Dae, public loads::Host {
public:
  static constexpr int kCoordinatesPerBody = 7;

  // Checks indices, masses and inertias; the message names the offending entity.
  static Status validate(const Model& model);
  // The model must be valid (see validate); throws std::invalid_argument otherwise.
  explicit System(Model model);

  const Model& model() const override { return m_model; }
  int numBodies() const { return static_cast<int>(m_model.bodies.size()); }
  // Flexible bodies: index of the body's first modal coordinate (after all 7·nb rigid ones), −1
  // for a rigid body; modal coordinates η_1..η_m of body b are q[modalOffset(b) + i].
  int modalOffset(int body) const override { return m_modalOffset[body]; }
  const std::vector<int>& modalOffsets() const override { return m_modalOffset; }
  int modeCount(int body) const;
  // Nodal displacements (3N, node-major, body frame) of a flexible body with nodal shapes at q;
  // empty for rigid bodies or bodies stored without nodal shapes.
  Vec nodalDisplacements(int body, const Vec& q) const;
  // First-order states (Model::differentials, Adams DIFF): state k is the velocity of coordinate
  // differentialOffset() + k, after every body's and modal coordinate (docs/solver-notes.md,
  // "First-order states").
  int numDifferentials() const { return static_cast<int>(m_model.differentials.size()); }
  int differentialOffset() const { return m_differentialOffset; }
  int firstOrderStates() const override { return numDifferentials(); }
  // Point-to-curve and curve-to-curve joints (curveParameterCount of their type > 0): the
  // coordinate of joint j's curve parameter α (massless, after the modal coordinates and before the
  // first-order states; a curve-to-curve joint's β the next one), −1 for other joints.
  int curveCoordinate(int joint) const { return m_curveCoordinate[std::size_t(joint)]; }
  const std::vector<int>& curveCoordinates() const { return m_curveCoordinate; }
  // Joint j's curve parameters at the model's initial poses (SystemCurves.cpp). Point-to-curve:
  // DISP, else the curve point nearest to I. Curve-to-curve: α from IDISP, β from JDISP, else the
  // nearest points of the two curves. Their rates from VEL (IVEL, JVEL): speed / |c'|.
  std::array<double, 2> initialCurveParameters(int joint) const;
  std::array<double, 2> initialCurveRates(int joint) const;
  // Name of the body owning coordinate k (rigid or modal; the DIFF of a state's), for diagnostics.
  const std::string& coordinateOwner(int k) const;

  // Dae
  int numCoordinates() const override;
  int numConstraints() const override;
  void mass(const Vec& q, SparseMat& M) const override;
  void forces(double t, const Vec& q, const Vec& qd, Vec& Q) const override;
  void constraints(double t, const Vec& q, Vec& phi) const override;
  void constraintJacobian(double t, const Vec& q, SparseMat& phiQ) const override;
  void constraintProducts(double t, const Vec& q, const Vec& v, const Mat& multipliers, Vec& phi, Vec& phiQv,
                          Mat& phiQtMultipliers) const override;
  void constraintTimeDerivative(double t, const Vec& q, Vec& phiT) const override;
  void accelerationRhs(double t, const Vec& q, const Vec& qd, Vec& gamma) const override;
  void forceJacobians(double t, const Vec& q, const Vec& qd, SparseMat& dQdq,
                      SparseMat& dQdqd) const override;
  void constraintForceJacobian(double t, const Vec& q, const Vec& lambda, SparseMat& out) const override;
  void constraintSecondDerivatives(double t, const Vec& q, const Vec& lambda, const Vec& v,
                                   SparseMat& dPhiQtLambda, SparseMat& dPhiQv) const override;
  void normalize(Vec& q) const override;
  // λ-dependent load elements (joint friction, forces whose functions read solved loads): Q_λ of
  // the Dae. Without a run's history: no stiction anchors.
  bool hasReactionForces() const override { return !m_multiplierLoads.empty(); }
  void reactionForces(double t, const Vec& q, const Vec& qd, const Vec& lambda, Vec& Q) const override
  {
    reactionForces(t, q, qd, lambda, Q, nullptr);
  }
  void reactionForceJacobians(double t, const Vec& q, const Vec& qd, const Vec& lambda, SparseMat& dQdLambda,
                              SparseMat& dQdqd) const override
  {
    reactionForceJacobians(t, q, qd, lambda, dQdLambda, dQdqd, nullptr);
  }
  void reactionForcePositionJacobian(double t, const Vec& q, const Vec& qd, const Vec& lambda,
                                     SparseMat& dQdq) const override
  {
    reactionForcePositionJacobian(t, q, qd, lambda, dQdq, nullptr);
  }
  // Step control of the load elements without a history (IMPACT/BISTOP, clearance and solid
  // contact onset).
  double contactStepLimit(double t, const Vec& q, const Vec& qd) const override
  {
    return startStep(t, q, qd, nullptr);
  }

  // loads::Host
  loads::RowRange jointRows(int joint) const override;
  Reaction jointReaction(int joint, const Vec& q, const Vec& lambda) const override;

  // --- Load elements (loads/LoadElement.hpp), evaluated with a run's history (null: none) ---------
  const loads::Elements& loadElements() const { return m_loads; }
  // The history of every element at the run's initial state (HistoryDae::startHistory), and its
  // update after an accepted step that ended at (t, q).
  loads::History startLoadHistory(double t, const Vec& q) const;
  void acceptLoadStep(double t, const Vec& q, loads::History& history) const;
  // Σ of the elements that do not depend on λ, plus the bodies' weight and inertia forces.
  void forces(double t, const Vec& q, const Vec& qd, Vec& Q, const loads::History* history) const;
  void forceJacobians(double t, const Vec& q, const Vec& qd, SparseMat& dQdq, SparseMat& dQdqd,
                      const loads::History* history) const;
  // Σ of the elements that do not depend on λ alone (Q sized to the coordinates): what the
  // joint-coordinate formulation applies to its tree, which has its own weight and inertia terms.
  void elementForces(double t, const Vec& q, const Vec& qd, Vec& Q, const loads::History* history) const;
  void reactionForces(double t, const Vec& q, const Vec& qd, const Vec& lambda, Vec& Q,
                      const loads::History* history) const;
  void reactionForceJacobians(double t, const Vec& q, const Vec& qd, const Vec& lambda, SparseMat& dQdLambda,
                              SparseMat& dQdqd, const loads::History* history) const;
  void reactionForcePositionJacobian(double t, const Vec& q, const Vec& qd, const Vec& lambda,
                                     SparseMat& dQdq, const loads::History* history) const;
  // A step starts from the accepted state (t, q, q̇): the elements record what they need in the
  // history (may be null) and the result is the longest step they allow (contact onset).
  double startStep(double t, const Vec& q, const Vec& qd, loads::History* history) const;
  // Statics: the λ-dependent elements that load bodies at rest (Element::loadsAtRest: forces
  // reading solved loads, not sliding friction, whose stiction statics takes from
  // friction/Stiction.hpp), added to Q and to the requested Jacobians (null: not wanted) at q̇ = 0.
  void addRestingReactionForces(double t, const Vec& q, const Vec& lambda, Vec& Q) const;
  void addRestingReactionJacobians(double t, const Vec& q, const Vec& lambda, Triplets* dQdLambda,
                                   Triplets* dQdq) const;
  bool hasRestingReactionForces() const;
  // The longest step that may end at (t, q, q̇) (stiction breakaway); infinity: any.
  double endStepLimit(double t, const Vec& q, const Vec& qd, const loads::History* history) const;
  // Every element's outputs into `frame` (its forces, friction and clearance vectors sized to the
  // layout first); λ of all rows.
  void loadOutputs(double t, const Vec& q, const Vec& qd, const Vec& lambda, const loads::History* history,
                   ResultFrame& frame) const;
  // The energy account's power channels of every element, and their powers (same order).
  std::vector<loads::WorkChannel> workChannels() const;
  void loadPowers(double t, const Vec& q, const Vec& qd, const Vec& lambda, const loads::History* history,
                  double* out) const;

  // Initial guesses from Model::bodies (positions/orientations and velocities).
  Vec initialPositions() const;
  Vec initialVelocities() const;

  const std::vector<ConstraintBlock>& constraintBlocks() const { return m_blocks; }
  // "joint 'crank_pin' (revolute), equation 4 of 5" — for diagnostics naming the entity.
  std::string describeRow(int row) const;

  // Block holding a given row (rows are ordered: normalization, joints, motions).
  const ConstraintBlock& blockOfRow(int row) const;
  // Name of the entity that owns a block ("crank_pin").
  std::string entityName(const ConstraintBlock& block) const;

  BodyOutput bodyOutput(int body, const Vec& q, const Vec& qd, const Vec& qdd) const;
  Reaction motionReaction(int motion, const Vec& q, const Vec& lambda) const override;
  // One element's outputs without a run's history (tests, statics). A force whose functions read
  // solved loads needs the multipliers λ (NaN without them).
  ForceOutput forceOutput(int force, double t, const Vec& q, const Vec& qd,
                          const Vec* lambda = nullptr) const;
  // Joints with friction (indices into Model::joints, ascending) and their friction outputs.
  const std::vector<int>& frictionJoints() const { return m_frictionJoints; }
  FrictionOutput frictionOutput(int joint, const Vec& q, const Vec& qd, const Vec& lambda) const;
  // Joints with radial clearance (indices into Model::joints, ascending) and their contact outputs.
  const std::vector<int>& clearanceJoints() const { return m_clearanceJoints; }
  ClearanceOutput clearanceOutput(int joint, const Vec& q, const Vec& qd) const;

  // Of a motion's constraint force −Φ_qᵀλ (the generalized form of motionReaction): −λᵀΦ_q q̇.
  double motionPower(int motion, const Vec& q, const Vec& qd, const Vec& lambda) const;

private:
  bool isFlexible(const ConstraintBlock& block) const
  {
    return m_flexibleBlock[&block - m_blocks.data()] != 0;
  }
  bool isCurve(const ConstraintBlock& block) const
  {
    return block.kind == ConstraintKind::Joint && m_curveCoordinate[std::size_t(block.entity)] >= 0;
  }
  // SystemCurves.cpp: a curve-to-curve joint's curves (both valid and planar) and markers.
  static Status validateCurveCurve(const Model& model, const Joint& joint);
  // solver/src/SystemFlexible.cpp: one flexible body's mass block, inertia forces and their
  // Jacobians (central differences over the body's own 7 + m coordinates).
  void addFlexibleMass(int body, const Vec& q, Triplets& triplets) const;
  void addFlexibleForces(int body, const Vec& q, const Vec& qd, Vec& Q) const;
  void addFlexibleForceJacobians(int body, const Vec& q, const Vec& qd, Triplets& dQdq,
                                 Triplets& dQdqd) const;
  // loadOutputs with λ or without (null: the λ-dependent elements' outputs are NaN).
  void loadOutputs(double t, const Vec& q, const Vec& qd, const Vec* lambda, const loads::History* history,
                   ResultFrame& frame) const;
  // Context of element k at a state (its slot of the history).
  loads::Context context(std::size_t k, double t, const Vec& q, const Vec& qd, const Vec* lambda,
                         const loads::History* history) const;

  Model m_model;
  std::vector<ConstraintBlock> m_blocks;
  std::vector<int> m_clearanceJoints;
  int m_numConstraints = 0;
  std::vector<int> m_frictionJoints;
  std::vector<int> m_modalOffset;     // per body, −1 = rigid
  std::vector<char> m_flexibleBlock;  // per block: a marker follows a flexible interface node
  int m_numCoordinates = 0;
  int m_differentialOffset = 0;
  std::vector<int> m_curveCoordinate;  // per joint: its α's coordinate, −1 = none
  loads::Elements m_loads;
  std::vector<std::size_t> m_stateLoads, m_multiplierLoads;  // indices into m_loads
  std::vector<int> m_channelCount;                           // per element: its work channels
};

}  // namespace mbs::solver
