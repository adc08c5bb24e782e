#include "mbs/ui/panels/RunPanel.hpp"

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
#include "mbs/core/Compile.hpp"
#include "mbs/ui/Document.hpp"
#include "mbs/ui/SimulationResults.hpp"

namespace mbs::ui {

RunPanel::RunPanel(Document& document, SimulationResults& results, QWidget* parent)
    : QWidget(parent), m_document(document), m_results(results)
{
  setObjectName("runPanel");
  auto* layout = new QVBoxLayout(this);
  auto* form = new QFormLayout;
  m_analysis = new QComboBox;
  m_analysis->addItems(
      {tr("Initial conditions"), tr("Kinematic"), tr("Static"), tr("Dynamic"), tr("Linear (modes)")});
  m_endTime = new QDoubleSpinBox;
  m_endTime->setRange(1e-6, 1e6);
  m_endTime->setDecimals(4);
  m_outputSteps = new QSpinBox;
  m_outputSteps->setRange(1, 1000000);
  m_integrator = new QComboBox;
  m_integrator->addItems({"GSTIFF (BDF)", "WSTIFF (BDF)", "HHT-α", "RKF45"});
  m_formulation = new QComboBox;
  m_formulation->addItems({"I3", "SI2"});
  m_tolerance = new QDoubleSpinBox;
  m_tolerance->setDecimals(8);
  m_tolerance->setRange(1e-10, 1.0);
  form->addRow(tr("Analysis"), m_analysis);
  form->addRow(tr("End time [s]"), m_endTime);
  form->addRow(tr("Output steps"), m_outputSteps);
  form->addRow(tr("Integrator"), m_integrator);
  form->addRow(tr("Formulation"), m_formulation);
  form->addRow(tr("Error tolerance"), m_tolerance);
  layout->addLayout(form);
  auto* buttons = new QHBoxLayout;
  m_run = new QPushButton(tr("Run"));
  m_run->setObjectName("runButton");
  m_cancel = new QPushButton(tr("Cancel"));
  m_cancel->setObjectName("cancelButton");
  m_cancel->setEnabled(false);
  buttons->addWidget(m_run);
  buttons->addWidget(m_cancel);
  layout->addLayout(buttons);
  m_progress = new QProgressBar;
  m_progress->setRange(0, 1000);
  m_progress->setValue(0);
  layout->addWidget(m_progress);
  m_status = new QLabel(tr("Idle"));
  m_status->setWordWrap(true);
  layout->addWidget(m_status);
  m_stale = new QLabel(tr("Results are stale: the model changed after the run."));
  m_stale->setStyleSheet("color: #b7791f");
  m_stale->hide();
  layout->addWidget(m_stale);
  m_log = new QPlainTextEdit;
  m_log->setReadOnly(true);
  m_log->setMaximumBlockCount(2000);
  m_log->setFont(QFont("monospace", 9));
  layout->addWidget(m_log, 1);

  auto loadSettings = [this] {
    const auto& a = m_document.model().analysis;
    m_analysis->setCurrentIndex(static_cast<int>(a.type));
    m_endTime->setValue(a.endTime);
    m_outputSteps->setValue(a.outputSteps);
    m_integrator->setCurrentIndex(static_cast<int>(a.integrator));
    m_formulation->setCurrentIndex(static_cast<int>(a.formulation));
    m_tolerance->setValue(a.errorTolerance);
  };
  // Only what the chosen analysis uses is editable: a static or initial-condition run has no end
  // time, steps or integrator, a kinematic run no integrator.
  auto enableSettings = [this, form] {
    const auto a = static_cast<Analysis>(m_analysis->currentIndex());
    const bool timeHistory = a == Analysis::Kinematic || a == Analysis::Dynamic;
    for (QWidget* w : {static_cast<QWidget*>(m_endTime), static_cast<QWidget*>(m_outputSteps)}) {
      w->setEnabled(timeHistory);
      form->labelForField(w)->setEnabled(timeHistory);
    }
    for (QWidget* w : {static_cast<QWidget*>(m_integrator), static_cast<QWidget*>(m_formulation)}) {
      w->setEnabled(a == Analysis::Dynamic);
      form->labelForField(w)->setEnabled(a == Analysis::Dynamic);
    }
  };
  connect(m_analysis, &QComboBox::currentIndexChanged, this, enableSettings);
  loadSettings();
  enableSettings();
  connect(&m_document, &Document::modelReset, this, [this, loadSettings] {
    loadSettings();
    m_results.clear();
  });
  connect(&m_document, &Document::modelChanged, this, [this] {
    if (!m_results.empty() || isRunning())
      m_results.setStale(true);
  });
  connect(&m_results, &SimulationResults::staleChanged, m_stale, &QWidget::setVisible);
  connect(m_run, &QPushButton::clicked, this, &RunPanel::start);
  connect(m_cancel, &QPushButton::clicked, this, &RunPanel::cancel);
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
  m_analysis->setCurrentIndex(static_cast<int>(analysis));
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

void RunPanel::log(const QString& text)
{
  m_log->appendPlainText(QStringLiteral("%1 %2").arg(QTime::currentTime().toString("HH:mm:ss"), text));
}

bool RunPanel::start()
{
  if (m_thread)
    return false;
  const core::Model& model = m_document.model();
  core::CompileResult compiled = core::compile(model);
  for (const auto& d : compiled.diagnostics)
    log((compiled.ok ? tr("warning: ") : tr("error: ")) + QString::fromStdString(d.toString()));
  if (!compiled.ok) {
    m_status->setText(tr("The model does not compile; see the log."));
    return false;
  }
  const solver::Status valid = solver::System::validate(compiled.model);
  if (!valid.ok()) {
    log(tr("error: %1").arg(QString::fromStdString(valid.message)));
    m_status->setText(tr("The model is not valid; see the log."));
    return false;
  }
  RunRequest request;
  request.kind = static_cast<RunKind>(m_analysis->currentIndex());
  request.endTime = m_endTime->value();
  request.outputSteps = m_outputSteps->value();
  request.integrator = static_cast<core::Integrator>(m_integrator->currentIndex());
  request.formulation = static_cast<core::Formulation>(m_formulation->currentIndex());
  request.tolerance = m_tolerance->value();
  request.maxStep = model.analysis.maxStepSize;

  auto system = std::make_shared<const solver::System>(compiled.model);
  auto store = std::make_shared<solver::ResultStore>();
  store->reset(solver::ResultLayout::fromModel(compiled.model));  // readers see the names at once
  m_results.start(store, model, compiled.map, m_analysis->currentText());
  m_thread = new QThread(this);
  m_worker = new AnalysisWorker(system, store, request);
  m_system = system;
  m_linear = std::make_shared<LinearOutput>();
  m_worker->setLinearOutput(m_linear);
  m_worker->moveToThread(m_thread);
  connect(m_thread, &QThread::started, m_worker, &AnalysisWorker::run);
  connect(m_thread, &QThread::finished, m_worker, &QObject::deleteLater);
  connect(m_worker, &AnalysisWorker::progress, this, [this](double t, double end, double h, long steps) {
    m_progress->setValue(end > 0 ? static_cast<int>(1000.0 * t / end) : 0);
    m_status->setText(tr("t = %1 s of %2 s, %3 steps, step size %4 s")
                          .arg(t, 0, 'g', 5)
                          .arg(end)
                          .arg(steps)
                          .arg(h, 0, 'g', 3));
    m_results.notifyFramesAdded();
  });
  connect(m_worker, &AnalysisWorker::message, this, &RunPanel::log);
  connect(m_worker, &AnalysisWorker::done, this, &RunPanel::finish);
  m_run->setEnabled(false);
  m_cancel->setEnabled(true);
  m_progress->setValue(0);
  m_status->setText(tr("Running %1...").arg(m_analysis->currentText()));
  log(tr("%1 analysis of '%2' started (%3 bodies, %4 joints).")
          .arg(m_analysis->currentText(), QString::fromStdString(model.name))
          .arg(compiled.model.bodies.size())
          .arg(compiled.model.joints.size()));
  m_thread->start();
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
  if (ok && m_linear && !m_linear->modes.empty())  // the worker thread is done: ours to read
    m_results.setLinearModes(m_system, m_linear->operatingPoint, m_linear->modes);
  m_linear.reset();
  m_system.reset();
  m_thread->deleteLater();
  m_thread = nullptr;
  m_worker = nullptr;
  m_lastOk = ok;
  m_run->setEnabled(true);
  m_cancel->setEnabled(false);
  if (ok)
    m_progress->setValue(1000);
  const int frames = static_cast<int>(m_results.frameCount());
  m_status->setText(tr("%1: %2, %n output frame(s)", nullptr, frames).arg(m_results.analysis(), status));
  log(tr("%1 %2 (%n frame(s)).", nullptr, frames).arg(m_results.analysis(), status));
  m_results.notifyFramesAdded();
  m_results.notifyFinished();
  emit runFinished(ok);
}

}  // namespace mbs::ui
