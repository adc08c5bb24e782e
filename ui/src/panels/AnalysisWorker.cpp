#include "AnalysisWorker.hpp"

#include <QDateTime>
#include <cmath>

#include "mbs/solver/DynamicAnalysis.hpp"
#include "mbs/solver/InitialConditions.hpp"
#include "mbs/solver/KinematicAnalysis.hpp"
#include "mbs/solver/LinearAnalysis.hpp"
#include "mbs/solver/StaticAnalysis.hpp"

namespace mbs::ui {
namespace {

std::vector<double> outputTimes(double endTime, int steps)
{
  std::vector<double> times;
  for (int k = 0; k <= steps; ++k)
    times.push_back(endTime * k / steps);
  return times;
}

}  // namespace

AnalysisWorker::AnalysisWorker(std::shared_ptr<const solver::System> system,
                               std::shared_ptr<solver::ResultStore> store, RunRequest request)
    : m_system(std::move(system)), m_store(std::move(store)), m_request(request)
{
}

void AnalysisWorker::onStep(const solver::StepInfo& info)
{
  // At most ~20 updates a second reach the GUI, whatever the step rate.
  const qint64 now = QDateTime::currentMSecsSinceEpoch();
  if (now - m_lastReport < 50 && info.time < info.endTime)
    return;
  m_lastReport = now;
  emit progress(info.time, info.endTime, info.stepSize, info.steps);
}

solver::Status AnalysisWorker::runLinear()
{
  solver::State state;
  solver::Status status = solver::solveInitialConditions(*m_system, state);
  if (status.ok())
    status = solver::solveStatics(*m_system, state);
  if (!status.ok())
    return status;
  m_store->append(solver::computeFrame(*m_system, state));
  solver::LinearSystem linear;
  status = solver::linearize(*m_system, state, linear);
  if (!status.ok())
    return status;
  if (m_linear) {
    m_linear->operatingPoint = state;
    m_linear->modes = linear.modes;
  }
  emit message(
      tr("Linear analysis about the static equilibrium: %1 degrees of freedom").arg(linear.basis.cols()));
  int index = 1;
  for (const auto& mode : linear.modes)
    emit message(tr("  mode %1: f = %2 Hz, damping ratio %3, s = %4 %5 %6i")
                     .arg(index++)
                     .arg(mode.naturalFrequency, 0, 'g', 6)
                     .arg(mode.dampingRatio, 0, 'g', 4)
                     .arg(mode.eigenvalue.real(), 0, 'g', 6)
                     .arg(mode.eigenvalue.imag() < 0 ? QStringLiteral("-") : QStringLiteral("+"))
                     .arg(std::abs(mode.eigenvalue.imag()), 0, 'g', 6));
  return status;
}

void AnalysisWorker::run()
{
  const solver::System& system = *m_system;
  m_store->reset(solver::ResultLayout::fromModel(system.model()));
  solver::Status status;
  solver::State state;
  switch (m_request.kind) {
    case RunKind::InitialConditions:
      status = solver::solveInitialConditions(system, state);
      if (status.ok())
        m_store->append(solver::computeFrame(system, state));
      break;
    case RunKind::Static:
      status = solver::solveInitialConditions(system, state);
      if (status.ok())
        status = solver::solveStatics(system, state);
      if (status.ok())
        m_store->append(solver::computeFrame(system, state));
      break;
    case RunKind::Kinematic:
      status = solver::solveInitialConditions(system, state);
      if (status.ok())
        status = solver::runKinematics(
            system, state, outputTimes(m_request.endTime, m_request.outputSteps),
            [this, &system](const solver::State& s) {
              m_store->append(solver::computeFrame(system, s));
              return solver::Status::success();
            },
            this);
      break;
    case RunKind::Dynamic: {
      solver::DynamicOptions options;
      options.endTime = m_request.endTime;
      options.outputStep = m_request.endTime / m_request.outputSteps;
      options.integrator = static_cast<solver::IntegratorType>(m_request.integrator);
      options.integratorOptions.tolerance = m_request.tolerance;
      options.integratorOptions.formulation = m_request.formulation == core::Formulation::SI2
                                                  ? solver::Formulation::SI2
                                                  : solver::Formulation::I3;
      options.integratorOptions.hmax = m_request.maxStep > 0.0 ? m_request.maxStep : options.outputStep;
      status = solver::runDynamics(system, options, this, *m_store);
      break;
    }
    case RunKind::Linear:
      status = runLinear();
      break;
  }
  if (!m_store->finished())
    m_store->finish(status);
  for (const auto& warning : status.warnings)
    emit message(tr("warning: %1").arg(QString::fromStdString(warning)));
  emit done(status.ok(), status.ok()
                             ? tr("finished")
                             : QStringLiteral("%1: %2").arg(QString::fromUtf8(solver::toString(status.code)),
                                                            QString::fromStdString(status.message)));
}

}  // namespace mbs::ui
