#pragma once
// Runs the variants of a design study one after the other on a worker thread (the pattern of
// panels/AnalysisWorker: the plan is an immutable snapshot, cancel is an atomic flag the solver
// polls). Outcomes go to a mutex-guarded store the dialog reads when a run is reported done.
#include <QObject>
#include <atomic>
#include <memory>
#include <mutex>
#include <optional>
#include <vector>

#include "mbs/core/StudyRun.hpp"

namespace mbs::ui {

struct StudyOutcomes {
  mutable std::mutex mutex;
  std::vector<std::optional<core::StudyRunOutcome>> runs;
  std::optional<core::StudyRunOutcome> at(std::size_t index) const
  {
    std::lock_guard lock(mutex);
    return index < runs.size() ? runs[index] : std::nullopt;
  }
};

class StudyWorker : public QObject, public solver::ProgressMonitor {
  Q_OBJECT
public:
  StudyWorker(std::shared_ptr<const core::StudyPlan> plan, std::shared_ptr<StudyOutcomes> outcomes);

  bool cancelRequested() const override { return m_cancel.load(std::memory_order_relaxed); }
  void requestCancel() { m_cancel.store(true, std::memory_order_relaxed); }

public slots:
  void run();

signals:
  void runDone(int index);
  void done(bool cancelled);

private:
  std::shared_ptr<const core::StudyPlan> m_plan;
  std::shared_ptr<StudyOutcomes> m_outcomes;
  std::atomic<bool> m_cancel{false};
};

}  // namespace mbs::ui
