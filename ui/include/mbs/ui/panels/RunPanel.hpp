#pragma once
// The Run panel: edits the model's own analysis settings (the same ones as Properties > Analysis,
// through undoable commands, saved with the model), compiles an immutable snapshot of the model
// and runs it on a worker QThread with a progress bar (simulated time, steps, step size), Cancel
// and the log of this run. "Linear modes" runs the linear analysis about the static equilibrium.
// The GUI stays responsive; editing the model during or after a run marks the results stale, and
// a different model (New, Open) clears them and the run's log and status.
#include <QElapsedTimer>
#include <QWidget>
#include <memory>
#include <nlohmann/json.hpp>

class QComboBox;
class QFormLayout;
class QDoubleSpinBox;
class QLabel;
class QPlainTextEdit;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QThread;

namespace mbs::solver {
class ModelCoordinates;
enum class AnalysisKind;
}  // namespace mbs::solver

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

  enum class Analysis { InitialConditions, Kinematic, Static, QuasiStatic, Dynamic };
  // Set the model's analysis settings as the panel's fields do (one undoable step each).
  void setAnalysis(Analysis analysis);
  void setEndTime(double seconds);
  void setOutputSteps(int steps);

  // Starts the model's analysis; false (reason in the log) if the model does not compile or a run
  // is already going.
  bool start();
  // Starts the linear analysis (modes about the static equilibrium); false as for start().
  bool startLinear();
  void cancel();
  bool isRunning() const { return m_thread != nullptr; }
  bool lastRunOk() const { return m_lastOk; }
  QString logText() const;

signals:
  void aboutToStart();  // before the snapshot is taken: a moment to autosave the work
  void runStarted();
  void runFinished(bool ok);
  // Every line of the run log, also for the Messages panel (level: 0 info, 1 warning, 2 error).
  void message(int level, const QString& text);

private:
  bool startRun(solver::AnalysisKind kind, const QString& title);
  void finish(bool ok, const QString& status);
  void log(const QString& text, int level = 0);
  void showSettings();
  void commitSetting(const char* pointer, const nlohmann::ordered_json& value);
  void enableSettings();
  void forgetResults();  // a different model: no results, log or status of the old one

  Document& m_document;
  SimulationResults& m_results;
  QFormLayout* m_form;
  QComboBox* m_analysis;
  QDoubleSpinBox* m_endTime;
  QSpinBox* m_outputSteps;
  QComboBox* m_integrator;
  QComboBox* m_formulation;
  QDoubleSpinBox* m_tolerance;
  QPushButton* m_run;
  QPushButton* m_linearRun;
  QPushButton* m_cancel;
  QProgressBar* m_progress;
  QLabel* m_status;
  QLabel* m_stale;
  QLabel* m_settingError;
  QPlainTextEdit* m_log;
  QThread* m_thread = nullptr;
  AnalysisWorker* m_worker = nullptr;
  std::shared_ptr<const solver::ModelCoordinates> m_coordinates;  // of a running linear analysis
  std::shared_ptr<LinearOutput> m_linear;                         // filled by a linear run
  bool m_lastOk = false;
  bool m_discardRun = false;  // the model was replaced during the run: its results are not shown
  QString m_runTitle;
  QElapsedTimer m_stepClock;  // wall time since the run's first step report (for the estimate)
  double m_stepClockFrom = 0.0;
};

}  // namespace mbs::ui
