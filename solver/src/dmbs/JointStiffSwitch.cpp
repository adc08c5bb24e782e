#include "dmbs/JointStiffSwitch.hpp"

namespace mbs::solver::dmbs {
namespace {

// The BDF counts its steps from zero; the monitor sees the run's total.
class OffsetSteps final : public ProgressMonitor {
public:
  OffsetSteps(ProgressMonitor* inner, long steps, long rejected)
      : m_inner(inner), m_steps(steps), m_rejected(rejected)
  {
  }
  void onStep(const StepInfo& info) override
  {
    StepInfo total = info;
    total.steps += m_steps;
    total.rejectedSteps += m_rejected;
    m_inner->onStep(total);
  }
  bool cancelRequested() const override { return m_inner->cancelRequested(); }

private:
  ProgressMonitor* m_inner;
  long m_steps, m_rejected;
};

}  // namespace

JointStiffSwitch::JointStiffSwitch(JointSpaceEquations& equations, double tolerance, double maxStep,
                                   JointBdf::Variant variant, int maxOrder, int maxNewtonIterations)
    : m_explicit(equations, tolerance, maxStep, /*stopWhenStiff=*/true),
      m_implicit(equations, tolerance, maxStep, variant, maxOrder, maxNewtonIterations)
{
}

const char* JointStiffSwitch::name() const
{
  return m_implicit.name() == std::string_view("BDF (fixed leading coefficient)")
             ? "Runge–Kutta 5(4) (Dormand–Prince), BDF (fixed leading coefficient) once stiff"
             : "Runge–Kutta 5(4) (Dormand–Prince), BDF (variable coefficient) once stiff";
}

void JointStiffSwitch::initialize(double t, const Vec& q, const Vec& v)
{
  m_explicit.initialize(t, q, v);
  m_switchTime.reset();
}

const JointIntegrator& JointStiffSwitch::active() const
{
  return m_switchTime ? static_cast<const JointIntegrator&>(m_implicit) : m_explicit;
}

Status JointStiffSwitch::advanceTo(double tOut, ProgressMonitor* monitor, double endTime)
{
  if (!m_switchTime) {
    Status st = m_explicit.advanceTo(tOut, monitor, endTime);
    if (!st.ok() || !m_explicit.stiffnessDetected())
      return st;
    m_switchTime = m_explicit.time();
    m_implicit.initialize(m_explicit.time(), m_explicit.q(), m_explicit.v());
  }
  if (!monitor)
    return m_implicit.advanceTo(tOut, nullptr, endTime);
  OffsetSteps total(monitor, m_explicit.steps(), m_explicit.rejected());
  return m_implicit.advanceTo(tOut, &total, endTime);
}

}  // namespace mbs::solver::dmbs
