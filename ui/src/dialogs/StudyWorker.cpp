#include "StudyWorker.hpp"

namespace mbs::ui {

StudyWorker::StudyWorker(std::shared_ptr<const core::StudyPlan> plan, std::shared_ptr<StudyOutcomes> outcomes)
    : m_plan(std::move(plan)), m_outcomes(std::move(outcomes))
{
}

void StudyWorker::run()
{
  for (std::size_t k = 0; k < m_plan->runs().size(); ++k) {
    if (cancelRequested())
      break;
    core::StudyRunOutcome outcome = m_plan->run(k, {}, this);
    if (cancelRequested())
      break;  // a cancelled run is not a result
    {
      std::lock_guard lock(m_outcomes->mutex);
      m_outcomes->runs[k] = std::move(outcome);
    }
    emit runDone(int(k));
  }
  emit done(cancelRequested());
}

}  // namespace mbs::ui
