#include "AnalysisWorker.hpp"

#include <QDateTime>
#include <cmath>
#include <new>

#include "mbs/core/ModelNotes.hpp"
#include "mbs/core/SolverSettings.hpp"

namespace mbs::ui {

AnalysisWorker::AnalysisWorker(std::shared_ptr<const solver::Model> model,
                               std::shared_ptr<solver::ResultStore> store, RunRequest request)
    : m_model(std::move(model)), m_store(std::move(store)), m_request(request)
{
}

void AnalysisWorker::onStep(const solver::StepInfo& info)
{
  // The assembly's and the statics' Newton iterations only give Cancel its chance (cancelRequested
  // is polled with each); the progress bar follows the steps.
  if (info.phase != solver::Phase::Steps)
    return;
  // At most ~20 updates a second reach the GUI, whatever the step rate.
  const qint64 now = QDateTime::currentMSecsSinceEpoch();
  if (now - m_lastReport < 50 && info.time < info.endTime)
    return;
  m_lastReport = now;
  emit progress(info.time, info.endTime, info.stepSize, info.steps);
}

void AnalysisWorker::reportLinear(const solver::AnalysisOutcome& outcome)
{
  if (m_linear) {
    m_linear->operatingPoint = outcome.operatingPoint;
    m_linear->modes = outcome.modes;
  }
  emit message(tr("Linear analysis about the static equilibrium: %1 degrees of freedom")
                   .arg(outcome.linearDegreesOfFreedom));
  int index = 1;
  for (const auto& mode : outcome.modes)
    emit message(tr("  mode %1: f = %2 Hz, damping ratio %3, s = %4 %5 %6i")
                     .arg(index++)
                     .arg(mode.naturalFrequency, 0, 'g', 6)
                     .arg(mode.dampingRatio, 0, 'g', 4)
                     .arg(mode.eigenvalue.real(), 0, 'g', 6)
                     .arg(mode.eigenvalue.imag() < 0 ? QStringLiteral("-") : QStringLiteral("+"))
                     .arg(std::abs(mode.eigenvalue.imag()), 0, 'g', 6));
}

void AnalysisWorker::run()
{
  solver::AnalysisSettings settings = core::toSolverSettings(m_request.analysis);
  settings.kind = m_request.kind;
  solver::AnalysisOutcome outcome;
  try {
    outcome = solver::runAnalysis(*m_model, settings, this, *m_store);
  } catch (const std::bad_alloc&) {
    // Reported like any failed run (the frames so far stay), not an abort of the whole program.
    outcome.status = solver::Status::failure(
        solver::StatusCode::ResourceLimit,
        tr("out of memory: the model or the run needs more memory than this computer has").toStdString());
    m_store->finish(outcome.status);
  }
  const solver::Status& status = outcome.status;
  if (m_request.kind == RunKind::Linear && status.ok())
    reportLinear(outcome);
  // Where the assembly moved the parts (the first frame of these runs is the assembled start), as
  // mbsolve notes it.
  const bool assembles = m_request.kind == RunKind::Dynamic || m_request.kind == RunKind::Kinematic ||
                         m_request.kind == RunKind::InitialConditions;
  if (assembles && m_store->size() > 0 && m_store->firstIndex() == 0)
    for (const std::string& note : core::assemblyMoveNotes(*m_model, m_store->frame(0)))
      emit message(tr("note: %1").arg(QString::fromStdString(note)));
  for (const auto& warning : status.warnings)
    emit message(tr("warning: %1").arg(QString::fromStdString(warning)));
  for (const auto& note : status.notes)
    emit message(QString::fromStdString(note));
  emit done(status.ok(), status.ok()
                             ? tr("finished")
                             : QStringLiteral("%1: %2").arg(QString::fromUtf8(solver::toString(status.code)),
                                                            QString::fromStdString(status.message)));
}

}  // namespace mbs::ui
