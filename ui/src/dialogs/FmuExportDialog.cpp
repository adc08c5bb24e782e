#include "mbs/ui/dialogs/FmuExportDialog.hpp"

#include <QCoreApplication>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QTableWidget>
#include <QThread>
#include <QVBoxLayout>

#include "../FileMessages.hpp"
#include "mbs/fmu/FmuExport.hpp"
#include "mbs/fmu/PlantVariables.hpp"
#include "mbs/ui/Document.hpp"
#include "mbs/ui/MainWindow.hpp"
#include "mbs/ui/RecentFiles.hpp"
#include "mbs/ui/panels/LogPanel.hpp"

namespace mbs::ui {

// What the worker thread reads and writes: the model copy and paths going in, the reason coming out.
struct FmuExportDialog::Work {
  core::Model model;
  std::string fmuPath, binaryPath;
  std::string error;
  void run()
  {
    fmu::FmuExportOptions options;
    options.binaryPath = binaryPath;
    error = fmu::exportFmu(model, fmuPath, options);
  }
};

namespace {

QString roleText(fmu::Causality causality)
{
  switch (causality) {
    case fmu::Causality::Input:
      return QObject::tr("input");
    case fmu::Causality::Output:
      return QObject::tr("output");
    case fmu::Causality::Parameter:
      break;
  }
  return QObject::tr("parameter");
}

const core::Variable* variableNamed(const core::Model& model, const std::string& name)
{
  for (const core::Variable& v : model.variables())
    if (v.name == name)
      return &v;
  return nullptr;
}

}  // namespace

QString fmuBinaryForThisProgram()
{
  const std::string found = fmu::locateFmuBinary(QCoreApplication::applicationFilePath().toStdString());
  if (!found.empty())
    return QString::fromStdString(found);
#ifdef MBS_BUILD_FMU_BINARY
  if (QFileInfo(QStringLiteral(MBS_BUILD_FMU_BINARY)).isFile())
    return QStringLiteral(MBS_BUILD_FMU_BINARY);
#endif
  return QString();
}

FmuExportDialog::FmuExportDialog(MainWindow& window, const QString& binaryPath)
    : QDialog(&window), m_window(window), m_binaryPath(binaryPath)
{
  setObjectName("fmuExportDialog");
  setWindowTitle(tr("Export Co-Simulation FMU"));
  const core::Model& model = window.document().model();
  const fmu::PlantVariables plant = fmu::plantVariables(model);

  auto* layout = new QVBoxLayout(this);
  auto* intro = new QLabel(
      tr("An FMI 2.0 Co-Simulation FMU of the model '%1': its inputs are the plant inputs' (PINPUT) "
         "VARIABLEs, its outputs the plant outputs' (POUTPUT) VARIABLEs and its parameters the model "
         "parameters, with the values their functions give (an imported Adams deck's in the deck's "
         "units). The master sets the inputs, which are held over each communication step.")
          .arg(QString::fromStdString(model.name)),
      this);
  intro->setWordWrap(true);
  layout->addWidget(intro);
  if (window.document().isModified()) {
    auto* unsaved = new QLabel(
        tr("The model has unsaved changes: the FMU carries the model as it is now in the editor."), this);
    unsaved->setObjectName("unsavedNote");
    unsaved->setWordWrap(true);
    layout->addWidget(unsaved);
  }

  variables = new QTableWidget(this);
  variables->setObjectName("fmuVariables");
  variables->setColumnCount(5);
  variables->setHorizontalHeaderLabels(
      {tr("Role"), tr("Name"), tr("Plant port"), tr("Start value"), tr("VARIABLE function")});
  variables->setRowCount(int(plant.variables.size()));
  variables->setEditTriggers(QAbstractItemView::NoEditTriggers);
  variables->setSelectionMode(QAbstractItemView::NoSelection);
  variables->verticalHeader()->setVisible(false);
  for (int row = 0; row < int(plant.variables.size()); ++row) {
    const fmu::PlantVariable& v = plant.variables[std::size_t(row)];
    QString port, start, function;
    if (v.causality == fmu::Causality::Parameter) {
      start = QString::number(v.start, 'g', 10);
    } else {
      const auto& ports = v.causality == fmu::Causality::Input ? model.plantInputs : model.plantOutputs;
      port = tr("%1 (signal %2)").arg(QString::fromStdString(ports[v.port].name)).arg(v.signal + 1);
      if (v.causality == fmu::Causality::Input)
        start = QString::number(v.start, 'g', 10);
      if (const core::Variable* variable = variableNamed(model, v.name))
        function = QString::fromStdString(variable->function);
    }
    const QStringList cells = {roleText(v.causality), QString::fromStdString(v.name), port, start, function};
    for (int column = 0; column < cells.size(); ++column)
      variables->setItem(row, column, new QTableWidgetItem(cells[column]));
  }
  variables->horizontalHeader()->setStretchLastSection(true);
  variables->resizeColumnsToContents();
  layout->addWidget(variables, 1);

  auto* fileRow = new QHBoxLayout;
  fileRow->addWidget(new QLabel(tr("FMU file:"), this));
  path = new QLineEdit(this);
  path->setObjectName("fmuPath");
  if (!window.document().filePath().isEmpty()) {
    // The model's name beside its file, with the FMU's extension.
    const QFileInfo info(window.document().filePath());
    QString base = info.fileName();
    for (const char* suffix : {".mbs.json", ".json", ".adm", ".acf"})
      if (base.endsWith(QLatin1String(suffix), Qt::CaseInsensitive)) {
        base.chop(int(qstrlen(suffix)));
        break;
      }
    path->setText(QDir(RecentFiles::lastDirectory()).filePath(base + ".fmu"));
  }
  fileRow->addWidget(path, 1);
  browse = new QPushButton(tr("&Browse..."), this);
  browse->setObjectName("fmuBrowse");
  fileRow->addWidget(browse);
  layout->addLayout(fileRow);

  busy = new QProgressBar(this);
  busy->setRange(0, 0);  // busy indicator: the export reports no progress
  busy->setVisible(false);
  layout->addWidget(busy);
  status = new QLabel(this);
  status->setObjectName("fmuStatus");
  status->setWordWrap(true);
  status->setTextInteractionFlags(Qt::TextSelectableByMouse);
  status->setVisible(false);
  layout->addWidget(status);

  auto* buttons = new QDialogButtonBox(this);
  exportButton = buttons->addButton(tr("&Export"), QDialogButtonBox::AcceptRole);
  exportButton->setObjectName("fmuExportButton");
  buttons->addButton(QDialogButtonBox::Close);
  layout->addWidget(buttons);
  connect(browse, &QPushButton::clicked, this, &FmuExportDialog::chooseFile);
  connect(exportButton, &QPushButton::clicked, this, [this] { startExport(); });
  connect(buttons, &QDialogButtonBox::rejected, this, &FmuExportDialog::reject);
  resize(760, 420);
}

FmuExportDialog::~FmuExportDialog()
{
  if (m_thread) {  // (closing the window while exporting: the export is short and must not be cut)
    m_thread->wait();
    delete m_thread;
  }
}

void FmuExportDialog::reject()
{
  if (!m_thread)
    QDialog::reject();
}

void FmuExportDialog::chooseFile()
{
  QString chosen = QFileDialog::getSaveFileName(
      this, tr("Export Co-Simulation FMU"),
      path->text().isEmpty() ? RecentFiles::lastDirectory() : path->text(), tr("FMI 2.0 FMUs (*.fmu)"));
  if (chosen.isEmpty())
    return;
  if (!chosen.endsWith(".fmu", Qt::CaseInsensitive))
    chosen += ".fmu";
  path->setText(chosen);
}

void FmuExportDialog::showStatus(const QString& text, bool error)
{
  status->setText(text);
  status->setProperty("isError", error);
  status->setStyleSheet(error ? "color: #c53030" : "color: #2f855a");
  status->setVisible(!text.isEmpty());
}

bool FmuExportDialog::startExport()
{
  if (m_thread)
    return false;
  QString target = path->text().trimmed();
  if (target.isEmpty()) {
    showStatus(tr("Choose the FMU file first (Browse...)."), true);
    return false;
  }
  if (!target.endsWith(".fmu", Qt::CaseInsensitive))
    target += ".fmu";
  path->setText(target);
  auto work = std::make_shared<Work>();
  work->model = m_window.document().model();
  work->fmuPath = target.toStdString();
  work->binaryPath = m_binaryPath.toStdString();
  m_work = work;
  m_result.reset();
  showStatus(tr("Exporting %1: compiling the model and solving its initial conditions...").arg(target),
             false);
  busy->setVisible(true);
  exportButton->setEnabled(false);
  browse->setEnabled(false);
  path->setEnabled(false);
  m_thread = QThread::create([work] { work->run(); });
  connect(m_thread, &QThread::finished, this, &FmuExportDialog::finished);
  m_thread->start();
  return true;
}

void FmuExportDialog::finished()
{
  if (!m_thread)
    return;
  m_thread->wait();
  m_thread->deleteLater();
  m_thread = nullptr;
  busy->setVisible(false);
  exportButton->setEnabled(true);
  browse->setEnabled(true);
  path->setEnabled(true);
  const QString target = QString::fromStdString(m_work->fmuPath);
  if (!m_work->error.empty()) {
    const QString reason = translateReason(m_work->error);
    m_result = reason;
    showStatus(reason, true);
    m_window.log().error(reason);
    emit exportFinished(false);
    return;
  }
  m_result = QString();
  showStatus(tr("Exported the FMU %1.").arg(target), false);
  m_window.log().info(tr("Exported the co-simulation FMU %1").arg(target));
  emit exportFinished(true);
}

}  // namespace mbs::ui
