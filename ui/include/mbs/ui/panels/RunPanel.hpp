#pragma once
// The Run panel: chooses the analysis (initial conditions, kinematic, static, dynamic, linear)
// and its settings, compiles an immutable snapshot of the model and runs it on a worker QThread
// with a progress bar (simulated time, steps, step size), Cancel and a solver log. The GUI stays
// responsive; editing the model during or after a run marks the results stale.
#include <QWidget>
#include <memory>

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QPlainTextEdit;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QThread;

namespace mbs::solver {
class System;
}

namespace mbs::ui {

class AnalysisWorker;
struct LinearOutput;
class Document;
class SimulationResults;

class RunPanel : public QWidget {
  Q_OBJECT
public:
  RunPanel(Document& document, SimulationResults& results, QWidget* parent = nullptr);
  ~RunPanel() override;

  enum class Analysis { InitialConditions, Kinematic, Static, Dynamic, Linear };
  void setAnalysis(Analysis analysis);
  void setEndTime(double seconds);
  void setOutputSteps(int steps);

  // Starts the chosen analysis; false (reason in the log) if the model does not compile or a run
  // is already going.
  bool start();
  void cancel();
  bool isRunning() const { return m_thread != nullptr; }
  bool lastRunOk() const { return m_lastOk; }
  QString logText() const;

signals:
  void runFinished(bool ok);

private:
  void finish(bool ok, const QString& status);
  void log(const QString& text);

  Document& m_document;
  SimulationResults& m_results;
  QComboBox* m_analysis;
  QDoubleSpinBox* m_endTime;
  QSpinBox* m_outputSteps;
  QComboBox* m_integrator;
  QComboBox* m_formulation;
  QDoubleSpinBox* m_tolerance;
  QPushButton* m_run;
  QPushButton* m_cancel;
  QProgressBar* m_progress;
  QLabel* m_status;
  QLabel* m_stale;
  QPlainTextEdit* m_log;
  QThread* m_thread = nullptr;
  AnalysisWorker* m_worker = nullptr;
  std::shared_ptr<const solver::System> m_system;  // of the running analysis
  std::shared_ptr<LinearOutput> m_linear;          // filled by a linear run
  bool m_lastOk = false;
};

}  // namespace mbs::ui
