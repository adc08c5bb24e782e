#include "mbs/ui/panels/RunPanel.hpp"

#include <QDir>
#include <iterator>

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QThread>
#include <QTime>
#include <QVBoxLayout>

#include "AnalysisWorker.hpp"
#include "FileMessages.hpp"
#include "SolverMessages.hpp"
#include "mbs/core/Commands.hpp"
#include "mbs/core/Compile.hpp"
#include "mbs/core/ModelNotes.hpp"
#include "mbs/solver/ModelCoordinates.hpp"
#include "mbs/ui/Document.hpp"
#include "mbs/ui/SimulationResults.hpp"
#include "mbs/ui/dialogs/FormWidgets.hpp"

namespace mbs::ui {
namespace {

// The analyses the panel offers, in the list's order: the one table from a list item to the
// model's setting and to what the solver runs (no index is cast to an enum).
struct AnalysisChoice {
  RunPanel::Analysis analysis;
  core::AnalysisType type;  // the model's /analysis/type
  RunKind kind;             // what the solver runs
  const char* label;        // translated in the RunPanel context
  bool timeHistory;         // end time and output steps apply
};

constexpr AnalysisChoice kAnalyses[] = {
    {RunPanel::Analysis::InitialConditions, core::AnalysisType::InitialConditions, RunKind::InitialConditions,
     QT_TRANSLATE_NOOP("mbs::ui::RunPanel", "Initial conditions"), false},
    {RunPanel::Analysis::Kinematic, core::AnalysisType::Kinematic, RunKind::Kinematic,
     QT_TRANSLATE_NOOP("mbs::ui::RunPanel", "Kinematic"), true},
    {RunPanel::Analysis::Static, core::AnalysisType::Static, RunKind::Static,
     QT_TRANSLATE_NOOP("mbs::ui::RunPanel", "Static"), false},
    {RunPanel::Analysis::QuasiStatic, core::AnalysisType::QuasiStatic, RunKind::QuasiStatic,
     QT_TRANSLATE_NOOP("mbs::ui::RunPanel", "Quasi-static"), true},
    {RunPanel::Analysis::Dynamic, core::AnalysisType::Dynamic, RunKind::Dynamic,
     QT_TRANSLATE_NOOP("mbs::ui::RunPanel", "Dynamic"), true},
};

int rowOf(core::AnalysisType type)
{
  for (int k = 0; k < int(std::size(kAnalyses)); ++k)
    if (kAnalyses[k].type == type)
      return k;
  return -1;
}

int rowOf(RunPanel::Analysis analysis)
{
  for (int k = 0; k < int(std::size(kAnalyses)); ++k)
    if (kAnalyses[k].analysis == analysis)
      return k;
  return -1;
}

const AnalysisChoice* choiceAt(int row)
{
  return row >= 0 && row < int(std::size(kAnalyses)) ? &kAnalyses[row] : nullptr;
}

}  // namespace

RunPanel::RunPanel(Document& document, SimulationResults& results, QWidget* parent)
    : QWidget(parent), m_document(document), m_results(results)
{
  setObjectName("runPanel");
  auto* layout = new QVBoxLayout(this);
  auto* form = new QFormLayout;
  form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
  m_analysis = new QComboBox;
  m_analysis->setObjectName("runAnalysis");
  for (const AnalysisChoice& choice : kAnalyses)  // the item's data: the model's analysis type
    m_analysis->addItem(tr(choice.label), QString::fromUtf8(core::toString(choice.type)));
  // Number boxes show the value as typed (0.0001, 1e-08), not padded to a fixed grid of decimals.
  m_endTime = makeNumberBox(1.0, 1e-6, 1e6);
  m_endTime->setObjectName("runEndTime");
  setQuantity(m_endTime, core::Quantity::Time);  // seconds, shown in the model's time unit
  m_outputSteps = new QSpinBox;
  m_outputSteps->setObjectName("runOutputSteps");
  m_outputSteps->setRange(1, 1000000);
  m_outputSteps->setKeyboardTracking(false);
  m_integrator = new QComboBox;
  m_integrator->setObjectName("runIntegrator");
  m_integrator->addItems({"GSTIFF (BDF)", "WSTIFF (BDF)", "HHT-α", "RKF45", "CONSTANT_BDF (BDF, HMAX step)",
                          "DSTIFF (DASSL BDF, I3)", "ABAM"});
  m_formulation = new QComboBox;
  m_formulation->setObjectName("runFormulation");
  // (Item k is core::Formulation k: I3, SI2, DMBS, then the automatic choice.)
  m_formulation->addItems({"I3", "SI2", "DMBS", tr("Automatic")});
  m_tolerance = makeNumberBox(1e-4, 1e-12, 1.0);
  m_tolerance->setObjectName("runTolerance");
  form->addRow(tr("Analysis"), m_analysis);
  form->addRow(tr("End time"), m_endTime);
  form->addRow(tr("Output steps"), m_outputSteps);
  form->addRow(tr("Integrator"), m_integrator);
  form->addRow(tr("Formulation"), m_formulation);
  form->addRow(tr("Error tolerance"), m_tolerance);
  m_form = form;
  layout->addLayout(form);
  m_settingError = new QLabel;
  m_settingError->setObjectName("runSettingError");
  m_settingError->setWordWrap(true);
  m_settingError->setStyleSheet("color: #c53030");
  m_settingError->hide();
  layout->addWidget(m_settingError);
  auto* buttons = new QHBoxLayout;
  m_run = new QPushButton(tr("Run"));
  m_run->setObjectName("runButton");
  m_run->setToolTip(tr("Run the model's analysis (F5)"));
  m_linearRun = new QPushButton(tr("Linear modes"));
  m_linearRun->setObjectName("linearRunButton");
  m_linearRun->setToolTip(tr("Eigenvalues and mode shapes about the static equilibrium"));
  m_cancel = new QPushButton(tr("Cancel"));
  m_cancel->setObjectName("cancelButton");
  m_cancel->setEnabled(false);
  buttons->addWidget(m_run);
  buttons->addWidget(m_linearRun);
  buttons->addWidget(m_cancel);
  layout->addLayout(buttons);
  m_progress = new QProgressBar;
  m_progress->setRange(0, 1000);
  m_progress->setValue(0);
  layout->addWidget(m_progress);
  m_status = new QLabel(tr("Idle"));
  m_status->setObjectName("runStatus");
  m_status->setWordWrap(true);
  layout->addWidget(m_status);
  m_stale = new QLabel(tr("Results are stale: the model changed after the run."));
  m_stale->setObjectName("runStale");
  m_stale->setStyleSheet("color: #b7791f");
  m_stale->setWordWrap(true);
  m_stale->hide();
  layout->addWidget(m_stale);
  m_log = new QPlainTextEdit;
  m_log->setObjectName("runLog");
  m_log->setReadOnly(true);
  m_log->setMaximumBlockCount(2000);
  m_log->setFont(QFont("monospace", 9));
  m_log->setMinimumHeight(90);
  m_log->setPlaceholderText(tr("The log of the latest run (all runs are kept in Messages)."));
  layout->addWidget(m_log, 1);

  // Every field writes the model's setting; the panel shows what the model holds.
  connect(m_analysis, &QComboBox::activated, this, [this](int index) {
    if (const AnalysisChoice* choice = choiceAt(index))
      commitSetting("/analysis/type", core::toString(choice->type));
  });
  connect(m_endTime, &QDoubleSpinBox::valueChanged, this,
          [this](double v) { commitSetting("/analysis/end_time", v); });
  connect(m_outputSteps, &QSpinBox::valueChanged, this,
          [this](int v) { commitSetting("/analysis/output_steps", v); });
  connect(m_integrator, &QComboBox::activated, this, [this](int index) {
    commitSetting("/analysis/integrator", core::toString(static_cast<core::Integrator>(index)));
  });
  connect(m_formulation, &QComboBox::activated, this, [this](int index) {
    commitSetting("/analysis/formulation", core::toString(static_cast<core::Formulation>(index)));
  });
  connect(m_tolerance, &QDoubleSpinBox::valueChanged, this,
          [this](double v) { commitSetting("/analysis/error_tolerance", v); });
  showSettings();
  connect(&m_document, &Document::modelReset, this, [this] {
    forgetResults();
    showSettings();
  });
  connect(&m_document, &Document::modelChanged, this, [this] {
    showSettings();
    // Units only change how the SI results are shown: they stay fresh.
    if ((!m_results.empty() || isRunning()) && !m_document.lastChangeOnlyDisplayUnits())
      m_results.setStale(true);
  });
  connect(&m_results, &SimulationResults::staleChanged, m_stale, &QWidget::setVisible);
  connect(m_run, &QPushButton::clicked, this, &RunPanel::start);
  connect(m_linearRun, &QPushButton::clicked, this, &RunPanel::startLinear);
  connect(m_cancel, &QPushButton::clicked, this, &RunPanel::cancel);
}

void RunPanel::showSettings()
{
  const auto& a = m_document.model().analysis;
  const QSignalBlocker b1(m_analysis), b2(m_endTime), b3(m_outputSteps), b4(m_integrator), b5(m_formulation),
      b6(m_tolerance);
  m_analysis->setCurrentIndex(rowOf(a.type));
  m_endTime->setValue(a.endTime);
  m_outputSteps->setValue(a.outputSteps);
  m_integrator->setCurrentIndex(static_cast<int>(a.integrator));
  m_formulation->setCurrentIndex(static_cast<int>(a.formulation));
  m_tolerance->setValue(a.errorTolerance);
  enableSettings();
}

// Only what the model's analysis uses is editable: a static or initial-condition run has no end
// time, steps or integrator, a kinematic or quasi-static run no integrator; the error tolerance is
// the integrator's (each equilibrium of a quasi-static run converges to StaticOptions' residuals).
void RunPanel::enableSettings()
{
  const AnalysisChoice* choice = choiceAt(m_analysis->currentIndex());
  const Analysis a = choice ? choice->analysis : Analysis::Dynamic;
  const bool timeHistory = choice && choice->timeHistory;
  for (QWidget* w : {static_cast<QWidget*>(m_endTime), static_cast<QWidget*>(m_outputSteps)}) {
    w->setEnabled(timeHistory);
    m_form->labelForField(w)->setEnabled(timeHistory);
  }
  for (QWidget* w : {static_cast<QWidget*>(m_integrator), static_cast<QWidget*>(m_formulation),
                     static_cast<QWidget*>(m_tolerance)}) {
    w->setEnabled(a == Analysis::Dynamic);
    m_form->labelForField(w)->setEnabled(a == Analysis::Dynamic);
  }
}

void RunPanel::commitSetting(const char* pointer, const nlohmann::ordered_json& value)
{
  QString error;
  if (!m_document.execute(std::make_unique<core::SetProperty>(core::EntityRef(), pointer, value), &error)) {
    m_settingError->setText(error);
    m_settingError->show();
    showSettings();  // back to the model's value
    return;
  }
  m_settingError->hide();
}

void RunPanel::forgetResults()
{
  if (m_thread) {
    m_discardRun = true;  // its frames belong to the model that was replaced
    m_worker->requestCancel();
  }
  m_results.clear();
  m_log->clear();
  m_progress->setValue(0);
  m_status->setText(tr("Idle"));
  m_settingError->hide();
}

RunPanel::~RunPanel()
{
  if (m_thread) {
    m_worker->requestCancel();
    m_thread->quit();
    m_thread->wait();
  }
}

void RunPanel::setAnalysis(Analysis analysis)
{
  const int row = rowOf(analysis);
  m_analysis->setCurrentIndex(row);
  emit m_analysis->activated(row);
}
void RunPanel::setEndTime(double seconds)
{
  m_endTime->setValue(seconds);
}
void RunPanel::setOutputSteps(int steps)
{
  m_outputSteps->setValue(steps);
}
QString RunPanel::logText() const
{
  return m_log->toPlainText();
}

void RunPanel::log(const QString& text, int level)
{
  m_log->appendPlainText(QStringLiteral("%1 %2").arg(QTime::currentTime().toString("HH:mm:ss"), text));
  emit message(level, text);
}

bool RunPanel::start()
{
  const AnalysisChoice* choice = choiceAt(m_analysis->currentIndex());
  if (!choice)
    return false;
  return startRun(choice->kind, m_analysis->currentText());
}

bool RunPanel::startLinear()
{
  return startRun(RunKind::Linear, tr("Linear (modes)"));
}

bool RunPanel::startRun(RunKind kind, const QString& title)
{
  if (m_thread)
    return false;
  emit aboutToStart();
  m_log->clear();  // the box shows this run; Messages keeps them all
  const core::Model& model = m_document.model();
  core::CompileResult compiled = core::compile(model);
  for (const auto& d : compiled.diagnostics)
    log((compiled.ok ? tr("warning: ") : tr("error: ")) + describeDiagnostic(d), compiled.ok ? 1 : 2);
  if (!compiled.ok) {
    m_status->setText(tr("The model does not compile; see the log."));
    return false;
  }
  const solver::Status valid = solver::validateModel(compiled.model);
  if (!valid.ok()) {
    log(tr("error: %1").arg(translateSolverMessage(QString::fromStdString(valid.message))), 2);
    m_status->setText(tr("The model is not valid; see the log."));
    return false;
  }
  RunRequest request;
  request.kind = kind;
  request.analysis = model.analysis;

  auto snapshot = std::make_shared<const solver::Model>(compiled.model);
  auto store = std::make_shared<solver::ResultStore>();
  // Long runs keep every frame readable with bounded memory: past the newest 4096, frames go to an
  // unlinked temporary file (gone with the store, also after a crash).
  store->setSpill(QDir::tempPath().toStdString(), 4096);
  store->reset(solver::ResultLayout::fromModel(compiled.model));  // readers see the names at once
  m_results.start(store, model, compiled.map, title);
  m_runTitle = title;
  m_discardRun = false;
  m_thread = new QThread(this);
  m_worker = new AnalysisWorker(snapshot, store, request);
  // A linear run's modes are shown as part poses at coordinates q0 + a·shape (SimulationResults).
  if (request.kind == RunKind::Linear)
    m_coordinates = std::make_shared<const solver::ModelCoordinates>(compiled.model);
  m_linear = std::make_shared<LinearOutput>();
  m_worker->setLinearOutput(m_linear);
  m_worker->moveToThread(m_thread);
  connect(m_thread, &QThread::started, m_worker, &AnalysisWorker::run);
  connect(m_thread, &QThread::finished, m_worker, &QObject::deleteLater);
  connect(m_worker, &AnalysisWorker::progress, this, [this](double t, double end, double h, long steps) {
    if (m_discardRun)
      return;
    m_progress->setValue(end > 0 ? static_cast<int>(1000.0 * t / end) : 0);
    // Simulated times in the model's time unit (the estimate below is wall-clock seconds).
    const core::UnitSystem& u = m_document.model().displayUnits;
    QString text = tr("t = %1 %5 of %2 %5, %3 steps, step size %4 %5")
                       .arg(t / u.time, 0, 'g', 5)
                       .arg(end / u.time)
                       .arg(steps)
                       .arg(h / u.time, 0, 'g', 3)
                       .arg(QString::fromStdString(u.timeName));
    // After a second of stepping, the wall time left at the rate so far (simulated time per second).
    if (!m_stepClock.isValid()) {
      m_stepClock.start();
      m_stepClockFrom = t;
    }
    const double wall = m_stepClock.elapsed() / 1000.0;
    if (wall >= 1.0 && t > m_stepClockFrom && end > t)
      text += tr(", about %1 s left").arg(wall * (end - t) / (t - m_stepClockFrom), 0, 'f', 0);
    m_status->setText(text);
    m_results.notifyFramesAdded();
  });
  connect(m_worker, &AnalysisWorker::message, this, [this](const QString& text) {
    if (!m_discardRun)
      log(translateSolverMessage(text));
  });
  connect(m_worker, &AnalysisWorker::done, this, &RunPanel::finish);
  m_run->setEnabled(false);
  m_linearRun->setEnabled(false);
  m_cancel->setEnabled(true);
  m_progress->setValue(0);
  m_stepClock.invalidate();
  m_status->setText(tr("Running %1...").arg(title));
  log(tr("%1 analysis of '%2' started (%3 bodies, %4 joints).")
          .arg(title, QString::fromStdString(model.name))
          .arg(compiled.model.bodies.size())
          .arg(compiled.model.joints.size()));
  // The degrees of freedom as mbsolve states them (core::degreesOfFreedomNote), redundant
  // constraint equations named.
  if (const auto dof = core::degreesOfFreedomNote(model))
    log(tr("note: %1").arg(translateSolverMessage(QString::fromStdString(*dof))));
  m_thread->start();
  emit runStarted();
  return true;
}

void RunPanel::cancel()
{
  if (!m_worker)
    return;
  m_worker->requestCancel();
  log(tr("Cancel requested."));
}

void RunPanel::finish(bool ok, const QString& status)
{
  m_thread->quit();
  m_thread->wait();
  const bool discarded = m_discardRun;
  if (!discarded && ok && m_linear && !m_linear->modes.empty() && m_coordinates)  // the worker is done
    m_results.setLinearModes(m_coordinates, m_linear->operatingPoint, m_linear->modes);
  m_linear.reset();
  m_coordinates.reset();
  m_thread->deleteLater();
  m_thread = nullptr;
  m_worker = nullptr;
  m_discardRun = false;
  m_lastOk = ok && !discarded;
  m_run->setEnabled(true);
  m_linearRun->setEnabled(true);
  m_cancel->setEnabled(false);
  if (discarded) {
    emit message(0, tr("The run of the previous model was stopped: the model was replaced."));
    emit runFinished(false);
    return;
  }
  if (ok)
    m_progress->setValue(1000);
  const int frames = static_cast<int>(m_results.frameCount());
  // Spelled out: without a translator loaded, Qt's %n plural shows "frame(s)".
  const QString counted = frames == 1 ? tr("1 output frame") : tr("%1 output frames").arg(frames);
  const QString shown = translateSolverMessage(status);
  m_status->setText(tr("%1: %2, %3").arg(m_runTitle, shown, counted));
  log(tr("%1 %2 (%3).").arg(m_runTitle, shown, counted), ok ? 0 : 2);
  m_results.notifyFramesAdded();
  m_results.notifyFinished();
  emit runFinished(ok);
}

}  // namespace mbs::ui
