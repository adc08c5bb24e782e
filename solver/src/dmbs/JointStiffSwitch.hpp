#pragma once
// GSTIFF and WSTIFF in the DMBS formulation: Dormand–Prince 5(4) while the model is not stiff,
// then the BDF from the point where the explicit method's stiffness test fires (as LSODA goes
// from Adams to BDF). A tree that is not stiff so keeps the explicit method's O(N) cost per step,
// where the BDF's dense Jacobian costs O(N³) per factorization (a 1000-link chain, 0.2 s: 0.1 s
// against 74 s); a stiff model pays the explicit method for its first 15 steps or so.
#include <optional>

#include "dmbs/JointBdf.hpp"
#include "dmbs/JointIntegrator.hpp"
#include "dmbs/JointRk45.hpp"

namespace mbs::solver::dmbs {

class JointStiffSwitch final : public JointIntegrator {
public:
  JointStiffSwitch(JointSpaceEquations& equations, double tolerance, double maxStep,
                   JointBdf::Variant variant, int maxOrder = 0, int maxNewtonIterations = 6);

  const char* name() const override;  // "Runge–Kutta 5(4) (Dormand–Prince), BDF (…) once stiff"
  void initialize(double t, const Vec& q, const Vec& v) override;
  Status advanceTo(double tOut, ProgressMonitor* monitor, double endTime) override;

  double time() const override { return active().time(); }
  const Vec& q() const override { return active().q(); }
  const Vec& v() const override { return active().v(); }
  long steps() const override { return m_explicit.steps() + m_implicit.steps(); }
  long rejected() const override { return m_explicit.rejected() + m_implicit.rejected(); }
  long evaluations() const override { return m_explicit.evaluations() + m_implicit.evaluations(); }

  // When the BDF took over, and the explicit method's h·λ estimate there; empty before.
  std::optional<double> switchTime() const { return m_switchTime; }
  double stiffnessEstimate() const { return m_explicit.stiffnessEstimate(); }

private:
  const JointIntegrator& active() const;

  JointRk45 m_explicit;
  JointBdf m_implicit;
  std::optional<double> m_switchTime;
};

}  // namespace mbs::solver::dmbs
