#include "mbs/ui/MainWindow.hpp"

#include <QCloseEvent>
#include <QDockWidget>
#include <QMenuBar>
#include <QMessageBox>
#include <QSettings>
#include <QShowEvent>
#include <QStatusBar>
#include <QToolBar>
#include <algorithm>

#include "actions/Actions.hpp"
#include "mbs/ui/Document.hpp"
#include "mbs/ui/RecentFiles.hpp"
#include "mbs/ui/SimulationResults.hpp"
#include "mbs/ui/panels/AnimationPanel.hpp"
#include "mbs/ui/panels/LogPanel.hpp"
#include "mbs/ui/panels/ModelTreePanel.hpp"
#include "mbs/ui/panels/PlotPanel.hpp"
#include "mbs/ui/panels/PropertyPanel.hpp"
#include "mbs/ui/panels/RunPanel.hpp"
#include "mbs/ui/panels/TopologyPanel.hpp"
#include "mbs/ui/view/ModelScene.hpp"
#include "mbs/ui/view/ModelView.hpp"

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
      m_plot(new PlotPanel(*m_results))
{
  setObjectName("mainWindow");
  setWindowIcon(QIcon(":/mbstudio/icons/mbstudio.svg"));
  setCentralWidget(m_view);
  createDocks();
  createMenus();
  connect(m_document, &Document::titleChanged, this, &MainWindow::updateTitle);
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
  QMenu* help = menuBar()->addMenu(tr("&Help"));
  help->addAction(tr("&About mbstudio"), this, [this] {
    QMessageBox::about(this, tr("About mbstudio"),
                       tr("<b>mbstudio</b> — multibody dynamics pre/post-processor.<br>"
                          "Model, check topology, solve and post-process mechanisms."));
  });
}

bool MainWindow::openFile(const QString& path, bool quiet)
{
  QString errors, warnings;
  if (!m_document->open(path, &errors, &warnings)) {
    m_log->error(tr("Could not open %1:\n%2").arg(path, errors));
    if (!quiet)
      QMessageBox::critical(this, tr("Open failed"), tr("Could not open %1:\n\n%2").arg(path, errors));
    return false;
  }
  if (!warnings.isEmpty())
    m_log->warning(warnings);
  RecentFiles::add(path);
  m_log->info(tr("Opened %1").arg(path));
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
  resizeDocks({messages}, {std::max(140, height() / 6)}, Qt::Vertical);
}

void MainWindow::closeEvent(QCloseEvent* event)
{
  if (m_document->isModified() &&
      QMessageBox::question(this, tr("Unsaved changes"), tr("The model has unsaved changes. Quit anyway?"),
                            QMessageBox::Discard | QMessageBox::Cancel,
                            QMessageBox::Cancel) != QMessageBox::Discard) {
    event->ignore();
    return;
  }
  QSettings settings;
  settings.setValue("mainWindow/geometry", saveGeometry());
  settings.setValue("mainWindow/state", saveState());
  event->accept();
}

}  // namespace mbs::ui
