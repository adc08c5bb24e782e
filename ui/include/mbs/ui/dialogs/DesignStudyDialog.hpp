#pragma once
// Tools > Design Study (docs/design-studies.md): the model's parameters and the fields bound to
// them (one table each; Apply is one undo step), a study over some of them (ranges, full factorial
// or Latin hypercube) with responses picked from the result columns, run on a worker thread with
// progress, and the results: the summary table, a response-vs-variable plot, a 2-D map for two
// variables, exported as CSV and PNG. The runs use a snapshot of the model taken at Run.
#include <QDialog>
#include <memory>
#include <optional>
#include <vector>

#include "mbs/core/Study.hpp"

class QChartView;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QTabWidget;
class QTableWidget;
class QThread;

namespace mbs::core {
class StudyPlan;
}

namespace mbs::ui {

class Document;
class StudyMap;
class StudyWorker;
struct StudyOutcomes;

class DesignStudyDialog : public QDialog {
  Q_OBJECT
public:
  explicit DesignStudyDialog(Document& document, QWidget* parent = nullptr);
  ~DesignStudyDialog() override;

  // Parameters tab.
  QTableWidget* parameters;  // name, value, description
  QTableWidget* bindings;    // entity, field (JSON pointer), expression
  QPushButton* applyParameters;
  QLabel* parameterMessage;
  // Study tab.
  QTableWidget* variables;  // parameter, from, to, count (factorial) / min, max (hypercube)
  QComboBox* design;        // full factorial, Latin hypercube
  QSpinBox* samples;
  QSpinBox* seed;
  QDoubleSpinBox* endTime;
  QSpinBox* outputSteps;
  QTableWidget* responses;  // result column, statistic
  QPushButton* openStudyButton;
  QPushButton* saveStudyButton;
  QPushButton* run;
  QPushButton* cancel;
  QProgressBar* progress;
  QLabel* status;
  // Results tab.
  QTableWidget* summary;
  QComboBox* plotVariable;
  QComboBox* plotResponse;
  QTabWidget* plots;
  QChartView* chart;
  StudyMap* map;
  QPushButton* exportCsv;
  QPushButton* exportPng;
  QTabWidget* tabs;

  // Adds a study variable row / a response row (also what the Add buttons do).
  void addVariable(const QString& parameter, double from, double to, int count);
  void addResponse(const QString& column, const QString& statistic);
  bool isRunning() const;
  // The summary as mbsolve study writes it; false with `error` if it cannot be written.
  bool exportSummary(const QString& path, QString* error) const;
  bool exportPlot(const QString& path) const;  // the plot or map shown, as PNG
  int mapPointCount() const;                   // runs drawn on the 2-D map
  // The study as a study file for `mbsolve study` (naming the saved model file), and back: the
  // variables, design, analysis and responses of a study file fill the form. False with `error`.
  bool saveStudy(const QString& path, QString* error) const;
  bool openStudy(const QString& path, QString* error);

signals:
  void studyFinished(bool cancelled);

protected:
  void closeEvent(QCloseEvent* event) override;

private:
  void fillParameters();
  void onApplyParameters();
  std::optional<core::Study> studyFromForm(QString& error) const;
  void onRun();
  void onRunDone(int index);
  void onFinished(bool cancelled);
  void updateResults();
  void updatePlots();
  QStringList parameterNames() const;

  Document& m_document;
  std::optional<core::Study> m_study;
  core::StudyAnalysis m_fileAnalysis;  // of the last opened study file (the form shows part of it)
  std::shared_ptr<const core::StudyPlan> m_plan;
  std::shared_ptr<StudyOutcomes> m_outcomes;
  QThread* m_thread = nullptr;
  StudyWorker* m_worker = nullptr;
  QStringList m_columns;  // result columns of the model, for the response pickers
};

}  // namespace mbs::ui
