#pragma once
// The DMBS equations of motion in joint coordinates: the tree's recursive dynamics plus the cut
// joints' and motions' equations with their multipliers, stabilized as in seed 001
// ("具有奇异位置的多体系统动力学方程的改进算法"): each equation obeys
//   Φ̈ + 2c₁Φ̇ + c₂²Φ = 0        (c₁ = c₂ recommended: critically damped drift)
// instead of Φ̈ = 0, so position and velocity drift decay rather than grow. At a singular position
// (e.g. a parallelogram four-bar lying flat) the equations' Jacobian loses rank and G M⁻¹ Gᵀ turns
// singular; the multipliers are then taken from a damped least-squares solve (eigenvalues s of
// G M⁻¹ Gᵀ enter as s/(s² + δ²)), which keeps them bounded through the singular position while
// leaving regular positions untouched. Whether G M⁻¹ Gᵀ is near singular is judged by its smallest
// eigenvalue (dmbs/NearSingular.hpp).
#include <Eigen/Cholesky>
#include <memory>
#include <string>
#include <vector>

#include "System.hpp"
#include "dmbs/CutConstraints.hpp"
#include "dmbs/FrictionCoupling.hpp"
#include "dmbs/SparseLoops.hpp"
#include "dmbs/TreeDynamics.hpp"

namespace mbs::solver::dmbs {

struct Stabilization {
  // c₁ = c₂ = 30/s: drift decays within ~0.1 s and stays well inside the explicit Runge–Kutta method's
  // stability region.
  double c1 = 30.0;               // [1/s]
  double c2 = 30.0;               // [1/s]
  double singularDamping = 1e-7;  // δ relative to the largest eigenvalue of G M⁻¹ Gᵀ
  // From this many active equations on, G M⁻¹ Gᵀ is formed and factored sparse (SparseLoops.hpp)
  // instead of dense from one tree response per equation (cheaper for a few loops).
  int sparseFromRows = 24;
};

class JointSpaceEquations {
public:
  // The loads are the System's load elements evaluated on the tree's body states (the System's
  // model is the tree's).
  JointSpaceEquations(const System& system, const Topology& topology, std::vector<ConstraintRow> rows,
                      Stabilization stabilization = {});
  ~JointSpaceEquations();

  const Model& model() const { return m_model; }
  TreeDynamics& tree() { return m_tree; }
  const std::vector<ConstraintRow>& rows() const { return m_rows; }
  const std::vector<int>& activeRows() const { return m_active; }
  int numCoordinates() const { return m_tree.topology().nq; }
  int numRates() const { return m_tree.topology().nv; }
  // Applied wrenches per body about its CM (gravity and force elements) of the last derivative().
  const std::vector<Vec6>& applied() const { return m_applied; }

  // Drops equations that do not raise the rank of the joint-space Jacobian G at (q, v) (in order,
  // as the absolute formulation does) and returns one warning per entity naming them.
  std::vector<std::string> removeRedundantRows(double t, const Vec& q, const Vec& v);
  // Joint-space Jacobian of the active rows at the current kinematics (for tests and redundancy).
  Mat jacobian();

  // q̇ and v̇ at (t, q, v).
  void derivative(double t, const Vec& q, const Vec& v, Vec& qd, Vec& vd);
  // The same as the ODE the integrators see: y' = f(t, y) with y = [q; v], y' = [q̇; v̇].
  void derivative(double t, const Vec& y, Vec& dy);
  // How many derivative() evaluations took the damped multiplier solve (H near singular).
  long dampedSolves() const { return m_dampedSolves; }
  // Largest |Φ| of the active rows at (t, q, v), and the row's description.
  double largestResidual(double t, const Vec& q, const Vec& v, std::string* where = nullptr);

  // The run's history of the load elements (the clearance contacts' approach speeds …), read by
  // the forces and kept by startStep/acceptStep; null (the default): none.
  void useHistory(loads::History* history);
  // A step starts from the accepted point (t, q, v): the load elements record what they need in the
  // history and return the longest step they allow (contact onset); infinity when none limits it.
  double startStep(double t, const Vec& q, const Vec& v);
  // A step ended at the accepted point (t, q, v): the elements update the history.
  void acceptStep(double t, const Vec& q, const Vec& v);
  // The longest step that may end at (t, q, v) (a stiction breakaway, Dae::stictionStepLimit);
  // infinity: any.
  double endStepLimit(double t, const Vec& q, const Vec& v);
  // Whether a joint's friction has stiction bristles (MAX_STICTION_DEFORMATION > 0).
  bool holdsStiction() const { return m_friction && m_friction->limitsSteps(); }
  // Why the last derivative() gave NaN (the friction loads and reactions did not converge); empty
  // when it did not.
  const std::string& lastFailure() const { return m_failure; }
  // The joint friction's generalized forces on the absolute coordinates qAbs of the last
  // derivative()'s state (its Euler parameters' signs may differ: Q_p follows them), zero size
  // without friction: the frames' multipliers balance them.
  Vec frictionForces(const Vec& qAbs) const;

  // Absolute body coordinates (7 per body: CM and Euler parameters, signs kept continuous with
  // `signs`) and their rates at the current kinematics.
  void absoluteState(Vec& qAbs, Vec& qdAbs, const Vec* signs = nullptr) const;

private:
  friend class FrictionCoupling;

  void appliedWrenches(double t);
  // v̇ under the applied wrenches (about each body's CM) at the current kinematics: the tree's
  // forward dynamics plus the cut equations' multipliers μ (kept in m_mu, with the factored
  // G M⁻¹ Gᵀ for linearResponse).
  void accelerations(double t, const Vec& q, const Vec& v, const std::vector<Vec6>& applied, Vec& vd);
  // vd += M⁻¹Gᵀμ with μ from the sparse G M⁻¹ Gᵀ; false if M could not be factored.
  bool sparseMultipliers(const std::vector<RowValues>& values, const Vec& rhs, Vec& vd);
  // μ = (G M⁻¹ Gᵀ)⁻¹ rhs as the last accelerations() solved it (the same path: LDLᵀ, damped, sparse).
  Vec solveMultipliers(const Vec& rhs) const;
  // The linear part of accelerations(): the joint accelerations dvd and multipliers dmu caused by
  // the wrench w (about O) on bodyI and −w on bodyJ alone, at the kinematics and with the
  // factorizations of the last accelerations().
  void linearResponse(int bodyI, int bodyJ, const Vec6& w, Vec& dvd, Vec& dmu);

  enum class MultiplierPath { None, Scalar, Ldlt, Damped, Sparse, SparseDamped };

  const System& m_system;
  const Model& m_model;
  loads::History* m_history = nullptr;
  bool m_historyKept = false;  // whether an element keeps a history slot (acceptStep has work)
  bool m_stepControl = false;  // whether an element limits steps (contacts, clearances, IMPACT …)
  TreeDynamics m_tree;
  std::vector<ConstraintRow> m_rows;
  std::vector<int> m_active;
  Stabilization m_stabilization;
  std::vector<Vec6> m_applied;
  Vec m_freeAcceleration;
  std::vector<RowValues> m_values;  // of the active rows at the last accelerations()
  Vec m_mu;                         // their multipliers
  MultiplierPath m_path = MultiplierPath::None;
  Mat m_h;  // dense G M⁻¹ Gᵀ (paths Scalar, Ldlt, Damped)
  Eigen::LDLT<Mat> m_ldlt;
  std::vector<Vec6> m_probe;  // linearResponse's body accelerations
  std::unique_ptr<FrictionCoupling> m_friction;
  std::string m_failure;
  std::vector<Vec> m_responses;
  std::vector<Vec6> m_accel;
  std::unique_ptr<SparseLoopSolver> m_sparse;
  Vec m_qAbs, m_qdAbs, m_generalized;
  Vec m_qSplit, m_vSplit, m_qdSplit, m_vdSplit;  // derivative(t, y, dy)
  long m_dampedSolves = 0;
};

}  // namespace mbs::solver::dmbs
