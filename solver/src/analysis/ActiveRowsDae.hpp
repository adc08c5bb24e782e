#pragma once
// A Dae view of a System (or of a System with a run's history, HistoryDae) restricted to some of its
// constraint rows — normally RedundancyReport::activeRows — so that integrators, whose saddle-point matrices
// would be singular with redundant rows, run unchanged. Multipliers map back with fullMultipliers() for
// System::jointReaction (the removed rows get zero).
#include <vector>

#include "Dae.hpp"
#include "mbs/solver/Types.hpp"

namespace mbs::solver {

class ActiveRowsDae final : public Dae {
public:
  // rows: ascending indices into the inner Dae's rows. It must outlive this object.
  ActiveRowsDae(const Dae& system, std::vector<int> rows);

  const std::vector<int>& rows() const { return m_rows; }
  Vec fullMultipliers(const Vec& lambda) const;

  int numCoordinates() const override { return m_system.numCoordinates(); }
  int firstOrderStates() const override { return m_system.firstOrderStates(); }
  int numConstraints() const override { return static_cast<int>(m_rows.size()); }
  void mass(const Vec& q, SparseMat& M) const override { m_system.mass(q, M); }
  void forces(double t, const Vec& q, const Vec& qd, Vec& Q) const override { m_system.forces(t, q, qd, Q); }
  void constraints(double t, const Vec& q, Vec& phi) const override;
  void constraintJacobian(double t, const Vec& q, SparseMat& phiQ) const override;
  void constraintProducts(double t, const Vec& q, const Vec& v, const Mat& multipliers, Vec& phi, Vec& phiQv,
                          Mat& phiQtMultipliers) const override;
  void constraintTimeDerivative(double t, const Vec& q, Vec& phiT) const override;
  void accelerationRhs(double t, const Vec& q, const Vec& qd, Vec& gamma) const override;
  void forceJacobians(double t, const Vec& q, const Vec& qd, SparseMat& dQdq, SparseMat& dQdqd) const override
  {
    m_system.forceJacobians(t, q, qd, dQdq, dQdqd);
  }
  void constraintForceJacobian(double t, const Vec& q, const Vec& lambda, SparseMat& out) const override
  {
    m_system.constraintForceJacobian(t, q, fullMultipliers(lambda), out);
  }
  void constraintSecondDerivatives(double t, const Vec& q, const Vec& lambda, const Vec& v,
                                   SparseMat& dPhiQtLambda, SparseMat& dPhiQv) const override;
  void normalize(Vec& q) const override { m_system.normalize(q); }
  // Joint friction: the removed rows carry no multiplier.
  bool hasReactionForces() const override { return m_system.hasReactionForces(); }
  void reactionForces(double t, const Vec& q, const Vec& qd, const Vec& lambda, Vec& Q) const override
  {
    m_system.reactionForces(t, q, qd, fullMultipliers(lambda), Q);
  }
  void reactionForceJacobians(double t, const Vec& q, const Vec& qd, const Vec& lambda, SparseMat& dQdLambda,
                              SparseMat& dQdqd) const override;
  void reactionForcePositionJacobian(double t, const Vec& q, const Vec& qd, const Vec& lambda,
                                     SparseMat& dQdq) const override
  {
    m_system.reactionForcePositionJacobian(t, q, qd, fullMultipliers(lambda), dQdq);
  }
  void startHistory(double t, const Vec& q) const override { m_system.startHistory(t, q); }
  void acceptStep(double t, const Vec& q) const override { m_system.acceptStep(t, q); }
  void endHistory() const override { m_system.endHistory(); }
  double stictionStepLimit(double t, const Vec& q, const Vec& qd) const override
  {
    return m_system.stictionStepLimit(t, q, qd);
  }
  double contactStepLimit(double t, const Vec& q, const Vec& qd) const override
  {
    return m_system.contactStepLimit(t, q, qd);
  }

private:
  const Dae& m_system;
  std::vector<int> m_rows;
};

}  // namespace mbs::solver
