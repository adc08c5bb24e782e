#pragma once
// A compiled Model as a DAE: absolute body coordinates, 7 per body (CM position r and Euler
// parameters p = e0..e3, normalized by one constraint per body), constraint equations of every
// joint and motion, and the generalized forces. Analyses and integrators use it through Dae plus
// the output functions below.
#include <string>
#include <vector>

#include "Dae.hpp"
#include "contact/SolidContactElement.hpp"
#include "mbs/solver/Model.hpp"
#include "mbs/solver/Outputs.hpp"
#include "mbs/solver/Status.hpp"

namespace mbs::solver {

namespace detail {
struct JointMotion;
template <class T>
struct Load;
}  // namespace detail

// Where a joint's stiction bristles are undeformed (dynamic stiction, friction/Stiction.cpp).
struct StictionAnchor {
  Vec3 position = Vec3::Zero();      // I's origin in J's axes
  Mat3 rotation = Mat3::Identity();  // I's axes in J's axes
};

enum class ConstraintKind { Joint, Motion, Normalization };

// A contiguous range of rows of Φ belonging to one model entity.
struct ConstraintBlock {
  ConstraintKind kind = ConstraintKind::Joint;
  int entity = -1;  // index into Model::joints / Model::motions / Model::bodies
  int firstRow = 0;
  int rows = 0;
};

class System final : public Dae {
public:
  static constexpr int kCoordinatesPerBody = 7;

  // Checks indices, masses and inertias; the message names the offending entity.
  static Status validate(const Model& model);
  // The model must be valid (see validate); throws std::invalid_argument otherwise.
  explicit System(Model model);

  const Model& model() const { return m_model; }
  int numBodies() const { return static_cast<int>(m_model.bodies.size()); }
  // Flexible bodies: index of the body's first modal coordinate (after all 7·nb rigid ones), −1
  // for a rigid body; modal coordinates η_1..η_m of body b are q[modalOffset(b) + i].
  int modalOffset(int body) const { return m_modalOffset[body]; }
  int modeCount(int body) const;
  // Nodal displacements (3N, node-major, body frame) of a flexible body with nodal shapes at q;
  // empty for rigid bodies or bodies stored without nodal shapes.
  Vec nodalDisplacements(int body, const Vec& q) const;
  // Name of the body owning coordinate k (rigid or modal), for diagnostics.
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
  // Joint friction (solver/src/friction) and forces whose functions read solved loads
  // (forces/LoadReadingForces.cpp): the λ-dependent forces of the Dae.
  bool hasReactionForces() const override { return !m_frictionJoints.empty() || !m_loadForces.empty(); }
  void reactionForces(double t, const Vec& q, const Vec& qd, const Vec& lambda, Vec& Q) const override;
  void reactionForceJacobians(double t, const Vec& q, const Vec& qd, const Vec& lambda, SparseMat& dQdLambda,
                              SparseMat& dQdqd) const override;
  // Stiction in dynamics (friction/Stiction.cpp): bristle anchors of joints with
  // MAX_STICTION_DEFORMATION > 0, and the stiffness of their bristles.
  void reactionForcePositionJacobian(double t, const Vec& q, const Vec& qd, const Vec& lambda,
                                     SparseMat& dQdq) const override;
  void startHistory(double t, const Vec& q) const override;
  void acceptStep(double t, const Vec& q) const override;
  void endHistory() const override;
  double stictionStepLimit(double t, const Vec& q, const Vec& qd) const override;
  // Contact onset of IMPACT/BISTOP in force functions (solver/src/forces/ContactStepLimit.cpp).
  double contactStepLimit(double t, const Vec& q, const Vec& qd) const override;

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
  Reaction jointReaction(int joint, const Vec& q, const Vec& lambda) const;
  Reaction motionReaction(int motion, const Vec& q, const Vec& lambda) const;
  // A force whose functions read solved loads needs the multipliers λ (NaN without them).
  ForceOutput forceOutput(int force, double t, const Vec& q, const Vec& qd,
                          const Vec* lambda = nullptr) const;
  // Forces whose functions read solved loads (indices into Model::forces, ascending).
  const std::vector<int>& loadReadingForces() const { return m_loadForces; }
  // Their loads at (t, q, q̇, λ), indexed like Model::forces (other entries empty): the fixed point
  // of their functions (one may read another's load, or its own through FX() at its marker). A
  // loop without a fixed point gives NaN, reported under the force (reportNonFiniteFunction).
  std::vector<detail::Load<double>> loadReadingLoads(double t, const Vec& q, const Vec& qd,
                                                     const Vec& lambda) const;
  // Adds their generalized forces to Q (statics: System::reactionForces adds them with friction).
  void addLoadReadingForces(double t, const Vec& q, const Vec& qd, const Vec& lambda, Vec& Q) const;
  // Their Jacobians by central differences, added to those given (null: not wanted).
  void addLoadReadingJacobians(double t, const Vec& q, const Vec& qd, const Vec& lambda, Triplets* dQdLambda,
                               Triplets* dQdq, Triplets* dQdqd) const;
  // Joints with friction (indices into Model::joints, ascending) and their friction outputs.
  const std::vector<int>& frictionJoints() const { return m_frictionJoints; }
  FrictionOutput frictionOutput(int joint, const Vec& q, const Vec& qd, const Vec& lambda) const;
  // The same at time t: during a dynamic analysis with stiction the anchors valid at t are used.
  FrictionOutput frictionOutput(int joint, double t, const Vec& q, const Vec& qd, const Vec& lambda) const;
  // Joints with radial clearance (indices into Model::joints, ascending) and their contact outputs.
  const std::vector<int>& clearanceJoints() const { return m_clearanceJoints; }
  ClearanceOutput clearanceOutput(int joint, const Vec& q, const Vec& qd) const;

  // Contacts between solids (Model::contacts order; solver/src/contact, SystemContacts.cpp).
  int numSolidContacts() const { return static_cast<int>(m_solidContacts.size()); }
  SolidContactOutput solidContactOutput(int contact, const Vec& q, const Vec& qd) const;
  // Per contact: the power of its normal forces and of its friction.
  void solidContactPowers(const Vec& q, const Vec& qd, Vec& normal, Vec& friction) const;

  // Powers Q_e·q̇ of the generalized forces at (t, q, q̇), for the energy account of a dynamic run
  // (dynamics/EnergyAccount.hpp). With Euler parameters Q_p·ṗ = 2(Eᵀn)·ṗ = n·ω, so each is the
  // load's F·v + n·ω (plus the modal part on flexible bodies).
  // Per force element (Model::forces order); forces reading solved loads need λ (else 0).
  void forcePowers(double t, const Vec& q, const Vec& qd, Vec& power, const Vec* lambda = nullptr) const;
  // Per clearance joint (clearanceJoints() order): its contact's normal force and its friction.
  void clearancePowers(const Vec& q, const Vec& qd, Vec& normal, Vec& friction) const;
  // Per joint with friction (frictionJoints() order), with the multipliers λ.
  void frictionPowers(double t, const Vec& q, const Vec& qd, const Vec& lambda, Vec& power) const;
  // Of a motion's constraint force −Φ_qᵀλ (the generalized form of motionReaction): −λᵀΦ_q q̇.
  double motionPower(int motion, const Vec& q, const Vec& qd, const Vec& lambda) const;

private:
  bool isFlexible(const ConstraintBlock& block) const
  {
    return m_flexibleBlock[&block - m_blocks.data()] != 0;
  }
  // solver/src/flexible/SystemFlexible.cpp: one flexible body's mass block, forces and their
  // Jacobians (central differences over the body's own 7 + m coordinates).
  void addFlexibleMass(int body, const Vec& q, Triplets& triplets) const;
  void addFlexibleForces(int body, const Vec& q, const Vec& qd, Vec& Q) const;
  void addFlexibleForceJacobians(int body, const Vec& q, const Vec& qd, Triplets& dQdq,
                                 Triplets& dQdqd) const;

  // solver/src/forces/ClearanceForces.cpp: the pin-in-hole contacts of clearance joints.
  void addClearanceForces(const Vec& q, const Vec& qd, Vec& Q) const;
  void addClearanceJacobians(const Vec& q, const Vec& qd, Triplets& dQdq, Triplets& dQdqd) const;
  double clearanceStepLimit(const Vec& q, const Vec& qd) const;

  // solver/src/contact/SystemContacts.cpp: the contacts between solids.
  void addSolidContactForces(const Vec& q, const Vec& qd, Vec& Q) const;
  void addSolidContactJacobians(const Vec& q, const Vec& qd, Triplets& dQdq, Triplets& dQdqd) const;
  double solidContactStepLimit(const Vec& q, const Vec& qd, double bound) const;

  Model m_model;
  std::vector<contact::SolidContactElement> m_solidContacts;
  std::vector<ConstraintBlock> m_blocks;
  std::vector<int> m_clearanceJoints;
  // Per clearance joint: approach speed δ̇⁻ at the onset of the present (or last) contact, taken
  // at the start of each step while the pin is free (contactStepLimit).
  mutable std::vector<double> m_impactSpeed;
  int m_numConstraints = 0;
  std::vector<int> m_frictionJoints;
  std::vector<int> m_loadForces;
  std::vector<int> m_modalOffset;     // per body, −1 = rigid
  std::vector<char> m_flexibleBlock;  // per block: a marker follows a flexible interface node
  int m_numCoordinates = 0;
  // Dynamic stiction (Dae::startHistory): per joint, the relative pose of I in J where its
  // bristles are undeformed, at the end (anchors) and at the start (previous) of the last step.
  struct StictionHistory {
    bool active = false;
    double time = 0.0;  // end of the last accepted step
    std::vector<StictionAnchor> anchors, previous;
  };
  const StictionAnchor* stictionAnchor(int joint, double t) const;  // nullptr: no dynamic stiction
  // What joint `joint`'s friction law reads at t: its relative motion, plus the bristle term.
  detail::JointMotion frictionMotion(int joint, double t, const Vec& q, const Vec& qd) const;
  mutable StictionHistory m_stiction;
};

}  // namespace mbs::solver
