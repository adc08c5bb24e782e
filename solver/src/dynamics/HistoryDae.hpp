#pragma once
// A System evaluated with the history of one run (loads::History: stiction anchors, contact
// approach speeds). The run owns the history and this view; integrators see a plain Dae whose
// startHistory/acceptStep hooks update the run's history and whose loads read it. The System
// itself stays free of run state, so several runs may share it.
#include "System.hpp"

namespace mbs::solver {

class HistoryDae final : public Dae {
public:
  // Both must outlive this object.
  // For its lifetime, DELAY reads the run's record (loads/SignalRecord.hpp).
  HistoryDae(const System& system, loads::History& history)
      : m_system(system), m_history(history), m_record(&history.signals)
  {
  }

  const System& system() const { return m_system; }
  const loads::History& history() const { return m_history; }

  int numCoordinates() const override { return m_system.numCoordinates(); }
  int firstOrderStates() const override { return m_system.firstOrderStates(); }
  int numConstraints() const override { return m_system.numConstraints(); }
  void mass(const Vec& q, SparseMat& M) const override { m_system.mass(q, M); }
  void forces(double t, const Vec& q, const Vec& qd, Vec& Q) const override
  {
    m_system.forces(t, q, qd, Q, &m_history);
  }
  void constraints(double t, const Vec& q, Vec& phi) const override { m_system.constraints(t, q, phi); }
  void constraintJacobian(double t, const Vec& q, SparseMat& phiQ) const override
  {
    m_system.constraintJacobian(t, q, phiQ);
  }
  void constraintProducts(double t, const Vec& q, const Vec& v, const Mat& multipliers, Vec& phi, Vec& phiQv,
                          Mat& phiQtMultipliers) const override
  {
    m_system.constraintProducts(t, q, v, multipliers, phi, phiQv, phiQtMultipliers);
  }
  void constraintTimeDerivative(double t, const Vec& q, Vec& phiT) const override
  {
    m_system.constraintTimeDerivative(t, q, phiT);
  }
  void accelerationRhs(double t, const Vec& q, const Vec& qd, Vec& gamma) const override
  {
    m_system.accelerationRhs(t, q, qd, gamma);
  }
  void forceJacobians(double t, const Vec& q, const Vec& qd, SparseMat& dQdq, SparseMat& dQdqd) const override
  {
    m_system.forceJacobians(t, q, qd, dQdq, dQdqd, &m_history);
  }
  void constraintForceJacobian(double t, const Vec& q, const Vec& lambda, SparseMat& out) const override
  {
    m_system.constraintForceJacobian(t, q, lambda, out);
  }
  void constraintSecondDerivatives(double t, const Vec& q, const Vec& lambda, const Vec& v,
                                   SparseMat& dPhiQtLambda, SparseMat& dPhiQv) const override
  {
    m_system.constraintSecondDerivatives(t, q, lambda, v, dPhiQtLambda, dPhiQv);
  }
  void normalize(Vec& q) const override { m_system.normalize(q); }

  bool hasReactionForces() const override { return m_system.hasReactionForces(); }
  void reactionForces(double t, const Vec& q, const Vec& qd, const Vec& lambda, Vec& Q) const override
  {
    m_system.reactionForces(t, q, qd, lambda, Q, &m_history);
  }
  void reactionForceJacobians(double t, const Vec& q, const Vec& qd, const Vec& lambda, SparseMat& dQdLambda,
                              SparseMat& dQdqd) const override
  {
    m_system.reactionForceJacobians(t, q, qd, lambda, dQdLambda, dQdqd, &m_history);
  }
  void reactionForcePositionJacobian(double t, const Vec& q, const Vec& qd, const Vec& lambda,
                                     SparseMat& dQdq) const override
  {
    m_system.reactionForcePositionJacobian(t, q, qd, lambda, dQdq, &m_history);
  }

  // The run's history: (re)started at the initial state, advanced after each accepted step,
  // dropped at the end.
  void startHistory(double t, const Vec& q) const override { m_history = m_system.startLoadHistory(t, q); }
  void acceptStep(double t, const Vec& q) const override { m_system.acceptLoadStep(t, q, m_history); }
  void endHistory() const override { m_history = {}; }
  double stictionStepLimit(double t, const Vec& q, const Vec& qd) const override
  {
    return m_system.endStepLimit(t, q, qd, &m_history);
  }
  double contactStepLimit(double t, const Vec& q, const Vec& qd) const override
  {
    return m_system.startStep(t, q, qd, &m_history);
  }

private:
  const System& m_system;
  loads::History& m_history;
  loads::ScopedSignalRecord m_record;
};

}  // namespace mbs::solver
