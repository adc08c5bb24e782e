#pragma once
// Runs one analysis on a worker thread with an immutable snapshot of the compiled model. Progress
// reaches the GUI as queued signals (throttled); cancel is an atomic flag the solver polls through
// solver::ProgressMonitor::cancelRequested.
#include <QObject>
#include <atomic>
#include <memory>
#include <vector>

#include "mbs/core/AnalysisSettings.hpp"
#include "mbs/solver/Analysis.hpp"

namespace mbs::ui {

using RunKind = solver::AnalysisKind;

// The operating point and modes of a linear run.
struct LinearOutput {
  solver::State operatingPoint;
  std::vector<solver::LinearMode> modes;
};

struct RunRequest {
  RunKind kind = RunKind::Dynamic;
  core::AnalysisSettings analysis;  // the model's settings, whole (HINIT, MAXIT, KMAX included)
};

class AnalysisWorker : public QObject, public solver::ProgressMonitor {
  Q_OBJECT
public:
  AnalysisWorker(std::shared_ptr<const solver::Model> model, std::shared_ptr<solver::ResultStore> store,
                 RunRequest request);

  void onStep(const solver::StepInfo& info) override;
  bool cancelRequested() const override { return m_cancel.load(std::memory_order_relaxed); }
  void requestCancel() { m_cancel.store(true, std::memory_order_relaxed); }
  // Linear runs fill this (read by the GUI thread once the worker thread has finished).
  void setLinearOutput(std::shared_ptr<LinearOutput> output) { m_linear = std::move(output); }

public slots:
  // Runs the analysis through the solver's entry point (solver::runAnalysis).
  void run();

signals:
  void progress(double time, double endTime, double stepSize, long steps);
  void message(const QString& text);
  void done(bool ok, const QString& status);

private:
  void reportLinear(const solver::AnalysisOutcome& outcome);

  std::shared_ptr<const solver::Model> m_model;  // the compiled snapshot this run solves
  std::shared_ptr<solver::ResultStore> m_store;
  RunRequest m_request;
  std::atomic<bool> m_cancel{false};
  qint64 m_lastReport = 0;
  std::shared_ptr<LinearOutput> m_linear;
};

}  // namespace mbs::ui
