#pragma once
// Error-controlled explicit Runge–Kutta 5(4) (Dormand–Prince, first same as last) on the DMBS
// joint coordinates and rates: an ODE, the cut-joint equations being kept by the stabilized
// multipliers rather than a Newton corrector. The fifth-order solution is propagated; quaternion
// coordinates are rescaled when their length has drifted. With stopWhenStiff it watches for
// stiffness (Hairer's test, see stiffnessDetected) and stops there, for the BDF to go on.
#include <string>

#include "dmbs/JointIntegrator.hpp"
#include "dmbs/JointSpaceEquations.hpp"
#include "mbs/solver/Progress.hpp"
#include "mbs/solver/Status.hpp"

namespace mbs::solver::dmbs {

class JointRk45 final : public JointIntegrator {
public:
  JointRk45(JointSpaceEquations& equations, double tolerance, double maxStep, bool stopWhenStiff = false);

  const char* name() const override { return "Runge–Kutta 5(4) (Dormand–Prince)"; }
  // Starts at (t, q, v).
  void initialize(double t, const Vec& q, const Vec& v) override;
  // Integrates past tEnd (steps land on endTime only) and makes q(), v() the values at tEnd from
  // the last step's continuous extension (order 4); reports each accepted step. With
  // stopWhenStiff it returns early, at time() < tEnd (the last step's point), once
  // stiffnessDetected().
  Status advanceTo(double tEnd, ProgressMonitor* monitor, double endTime) override;
  // Hairer's DOPRI5 test (Solving ODE II, IV.2): h·λ estimated by h‖f(y₁) − f(y₆)‖/‖y₁ − y₆‖ from
  // the two stages at t + h has stayed above 3.25 (the edge of the method's stability region) for
  // 15 accepted steps: the step is held by stability, not accuracy.
  bool stiffnessDetected() const { return m_stiffSteps >= kStiffSteps; }
  double stiffnessEstimate() const { return m_hLambda; }  // the last h·λ
  // Not empty once the stiffness test fired (also without stopWhenStiff): when, at what step and
  // what to use instead, for a warning or a work-limit message.
  std::string stiffnessNote() const;
  static std::string workLimitHint();  // what to try when a run stops at the work limit

  double time() const override { return m_t; }
  const Vec& q() const override { return m_q; }
  const Vec& v() const override { return m_v; }
  long steps() const override { return m_steps; }
  long rejected() const override { return m_rejected; }
  long evaluations() const override { return m_evaluations; }

private:
  // y' = f(t, y) with y = [q; v].
  void f(double t, const Vec& y, Vec& dy);
  double startingStep();
  void watchStiffness(double h);   // after an accepted step, before y and the stages move on
  void keepDenseOutput(double h);  // likewise: the step's continuous extension
  void interpolate(double t);      // q, v at t within the last step, from it

  static constexpr int kStiffSteps = 15, kNonStiffSteps = 6;

  JointSpaceEquations& m_eq;
  double m_tolerance, m_maxStep;
  double m_t = 0.0, m_h = 0.0;
  double m_tStep = 0.0;  // where the steps have got to (m_t is the last output time, m_tStep >= m_t)
  Vec m_dense[5];        // the last step's continuous extension (DOPRI5's rcont1..5)
  double m_denseStart = 0.0, m_denseStep = 0.0;
  bool m_denseValid = false;
  Vec m_q, m_v, m_y;
  Vec m_k[7], m_error, m_stage;
  bool m_haveFirstStage = false;
  double m_stepLimit = 0.0;     // the load elements' limit on the step from the accepted point
  double m_errorBefore = 1e-4;  // error of the last accepted step (PI control)
  bool m_rejectedLast = false;
  bool m_stopWhenStiff;
  Vec m_sixthStage;  // the sixth stage's argument (at t + h, as the new point)
  int m_stiffSteps = 0, m_nonStiffSteps = 0;
  double m_hLambda = 0.0;
  double m_stiffSince = -1.0, m_stiffStep = 0.0;  // first detection: the step's start and size
  long m_steps = 0, m_rejected = 0, m_evaluations = 0;
};

}  // namespace mbs::solver::dmbs
