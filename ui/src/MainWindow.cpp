#include "mbs/ui/MainWindow.hpp"

#include <QCloseEvent>
#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QFileInfo>
#include <QLocale>
#include <QMenuBar>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>
#include <QShowEvent>
#include <QStatusBar>
#include <QToolBar>
#include <algorithm>

#include "actions/Actions.hpp"
#include "mbs/core/ModelNotes.hpp"
#include "mbs/ui/Autosave.hpp"
#include "mbs/ui/Document.hpp"
#include "mbs/ui/RecentFiles.hpp"
#include "mbs/ui/SimulationResults.hpp"
#include "mbs/ui/dialogs/ErrorBox.hpp"
#include "mbs/ui/panels/AnimationPanel.hpp"
#include "mbs/ui/panels/LogPanel.hpp"
#include "mbs/ui/panels/ModelTreePanel.hpp"
#include "mbs/ui/panels/PlotPanel.hpp"
#include "mbs/ui/panels/PropertyPanel.hpp"
#include "mbs/ui/panels/RunPanel.hpp"
#include "mbs/ui/panels/TopologyPanel.hpp"
#include "mbs/ui/view/ModelScene.hpp"
#include "mbs/ui/view/ModelView.hpp"
#include "panels/SolverMessages.hpp"

namespace mbs::ui {

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent),
      m_document(new Document(this)),
      m_view(new ModelView(*m_document, this)),
      m_tree(new ModelTreePanel(*m_document)),
      m_log(new LogPanel),
      m_results(new SimulationResults(this)),
      m_properties(new PropertyPanel(*m_document)),
      m_topology(new TopologyPanel(*m_document)),
      m_run(new RunPanel(*m_document, *m_results)),
      m_animation(new AnimationPanel(*m_results, *m_view)),
      m_plot(new PlotPanel(*m_results)),
      m_autosave(new Autosave(*m_document, this))
{
  setObjectName("mainWindow");
  setWindowIcon(QIcon(":/mbstudio/icons/mbstudio.svg"));
  setCentralWidget(m_view);
  createDocks();
  createMenus();
  connect(m_document, &Document::titleChanged, this, &MainWindow::updateTitle);
  // Plots and the animation's time show values in the model's display units (Settings > Units).
  auto units = [this] {
    m_plot->setDisplayUnits(m_document->model().displayUnits);
    m_animation->setDisplayUnits(m_document->model().displayUnits);
  };
  connect(m_document, &Document::modelChanged, this, units);
  connect(m_document, &Document::modelReset, this, units);
  units();
  connect(m_document, &Document::selectionChanged, this, [this] {
    const auto& selection = m_document->selection();
    statusBar()->showMessage(selection.empty() ? QString()
                                               : tr("Selected: %1")
                                                     .arg(QString::fromStdString(
                                                         m_document->model().entityName(selection.front()))));
  });
  updateTitle();
  resize(1400, 900);
  restoreLayout();
  statusBar()->showMessage(tr("Ready"));
}

MainWindow::~MainWindow() = default;

void MainWindow::createDocks()
{
  setDockNestingEnabled(true);
  auto* treeDock = new QDockWidget(tr("Model Browser"), this);
  treeDock->setObjectName("modelBrowserDock");
  treeDock->setWidget(m_tree);
  addDockWidget(Qt::LeftDockWidgetArea, treeDock);

  auto* logDock = new QDockWidget(tr("Messages"), this);
  logDock->setObjectName("messagesDock");
  logDock->setWidget(m_log);
  addDockWidget(Qt::BottomDockWidgetArea, logDock);
  auto dock = [this](const QString& title, const char* name, QWidget* widget, Qt::DockWidgetArea area) {
    auto* d = new QDockWidget(title, this);
    d->setObjectName(name);
    d->setWidget(widget);
    addDockWidget(area, d);
    return d;
  };
  QDockWidget* propertyDock = dock(tr("Properties"), "propertiesDock", m_properties, Qt::LeftDockWidgetArea);
  splitDockWidget(treeDock, propertyDock, Qt::Vertical);
  QDockWidget* runDock = dock(tr("Run"), "runDock", m_run, Qt::RightDockWidgetArea);
  QDockWidget* topologyDock = dock(tr("Topology"), "topologyDock", m_topology, Qt::RightDockWidgetArea);
  tabifyDockWidget(topologyDock, runDock);
  QDockWidget* plotDock = dock(tr("Plot"), "plotDock", m_plot, Qt::BottomDockWidgetArea);
  tabifyDockWidget(logDock, plotDock);
  logDock->raise();
  QDockWidget* animationDock = dock(tr("Animation"), "animationDock", m_animation, Qt::RightDockWidgetArea);
  splitDockWidget(topologyDock, animationDock, Qt::Vertical);
  connect(m_animation, &AnimationPanel::timeChanged, m_plot, &PlotPanel::setCursorTime);
  // Run messages reach the Messages panel too; the work is autosaved before every run.
  connect(m_run, &RunPanel::message, this, [this](int level, const QString& text) {
    m_log->append(static_cast<LogPanel::Level>(level), tr("Run: %1").arg(text));
  });
  connect(m_run, &RunPanel::aboutToStart, m_autosave, &Autosave::saveNow);
  connect(m_topology, &TopologyPanel::problemEntitiesChanged, this, [this](const auto& entities) {
    m_view->scene().setProblems(entities);
    m_view->requestRender();
  });
  m_view->scene().setProblems(m_topology->problemEntities());
}

void MainWindow::createMenus()
{
  QToolBar* toolbar = addToolBar(tr("Main"));
  toolbar->setObjectName("mainToolbar");
  installFileActions(*this, *menuBar()->addMenu(tr("&File")), *toolbar);
  toolbar->addSeparator();
  installEditActions(*this, *menuBar()->addMenu(tr("&Edit")), *toolbar);
  toolbar->addSeparator();
  installViewActions(*this, *menuBar()->addMenu(tr("&View")), *toolbar);
  QToolBar* buildBar = addToolBar(tr("Build"));
  buildBar->setObjectName("buildToolbar");
  buildBar->setToolButtonStyle(Qt::ToolButtonTextOnly);
  installBuildActions(*this, *menuBar()->addMenu(tr("&Build")), *buildBar);
  QMenu* panels = menuBar()->addMenu(tr("&Panels"));
  for (auto* dock : findChildren<QDockWidget*>())
    panels->addAction(dock->toggleViewAction());
  installRunActions(*this, *menuBar()->addMenu(tr("&Simulate")), *toolbar);
  installSettingsActions(*this, *menuBar()->addMenu(tr("Setti&ngs")));
  installToolsActions(*this, *menuBar()->addMenu(tr("&Tools")));
  installHelpActions(*this, *menuBar()->addMenu(tr("&Help")));
}

namespace {

// The dataset an Adams/View-style command file loads with "file/model=NAME" (abbreviations such
// as "fil/mod=" too), or empty if `line` is not such a command.
QString fileModelName(const QString& line)
{
  const QString text = line.section('!', 0, 0).trimmed();
  const int slash = text.indexOf('/'), equals = text.indexOf('=');
  if (slash < 2 || equals < slash)
    return QString();
  const QString command = text.left(slash).trimmed().toLower();
  const QString key = text.mid(slash + 1, equals - slash - 1).trimmed().toLower();
  if (!QStringLiteral("file").startsWith(command) || key.size() < 3 ||
      !QStringLiteral("model").startsWith(key))
    return QString();
  QString value = text.mid(equals + 1).section(',', 0, 0).trimmed();
  value.remove('"').remove('\'');
  return QFileInfo(value).fileName();
}

// The command file next to an Adams dataset that runs it: same base name, and the dataset it reads
// (its first line, or Adams/View's blank first line then FILE/MODEL=NAME) is this one, with or
// without the extension. Empty if none.
QString siblingCommandFile(const QString& dataset)
{
  const QFileInfo info(dataset);
  auto isThisDataset = [&info](const QString& named) {
    return !named.isEmpty() && (named.compare(info.fileName(), Qt::CaseInsensitive) == 0 ||
                                named.compare(info.completeBaseName(), Qt::CaseInsensitive) == 0);
  };
  for (const char* extension : {".acf", ".ACF", ".Acf"}) {
    QFile file(info.dir().filePath(info.completeBaseName() + extension));
    if (!file.open(QIODevice::ReadOnly | QIODevice::Text))
      continue;
    const QString first = QString::fromUtf8(file.readLine(4096)).trimmed();
    if (!first.isEmpty() && fileModelName(first).isEmpty()) {
      if (isThisDataset(QFileInfo(first).fileName()))
        return file.fileName();
      continue;
    }
    // Adams/View's form: the first FILE/MODEL= among the first lines names the dataset.
    QString line = first;
    for (int k = 0; k < 50; ++k) {
      if (const QString named = fileModelName(line); !named.isEmpty()) {
        if (isThisDataset(named))
          return file.fileName();
        break;
      }
      if (file.atEnd())
        break;
      line = QString::fromUtf8(file.readLine(4096)).trimmed();
    }
  }
  return QString();
}

}  // namespace

bool MainWindow::openFile(const QString& path, bool quiet)
{
  // An Adams dataset with its command file next to it: the command file holds the analysis the
  // user ran it with, so it is offered.
  if (!quiet && path.endsWith(".adm", Qt::CaseInsensitive)) {
    const QString commandFile = siblingCommandFile(path);
    if (!commandFile.isEmpty()) {
      QMessageBox box(QMessageBox::Question, tr("Open Adams dataset"),
                      tr("%1 has a command file next to it, %2. Open the command file (the dataset with the "
                         "analysis of its first SIMULATE) instead?")
                          .arg(QFileInfo(path).fileName(), QFileInfo(commandFile).fileName()),
                      QMessageBox::NoButton, this);
      box.setObjectName("offerCommandFileBox");
      QPushButton* useCommandFile = box.addButton(tr("Open Command File"), QMessageBox::AcceptRole);
      box.addButton(tr("Open Dataset Only"), QMessageBox::RejectRole);
      box.setDefaultButton(useCommandFile);
      box.exec();
      if (box.clickedButton() == useCommandFile)
        return openFile(commandFile, quiet);
    }
  }
  QString errors, warnings;
  // Adams input the importer cannot reproduce exactly: the user sees the list and decides.
  bool declined = false;  // the user chose not to import: logged, no error box on top
  auto confirmDropped = [this, quiet, &declined](const QString& dropped) {
    if (quiet)
      return false;
    QMessageBox box(QMessageBox::Warning, tr("Import Adams file"),
                    tr("These statements or arguments change the physics but cannot be imported exactly. "
                       "Import without them?"),
                    QMessageBox::NoButton, this);
    box.setObjectName("droppedAdamsStatementsBox");
    box.setDetailedText(dropped);
    box.setInformativeText(dropped.section('\n', 0, 9));
    QPushButton* import = box.addButton(tr("Import Without Them"), QMessageBox::AcceptRole);
    box.addButton(QMessageBox::Cancel);
    box.setDefaultButton(QMessageBox::Cancel);
    box.exec();
    declined = box.clickedButton() != import;
    return !declined;
  };
  if (!m_document->open(path, &errors, &warnings, confirmDropped)) {
    errors = translateSolverMessage(errors);  // core's reasons in the interface language
    m_log->error(tr("Could not open %1:\n%2").arg(path, errors));
    if (!quiet && !declined)
      showErrorBox(this, tr("Open failed"), tr("Could not open %1:\n\n%2").arg(path, errors),
                   "openFailedBox");
    return false;
  }
  if (!warnings.isEmpty())
    m_log->warning(warnings);
  RecentFiles::add(path);
  m_log->info(tr("Opened %1").arg(path));
  // An Adams deck: its degrees of freedom as mbsolve notes them on reading it (runs note them too).
  const QString suffix = QFileInfo(path).suffix().toLower();
  if (suffix == "adm" || suffix == "acf")
    if (const auto dof = core::degreesOfFreedomNote(m_document->model()))
      m_log->info(tr("note: %1").arg(translateSolverMessage(QString::fromStdString(*dof))));
  return true;
}

void MainWindow::updateTitle()
{
  setWindowTitle(
      QStringLiteral("%1%2 — mbstudio").arg(m_document->displayName(), m_document->isModified() ? "*" : ""));
}

void MainWindow::restoreLayout()
{
  QSettings settings;
  restoreGeometry(settings.value("mainWindow/geometry").toByteArray());
  m_defaultLayoutPending = !restoreState(settings.value("mainWindow/state").toByteArray());
}

void MainWindow::showEvent(QShowEvent* event)
{
  QMainWindow::showEvent(event);
  if (m_defaultLayoutPending) {
    m_defaultLayoutPending = false;
    applyDefaultDockSizes();
  }
}

// Dock sizes only take effect on a laid-out window; the 3-D view keeps most of the space.
void MainWindow::applyDefaultDockSizes()
{
  auto* tree = findChild<QDockWidget*>("modelBrowserDock");
  auto* run = findChild<QDockWidget*>("runDock");
  auto* messages = findChild<QDockWidget*>("messagesDock");
  resizeDocks({tree, run}, {360, 400}, Qt::Horizontal);
  // The bottom tabs hold the plot: tall enough for a chart with readable ticks and titles even
  // at 1366×768 (a 3-D view of about 300 px stays above it).
  resizeDocks({messages}, {std::max(230, height() * 36 / 100)}, Qt::Vertical);
}

void MainWindow::closeEvent(QCloseEvent* event)
{
  if (!confirmUnsavedChanges(*this)) {
    event->ignore();
    return;
  }
  QSettings settings;
  settings.setValue("mainWindow/geometry", saveGeometry());
  settings.setValue("mainWindow/state", saveState());
  event->accept();
}

bool MainWindow::offerRecovery()
{
  for (const RecoveryCopy& copy : m_autosave->orphanedCopies()) {
    const QString work = copy.originalPath.isEmpty() ? tr("the unsaved model \"%1\"").arg(copy.modelName)
                                                     : QDir::toNativeSeparators(copy.originalPath);
    QMessageBox box(QMessageBox::Question, tr("Recover unsaved work"),
                    tr("mbstudio did not shut down cleanly. Unsaved changes to %1 were saved "
                       "automatically at %2.")
                        .arg(work, QLocale().toString(copy.savedAt, QLocale::LongFormat)),
                    QMessageBox::NoButton, this);
    box.setObjectName("recoveryBox");
    box.setInformativeText(
        tr("The recovered copy is kept in %1").arg(QDir::toNativeSeparators(copy.modelFile)));
    QPushButton* restore = box.addButton(tr("&Restore"), QMessageBox::AcceptRole);
    QPushButton* discard = box.addButton(tr("&Discard"), QMessageBox::DestructiveRole);
    box.addButton(tr("Decide &Later"), QMessageBox::RejectRole);
    box.setDefaultButton(restore);
    box.exec();
    if (box.clickedButton() == restore) {
      QString errors;
      if (!m_document->restoreRecovery(copy.modelFile, copy.originalPath, &errors)) {
        m_log->error(tr("Could not restore %1:\n%2").arg(copy.modelFile, errors));
        m_autosave->keep(copy);
        continue;
      }
      m_log->info(tr("Restored the work autosaved at %1 from %2. Save it to keep it.")
                      .arg(QLocale().toString(copy.savedAt, QLocale::ShortFormat), copy.modelFile));
      m_autosave->discard(copy);
      m_autosave->saveNow();  // this session's copy takes over at once
      // Any other copies stay for the next start: one model is open at a time.
      for (const RecoveryCopy& other : m_autosave->orphanedCopies())
        m_autosave->keep(other);
      return true;
    }
    if (box.clickedButton() == discard) {
      m_autosave->discard(copy);
      m_log->info(tr("Discarded the autosaved copy %1.").arg(copy.modelFile));
    } else {
      m_autosave->keep(copy);
    }
  }
  return false;
}

}  // namespace mbs::ui
