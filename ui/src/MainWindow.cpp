#include "mbs/ui/MainWindow.hpp"

#include <QCloseEvent>
#include <QDockWidget>
#include <QMenuBar>
#include <QMessageBox>
#include <QSettings>
#include <QStatusBar>
#include <QToolBar>

#include "actions/Actions.hpp"
#include "mbs/ui/Document.hpp"
#include "mbs/ui/RecentFiles.hpp"
#include "mbs/ui/panels/LogPanel.hpp"
#include "mbs/ui/panels/ModelTreePanel.hpp"
#include "mbs/ui/view/ModelView.hpp"

namespace mbs::ui {

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent),
      m_document(new Document(this)),
      m_view(new ModelView(*m_document, this)),
      m_tree(new ModelTreePanel(*m_document)),
      m_log(new LogPanel)
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
                                               : tr("Selected: %1").arg(QString::fromStdString(
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
  resizeDocks({treeDock}, {300}, Qt::Horizontal);
  resizeDocks({logDock}, {160}, Qt::Vertical);
}

void MainWindow::createMenus()
{
  QToolBar* toolbar = addToolBar(tr("Main"));
  toolbar->setObjectName("mainToolbar");
  installFileActions(*this, *menuBar()->addMenu(tr("&File")), *toolbar);
  toolbar->addSeparator();
  installViewActions(*this, *menuBar()->addMenu(tr("&View")), *toolbar);
  QMenu* panels = menuBar()->addMenu(tr("&Panels"));
  for (auto* dock : findChildren<QDockWidget*>()) panels->addAction(dock->toggleViewAction());
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
    if (!quiet) QMessageBox::critical(this, tr("Open failed"), tr("Could not open %1:\n\n%2").arg(path, errors));
    return false;
  }
  if (!warnings.isEmpty()) m_log->warning(warnings);
  RecentFiles::add(path);
  m_log->info(tr("Opened %1").arg(path));
  return true;
}

void MainWindow::updateTitle()
{
  setWindowTitle(QStringLiteral("%1%2 — mbstudio").arg(m_document->displayName(), m_document->isModified() ? "*" : ""));
}

void MainWindow::restoreLayout()
{
  QSettings settings;
  restoreGeometry(settings.value("mainWindow/geometry").toByteArray());
  restoreState(settings.value("mainWindow/state").toByteArray());
}

void MainWindow::closeEvent(QCloseEvent* event)
{
  if (m_document->isModified() &&
      QMessageBox::question(this, tr("Unsaved changes"), tr("The model has unsaved changes. Quit anyway?"),
                            QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Cancel) != QMessageBox::Discard) {
    event->ignore();
    return;
  }
  QSettings settings;
  settings.setValue("mainWindow/geometry", saveGeometry());
  settings.setValue("mainWindow/state", saveState());
  event->accept();
}

}  // namespace mbs::ui
