#include "mbs/ui/dialogs/DesignStudyDialog.hpp"

#include <QChart>
#include <QChartView>
#include <QCloseEvent>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFile>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QSplitter>
#include <QTabWidget>
#include <QTableWidget>
#include <QThread>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

#include "FileMessages.hpp"
#include "StudyPlot.hpp"
#include "StudyWorker.hpp"
#include "mbs/core/Commands.hpp"
#include "mbs/core/StudyFiles.hpp"
#include "mbs/core/StudyRun.hpp"
#include "mbs/ui/Document.hpp"
#include "mbs/ui/dialogs/FormWidgets.hpp"

namespace mbs::ui {
namespace {

const core::ResponseStatistic kStatistics[] = {
    core::ResponseStatistic::Max, core::ResponseStatistic::Min,  core::ResponseStatistic::MaxAbs,
    core::ResponseStatistic::Rms, core::ResponseStatistic::Mean, core::ResponseStatistic::Final};

// The statistic as a report names it; the study file keeps its keyword (max_abs).
QString statisticLabel(core::ResponseStatistic s)
{
  switch (s) {
    case core::ResponseStatistic::Max:
      return DesignStudyDialog::tr("maximum");
    case core::ResponseStatistic::Min:
      return DesignStudyDialog::tr("minimum");
    case core::ResponseStatistic::MaxAbs:
      return DesignStudyDialog::tr("largest magnitude");
    case core::ResponseStatistic::Rms:
      return DesignStudyDialog::tr("RMS");
    case core::ResponseStatistic::Mean:
      return DesignStudyDialog::tr("mean");
    case core::ResponseStatistic::Final:
      return DesignStudyDialog::tr("final value");
    case core::ResponseStatistic::AtTime:
      return DesignStudyDialog::tr("value at a time");
  }
  return QString::fromUtf8(core::toString(s));
}

QString text(const std::string& s)
{
  return QString::fromStdString(s);
}

QString number(double v)
{
  return std::isfinite(v) ? QString::number(v, 'g', 10) : QString();
}

// A number typed in a table cell, in the C locale or the user's.
std::optional<double> parseNumber(const QTableWidgetItem* item)
{
  if (!item)
    return std::nullopt;
  bool ok = false;
  const QString s = item->text().trimmed();
  double v = QLocale::c().toDouble(s, &ok);
  if (!ok)
    v = QLocale().toDouble(s, &ok);
  return ok && std::isfinite(v) ? std::optional<double>(v) : std::nullopt;
}

QTableWidget* table(const QStringList& headers, const char* name)
{
  auto* t = new QTableWidget(0, int(headers.size()));
  t->setObjectName(name);
  t->setHorizontalHeaderLabels(headers);
  t->horizontalHeader()->setStretchLastSection(true);
  t->verticalHeader()->setVisible(false);
  return t;
}

void addRow(QTableWidget* t, const QStringList& cells)
{
  const int row = t->rowCount();
  t->insertRow(row);
  for (int c = 0; c < cells.size(); ++c)
    t->setItem(row, c, new QTableWidgetItem(cells[c]));
}

QWidget* buttonRow(std::initializer_list<QWidget*> widgets)
{
  auto* w = new QWidget;
  auto* row = new QHBoxLayout(w);
  row->setContentsMargins(0, 0, 0, 0);
  for (QWidget* b : widgets)
    row->addWidget(b);
  row->addStretch(1);
  return w;
}

void setMessage(QLabel* label, const QString& message, bool error)
{
  label->setText(message);
  label->setStyleSheet(error ? "color: #b00020;" : QString());
}

}  // namespace

DesignStudyDialog::DesignStudyDialog(Document& document, QWidget* parent)
    : QDialog(parent), m_document(document)
{
  setObjectName("designStudyDialog");
  setWindowTitle(tr("Design Study"));
  tabs = new QTabWidget;

  // Parameters: the model's design parameters and the fields computed from them.
  parameters = table({tr("Name"), tr("Value (SI)"), tr("Description")}, "parameterTable");
  bindings = table({tr("Entity"), tr("Field"), tr("Expression")}, "bindingTable");
  applyParameters = new QPushButton(tr("Apply"));
  applyParameters->setObjectName("applyParameters");
  parameterMessage = new QLabel;
  parameterMessage->setWordWrap(true);
  auto* addParameter = new QPushButton(tr("Add Parameter"));
  auto* removeParameter = new QPushButton(tr("Remove Parameter"));
  auto* addBinding = new QPushButton(tr("Add Binding"));
  auto* removeBinding = new QPushButton(tr("Remove Binding"));
  auto* parametersPage = new QWidget;
  auto* pl = new QVBoxLayout(parametersPage);
  pl->addWidget(
      new QLabel(tr("Parameters are named numbers that expressions read by name (2*L)."), parametersPage));
  pl->addWidget(parameters, 1);
  pl->addWidget(buttonRow({addParameter, removeParameter}));
  auto* bindingHelp =
      new QLabel(tr("A binding computes a numeric field of an entity from the parameters, e.g. "
                    "entity bob, field /mass, expression 2*m0 (fields as in the model file; an "
                    "empty entity is the model itself, e.g. /gravity/1)."));
  bindingHelp->setWordWrap(true);
  pl->addWidget(bindingHelp);
  pl->addWidget(bindings, 1);
  pl->addWidget(buttonRow({addBinding, removeBinding, applyParameters}));
  pl->addWidget(parameterMessage);
  tabs->addTab(parametersPage, tr("Parameters"));
  connect(addParameter, &QPushButton::clicked, this, [this] { addRow(parameters, {"", "0", ""}); });
  connect(removeParameter, &QPushButton::clicked, this,
          [this] { parameters->removeRow(parameters->currentRow()); });
  connect(addBinding, &QPushButton::clicked, this, [this] { addRow(bindings, {"", "", ""}); });
  connect(removeBinding, &QPushButton::clicked, this,
          [this] { bindings->removeRow(bindings->currentRow()); });
  connect(applyParameters, &QPushButton::clicked, this, &DesignStudyDialog::onApplyParameters);

  // Study: the variables, design, analysis and responses.
  variables = table({tr("Parameter"), tr("From / min"), tr("To / max"), tr("Count")}, "variableTable");
  design = new QComboBox;
  design->setObjectName("design");
  design->addItems({tr("Full factorial"), tr("Latin hypercube")});
  samples = new QSpinBox;
  samples->setRange(1, 100000);
  samples->setValue(10);
  seed = new QSpinBox;
  seed->setRange(0, 1000000000);
  seed->setValue(1);
  // In s, shown and typed in the model's time unit (as the Run panel's end time).
  endTime = makeNumberBox(1.0, 1e-6, 1e6);
  endTime->setObjectName("studyEndTime");
  setQuantity(endTime, core::Quantity::Time);
  outputSteps = new QSpinBox;
  outputSteps->setRange(1, 1000000);
  responses = table({tr("Result column"), tr("Statistic")}, "responseTable");
  responses->setColumnWidth(0, 360);
  variables->setColumnWidth(0, 180);
  auto* addVariableButton = new QPushButton(tr("Add Variable"));
  auto* removeVariable = new QPushButton(tr("Remove Variable"));
  auto* addResponseButton = new QPushButton(tr("Add Response"));
  auto* removeResponse = new QPushButton(tr("Remove Response"));
  openStudyButton = new QPushButton(tr("Open Study File..."));
  saveStudyButton = new QPushButton(tr("Save Study File..."));
  run = new QPushButton(tr("Run Study"));
  run->setObjectName("runStudy");
  cancel = new QPushButton(tr("Cancel"));
  cancel->setEnabled(false);
  progress = new QProgressBar;
  status = new QLabel;
  status->setWordWrap(true);
  auto* studyPage = new QWidget;
  auto* sl = new QVBoxLayout(studyPage);
  sl->addWidget(new QLabel(tr("Variables: the parameters to vary and their values.")));
  sl->addWidget(variables, 1);
  sl->addWidget(buttonRow({addVariableButton, removeVariable}));
  auto* settings = new QFormLayout;
  settings->addRow(tr("Design:"), design);
  settings->addRow(tr("Samples (Latin hypercube):"), samples);
  settings->addRow(tr("Seed (Latin hypercube):"), seed);
  settings->addRow(tr("End time:"), endTime);
  settings->addRow(tr("Output steps:"), outputSteps);
  sl->addLayout(settings);
  sl->addWidget(new QLabel(tr("Responses: one number per run from a result column.")));
  sl->addWidget(responses, 1);
  sl->addWidget(buttonRow({addResponseButton, removeResponse}));
  sl->addWidget(buttonRow({run, cancel, openStudyButton, saveStudyButton}));
  sl->addWidget(progress);
  sl->addWidget(status);
  tabs->addTab(studyPage, tr("Study"));
  connect(addVariableButton, &QPushButton::clicked, this, [this] {
    const auto& ps = m_document.model().parameters;
    if (ps.empty()) {
      setMessage(status, tr("The model has no parameters: define them on the Parameters tab first."), true);
      return;
    }
    const double v = ps.front().value;
    addVariable(text(ps.front().name), v == 0 ? 0 : 0.5 * v, v == 0 ? 1 : 1.5 * v, 3);
  });
  connect(removeVariable, &QPushButton::clicked, this,
          [this] { variables->removeRow(variables->currentRow()); });
  connect(addResponseButton, &QPushButton::clicked, this,
          [this] { addResponse(m_columns.isEmpty() ? QString() : m_columns.front(), "max"); });
  connect(removeResponse, &QPushButton::clicked, this,
          [this] { responses->removeRow(responses->currentRow()); });
  connect(run, &QPushButton::clicked, this, &DesignStudyDialog::onRun);
  connect(saveStudyButton, &QPushButton::clicked, this, [this] {
    const QString path =
        QFileDialog::getSaveFileName(this, tr("Save study file"), "study.json", tr("Study files (*.json)"));
    QString error;
    if (!path.isEmpty())
      setMessage(status,
                 saveStudy(path, &error) ? tr("Saved '%1': run it with mbsolve study.").arg(path) : error,
                 !error.isEmpty());
  });
  connect(openStudyButton, &QPushButton::clicked, this, [this] {
    const QString path =
        QFileDialog::getOpenFileName(this, tr("Open study file"), {}, tr("Study files (*.json)"));
    QString note;
    if (path.isEmpty())
      return;
    const bool ok = openStudy(path, &note);
    setMessage(status, ok && note.isEmpty() ? tr("Opened '%1'.").arg(path) : note, !ok);
  });
  connect(cancel, &QPushButton::clicked, this, [this] {
    if (m_worker)
      m_worker->requestCancel();
  });

  // Results: the summary and the plots.
  summary = new QTableWidget;
  summary->setObjectName("studySummary");
  summary->setEditTriggers(QAbstractItemView::NoEditTriggers);
  summary->verticalHeader()->setVisible(false);
  plotVariable = new QComboBox;
  plotResponse = new QComboBox;
  chart = new QChartView(new QChart);
  chart->setRenderHint(QPainter::Antialiasing);
  chart->setMinimumHeight(260);
  map = new StudyMap;
  plots = new QTabWidget;
  plots->addTab(chart, tr("Response vs variable"));
  plots->addTab(map, tr("2-D map"));
  exportCsv = new QPushButton(tr("Export CSV..."));
  exportPng = new QPushButton(tr("Export PNG..."));
  auto* resultsPage = new QWidget;
  auto* rl = new QVBoxLayout(resultsPage);
  auto* split = new QSplitter(Qt::Vertical);
  split->addWidget(summary);
  auto* plotBox = new QWidget;
  auto* pb = new QVBoxLayout(plotBox);
  pb->setContentsMargins(0, 0, 0, 0);
  auto* pickers = new QFormLayout;
  pickers->addRow(tr("Variable:"), plotVariable);
  pickers->addRow(tr("Response:"), plotResponse);
  pb->addLayout(pickers);
  pb->addWidget(plots, 1);
  split->addWidget(plotBox);
  split->setStretchFactor(1, 2);
  rl->addWidget(split, 1);
  rl->addWidget(buttonRow({exportCsv, exportPng}));
  tabs->addTab(resultsPage, tr("Results"));
  connect(plotVariable, &QComboBox::currentIndexChanged, this, &DesignStudyDialog::updatePlots);
  connect(plotResponse, &QComboBox::currentIndexChanged, this, &DesignStudyDialog::updatePlots);
  connect(exportCsv, &QPushButton::clicked, this, [this] {
    const QString path = QFileDialog::getSaveFileName(this, tr("Export study summary"), "summary.csv",
                                                      tr("CSV files (*.csv)"));
    QString error;
    if (!path.isEmpty() && !exportSummary(path, &error))
      setMessage(status, error, true);
  });
  connect(exportPng, &QPushButton::clicked, this, [this] {
    const QString path =
        QFileDialog::getSaveFileName(this, tr("Export study plot"), "study.png", tr("PNG images (*.png)"));
    if (!path.isEmpty() && !exportPlot(path))
      setMessage(status, tr("Cannot write '%1'.").arg(path), true);
  });

  auto* layout = new QVBoxLayout(this);
  layout->addWidget(tabs);
  resize(900, 760);
  fillParameters();
  connect(&m_document, &Document::modelChanged, this, &DesignStudyDialog::fillParameters);
  connect(&m_document, &Document::modelReset, this, &DesignStudyDialog::fillParameters);
}

DesignStudyDialog::~DesignStudyDialog()
{
  if (m_thread) {
    m_worker->requestCancel();
    m_thread->quit();
    m_thread->wait();
  }
}

void DesignStudyDialog::closeEvent(QCloseEvent* event)
{
  if (m_worker)
    m_worker->requestCancel();
  QDialog::closeEvent(event);
}

bool DesignStudyDialog::isRunning() const
{
  return m_thread != nullptr;
}

QStringList DesignStudyDialog::parameterNames() const
{
  QStringList names;
  for (const auto& p : m_document.model().parameters)
    names << text(p.name);
  return names;
}

void DesignStudyDialog::fillParameters()
{
  const core::Model& model = m_document.model();
  parameters->setRowCount(0);
  for (const auto& p : model.parameters)
    addRow(parameters, {text(p.name), number(p.value), text(p.description)});
  bindings->setRowCount(0);
  for (const auto& b : model.bindings)
    if (model.contains(b.entity))
      addRow(bindings,
             {b.entity.kind == core::EntityKind::Model ? QString() : text(model.entityName(b.entity)),
              text(b.field), text(b.expression)});
  if (!isRunning()) {
    endTime->setValue(model.analysis.endTime);
    outputSteps->setValue(model.analysis.outputSteps);
  }
  core::Diagnostics ignored;
  m_columns.clear();
  for (const auto& c : core::resultColumns(model, true, ignored))
    m_columns << text(c);
  // Variable rows offer the current parameters.
  for (int r = 0; r < variables->rowCount(); ++r)
    if (auto* combo = qobject_cast<QComboBox*>(variables->cellWidget(r, 0))) {
      const QString current = combo->currentText();
      combo->clear();
      combo->addItems(parameterNames());
      combo->setCurrentText(current);
    }
}

void DesignStudyDialog::onApplyParameters()
{
  const core::Model& model = m_document.model();
  std::vector<core::Parameter> ps;
  for (int r = 0; r < parameters->rowCount(); ++r) {
    const auto value = parseNumber(parameters->item(r, 1));
    if (!value) {
      setMessage(parameterMessage, tr("Parameter row %1: the value is not a number.").arg(r + 1), true);
      return;
    }
    ps.push_back({parameters->item(r, 0)->text().trimmed().toStdString(), *value,
                  parameters->item(r, 2) ? parameters->item(r, 2)->text().toStdString() : std::string()});
  }
  std::vector<core::ParameterBinding> bs;
  for (int r = 0; r < bindings->rowCount(); ++r) {
    auto cell = [&](int c) {
      return bindings->item(r, c) ? bindings->item(r, c)->text().trimmed() : QString();
    };
    core::EntityRef ref;
    if (!cell(0).isEmpty()) {
      const auto found = model.findEntity(cell(0).toStdString());
      if (!found) {
        setMessage(parameterMessage, tr("Binding row %1: no entity named '%2'.").arg(r + 1).arg(cell(0)),
                   true);
        return;
      }
      ref = *found;
    }
    bs.push_back({ref, cell(1).toStdString(), cell(2).toStdString()});
  }
  QString error;
  if (m_document.execute(std::make_unique<core::SetParameters>(std::move(ps), std::move(bs)), &error))
    setMessage(parameterMessage, tr("Parameters applied (Edit > Undo reverts them)."), false);
  else
    setMessage(parameterMessage, error, true);
}

void DesignStudyDialog::addVariable(const QString& parameter, double from, double to, int count)
{
  const int row = variables->rowCount();
  variables->insertRow(row);
  auto* combo = new QComboBox;
  combo->addItems(parameterNames());
  combo->setCurrentText(parameter);
  variables->setCellWidget(row, 0, combo);
  variables->setItem(row, 1, new QTableWidgetItem(number(from)));
  variables->setItem(row, 2, new QTableWidgetItem(number(to)));
  variables->setItem(row, 3, new QTableWidgetItem(QString::number(count)));
}

void DesignStudyDialog::addResponse(const QString& column, const QString& statistic)
{
  const int row = responses->rowCount();
  responses->insertRow(row);
  auto* columns = new QComboBox;
  columns->setEditable(true);
  columns->addItems(m_columns);
  columns->setCurrentText(column);
  responses->setCellWidget(row, 0, columns);
  auto* stats = new QComboBox;
  for (auto s : kStatistics)
    stats->addItem(statisticLabel(s), QString::fromUtf8(core::toString(s)));
  stats->setCurrentIndex(std::max(0, stats->findData(statistic)));
  responses->setCellWidget(row, 1, stats);
}

std::optional<core::Study> DesignStudyDialog::studyFromForm(QString& error) const
{
  core::Study study;
  study.file = tr("Design Study").toStdString();
  study.design =
      design->currentIndex() == 1 ? core::StudyDesign::LatinHypercube : core::StudyDesign::FullFactorial;
  study.samples = samples->value();
  study.seed = std::uint64_t(seed->value());
  for (int r = 0; r < variables->rowCount(); ++r) {
    core::StudyVariable v;
    v.name = qobject_cast<QComboBox*>(variables->cellWidget(r, 0))->currentText().toStdString();
    const auto from = parseNumber(variables->item(r, 1)), to = parseNumber(variables->item(r, 2));
    const auto count = parseNumber(variables->item(r, 3));
    if (!from || !to || (!count && study.design == core::StudyDesign::FullFactorial)) {
      error = tr("Variable row %1: from, to and count must be numbers.").arg(r + 1);
      return std::nullopt;
    }
    for (const auto& other : study.variables)
      if (other.name == v.name) {
        error = tr("Parameter '%1' is varied twice.").arg(text(v.name));
        return std::nullopt;
      }
    const int n = count ? int(*count) : 0;
    if (study.design == core::StudyDesign::FullFactorial) {
      if (n < 1 || n > 10000) {
        error = tr("Variable row %1: the count must be between 1 and 10000.").arg(r + 1);
        return std::nullopt;
      }
      for (int k = 0; k < n; ++k)
        v.values.push_back(n == 1 ? *from : *from + (*to - *from) * k / (n - 1));
    } else if (!(*to > *from)) {
      error = tr("Variable row %1: max must be greater than min.").arg(r + 1);
      return std::nullopt;
    }
    v.minimum = *from;
    v.maximum = *to;
    study.variables.push_back(std::move(v));
  }
  if (study.variables.empty()) {
    error = tr("Add at least one variable.");
    return std::nullopt;
  }
  for (int r = 0; r < responses->rowCount(); ++r) {
    core::StudyResponse response;
    response.column =
        qobject_cast<QComboBox*>(responses->cellWidget(r, 0))->currentText().trimmed().toStdString();
    response.statistic = kStatistics[qobject_cast<QComboBox*>(responses->cellWidget(r, 1))->currentIndex()];
    response.name = response.column + " " + core::toString(response.statistic);
    for (const auto& other : study.responses)
      if (other.name == response.name) {
        error = tr("Response '%1' is listed twice.").arg(text(response.name));
        return std::nullopt;
      }
    study.responses.push_back(std::move(response));
  }
  if (study.responses.empty()) {
    error = tr("Add at least one response.");
    return std::nullopt;
  }
  // The opened study's analysis (integrator, tolerance, derived columns) unless the form sets it;
  // a response on a derived column (crank_drive.effort, pin.cfn) needs the derived columns.
  study.analysis = m_fileAnalysis;
  core::Diagnostics ignored;
  const auto plain = core::resultColumns(m_document.model(), false, ignored);
  for (const auto& r : study.responses)
    if (std::find(plain.begin(), plain.end(), r.column) == plain.end())
      study.analysis.derived = true;
  study.analysis.endTime = endTime->value();
  study.analysis.outputSteps = outputSteps->value();
  return study;
}

void DesignStudyDialog::onRun()
{
  if (isRunning())
    return;
  QString error;
  auto study = studyFromForm(error);
  if (!study) {
    setMessage(status, error, true);
    return;
  }
  core::Diagnostics problems;
  auto plan = core::StudyPlan::prepare(*study, m_document.model(), problems);
  if (!plan) {
    QStringList reasons;
    for (const auto& d : problems)
      reasons << text(d.reason);
    setMessage(status, reasons.join('\n'), true);
    return;
  }
  m_study = std::move(study);
  m_plan = std::make_shared<const core::StudyPlan>(std::move(*plan));
  m_outcomes = std::make_shared<StudyOutcomes>();
  m_outcomes->runs.assign(m_plan->runs().size(), std::nullopt);
  progress->setRange(0, int(m_plan->runs().size()));
  progress->setValue(0);
  setMessage(status, tr("Running %1 runs...").arg(m_plan->runs().size()), false);
  run->setEnabled(false);
  cancel->setEnabled(true);
  updateResults();
  m_thread = new QThread(this);
  m_worker = new StudyWorker(m_plan, m_outcomes);
  m_worker->moveToThread(m_thread);
  connect(m_thread, &QThread::started, m_worker, &StudyWorker::run);
  connect(m_thread, &QThread::finished, m_worker, &QObject::deleteLater);
  connect(m_worker, &StudyWorker::runDone, this, &DesignStudyDialog::onRunDone);
  connect(m_worker, &StudyWorker::done, this, &DesignStudyDialog::onFinished);
  m_thread->start();
}

void DesignStudyDialog::onRunDone(int index)
{
  progress->setValue(progress->value() + 1);
  const auto outcome = m_outcomes->at(std::size_t(index));
  const int columns = summary->columnCount();
  for (std::size_t r = 0; outcome && r < outcome->responses.size(); ++r)
    summary->item(index, int(1 + m_study->variables.size() + r))->setText(number(outcome->responses[r]));
  if (outcome) {
    summary->item(index, columns - 2)->setText(outcome->ok ? tr("ok") : tr("failed"));
    summary->item(index, columns - 1)->setText(text(outcome->message));
  }
  summary->resizeColumnsToContents();
  updatePlots();
}

void DesignStudyDialog::onFinished(bool cancelled)
{
  m_thread->quit();
  m_thread->wait();
  m_thread->deleteLater();
  m_thread = nullptr;
  m_worker = nullptr;
  int done = 0, failed = 0;
  for (std::size_t k = 0; k < m_plan->runs().size(); ++k)
    if (const auto o = m_outcomes->at(k)) {
      ++done;
      failed += !o->ok;
    }
  setMessage(status,
             cancelled ? tr("Cancelled after %1 of %2 runs.").arg(done).arg(m_plan->runs().size())
                       : tr("Finished: %1 runs, %2 failed.").arg(done).arg(failed),
             failed > 0);
  run->setEnabled(true);
  cancel->setEnabled(false);
  if (!cancelled)
    tabs->setCurrentIndex(2);
  emit studyFinished(cancelled);
}

void DesignStudyDialog::updateResults()
{
  QStringList headers{tr("Run")};
  for (const auto& v : m_study->variables)
    headers << text(v.name);
  for (const auto& r : m_study->responses)
    headers << text(r.name);
  headers << tr("Status") << tr("Message");
  summary->clear();
  summary->setColumnCount(int(headers.size()));
  summary->setHorizontalHeaderLabels(headers);
  summary->setRowCount(int(m_plan->runs().size()));
  for (int r = 0; r < summary->rowCount(); ++r) {
    summary->setItem(r, 0, new QTableWidgetItem(QString::number(r + 1)));
    const auto& values = m_plan->runs()[std::size_t(r)];
    for (std::size_t v = 0; v < values.size(); ++v)
      summary->setItem(r, int(1 + v), new QTableWidgetItem(number(values[v])));
    for (int c = int(1 + values.size()); c < summary->columnCount(); ++c)
      summary->setItem(r, c, new QTableWidgetItem);
    summary->item(r, summary->columnCount() - 2)->setText(tr("pending"));
  }
  const QSignalBlocker a(plotVariable), b(plotResponse);
  plotVariable->clear();
  for (const auto& v : m_study->variables)
    plotVariable->addItem(text(v.name));
  plotResponse->clear();
  for (const auto& r : m_study->responses)
    plotResponse->addItem(text(r.name));
  updatePlots();
}

void DesignStudyDialog::updatePlots()
{
  if (!m_plan || plotVariable->currentIndex() < 0 || plotResponse->currentIndex() < 0)
    return;
  const int x = plotVariable->currentIndex(), response = plotResponse->currentIndex();
  const int variableCount = int(m_study->variables.size());
  const int other = variableCount == 2 ? 1 - x : -1;  // curves per value of the other variable
  std::vector<StudyPoint> points;
  for (std::size_t k = 0; k < m_plan->runs().size(); ++k)
    if (const auto o = m_outcomes->at(k))
      points.push_back({o->variables, o->responses[std::size_t(response)]});
  const QString xTitle = plotVariable->currentText(), yTitle = plotResponse->currentText();
  fillStudyChart(*chart->chart(), points, x, other, xTitle, yTitle,
                 other >= 0 ? text(m_study->variables[std::size_t(other)].name) : QString());
  if (variableCount >= 2) {
    const int y = x == 0 ? 1 : 0;
    map->setData(points, x, y, xTitle, text(m_study->variables[std::size_t(y)].name), yTitle);
  }
}

bool DesignStudyDialog::exportSummary(const QString& path, QString* error) const
{
  if (!m_plan) {
    if (error)
      *error = tr("Run a study first.");
    return false;
  }
  std::vector<std::optional<core::StudyRunOutcome>> outcomes;
  for (std::size_t k = 0; k < m_plan->runs().size(); ++k)
    outcomes.push_back(m_outcomes->at(k));
  QFile file(path);
  if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate) ||
      file.write(QByteArray::fromStdString(core::studySummaryCsv(*m_study, m_plan->runs(), outcomes))) < 0) {
    if (error)
      *error = tr("Cannot write '%1'.").arg(path);
    return false;
  }
  return true;
}

bool DesignStudyDialog::saveStudy(const QString& path, QString* error) const
{
  if (m_document.filePath().isEmpty() || m_document.isModified() ||
      !m_document.filePath().endsWith(".mbs.json")) {
    *error =
        tr("Save the model first (File > Save as a .mbs.json file): the study file names the model file.");
    return false;
  }
  QString why;
  const auto study = studyFromForm(why);
  if (!study) {
    *error = why;
    return false;
  }
  QFile file(path);
  if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate) ||
      file.write(
          QByteArray::fromStdString(core::studyToString(*study, m_document.filePath().toStdString()))) < 0) {
    *error = tr("Cannot write '%1'.").arg(path);
    return false;
  }
  error->clear();
  return true;
}

bool DesignStudyDialog::openStudy(const QString& path, QString* note)
{
  const core::StudyLoad loaded = core::loadStudy(path.toStdString());
  if (!loaded.ok()) {
    QStringList reasons;
    for (const auto& d : loaded.errors)
      reasons << describeDiagnostic(d);
    *note = reasons.join('\n');
    return false;
  }
  const core::Study& s = *loaded.study;
  m_fileAnalysis = s.analysis;
  QStringList notes;
  design->setCurrentIndex(s.design == core::StudyDesign::LatinHypercube ? 1 : 0);
  samples->setValue(std::max(1, s.samples));
  seed->setValue(int(s.seed));
  if (s.analysis.endTime)
    endTime->setValue(*s.analysis.endTime);
  if (s.analysis.outputSteps)
    outputSteps->setValue(*s.analysis.outputSteps);
  variables->setRowCount(0);
  for (const auto& v : s.variables) {
    if (!v.bindings.empty())
      notes << tr("Variable '%1' binds fields of the model (\"bind\"): define that binding on the Parameters "
                  "tab.")
                   .arg(text(v.name));
    if (s.design == core::StudyDesign::LatinHypercube) {
      addVariable(text(v.name), v.minimum, v.maximum, 1);
      continue;
    }
    // The form holds equally spaced values: a list of other values is shown as its range.
    const std::size_t n = v.values.size();
    bool even = true;
    for (std::size_t k = 0; k < n; ++k)
      even &= std::abs(v.values[k] - (n == 1 ? v.values[0]
                                             : v.values[0] + (v.values[n - 1] - v.values[0]) * double(k) /
                                                                 double(n - 1))) <=
              1e-12 * (1 + std::abs(v.values[k]));
    if (!even || s.design == core::StudyDesign::List)
      notes << tr("Variable '%1': its values are shown as an equally spaced range of as many values.")
                   .arg(text(v.name));
    addVariable(text(v.name), v.values.front(), v.values.back(), int(n));
  }
  responses->setRowCount(0);
  for (const auto& r : s.responses) {
    if (r.statistic == core::ResponseStatistic::AtTime) {
      notes << tr("Response '%1' (a value at a time) is left out: the form offers statistics over the run.")
                   .arg(text(r.name));
      continue;
    }
    addResponse(text(r.column), core::toString(r.statistic));
  }
  *note = notes.join('\n');
  return true;
}

int DesignStudyDialog::mapPointCount() const
{
  return map->pointCount();
}

bool DesignStudyDialog::exportPlot(const QString& path) const
{
  return plots->currentWidget()->grab().save(path, "PNG");
}

}  // namespace mbs::ui
